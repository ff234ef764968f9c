"""The one text catalog (arena_game/i18n): both languages complete, nothing bypasses it."""

import ast
import re
from pathlib import Path

import pytest

from arena_game.i18n import LANGS, catalog, pick_lang, placeholders, system_lang, t, tn
from arena_game.i18n.narration import describe
from arena_game.ui.strings import text

ROOT = Path(__file__).resolve().parents[1]

# Calls that put text on the screen, and the argument slots that hold that text.
WIDGET_CALLS: dict[str, tuple[int, ...]] = {
    "UIButton": (1,), "UILabel": (1,), "UITextBox": (0,), "UIMessageWindow": (1,),
    "UIWindow": (2,), "UIFileDialog": (), "UISelectionList": (), "UIDropDownMenu": (),
    "set_text": (0,), "append_html_text": (0,), "set_caption": (0,), "render": (0,),
    "set_status": (0,), "show_banner": (0,), "draw_label": (2,), "text_surface": (0,),
    "draw_caption": (1,), "say": (0,),
    "label": (1,), "effect": (),  # animation labels and banners (arena_game/ui/anim)
}
TEXT_KEYWORDS = {"text", "html_text", "html_message", "window_title", "tool_tip_text", "caption", "title", "sub"}
# (file, literal) pairs that are not language: the product name, key names, glyphs.
ALLOWED = {
    ("arena_game/ui/app.py", "Arena"),
    ("arena_game/ui/anim/strips.py", "t =  s"),  # a timing label on debug strips, not player text
}
SCANNED = ("arena_game/ui", "arena_game/commands", "arena_game/learn")


def test_every_key_exists_in_both_languages_with_the_same_placeholders():
    fr, en = catalog("fr"), catalog("en")
    assert set(fr) == set(en), sorted(set(fr) ^ set(en))
    for key in fr:
        assert fr[key].strip() and en[key].strip(), key
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_no_player_text_names_a_file_the_project_does_not_ship():
    """The specification's file (RULES.md) is not in the project: texts say "standard readings"."""
    for lang in LANGS:
        named = [key for key, words in catalog(lang).items() if "RULES.md" in words]
        assert named == [], (lang, named)


def test_french_game_terms_kept_in_english_with_their_translation():
    en = catalog("en")
    for key, term, english in (("ui.act_run", "Course", "run"), ("ui.act_push", "Poussée", "push"),
                               ("ui.act_taunt", "Provocation", "taunt"), ("log.flee_ok", "Fuite", "flee"),
                               ("log.teleported", "Téléportation", "teleport")):
        assert term in en[key] and english in en[key].lower(), key


def test_lookup_fills_fields_and_falls_back_to_french():
    assert t("ui.act_walk", "en") == "Walk"
    assert t("ui.act_walk", "fr") == "Marcher"
    assert t("ui.act_walk", "de") == "Marcher"
    assert t("ui.turn_of", "en", name="Tarn", team="Lions") == "Tarn to play (Lions)"
    assert text("turn_of", "fr", name="Tarn", team="Lions") == "À Tarn (Lions)"  # the window's shim


def test_lang_from_flag_then_system_locale_then_english(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda *a: (None, None))
    assert system_lang() == "en"  # no locale at all: English (session 51's one rule)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert pick_lang(None) == "fr"
    assert pick_lang("en") == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # a language the game lacks: English
    assert pick_lang(None) == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")  # no language: English, whatever Python's alias table says
    assert pick_lang(None) == "en"


