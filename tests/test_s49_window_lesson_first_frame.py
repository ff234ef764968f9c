"""s49, item 6: a tutorial lesson shows its side panels with its board. The sheet, the teams, the
log and the round bar were made a piece a frame after the lesson showed: for four frames the
lesson stood beside four empty panels."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import open_lesson

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _inked(screen: pygame.Surface, box: pygame.Rect) -> int:
    """How many colours the screen shows in `box` (an empty panel: its background and edge)."""
    area = screen.subsurface(box.clip(screen.get_rect()))
    return len({tuple(area.get_at((x, y))) for x in range(0, area.get_width(), 2) for y in range(0, area.get_height(), 2)})


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49_the_first_frame_of_a_lesson_shows_its_sheet_teams_log_and_round(tmp_path, lang):
    app, lesson = open_lesson("push", tmp_path / "progress.json", lang)
    assert not lesson.building and app.top is lesson  # the first frame it shows in
    hud = lesson.hud
    assert hud.sheet_box.html_text and hud.teams_box.html_text and hud.order_box.html_text
    for box in (hud.sheet_box, hud.teams_box, hud.log_box, hud.order_box):
        assert box.visible and _inked(app.screen, box.rect) > 8, box.object_ids
