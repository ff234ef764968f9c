"""A fighter pushed into water is swimming (R5.3): its label says it went into the water and
its sheet says it is in the water, not "Poussée (push) / pushed by Aldric" and "Status:
standing" over a fighter whose Walk, Attack and Push were then greyed (s59 audit)."""

from __future__ import annotations

import re

import pytest

from arena_game.core.events import Pushed
from arena_game.core.terrain import Terrain
from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock
from arena_game.ui.panels_html import sheet_html
from tests.builders import play, tiny_match

POOL = """
#########
#..~~~..#
#.~~~~~.#
#..~~~..#
#########
"""
WATER = {"en": "water", "fr": "l'eau"}


def pushed_in():
    state, dice = tiny_match(POOL, {"aldric": {"team": "rouge", "at": (1, 1)}, "bruna": {"team": "bleu", "at": (2, 1)}},
                             faces=[15, 3])
    after, events = play(state, dice, {"kind": "push", "target": "bruna"})
    assert after.board.terrain(after.fighters["bruna"].position) == Terrain.WATER
    return state, after, events


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_push_label_says_the_fighter_went_into_the_water(lang):
    before, _after, events = pushed_in()
    assert any(isinstance(e, Pushed) for e in events)
    queue = AnimationQueue(clock=FakeClock(), lang=lang)
    queue.push(events, before)
    (label,) = [e for e in queue._timeline.effects if e.kind == "label" and e.data.get("fighter") == "bruna"]
    assert WATER[lang] in label.data["sub"] and "R5.3" in label.data["sub"], label.data["sub"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_sheet_of_a_fighter_in_the_water_says_so(lang):
    before, after, _ = pushed_in()
    words = re.sub(r"<[^>]+>", "", sheet_html(after, lang, "bruna"))
    assert WATER[lang] in words, words
    assert WATER[lang] not in re.sub(r"<[^>]+>", "", sheet_html(before, lang, "bruna"))  # on the floor: standing