def test_log_lines_come_from_the_catalog():
    from arena_game.core.events import TurnEnded

    ev = TurnEnded(fighter="tarn")
    assert describe(ev, {"tarn": "Tarn"}, "en") == t("log.turn_ended", "en", fighter="Tarn")
    assert describe(ev, {"tarn": "Tarn"}, "fr") == "Tarn termine son tour"


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _is_words(node: ast.expr) -> str | None:
    """The literal text of a string or f-string argument that holds words (2+ letters)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        s = node.value
    elif isinstance(node, ast.JoinedStr):
        s = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return None
    s = re.sub(r"<[^>]*>", "", s)  # markup around catalog text is not language
    return s if sum(c.isalpha() for c in s) >= 2 else None


def literal_ui_strings(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """Every string literal with words passed to a call that draws or shows text."""
    found = []
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = _call_name(node)
                if name not in WIDGET_CALLS:
                    continue
                args = [node.args[i] for i in WIDGET_CALLS[name] if i < len(node.args)]
                args += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
                for arg in args:
                    words = _is_words(arg)
                    if words is not None and (rel, words) not in ALLOWED:
                        found.append((rel, node.lineno, words))
    return found


def test_no_ui_string_bypasses_the_catalog():
    assert literal_ui_strings() == []


def test_the_scan_catches_a_literal(tmp_path):
    (tmp_path / "arena_game" / "ui").mkdir(parents=True)
    (tmp_path / "arena_game" / "ui" / "bad.py").write_text(
        'def f(hud, font, x):\n    hud.set_status("Choisissez une case")\n    font.render(f"Tour {x}", True, (0, 0, 0))\n'
        '    hud.set_status(text("mode_idle", "fr"))\n    font.render("z", True, (0, 0, 0))\n'
    )
    (tmp_path / "arena_game" / "commands").mkdir()
    (tmp_path / "arena_game" / "learn").mkdir()
    assert literal_ui_strings(tmp_path) == [
        ("arena_game/ui/bad.py", 2, "Choisissez une case"), ("arena_game/ui/bad.py", 3, "Tour "),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_type_has_a_log_line(lang):
    import typing

    from arena_game.core.events import Event

    union = typing.get_args(typing.get_args(Event)[0])
    cat = catalog(lang)
    special = {"dice_rolled", "flee_checked", "jump_attempted"}
    for cls in union:
        kind = cls.model_fields["type"].default
        counted = f"log.{kind}_one" in cat and f"log.{kind}_other" in cat  # real plural forms
        assert f"log.{kind}" in cat or counted or kind in special, kind


@pytest.mark.parametrize(("lang", "tackled", "run"), [("fr", "Tacle !", "Course !"), ("en", "Tackled!", "Course (run)")])
def test_animation_labels_come_from_the_catalog_in_the_queue_language(lang, tackled, run):
    from arena_game.core.match import Match
    from arena_game.formats.scenario import load_scenario
    from arena_game.resources import find_scenario
    from arena_game.ui.anim import AnimationQueue

    sc = load_scenario(find_scenario("demo/03-tackle"))
    match = Match(sc.setup())
    before = match.state
    events = []
    for action in sc.actions[:4]:  # the declared squares, one step each: passes Oruk
        events += match.play(action)
    more = match.play(sc.actions[4])  # the next step: tackled by Nyssa (R4.7)
    queue = AnimationQueue(clock=lambda: 0.0, lang=lang)
    queue.push(events + more, before)
    texts = [e.text for e in queue._timeline.effects]
    assert tackled in texts and run in texts


def test_r6_r10_log_words_for_teleport_means_and_skip_reason_are_translated():
    from arena_game.core.events import Teleported, TurnSkipped

    names = {"s": "Sielle"}
    tp = Teleported(fighter="s", origin=(1, 1), to=(4, 2), means="spell")
    assert describe(tp, names, "fr") == "Sielle se téléporte de (1, 1) à (4, 2) (sort)"
    assert describe(tp, names, "en") == "Sielle: (1, 1) → (4, 2), Téléportation (teleport) by spell"
    sk = TurnSkipped(fighter="s", reason="asleep")
    assert describe(sk, names, "fr") == "Sielle passe son tour (évanouissement, sans mana)"
    assert describe(sk, names, "en") == "Sielle's turn is skipped (fainted, out of mana)"


def test_refused_action_kind_is_named_in_the_log_language():
    from arena_game.core.actions import ACTION_KINDS
    from arena_game.core.events import ActionRefused

    ev = ActionRefused(fighter="s", kind="teleport", rule="R10.2", code="mana_locked", fields={"fighter": "Sielle"})
    assert describe(ev, {"s": "Sielle"}, "fr") == (
        "Refusé à Sielle : Téléportation — R10.2 : depuis son évanouissement, le mana de Sielle ne sert plus aux sorts"
    )
    en = describe(ev, {"s": "Sielle"}, "en")
    assert en.startswith("Refused: Sielle's Téléportation (teleport) — R10.2: ") and en.endswith("the mana Sielle woke up with cannot be used for spells")
    assert "reason" not in ActionRefused.model_fields  # data only: the log words the code
    from arena_game.i18n import section

    for lang in ("fr", "en"):  # every action kind has its words in both languages
        assert [k for k in ACTION_KINDS if f"kind_{k}" not in section("log", lang)] == []


# French words the window code may hold as data keys (the core's hit location names), not as text.
# literals with French letters that are data, not words a player reads: the glyphs a kept banner
# font makes ahead (both languages' letters, so a banner's words find them made)
FRENCH_DATA: set[tuple[str, str]] = {
    ("arena_game/ui/anim/measure.py", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 '-–—:!?,.()éèêàâçîôûùëïÉÈÀ"),
}


def french_literals(root: Path = ROOT) -> list[tuple[str, int, str]]:
    """String literals with French letters in window code, docstrings aside: text that skipped the catalog."""
    found = []
    for folder in ("arena_game/ui", "arena_game/render"):
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {id(n.body[0].value) for n in ast.walk(tree)
                    if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                    and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                        and re.search(r"[àâçéèêëîïôûùüÿœÀÂÇÉÈÊ]", node.value) and (rel, node.value) not in FRENCH_DATA):
                    found.append((rel, node.lineno, node.value))
    return found


def test_no_french_text_hard_coded_in_the_window():
    assert french_literals() == []


def test_french_de_elides_before_a_name_starting_with_a_vowel():
    from arena_game.i18n import t

    assert t("log.tackle_checked", "fr", fighter="Tarn", opponent="Oruk", tackled="") == "Tarn passe à côté d'Oruk"
    assert t("log.tackle_checked", "fr", fighter="Tarn", opponent="Nyssa", tackled="") == "Tarn passe à côté de Nyssa"
    assert t("log.tackle_checked", "en", fighter="Tarn", opponent="Oruk", tackled="") == "Tarn passes Oruk"


@pytest.mark.parametrize(("lang", "n", "line"), [
    ("en", 1, "d.gif: 1 frame, 800×600 px"), ("en", 12, "d.gif: 12 frames, 800×600 px"),
    ("fr", 1, "d.gif : 1 image, 800×600 px"), ("fr", 12, "d.gif : 12 images, 800×600 px"),
])
def test_19_6_the_gif_line_of_demo_and_scenario_is_in_the_language(lang, n, line):
    from arena_game.i18n import tn

    assert tn("demo.gif_written", n, lang, file="d.gif", w=800, h=600) == line


def test_french_de_and_a_contract_with_a_names_own_article():
    # "victoire de Les Vipères d'Onyx" was shown at a match's end: names in files keep their article
    assert t("log.winner", "fr", team="Les Vipères d'Onyx") == "victoire des Vipères d'Onyx"
    assert t("log.winner", "fr", team="Le Minotaure") == "victoire du Minotaure"
    assert t("log.winner", "fr", team="La Horde") == "victoire de La Horde"
    assert t("log.winner", "fr", team="L'Ours") == "victoire de L'Ours"
    assert t("log.winner", "fr", team="Lesage") == "victoire de Lesage"
    assert t("anim.match_won_sub", "fr", team="Les Jumeaux") == "victoire des Jumeaux"
    assert t("anim.match_won_sub", "fr", team="Le Minotaure") == "victoire du Minotaure"
    # a team named in the plural: the English verb never hangs on the name (glossed, s47)
    assert t("log.winner", "en", team="Les Vipères d'Onyx") == "winner: Les Vipères d'Onyx (Onyx Vipers)"


def test_log_lines_elide_and_contract_like_every_other_text():
    # the log's templates were filled with str.format, past the French elision: "à côté de Oruk"
    from arena_game.core.events import MatchEnded, TackleChecked
    from arena_game.i18n.narration import describe

    names = {"tarn": "Tarn", "oruk": "Oruk", "vipers": "Les Vipères d'Onyx"}
    assert describe(TackleChecked(fighter="tarn", opponent="oruk", tackled=False), names, "fr") == \
        "Tarn passe à côté d'Oruk sans se faire tacler"
    assert describe(MatchEnded(winner="vipers", reason="last_team_standing"), names, "fr") == \
        "Fin du match — victoire des Vipères d'Onyx"
    assert describe(MatchEnded(winner="vipers", reason="last_team_standing"), names, "en") == \
        "Match over — winner: Les Vipères d'Onyx (Onyx Vipers)"


def test_heatmap_and_sweep_titles_count_matches_with_real_plurals():
    for lang, one, many in (("en", "1 match", "50 matches"), ("fr", "1 match", "50 matchs")):
        assert t("heatmap.stood", lang, map="M", matches=tn("heatmap.matches", 1, lang)).endswith(f"— {one}")
        assert t("heatmap.died", lang, map="M", matches=tn("heatmap.matches", 50, lang)).endswith(f"— {many}")
        assert many in t("sweep.title", lang, matches=tn("sweep.matches", 50, lang))
