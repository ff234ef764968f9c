"""Opening the start screen (N) over a match: its widgets are made a group a frame and shown
whole once all are made (in one frame they froze the window for 70–140 ms); meanwhile the match
stays on screen, Esc goes back and no other key does anything. Shown, it covers the window:
the match's widgets do not show through."""

from __future__ import annotations

import pygame

from arena_game.ui.backdrop import Backdrop
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, open_app, tap_key, top, ui_match

GRID = "......\n......\n......"


def match_app():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
    return ctrl, open_app(ctrl, size=(1280, 720), lang="en")


def shown_start(app) -> StartScreen:
    """N pressed, and the frames till the start screen is shown whole."""
    tap_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None
    while start.building:
        app.step()
    return start


def covered(start: StartScreen) -> list[pygame.Rect]:
    """Where the start screen shows more than its backdrop: its widgets and the map's preview."""
    assert start.panel is not None
    rects = [el.rect for el in start.panel.get_container().elements if not isinstance(el, Backdrop)]
    return rects + ([start.preview[1]] if start.preview is not None else [])


def test_the_start_screen_is_made_over_several_frames_and_shown_whole():
    ctrl, app = match_app()
    tap_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None and start.building and not start.opaque  # the match still shows
    assert start.panel is None  # made from the next frame
    frames = 1
    while start.building:
        assert start.panel is None or not start.panel.visible  # nothing of it shows before all of it is made
        app.step()
        frames += 1
    assert frames > 2 and start.opaque and start.panel.visible
    assert all(el.visible for el in start.panel.get_container().elements)
    assert start.preview is not None and start.selected_map() is not None
    pygame.quit()


def test_while_the_start_screen_is_made_enter_does_nothing_and_esc_goes_back():
    ctrl, app = match_app()
    tap_key(app, pygame.K_n)
    tap_key(app, pygame.K_RETURN)  # Play, before there is a Play button
    start = top(app, StartScreen)
    assert start is not None and board(app).ctrl is ctrl
    tap_key(app, pygame.K_ESCAPE)
    assert top(app, StartScreen) is None and board(app).ctrl is ctrl
    for _ in range(3):
        app.step()
    pygame.quit()


def test_the_shown_start_screen_covers_the_matchs_widgets_with_the_panel_colour():
    ctrl, app = match_app()
    hud = board(app).hud
    start = shown_start(app)
    app.draw()
    colour = app.manager.get_theme().get_colour_or_gradient("dark_bg", ["#start", "panel"])
    under = [b.rect for b in hud.buttons.values()]  # the match's action bar (its own colours)
    over = covered(start)
    spots = [(x, y) for x in range(2, 1280, 6) for y in range(2, 720, 6)
             if any(r.collidepoint(x, y) for r in under) and not any(r.collidepoint(x, y) for r in over)]
    assert len(spots) > 20  # the action bar lies there, under the start screen
    assert all(tuple(app.screen.get_at(p))[:3] == (colour.r, colour.g, colour.b) for p in spots)
    pygame.quit()


def test_a_click_on_the_start_screens_backdrop_goes_no_further():
    """The match's buttons lie under the start screen: a click on its empty ground presses none
    of them (the backdrop takes it, as a panel does)."""
    import pygame_gui

    ctrl, app = match_app()
    hud = board(app).hud
    start = shown_start(app)
    over = covered(start)
    spot = next((x, b.rect.centery) for b in hud.buttons.values() for x in range(b.rect.left + 2, b.rect.right - 2, 4)
                if not any(r.collidepoint(x, b.rect.centery) for r in over))
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.manager.process_events(pygame.event.Event(kind, pos=spot, button=1))
    pressed = [e.ui_element for e in pygame.event.get() if e.type == pygame_gui.UI_BUTTON_PRESSED]
    assert pressed == []
    assert not any(b.held for b in hud.buttons.values())
    for _ in range(60):  # a second with the pointer there: no button under it is hovered, no tooltip
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
    assert not any(b.hovered for b in hud.buttons.values())
    assert not any(b.tool_tip is not None for b in hud.buttons.values())
    pygame.quit()


def test_at_launch_without_a_match_the_start_screen_is_whole_before_the_first_frame():
    """`arena-game` with no argument: nothing is under the start screen to show while it is
    made, so it is made before the window's first frame (made over the first frames, with the
    maps read for their names, they took up to 41 ms)."""
    from arena_game.ui.windows import match_window

    app = match_window(None, size=(1280, 720), lang="en", realtime=False)
    start = top(app, StartScreen)
    assert start is not None and not start.building and start.opaque and start.panel.visible
    assert start.preview is not None and start.selected_map() is not None
    app.step()
    assert start.go.visible
    pygame.quit()
