"""One language at a time in the log: every shipped scenario's events worded in English carry
no French text from the catalog, and worded in French no English text (issue 13)."""

import re

import pytest

from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n import catalog, placeholders
from arena_game.i18n.narration import describe
from arena_game.resources import shipped_scenarios

SHIPPED = shipped_scenarios()
# The sections the log and the dice lines are worded from.
SECTIONS = ("log.", "term.", "refusal.", "refusal_word.")
# The words the project's before-stop hook looks for in English scenario logs.
HOOK_WORDS = re.compile(r"dégâts|localisation|torse|tête|mêlée|malus|case\(s\)", re.I)


def foreign_fragments(lang: str, other: str) -> set[str]:
    """Literal pieces of `other`'s log templates that a line in `lang` must never show.

    A piece that also stands in `lang`'s template of the same key is left out: the French
    game terms kept in English ("Course (run)") and words both languages share.
    """
    mine, theirs = catalog(lang), catalog(other)
    pieces = set()
    for key, template in theirs.items():
        if not key.startswith(SECTIONS) or template == mine.get(key):
            continue
        for piece in re.split(r"\{[^}]*\}", template):
            piece = piece.strip(" :,.;—()[]«»“”'")
            if len(piece) >= 5 and piece not in mine.get(key, "") and not placeholders(piece):
                pieces.add(piece)
    return pieces


def log_lines(path, lang: str) -> list[str]:
    scenario = load_scenario(path)
    result = play(scenario)
    names = {t.id: t.name for t in scenario.teams}
    names.update({f.id: f.name for t in scenario.teams for f in t.fighters})
    return [describe(e, names, lang) for e in result.events]


@pytest.mark.parametrize(("lang", "other"), [("en", "fr"), ("fr", "en")])
def test_every_shipped_scenario_log_is_in_one_language(lang, other):
    pieces = foreign_fragments(lang, other)
    assert {"Dégâts", "Localisation", "arrêt volontaire"} <= pieces or lang == "fr"
    assert {"Damage", "Hit location", "voluntary stop"} <= pieces or lang == "en"
    found = []
    for path in SHIPPED:
        for line in log_lines(path, lang):
            found += [(path.stem, line, p) for p in pieces if p in line]
            if lang == "en" and HOOK_WORDS.search(line):
                found.append((path.stem, line, "hook word"))
    assert found == []


def test_the_dice_lines_of_a_run_attack_in_both_languages():
    path = next(p for p in SHIPPED if p.stem == "course-et-attaque")
    fr = [line for line in log_lines(path, "fr") if "🎲" in line]
    en = [line for line in log_lines(path, "en") if "🎲" in line]
    assert fr[-1] == "  🎲 Tor — Dégâts : d6 3 + localisation (bras) 0 + 4 (bonus : 4 cases de Course) = 7"
    assert en[-1] == "  🎲 Tor — Damage: d6 3 + location (arms) 0 + 4 (bonus: 4 run squares) = 7"
    assert en[-4] == ("  🎲 Tor — Attack: d20 18 + Dextérité (dexterity) 2 + weapon skill (melee) 2"
                      " − 8 (penalty: attack while running) = 14")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_counts_have_real_plural_forms_in_the_log_window_and_animations(lang):
    from arena_game.i18n import plural_form, tn

    cat = catalog(lang)
    hedged = [k for k, v in cat.items() if k.startswith(("log.", "term.", "ui.", "anim.")) and "(s)" in v]
    assert hedged == []
    assert (plural_form(1, lang), plural_form(2, lang)) == ("one", "other")
    assert plural_form(0, lang) == ("one" if lang == "fr" else "other")  # French: « 0 case », English "0 squares"
    assert tn("anim.run_rolled", 0, lang, squares=0) == {"fr": "0 case", "en": "0 squares"}[lang]
