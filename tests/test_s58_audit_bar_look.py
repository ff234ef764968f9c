"""The action bar looks as it is from the frame that changes it: greyed from the frame that
starts an action's animation (s58: that frame showed the buttons of the coming turn pressable,
"End turn E" and "Undo" lit, then greyed the next frame: pygame_gui redraws a button's look
in its update, and the bar was only told in the draw after it), pressable again from the
frame the animation ends in."""

from __future__ import annotations

import pygame
import pytest

from tests.builders import demo_step


def _bar(app, board) -> bytes:
    app.draw()
    w, h = app.screen.get_size()
    bar = app.screen.subsurface(pygame.Rect(0, board.hud.bar_top, w, h - board.hud.bar_top))
    return pygame.image.tobytes(bar, "RGB")


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((1920, 1080), "fr")])
def test_s58_the_bar_is_greyed_from_the_frame_that_starts_the_animation(size, lang):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import _board_window, demo_match

    app = _board_window(demo_match("tackle", 4), lang, size, anim_speed=1.0)
    app.run(frames=60)  # a window waiting for its click
    board = app.find(BoardScreen)
    assert board is not None
    pressable = _bar(app, board)
    board.apply(demo_step("tackle").actions[4])
    app.step()  # the frame that starts the animation
    first = _bar(app, board)
    app.step()
    assert board.anim.busy
    assert first != pressable
    assert first == _bar(app, board)  # greyed in both, nothing lit


@pytest.mark.usefixtures("fresh_pygame")
def test_s58_the_bar_is_pressable_from_the_frame_the_animation_ends_in():
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import _board_window, demo_match

    app = _board_window(demo_match("tackle", 4), "en", (1280, 720), anim_speed=1.0)
    app.run(frames=60)
    board = app.find(BoardScreen)
    assert board is not None
    board.apply(demo_step("tackle").actions[4])
    app.step()
    greyed = _bar(app, board)
    for _ in range(600):
        app.step()
        if not board.anim.busy and board.shown_state is None:
            break
    assert not board.anim.busy and board.shown_state is None
    last = _bar(app, board)
    app.step()
    assert last != greyed
    assert last == _bar(app, board)
