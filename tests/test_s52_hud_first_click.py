"""The frame that starts a window's first action's animation loads and draws nothing the quiet
frames before it could: the skip hint's font (~2 ms the first time) and each action button's
disabled look (pygame_gui draws it at the first `disable`: the whole bar, ~1.6 ms) are made
in quiet frames (`BoardScreen.warm_hint`, `Hud.warm_face`)."""

from __future__ import annotations

import pytest

from tests.builders import demo_step


def _window(size, lang="en"):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import _board_window, demo_match

    app = _board_window(demo_match("tackle", 4), lang, size, anim_speed=1.0)
    app.run(frames=60)  # a window waiting for its first click
    return app, app.find(BoardScreen)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("size", "lang"), [((800, 560), "en"), ((1366, 768), "fr")])
def test_s52_the_quiet_frames_load_the_skip_hints_font(size, lang):
    from arena_game.render.text import _font, font

    app, board = _window(size, lang)
    misses = _font.cache_info().misses
    font(round(15 * board.hud.scale), bold=True)  # the font `board_draw.skip_hint` draws with
    assert _font.cache_info().misses == misses
    assert not board.hint_to_warm


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)])
def test_s52_the_first_actions_frame_draws_no_buttons_look(size, monkeypatch):
    from pygame_gui.core.drawable_shapes import RectDrawableShape

    app, board = _window(size)
    hud = board.hud
    faces = [*hud.buttons.values(), *hud._other_faces.values()]
    assert all(b.drawable_shape.states["disabled"].generated for b in faces)
    drawn: list[str] = []
    real = RectDrawableShape.redraw_state

    def counted(shape, state_str, add_text=True):
        drawn.append(state_str)
        return real(shape, state_str, add_text)

    monkeypatch.setattr(RectDrawableShape, "redraw_state", counted)
    action = demo_step("tackle").actions[4]
    board.apply(action)
    app.run(frames=1)
    assert board.anim.active
    assert all(not b.is_enabled for b in hud.buttons.values())  # the bar shown disabled while it plays
    assert drawn == []
