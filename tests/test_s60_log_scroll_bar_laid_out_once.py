"""The frame that brings the combat log's first scroll bar (the rebuild deferred by
`LogBox.append_html_text`) lays the text out once, beside the bar: pygame_gui would first lay
it out at the box's whole width, only to find it taller than the box (~4 ms on 64²). The box
then shows what the same text set at once shows."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements.ui_text_box import UITextBox

from arena_game.ui.app import App
from arena_game.ui.hud import Hud

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LINES = [
    "<font color='#ffe066'><b>Turn 2: Brakka</b></font>",
    "Brakka walks from (3, 4) to (4, 5).",
    "<font color='#a9b4c2'>   • Attack roll: 7 + 3 = 10 against 9</font>",
    "Nyssa shoots Brakka with the long bow: hit, 4 damage to the head, a line long enough to wrap in the log box",
]


def _pixels(box) -> bytes:
    text = box.text_box_layout.finalised_surface.subsurface(box.text_box_layout.layout_rect)
    return pygame.image.tobytes(text, "RGBA") + pygame.image.tobytes(box.image, "RGBA")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_first_scroll_bars_frame_lays_the_log_out_once(size, monkeypatch):
    app = App(size=size, realtime=False)
    grown, fresh = Hud(app.manager, "en"), Hud(app.manager, "en")
    grown.build(size)
    fresh.build(size)
    box = grown.log_box
    lines: list[str] = []
    while not box.end_due:
        lines.append(LINES[len(lines) % len(LINES)] + f" {len(lines)}")
        grown.log_lines.append(lines[-1])
        box.append_html_text(lines[-1] + "<br>")
        grown._scroll_log_to_end()
        app.manager.update(1 / 60)
        assert box.scroll_bar is None and len(lines) < 100
    laid_out: list[int] = []  # the width of each layout pygame_gui makes
    parse = UITextBox.parse_html_into_style_data

    def counted(self: UITextBox) -> None:
        if self is box:
            laid_out.append(self.text_wrap_rect[2])
        parse(self)

    monkeypatch.setattr(UITextBox, "parse_html_into_style_data", counted)
    app.manager.update(1 / 60)  # the frame of the scroll bar
    monkeypatch.undo()
    assert box.scroll_bar is not None
    assert laid_out == [box.text_wrap_rect[2]]  # once, at the width beside the bar
    fresh.log_lines = list(lines)
    fresh._fill_log()
    app.manager.update(1 / 60)
    assert box.text_box_layout.layout_rect == fresh.log_box.text_box_layout.layout_rect
    assert box.scroll_bar.start_percentage == fresh.log_box.scroll_bar.start_percentage
    assert _pixels(box) == _pixels(fresh.log_box)
