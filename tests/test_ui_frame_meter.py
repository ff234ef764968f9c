"""The window's frame meter: `--frame-log` lines (CPU ms, then what happened) and the F3 graph."""

from __future__ import annotations

import io

import pygame

from arena_game.ui.frame_meter import FrameMeter
from tests.ui_driver import board, click_button, click_square, open_app, press_key, ui_match

GRID = ".....\n.....\n....."


def _lines(log: io.StringIO) -> list[tuple[float, list[str]]]:
    out = []
    for line in log.getvalue().splitlines():
        ms, *kinds = line.split()
        out.append((float(ms), kinds))
    return out


def test_the_frame_log_has_one_line_per_frame_cpu_ms_first_then_what_happened():
    log = io.StringIO()
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 2)}})
    app = open_app(ctrl, frame_log=log)
    before = len(_lines(log))
    assert before == app.frames and all(ms >= 0 and kinds == ["idle"] for ms, kinds in _lines(log))
    click_square(app, (1, 1), frames=1)  # walk there: the action is applied in this frame
    press_key(app, pygame.K_2, frames=1)  # the run mode: input
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board(app).camera.square_centre((3, 1)),
                                         rel=(1, 0), buttons=(0, 0, 0)))
    app.run(frames=1)
    lines = _lines(log)
    assert len(lines) == before + 3 == app.frames
    assert lines[before][1][0] == "animation-start" and "input" in lines[before][1]
    assert lines[before + 1][1] == ["input"]
    assert lines[before + 2][1] == ["hover"]
    assert ctrl.state.fighters["a"].position == (1, 1)


def test_f3_shows_and_hides_the_frame_time_graph():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 2)}})
    app = open_app(ctrl)
    press_key(app, pygame.K_F3)
    assert app.meter.show_graph
    corner = app.meter.drawn  # where the board's screen gave it room (s51: the action bar)
    assert corner is not None
    press_key(app, pygame.K_F3)
    plain = pygame.image.tobytes(app.screen.subsurface(corner), "RGB")
    press_key(app, pygame.K_F3)
    assert app.meter.drawn == corner
    assert pygame.image.tobytes(app.screen.subsurface(corner), "RGB") != plain
    press_key(app, pygame.K_F3)
    assert not app.meter.show_graph
    assert pygame.image.tobytes(app.screen.subsurface(corner), "RGB") == plain


def test_a_frame_is_of_the_first_kind_that_applies():
    meter = FrameMeter()
    meter.begin()
    meter.note("hover")
    meter.note("animation")
    assert meter.end()[1] == "animation"
    meter.begin()
    assert meter.end()[1] == "idle"


def test_the_frame_a_clicked_button_answers_in_is_an_input_frame():
    """pygame_gui answers a click on a button in the next frame: that frame switches the mode
    and redraws the highlights, so it is counted as input, not as an idle or hover frame."""
    log = io.StringIO()
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 2)}})
    app = open_app(ctrl, frame_log=log)
    before = len(_lines(log))
    click_button(app, board(app).hud.buttons["run"], frames=2)  # the click, then the button's answer
    assert board(app).mode.name.startswith("run")
    assert [kinds[0] for _, kinds in _lines(log)[before:]] == ["input", "input"]
