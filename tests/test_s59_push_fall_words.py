"""s59 audit: the English log said a pushed fighter fell with "…, and it falls": a fighter is
not "it", and the line had already named two fighters. The fall is now said of the pushed one."""

from __future__ import annotations

from arena_game.core.events import Pushed
from arena_game.i18n.narration import describe


def _pushed(fell: bool) -> Pushed:
    return Pushed(fighter="bruna", by="aldric", path=[(3, 4), (4, 4)], fell=fell, into="floor")


def test_r5_2_a_push_that_knocks_down_says_so_of_the_fighter_pushed():
    names = {"bruna": "Bruna", "aldric": "Aldric"}
    en = describe(_pushed(True), names, lang="en")
    assert en.endswith("(4, 4), knocked to the ground"), en
    assert " it " not in f"{en} "
    assert describe(_pushed(True), names, lang="fr").endswith(", à terre")
    assert describe(_pushed(False), names, lang="en").endswith("(4, 4)")
