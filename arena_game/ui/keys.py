"""One key, one meaning: every key the window answers, in one table.

A `Binding` ties a command ("walk", "confirm", "hint") to its keys (pygame's key names:
"1", "e", "return", "escape", "f1", "ctrl+z"; "mouse:click" and "mouse:wheel" for the
pointer; "place:w" for the key where a US keyboard has W, whatever letter it bears: the
panning keys sit under the left hand on AZERTY too, Z Q S D) in a scope: "window" (every
screen), "board" (the match, in every input mode), "lesson" (a lesson adds its keys over
the board), a mode's name (keys only that mode answers: none today, Tab and Enter serve
every mode's choices), or a screen's name.

The window reads this table (`command`): the board, its modes (which answer commands,
never raw keys), the lessons and the screens. The catalog names keys through it — a
template writes `{keys[confirm]}` and reads "Enter" / "Entrée" — so a prompt cannot name
a key the window gives another meaning. README's key list is `markdown("en")` (a test
compares them; `python -m arena_game.ui.keys` prints it) and the rules screen's "Keys"
page is `help_markdown(lang)`. No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from arena_game.i18n import has, share_field, t


@dataclass(frozen=True)
class Binding:
    """A command, its keys and where it holds; `label` names the keys as one (the catalog's
    `key_name.<label>`) when listing them one by one would be long."""

    command: str
    keys: tuple[str, ...]
    scope: str
    label: str = ""


ACTIONS = ("walk", "run", "swim", "jump", "attack", "circle", "push", "teleport", "taunt", "stand")

BINDINGS: tuple[Binding, ...] = (
    # the window, whatever screen is on top (App)
    Binding("fullscreen", ("f11",), "window"),
    Binding("frame_graph", ("f3",), "window"),
    # the match board, in every input mode
    *(Binding(a, (str((i + 1) % 10),), "board") for i, a in enumerate(ACTIONS)),
    Binding("end", ("e",), "board"),
    Binding("confirm", ("return", "enter"), "board"),
    Binding("next_choice", ("tab",), "board"),
    Binding("erase", ("backspace",), "board"),
    Binding("back", ("escape",), "board"),
    Binding("skip", ("space", "mouse:click"), "board"),
    Binding("speed", ("v",), "board"),
    Binding("undo", ("ctrl+z",), "board"),
    Binding("save", ("ctrl+s",), "board"),
    Binding("load", ("ctrl+o",), "board"),
    Binding("new", ("n",), "board"),
    Binding("rules", ("f1",), "board"),
    Binding("fit", ("f",), "board"),
    Binding("hide_findings", ("x",), "board"),
    Binding("zoom_in", ("=", "+", "[+]", "mouse:wheel"), "board", label="zoom"),
    Binding("zoom_out", ("-", "[-]"), "board", label="zoom"),
    Binding("pan_left", ("left", "place:a"), "board", label="arrows_wasd"),
    Binding("pan_right", ("right", "place:d"), "board", label="arrows_wasd"),
    Binding("pan_up", ("up", "place:w"), "board", label="arrows_wasd"),
    Binding("pan_down", ("down", "place:s"), "board", label="arrows_wasd"),
    Binding("cursor_left", ("shift+left",), "board", label="shift_arrows"),
    Binding("cursor_right", ("shift+right",), "board", label="shift_arrows"),
    Binding("cursor_up", ("shift+up",), "board", label="shift_arrows"),
    Binding("cursor_down", ("shift+down",), "board", label="shift_arrows"),
    # a lesson, over the board (Esc and Enter keep their board meaning: back, confirm)
    Binding("hint", ("h",), "lesson"),
    Binding("show_me", ("m",), "lesson"),
    Binding("restart", ("r",), "lesson"),
    # the lesson list
    Binding("open_lesson", ("1", "2", "3", "4", "5", "6", "7", "8", "9"), "picker", label="digits"),
    Binding("back", ("escape",), "picker"),
    # the start screen
    Binding("confirm", ("return", "enter"), "start"),
    Binding("house_rules", ("r",), "start"),
    Binding("edit_teams", ("e",), "start"),
    Binding("back", ("escape",), "start"),
    # the match-over panel
    Binding("new", ("n",), "match_over"),
    Binding("undo", ("ctrl+z",), "match_over"),
    Binding("back", ("escape",), "match_over"),
    # the hand-off curtain
    Binding("lift", ("return", "enter", "space", "escape", "mouse:click"), "handoff"),
    # the rules screen
    Binding("back", ("escape", "f1"), "rules"),
    # a dialog (load a save, a file refused)
    Binding("back", ("escape",), "dialog"),
    # a question before a file is replaced (Replace / Cancel)
    Binding("confirm", ("return", "enter"), "question"),
    Binding("back", ("escape",), "question"),
    # a die rolled at the table
    Binding("confirm", ("return", "enter"), "dice"),
    Binding("back", ("escape",), "dice"),
    # the roster editor and the house rules panel
    Binding("next_field", ("tab",), "roster"),
    Binding("previous_field", ("shift+tab",), "roster"),
    Binding("confirm", ("return", "enter"), "roster"),
    Binding("pick_row", ("up", "down"), "roster"),
    Binding("back", ("escape",), "roster"),
    Binding("next_field", ("tab",), "house_rules"),
    Binding("previous_field", ("shift+tab",), "house_rules"),
    Binding("confirm", ("return", "enter", "space"), "house_rules"),
    Binding("cycle", ("left", "right"), "house_rules"),
    Binding("page", ("page up", "page down"), "house_rules"),
    Binding("back", ("escape",), "house_rules"),
)

OVER_BOARD = ("lesson",)
"""Scopes whose keys are answered together with the board's: they must not reuse a board key."""

