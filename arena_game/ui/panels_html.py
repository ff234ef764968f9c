"""The HTML of the panels around the board (turn order, fighter sheet, teams, log lines,
the match's end), in pygame_gui's HTML subset: plain functions of the match state, so a
test reads what a panel says without a window."""

from __future__ import annotations

import html
from collections.abc import Callable

from arena_game.core.events import DiceRolled, Event, TurnStarted
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain
from arena_game.i18n import tn
from arena_game.i18n.glosses import glossed
from arena_game.i18n.narration import applies_to_words, describe
from arena_game.i18n.terms import family_name, held, modifier_source, signed, weapon_name
from arena_game.render.glyphs import drawable
from arena_game.ui.house_draft import settings_lines
from arena_game.ui.rules_text import rule_links
from arena_game.ui.strings import text


def esc(s: str) -> str:
    """Text made safe for pygame_gui's HTML subset, in glyphs the UI font has."""
    return html.escape(drawable(s), quote=False)


def px(points: int, scale: float = 1.0) -> str:
    """A `<font>` size attribute for text of `points` at 720 px high, grown by `scale` like the
    theme's fonts (pygame_gui's `size=` steps are fixed pixels: a title would end up smaller
    than the text under it on a large window)."""
    return f"pixel_size={round(points * scale)}"


def _team_colour(state: MatchState, team: str) -> str:
    return state.teams[team].colour


ORDER_GAP = "  ·  "  # between two fighters of the turn order
SHORTEST_NAME = 6  # a name shortened to fit the turn order keeps this many characters, its "…" one of them


def order_html(state: MatchState, lang: str, fits: Callable[[str], bool] | None = None) -> str:
    """'Tour 2 : Brakka ▸ Nyssa …' with the active fighter in bold, team colours, the dead greyed with a †.
    With `fits` (the strip's width, told a line's plain text), the longest names are shortened
    with "…" until the line fits, each name kept whole on its row (no-break spaces)."""
    names = order_names(state, lang, fits)
    parts = []
    for i, fid in enumerate(state.order):
        f = state.fighters[fid]
        name = esc(names[fid]).replace(" ", "\u00a0")
        colour = _team_colour(state, f.team)
        if not f.alive:
            parts.append(f"<font color='#6b6760'>† {name}</font>")  # pygame_gui has no <s> strike-through
        elif i == state.active_index and not state.over:
            parts.append(f"<font color='#ffe066'><b>» {name}</b></font>")
        else:
            parts.append(f"<font color='{colour}'>{name}</font>")
    head = f"<b>{esc(text('round', lang, round=state.round))}</b>   "
    return head + ORDER_GAP.join(parts)


def order_names(state: MatchState, lang: str, fits: Callable[[str], bool] | None = None) -> dict[str, str]:
    """Each fighter's name as the turn order shows it: whole, or when the line would not fit,
    the longest cut to the same length with "…" (never under `SHORTEST_NAME`: past that, the
    strip takes a second row)."""
    names = {fid: state.fighters[fid].sheet.name for fid in state.order}

    def line() -> str:
        return f"{text('round', lang, round=state.round)}   " + ORDER_GAP.join(
            ("† " if not state.fighters[fid].alive else "» " if i == state.active_index else "") + names[fid]
            for i, fid in enumerate(state.order))

    longest = max(map(len, names.values()), default=0)
    while fits is not None and not fits(line()) and longest > SHORTEST_NAME:
        longest -= 1
        names = {fid: name if len(name) <= longest else f"{name[:longest - 1].rstrip()}…" for fid, name in names.items()}
    return names


SEPARATOR = "\u00a0· "
"""Between the items of a catalog's " · " list (an item, a no-break space, the dot, then the
one space where a line may break: "Esq\u00a0(dodge)\u00a03\u00a0· Course…")."""


def dotted_rows(line: str, fits: Callable[[str], bool]) -> str:
    """A " · " list (`SEPARATOR` between its items) in rows that `fits` (a box's width), broken
    between two items with the dot there left out: a row ends with an item and the next starts
    with one, never with a lone "·" (pygame_gui broke the list after a dot: `hud.SheetBox`).
    An item wider than the box on its own stays whole, for the box to break."""
    rows: list[str] = []
    row = ""
    for item in line.split(SEPARATOR):
        trial = f"{row}{SEPARATOR}{item}" if row else item
        if row and not fits(trial):
            rows.append(row)
            row = item
        else:
            row = trial
    return "<br>".join([*rows, row])


