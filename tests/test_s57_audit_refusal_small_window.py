"""s57 audit, defect 3: at 800×560 (the smallest window) a greyed choice's refusal card hides no
square the player may pick. In lesson 5 (teleport) the card saying why the potion is refused
stood over the board's last rows, on squares the spell can reach (3 in English, 5 in French):
it now takes the nearest spot clear of the fighters and of those squares (`board_draw.clear_spot`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.ui.app import MIN_SIZE
from arena_game.ui.modes import TeleportMode
from arena_game.ui.screens.board_draw import shown_highlights
from tests.layout_boxes import drawn_boxes
from tests.ui_driver import lesson_started


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s57_lesson_5s_potion_refusal_hides_no_square_the_spell_reaches(lang, tmp_path: Path):
    app, lesson = lesson_started("teleport", tmp_path / "progress.json", lang, size=MIN_SIZE)
    lesson.switch_mode(TeleportMode())
    app.run(frames=3)
    cards = drawn_boxes(app, "choice_refusal")
    assert len(cards) == 1  # the potion, greyed: the fighter carries none
    card = cards[0]
    reach = [lesson.camera.square_rect(h.square) for h in shown_highlights(lesson) if h.kind == "move"]
    assert len(reach) > 50  # the spell reaches most of the board
    assert card.collidelist(reach) == -1, [r for r in reach if r.colliderect(card)]
    fighters = [lesson.camera.square_rect(f.position) for f in lesson.ctrl.state.fighters.values()]
    assert card.collidelist(fighters) == -1
    assert app.screen.get_rect().contains(card) and lesson.viewport.contains(card)