_BY_KEY: dict[tuple[str, str], str] = {(b.scope, k): b.command for b in BINDINGS for k in b.keys}

SHIFTED = frozenset({"tab", "left", "right", "up", "down"})
"""The keys Shift makes another key of in the table (Shift+Tab, Shift+arrows)."""


def command(key: str, scopes: Sequence[str], ctrl: bool = False, shift: bool = False,
            place: str | None = None) -> str | None:
    """The command a key (pygame's name for it) gives in the first of `scopes` that binds it;
    else, for a key bound by its place on the keyboard (`place`: the US letter there, see
    `PLACES`), that binding's. Letters first: "E" ends the turn on every layout."""
    shifted = shift and key in SHIFTED
    name = ("ctrl+" if ctrl else "") + ("shift+" if shifted else "") + key
    names = (name,) if place is None or ctrl else (name, "place:" + place)
    if shifted and key != "tab":  # Shift+Left where no scope binds it: Left's command (the house rules' cycle)
        names = (*names, ("ctrl+" if ctrl else "") + key)
    for candidate in names:
        for scope in scopes:
            found = _BY_KEY.get((scope, candidate))
            if found is not None:
                return found
    return None


PLACES = ("w", "a", "s", "d")
"""The keys bound by their place (`place:<letter>`): the letters a US keyboard has there."""


def binding(name: str, scope: str | None = None) -> Binding:
    """The binding of a command (in `scope`, else the first one the table has)."""
    for b in BINDINGS:
        if b.command == name and (scope is None or b.scope == scope):
            return b
    raise KeyError(name)


def key_label(key: str, lang: str) -> str:
    """A key as players read it: "Enter" / "Entrée", "Ctrl+Z", "F1", "E"."""
    for prefix, word in (("ctrl+", "Ctrl+"), ("shift+", "Maj+" if lang == "fr" else "Shift+")):
        if key.startswith(prefix):
            return word + key_label(key[len(prefix):], lang)
    name = f"key_name.{key.replace(' ', '_').replace(':', '_')}"
    if has(name, lang):
        return t(name, lang)
    return key.upper() if len(key) == 1 or key[:1] == "f" and key[1:].isdigit() else key


def keys_label(b: Binding, lang: str, first_only: bool = False) -> str:
    """The keys of a binding: its group label, its first key, or every key ("Enter")."""
    if b.label:
        return t(f"key_name.{b.label}", lang)
    labels = list(dict.fromkeys(key_label(k, lang) for k in b.keys))  # the keypad's Enter is Enter to a player
    return labels[0] if first_only else " / ".join(labels)


class KeyNames(Mapping[str, str]):
    """`{keys[confirm]}` in a catalog template: the board's key of a command in one language
    (a command bound only elsewhere, e.g. "hint", by its first binding)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, name: str) -> str:
        scope = "board" if any(b.command == name and b.scope == "board" for b in BINDINGS) else None
        return keys_label(binding(name, scope), self.lang)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(b.command for b in BINDINGS))

    def __len__(self) -> int:
        return len(dict.fromkeys(b.command for b in BINDINGS))


share_field("keys", KeyNames)

HELP_SCOPES = ("board", "lesson", "window")


def rows(lang: str, scopes: Sequence[str] = HELP_SCOPES) -> list[tuple[str, str]]:
    """(keys, what they do) for the key list: bindings sharing a label make one row."""
    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for scope in scopes:
        for b in BINDINGS:
            if b.scope != scope:
                continue
            group = b.label or b.command
            if (scope, group) in seen:
                continue
            seen.add((scope, group))
            words = t(f"key_does.{b.label or b.command}", lang)
            if scope == "lesson":
                words = t("key_does.in_a_lesson", lang, what=words)
            out.append((keys_label(b, lang), words))
    return out


def markdown(lang: str = "en") -> str:
    """The key list as a markdown table (README's, in English)."""
    head = (t("key_does.head_keys", lang), t("key_does.head_does", lang))
    lines = [f"| {head[0]} | {head[1]} |", "|---|---|"]
    lines += [f"| {k.replace('|', '&#124;')} | {w} |" for k, w in rows(lang)]
    return "\n".join(lines)


def help_markdown(lang: str) -> str:
    """The rules screen's "Keys" page: a heading and one item per row."""
    sep = " : " if lang == "fr" else ": "
    return "\n".join([f"## {t('key_does.title', lang)}", "", *(f"- **{k}**{sep}{w}" for k, w in rows(lang))])


if __name__ == "__main__":
    print(markdown("en"))
