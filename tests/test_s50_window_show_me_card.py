"""s50, a leftover of the s49 "Show me" fix: while a lesson's worked solution plays, the hover
card kept its mode's wording — every square off the run said "not allowed — R4.1: the run goes
along its declared squares first: the next one is (4, 3)", a click the learner cannot make.
It says what the square is and who stands there, edged as no refusal."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.modes.base import describe_square
from tests.ui_driver import hover_square, lesson_mid_run, press_key

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_while_the_solution_plays_the_card_says_what_the_square_is(tmp_path, lang):
    app, lesson = lesson_mid_run(tmp_path / "progress.json", lang)
    assert lesson.watching
    lesson.next_show_ms = 10**12  # the solution waits while the squares are hovered
    state = lesson.ctrl.state
    me = state.active.position
    refusal = {"en": "not allowed", "fr": "impossible"}[lang]  # the catalog's `square_why`
    for sq in [(me[0] + 1, me[1] + 1), (me[0] - 1, me[1]), me, (0, 0)]:
        hover_square(app, sq)
        assert lesson.hover == sq
        assert lesson.card_text == describe_square(state, sq, lang), (sq, lesson.card_text)
        assert refusal not in lesson.card_text and not lesson.card_refused
    press_key(app, pygame.K_r)  # the learner's turn again: the mode's words come back
    assert not lesson.watching
