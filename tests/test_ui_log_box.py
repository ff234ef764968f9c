"""The combat log's text box keeps the rows it has drawn when lines are appended: it must
look, scroll and link exactly as the same text set at once."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.app import App
from arena_game.ui.hud import Hud
from arena_game.ui.log_box import GrowingLayout
from arena_game.ui.rules_text import LINK_PREFIX, rule_links

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LINES = [
    "<font color='#ffe066'><b>Tour 2 : Brakka</b></font>",
    "Brakka marche de (3, 4) à (4, 5).",
    "<font color='#a9b4c2'>   • Jet d'attaque : 7 + 3 = 10 contre 9, " + rule_links("R4.2") + "</font>",
    "Nyssa tire sur Brakka à l'arc long : touché, 4 dégâts à la tête (" + rule_links("R12.2") + "), "
    "une ligne assez longue pour aller à la ligne dans la boîte du journal",
]


def _pixels(box) -> bytes:
    """The text as drawn (its surface may be taller, blank below) and the box as shown."""
    text = box.text_box_layout.finalised_surface.subsurface(box.text_box_layout.layout_rect)
    return pygame.image.tobytes(text, "RGBA") + pygame.image.tobytes(box.image, "RGBA")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_log_grown_line_by_line_looks_like_the_same_log_set_at_once(size):
    app = App(size=size, realtime=False)
    grown, fresh = Hud(app.manager, "fr"), Hud(app.manager, "fr")
    grown.build(size)
    fresh.build(size)
    lines = [LINES[i % len(LINES)] + f" {i}" for i in range(60)]  # taller than the box: the scroll bar comes
    for line in lines:
        grown.log_lines.append(line)
        grown.log_box.append_html_text(line + "<br>")
    assert isinstance(grown.log_box.text_box_layout, GrowingLayout)
    fresh.log_lines = list(lines)
    fresh._fill_log()
    grown._scroll_log_to_end()  # as Hud.append_log does
    app.manager.update(1 / 60)
    assert grown.log_box.text_box_layout.layout_rect == fresh.log_box.text_box_layout.layout_rect
    assert _pixels(grown.log_box) == _pixels(fresh.log_box)
    assert grown.log_box.scroll_bar is not None
    # every rule link of the appended lines can be clicked, as in the box set at once
    links = [c.href for c in grown.log_box.link_hover_chunks]
    assert links == [c.href for c in fresh.log_box.link_hover_chunks]
    assert links.count(LINK_PREFIX + "R4.2") == 15 and links.count(LINK_PREFIX + "R12.2") == 15


def test_a_grown_log_draws_on_one_surface_only():
    """Rows and their chunks keep the surface they were drawn on (a link redraws itself there
    when hovered): after the log grew, all must be the box's own, or every surface the log
    ever had stays in memory and hovered links light up where nobody sees them."""
    app = App(size=(1280, 720), realtime=False)
    hud = Hud(app.manager, "fr")
    hud.build((1280, 720))
    for i in range(80):
        hud.log_box.append_html_text(LINES[i % len(LINES)] + f" {i}<br>")
    layout = hud.log_box.text_box_layout
    drawn_on = {id(row.target_surface) for row in layout.layout_rows if row.target_surface is not None}
    drawn_on |= {id(c.target_surface) for row in layout.layout_rows for c in row.items
                 if getattr(c, "target_surface", None) is not None}
    assert drawn_on == {id(layout.finalised_surface)}
