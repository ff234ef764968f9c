"""The combat log, at every moment its text outgrows the box (the first overflow, the ones
after, a window resized, lines that wrap), shows its top line whole and its last line."""

from __future__ import annotations

import pytest

from arena_game.ui.app import App
from arena_game.ui.hud import Hud

pytestmark = pytest.mark.usefixtures("fresh_pygame")

WRAPPED = ("Nyssa tire sur Brakka à l'arc long : touché, 4 dégâts à la tête, "
           "une ligne assez longue pour aller à la ligne dans la boîte du journal")


def _shown(hud: Hud) -> tuple[int, list[int], int, int]:
    """Where the box's view starts in the text, the text's row tops, the bottom of the last
    line of text (the last row is the empty one after the last break) and the view's height."""
    box = hud.log_box
    layout = box.text_box_layout
    assert box.scroll_bar is not None and layout is not None
    origin = layout.layout_rect.top
    start = int(box.scroll_bar.start_percentage * layout.layout_rect.height)
    rows = layout.layout_rows
    return start, [row.top - origin for row in rows], rows[-2].bottom - origin, layout.view_rect.height


def _assert_whole(hud: Hud, what: str) -> None:
    start, tops, last_bottom, view = _shown(hud)
    assert start in tops, f"{what}: the view starts {start} px into the text, not on a row's top"
    assert last_bottom <= start + view, f"{what}: the last line is cut"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("wrapped", [False, True])
def test_the_log_shows_its_top_line_whole_at_each_overflow_as_lines_arrive(size, wrapped):
    """Lines appended one by one, as a match tells them: from the first line that outgrows the
    box (the first row is the one to start on, at 0) to a dozen lines after, the view starts on
    a row's top."""
    app = App(size=size, realtime=False)
    hud = Hud(app.manager, "en")
    hud.build(size)
    box = hud.log_box
    n, overflows = 0, 0
    while overflows < 12:
        line = WRAPPED if wrapped and n % 3 == 2 else f"Round {n}: Brakka"
        hud.append_lines([line])
        n += 1
        app.manager.update(1 / 60)
        app.manager.update(1 / 60)  # the scroll bar comes the frame after the text outgrew the box
        if box.scroll_bar is not None:
            overflows += 1
            _assert_whole(hud, f"{n} lines")
        assert n < 200


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_laid_out_anew_by_a_resize_shows_its_top_line_whole(size):
    """A window resized lays the log out anew (`Hud.build`, its text set at once): with a text
    just taller than the box, by less than a row, the view starts on the first row."""
    app = App(size=size, realtime=False)
    hud = Hud(app.manager, "en")
    hud.build((800, 560))
    n, checked = 0, 0
    while checked < 8:
        hud.log_lines.append(f"Round {n}: Brakka")
        n += 1
        hud.build(size)
        app.manager.update(1 / 60)
        if hud.log_box.scroll_bar is not None:
            checked += 1
            _assert_whole(hud, f"{n} lines after a resize to {size}")
        assert n < 200