def sheet_html(state: MatchState, lang: str, fighter: str | None = None, scale: float = 1.0) -> str:
    """A fighter's sheet (the active one's by default): PV, mana, status, weapon, potions,
    modifiers with turns left; its title grows with the window (`scale`). Its " · " lists are
    broken between items by the box that shows it (`hud.SheetBox`)."""
    if state.over and fighter is None:
        return over_sheet_html(state, lang, scale)
    f = state.fighters[fighter] if fighter is not None else state.active
    s = f.sheet
    team = state.teams[f.team]
    lines = [
        f"<font {px(18, scale)} color='{team.colour}'><b>{esc(s.name)}</b></font>  <i>{esc(gloss_held(team.name, lang))}</i>",
        f"<b>{esc(text('sheet_pv', lang, pv=f.pv, max=s.pv))}</b>   {esc(text('sheet_mana', lang, mana=f.mana, max=s.mana))}"
        + (" " + esc(text("sheet_mana_locked", lang)) if f.mana_locked else ""),
        esc(text("sheet_status", lang, status=text(f"status_{fighter_status(state, f)}", lang))),
        esc(weapon_line(s.weapon.name, s.weapon.family, str(s.weapon.damage), lang)),
        esc(text("sheet_potions", lang, n=f.teleport_potions)),
    ]
    a = s.attributes
    lines.append(esc(text("sheet_attributes", lang, phy=a.physique, sen=a.sensoriel, mag=a.magie,
                          cha=a.charisme, dex=a.dexterite, agi=a.agilite)))
    k = s.skills
    lines.append(esc(text("sheet_skills", lang, cac=k.corps_a_corps, acro=k.acrobatie, sed=k.seduction,
                          esq=k.esquive, course=k.course, nage=k.nage)))
    if f.modifiers:
        lines.append(f"<b>{esc(text('sheet_mods', lang))}</b>")
        for m in f.modifiers:
            colour = "#8fe38f" if m.value >= 0 else "#ff9a8a"
            left = state.turns_to_come(f, m)  # the log's "for N turns" (R0.5), counted down
            words = dict(value=signed(m.value), applies_to=applies_to_words(m.applies_to, lang),
                         source=modifier_source(m.source, lang), rule=m.rule)
            line = tn("ui.sheet_mod", left, lang, turns=left, **words) if left else \
                text(f"sheet_mod_last_{state.settings.turns.duration_clock}", lang, **words)
            lines.append(f"<font color='{colour}'>" + rule_links(esc(line)) + "</font>")
    else:
        lines.append(f"<i>{esc(text('sheet_no_mods', lang))}</i>")
    lines += [f"<i>{rule_links(esc(x))}</i>" for x in settings_lines(state.settings, lang)]  # the table's Readings
    return "<br>".join(lines)


def gloss_held(name: str, lang: str) -> str:
    """`name` as `glossed` shows it, its gloss held whole: a row may break before "(Onyx Vipers)",
    not inside it (the sheet's title at 800×560 ended a row with "(Onyx", s51)."""
    shown = glossed(name, lang)
    return f"{name} {held(shown[len(name) + 1:])}" if shown != name else name


def weapon_line(name: str, family: str, damage: str, lang: str) -> str:
    """The sheet's weapon line: "Weapon: Grande hache (great axe) · two-handed weapon, 2d6". The
    family and its dice held on one row, a shipped name and its gloss too; in English a
    " · " (`SEPARATOR`) between the name and the rest, where the sheet box breaks a row too
    narrow for the line, the dot left out (`hud.SheetBox`): a dash there either ended a row or,
    held to the family, began one ("— two-handed weapon, 2d6" read as a list's item, s51)."""
    weapon = weapon_name(name, lang)
    line = text("sheet_weapon", lang, weapon=weapon, family=held(family_name(family, lang)), damage=damage)
    shown = glossed(weapon, lang)  # as the catalog's `fill` glosses the field
    # a shipped name and its gloss, short, on one row; a name a player typed breaks where it must
    return line.replace(shown, held(shown), 1) if shown != weapon else line


