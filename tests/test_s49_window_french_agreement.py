"""s49, item 5: a French label under a fighter of unknown gender needs no agreement. "poussé par
Aldric", "tombé dans la lave : mortel", "tué", "Englouti" were masculine whoever fell (Bruna,
Nyssa, Sielle): the words are nouns now ("par Aldric" under "Poussée", "chute dans la lave",
"coup fatal", "Chute mortelle")."""

from __future__ import annotations

import re

import pytest

from arena_game.i18n import catalog
from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock
from tests.anim_scenes import SCENES

# a participle or adjective that agrees with the fighter (lower case: "Poussée" is the game term)
AGREEING = re.compile(r"\b(poussée?s?|tombée?s?|tuée?s?|engloutie?s?|noyée?s?)\b|:\s*mortel\b")


def test_s49_no_french_animation_label_agrees_with_the_fighter():
    agreeing = {k: v for k, v in catalog("fr").items() if k.startswith("anim.") and AGREEING.search(v)}
    assert agreeing == {}


@pytest.mark.parametrize("scene", ["push_lava", "death", "push_fall"])
def test_s49_the_labels_of_a_fall_a_push_and_a_death_read_for_anyone(scene):
    before, _after, events = SCENES[scene]()
    q = AnimationQueue(clock=FakeClock(), lang="fr")
    q.push(events, before)
    labels = [(e.text, e.data.get("sub", "")) for e in q._timeline.effects if e.kind == "label"]
    assert labels
    for text, sub in labels:
        assert not AGREEING.search(f"{text} / {sub}"), (text, sub)
