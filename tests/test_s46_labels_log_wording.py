"""The log's words (s45 review, items 12, 13, 17, 19): a fighter is never "it" ("Tarn ends
its turn"), a run step reads as English with its French term glossed, a tackle is one line,
the mana line has no brackets in brackets, the winner's line does not hang a verb on a team
named in the plural, and a modifier's sign is a real minus."""

from __future__ import annotations

import re

from arena_game.core.events import (
    ManaChanged,
    MatchEnded,
    ModifierAdded,
    Moved,
    TackleChecked,
    Tackled,
    TurnEnded,
    TurnSkipped,
)
from arena_game.i18n import catalog
from arena_game.i18n.narration import describe, told

NAMES = {"tarn": "Tarn", "nyssa": "Nyssa", "s": "Sielle", "vipers": "Les Vipères d'Onyx"}


def test_a_fighter_is_never_it_in_the_english_log():
    assert describe(TurnEnded(fighter="tarn"), NAMES, "en") == "Tarn's turn ends"
    assert describe(TurnSkipped(fighter="s", reason="asleep"), NAMES, "en") == \
        "Sielle's turn is skipped (fainted, out of mana)"
    its = [(k, v) for k, v in catalog("en").items()
           if k.split(".")[0] in ("log", "anim") and re.search(r"\{fighter\}[^{]*\b(its|itself|it)\b", v)]
    assert its == []


def test_r4_a_run_step_names_the_course_glossed_and_french_says_court():
    step = Moved(fighter="tarn", mode="run", path=[(1, 3), (2, 3)])
    assert describe(step, NAMES, "en") == "Tarn's Course (run): (1, 3) → (2, 3)"
    assert describe(step, NAMES, "fr") == "Tarn court (1, 3) → (2, 3)"
    swim = Moved(fighter="tarn", mode="swim", path=[(1, 3), (2, 3)])
    assert describe(swim, NAMES, "en") == "Tarn's Nage (swim): (1, 3) → (2, 3)"


def test_r4_7_a_tackle_is_told_in_one_line():
    check = TackleChecked(fighter="tarn", opponent="nyssa", tackled=True)
    passed = TackleChecked(fighter="tarn", opponent="nyssa", tackled=False)
    tackle = Tackled(fighter="tarn", by="nyssa", at=(6, 2))
    assert not told(check) and told(tackle) and told(passed)  # the Tackled line says it all
    assert describe(tackle, NAMES, "en") == "Tarn is tackled by Nyssa at (6, 2)"


def test_r6_the_mana_line_has_no_brackets_in_brackets_and_a_real_minus():
    ev = ManaChanged(fighter="s", delta=-5, mana=7, reason="teleport_spell")
    assert describe(ev, NAMES, "en") == "Sielle: mana \u22125 (7 left), Téléportation (teleport) spell"
    assert describe(ev, NAMES, "fr") == "Sielle : mana \u22125 (reste 7), sort de Téléportation"
    for lang in ("en", "fr"):
        assert not re.search(r"\([^()]*\(", describe(ev, NAMES, lang))


def test_r4_7_a_malus_in_the_log_is_signed_with_a_minus():
    ev = ModifierAdded(fighter="tarn", value=-2, applies_to="all", source="tackled", rule="R4.7", turns=1)
    assert describe(ev, NAMES, "en").startswith("Tarn: \u22122 to all rolls")


def test_the_winner_line_does_not_conjugate_on_a_plural_team_name():
    ended = MatchEnded(winner="vipers", reason="last_team_standing")
    assert describe(ended, NAMES, "en") == "Match over — winner: Les Vipères d'Onyx (Onyx Vipers)"
    assert describe(ended, NAMES, "fr") == "Fin du match — victoire des Vipères d'Onyx"
    assert not any(re.search(r"\{team\} wins", v) for v in catalog("en").values())
