"""Issue 6 speed: the widgets kept from an earlier frame draw exactly what a fresh frame draws."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_driver import (
    board,
    click_button,
    click_square,
    hover_square,
    open_app,
    press_key,
    ui_match,
)

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _hover_frames(app, squares) -> None:
    for sq in squares:
        hover_square(app, sq)


def _widgets_area(app) -> bytes:
    """The screen outside the board viewport, where the kept widgets are drawn."""
    w, h = app.screen.get_size()
    v = board(app).viewport
    parts = [app.screen.subsurface(r) for r in (pygame.Rect(0, 0, w, v.top), pygame.Rect(0, v.bottom, w, h - v.bottom),
                                                pygame.Rect(v.right, v.top, w - v.right, v.h))]
    return b"".join(pygame.image.tobytes(p, "RGB") for p in parts)


def _kept_frame(app) -> bytes:
    """Draw from the kept widgets; check it equals a frame drawn afresh; return its widget area."""
    reused = board(app).widgets.reused
    app.draw()
    assert board(app).widgets.reused == reused + 1, "the kept widgets were not used"
    kept = pygame.image.tobytes(app.screen, "RGB")
    area = _widgets_area(app)
    board(app).widgets.disturb()
    app.draw()
    assert board(app).widgets.reused == reused + 1
    assert pygame.image.tobytes(app.screen, "RGB") == kept
    _hover_frames(app, [(0, 3), (1, 3)])  # the widgets kept again before the next action
    assert board(app).widgets.reused > reused + 1
    return area


def test_kept_widgets_draw_the_same_frame_through_a_turn():
    ctrl = ui_match("\n........\n........\n..~~....\n........\n",
                    {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 1)}}, faces=[6] * 40)
    app = open_app(ctrl, size=(1280, 800))
    _hover_frames(app, [(0, 0), (1, 0), (2, 0)])
    first = _kept_frame(app)
    press_key(app, pygame.K_e)  # end of turn: the order strip, the sheet and the log change
    _hover_frames(app, [(3, 2), (3, 1)])
    after_end = _kept_frame(app)
    assert after_end != first
    click_button(app, board(app).hud.buttons["attack"])  # a widget pressed and hovered: another mode
    _hover_frames(app, [(3, 3), (2, 3), (2, 2), (2, 3)])
    walk_mode = _kept_frame(app)
    assert walk_mode != after_end
    click_button(app, board(app).hud.buttons["walk"])
    click_square(app, (5, 1))  # b walks: the sheet changes
    _hover_frames(app, [(4, 3), (5, 3)])
    assert _kept_frame(app) != walk_mode
    # the mouse resting on an action button (hover look, tooltip) and leaving it
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board(app).hud.buttons["run"].rect.center, rel=(1, 0),
                                         buttons=(0, 0, 0)))
    app.run(frames=40)
    _hover_frames(app, [(4, 2), (4, 1)])
    _kept_frame(app)


def test_a_kept_frame_puts_nothing_back_on_a_screen_that_holds_it_and_everything_on_a_new_one():
    """While the widgets stand still the last frame's pixels around the board are still on the
    screen: nothing is put back there. A new screen surface (full screen and back) gets it all."""
    ctrl = ui_match("\n........\n........\n", {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 1)}})
    app = open_app(ctrl, size=(1280, 800))
    _hover_frames(app, [(0, 0), (1, 0), (2, 0)])
    layer = board(app).widgets
    want = _widgets_area(app)
    blits: list[object] = []
    real = app.screen

    class Watched(pygame.Surface):  # counts the copy's blits onto the screen
        def blit(self, source, *args, **kwargs):  # type: ignore[override]
            if source is layer.copy:
                blits.append(args)
            return super().blit(source, *args, **kwargs)

    watched = Watched(real.get_size())
    watched.blit(real, (0, 0))
    app.screen = watched
    app.draw()  # a surface the layer never drew on: the strips around the board put back
    assert blits and _widgets_area(app) == want
    blits.clear()
    _hover_frames(app, [(3, 1), (4, 1)])
    assert blits == [] and layer.reused and _widgets_area(app) == want
    fresh = Watched(real.get_size())  # black, as a re-created window is
    app.screen = fresh
    app.draw()
    assert blits and _widgets_area(app) == want
