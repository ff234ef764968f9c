"""Session 61 audit, the log's end in a short box: pygame_gui's scroll bar never draws its slider
under 5 px, and took the text's start from the slider's place over the bar's height. On a long
log in a short box (300 lines in the 93 px the match-over summary of long names left it at
1280×720) the slider's 5 px were more than its share, and the bar's end stopped ~900 px above
the text's end: the match's last lines ("Fin du match — victoire …") out of reach, by the wheel,
a drag or the window's own scroll to the end (`log_box.EndReachingScrollBar`)."""

from __future__ import annotations

import pytest

from arena_game.ui.app import App
from arena_game.ui.hud import Hud
from tests.test_ui_log_box import LINES

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _last_line_shown(box) -> bool:
    layout = box.text_box_layout
    start = int(box.scroll_bar.start_percentage * layout.layout_rect.height)
    return layout.layout_rows[-2].bottom <= start + layout.view_rect.height  # [-1]: the empty row after the last break


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("height", [93, 60, 160])
def test_s61_audit_a_long_log_in_a_short_box_shows_its_last_line(size, height):
    app = App(size=size, realtime=False)
    hud = Hud(app.manager, "fr")
    hud.build(size)
    hud.log_lines = [LINES[i % len(LINES)] + f" {i}" for i in range(300)]
    hud._fill_log()
    box = hud.log_box
    box.set_dimensions((box.rect.w, height))  # as the match-over bar leaves it (`MatchOverScreen._take_log_top`)
    box.rebuild()
    box.show_end_now()
    app.manager.update(1 / 60)
    assert box.scroll_bar is not None and _last_line_shown(box)
    box.scroll_bar.set_scroll_from_start_percentage(0.0)  # read back from the top…
    app.manager.update(1 / 60)
    assert not _last_line_shown(box)
    box.scroll_bar.set_scroll_from_start_percentage(1.0)  # … then the slider down to the bar's end
    app.manager.update(1 / 60)
    assert _last_line_shown(box)
