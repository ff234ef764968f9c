"""s52, item 3: at 800×560, in lesson 6 (taunt and PR), the card saying why the advantaged taunt
is refused covered the board's lower rows, where the lesson wants the player to look: it goes
in the bare band of the viewport beside the board when one holds it, its words whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.screens.board_draw import ground_under
from tests.ui_driver import lesson_started


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s52_lesson_6s_refusal_card_leaves_the_board_in_sight_in_the_smallest_window(lang, tmp_path: Path):
    app, lesson = lesson_started("taunt", tmp_path / "progress.json", lang, size=MIN_SIZE)
    app.run(frames=3)
    record_text_boxes(True)
    try:
        app.draw()
        cards = [(rect, px) for kind, rect, px, _ in text_boxes() if kind == "choice_refusal"]
    finally:
        record_text_boxes(False)
    assert len(cards) == 1  # the advantaged taunt, greyed
    box, px = cards[0]
    assert ground_under(lesson, box) == 0, box  # no square of the board under it
    assert lesson.viewport.contains(box) and px >= 12
    fighters = [lesson.camera.square_rect(f.position) for f in lesson.ctrl.state.fighters.values()]
    assert box.collidelist(fighters) == -1