def over_sheet_html(state: MatchState, lang: str, scale: float = 1.0) -> str:
    """The side panel once the match is over, the one place the window says who won (the
    match-over bar under it holds only its buttons): the outcome, the rounds played, and for
    each team its PR, its kills if any, its survivors and how each fighter ended (PV, or † for
    the dead). Each team in three rows, its fighters in one " · " list (`SEPARATOR`) that the
    box breaks between fighters: a team a fighter a row, with blank rows between them, made the
    summary of a 3-against-3 match scroll below 1920×1080, and the lava demo's at 800×560."""
    result = text("over_winner", lang, team=state.teams[state.winner].name) if state.winner else text("over_none", lang)
    if state.winner:  # its gloss held whole: "Winner: Les Vipères d'Onyx (Onyx" ended a row at 800×560 (s51)
        name = state.teams[state.winner].name
        result = result.replace(glossed(name, lang), gloss_held(name, lang), 1)
    lines = [f"<font {px(18, scale)}><b>{esc(text('over_title', lang))}</b></font>",
             f"<font color='#ffe066'><b>{esc(result)}</b></font>", esc(tn("ui.over_rounds", state.round, lang))]
    for t in state.teams.values():
        fighters = [f for f in state.fighters.values() if f.team == t.id]
        alive = sum(1 for f in fighters if f.alive)
        kills = ", ".join(state.fighters[v].sheet.name if v in state.fighters else v for v, _ in t.kills)
        pr = text("over_team", lang, pr=t.pr, kills=kills) if kills else text("team_pr_only", lang, pr=t.pr)
        ended = [f"{f.sheet.name}\u00a0—\u00a0{text('sheet_pv', lang, pv=f.pv, max=f.sheet.pv)}" if f.alive
                 else f"† {f.sheet.name}" for f in fighters]
        # the name on a row of its own, in its colour: the plain rows under it break between
        # their " · " items (`hud.SheetBox`), never inside "1 survivor of 3"
        lines += [f"<font color='{t.colour}'><b>{esc(gloss_held(t.name, lang))}</b></font>",
                  esc(SEPARATOR.join([pr, tn("ui.over_survivors", alive, lang, total=len(fighters))])),
                  esc(SEPARATOR.join(ended))]
    return "<br>".join(lines)


def teams_html(state: MatchState, lang: str) -> str:
    """Each team's renown (PR) and living fighters."""
    rows = []
    for t in state.teams.values():
        alive = sum(1 for f in state.fighters.values() if f.team == t.id and f.alive)
        total = sum(1 for f in state.fighters.values() if f.team == t.id)
        # "name: row", not "name — row": a row too wide broke after the dash, ending a row with it
        name = f"<font color='{t.colour}'><b>{esc(glossed(t.name, lang))}</b></font>"
        rows.append(text("team_line", lang, name=name, row=esc(text("team_row", lang, pr=t.pr, alive=alive, total=total))))
    return "<br>".join(rows)


def fighter_status(state: MatchState, f: FighterState) -> str:
    """The sheet's status: the core's, and a standing fighter in water swimming (R2.3: it moves
    only by swimming there; its bar shows Walk greyed)."""
    status = f.status()
    return "water" if status == "ok" and state.board.terrain(f.position) == Terrain.WATER else status


TURN_LINE = "<font color='#ffe066'><b>"
"""How a turn's first log line ("— Round 2: Oruk —") starts: it stands out."""


def log_html(event: Event, names: dict[str, str], lang: str) -> str:
    """One log line; rolls show their whole breakdown, dimmed; turn starts stand out."""
    line = drawable(describe(event, names, lang, held_terms=True)).strip()  # esc() would keep the leading spaces
    body = rule_links(esc(line))  # a rule named in the line opens the rules screen when clicked
    if isinstance(event, DiceRolled):
        rules = list(dict.fromkeys(m.rule for m in event.roll.modifiers if m.rule))
        if rules:  # the rules behind the roll's modifiers, each a link to the rules screen
            body += rule_links(esc(" (" + ", ".join(rules) + ")"))  # the ")" glued to the last one
        return f"<font color='#a9b4c2'>   • {body}</font>"
    if isinstance(event, TurnStarted):
        return f"{TURN_LINE}{body}</b></font>"
    return body
