"""A refused file's message window is made a part a frame (bench/bench_window.py measured the
frame that made it whole, with its veil, at 18–20 ms CPU at 1920×1080): the window, then its
button and words, then the veil, each in a frame of its own; then it shows, in the window's
language, and closes as before."""

from __future__ import annotations

import pygame
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from arena_game.ui.backdrop import Veil
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.dialog import MessageScreen
from tests.ui_driver import board, open_app, ui_match

FIGHTERS = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}}
KINDS = (UIWindow, UITextBox, UIButton, Veil)


def _made_each_frame(app) -> list[set[str]]:
    """The kinds of widgets (of `KINDS`) each frame made, till the message shows and one more."""
    seen = set(app.manager.get_sprite_group().sprites())
    frames = []
    for _ in range(12):
        app.step()
        now = set(app.manager.get_sprite_group().sprites())
        frames.append({kind.__name__ for el in now - seen for kind in KINDS if isinstance(el, kind)})
        seen = now
        if not app.top.building:
            break
    return frames


def test_the_refused_file_message_window_makes_its_window_its_words_and_its_veil_in_different_frames():
    app = open_app(ui_match("....", FIGHTERS), size=(1920, 1080), lang="en")
    board(app).show_problem("maps/x.tmx: line 3: not a tile id")
    frames = _made_each_frame(app)
    window = next(i for i, kinds in enumerate(frames) if "UIWindow" in kinds)
    words = next(i for i, kinds in enumerate(frames) if "UITextBox" in kinds)
    veil = next(i for i, kinds in enumerate(frames) if "Veil" in kinds)
    assert len({window, words, veil}) == 3, frames
    screen = app.top
    assert isinstance(screen, MessageScreen) and screen.window is not None
    assert screen.window.visible and screen.veil is not None and screen.veil.visible


def test_the_refused_file_message_window_says_close_in_the_window_s_language_and_closes():
    for lang, close in (("en", "Close"), ("fr", "Fermer")):
        app = open_app(ui_match("....", FIGHTERS), lang=lang)
        board(app).show_problem("partie.arena.json:3:14: actions[2]: refused on replay")
        _made_each_frame(app)
        screen = app.top
        assert isinstance(screen, MessageScreen)
        button = screen.window.dismiss_button  # type: ignore[union-attr]
        assert translate(button.text, **button.text_kwargs) == close
        assert button.tool_tip_text in (None, "")  # pygame_gui's own tip was English in a French window
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center))
        app.run(frames=3)
        assert isinstance(app.top, BoardScreen), app.stack


def test_the_refused_file_message_window_s_close_button_grows_with_the_text_and_holds_its_words():
    """pygame_gui's own button stayed 24 px high and as narrow as its words at 1920×1080."""
    app = open_app(ui_match("....", FIGHTERS), size=(1920, 1080), lang="fr")
    board(app).show_problem("partie.arena.json:3:14: actions[2]: refused on replay")
    _made_each_frame(app)
    button = app.top.window.dismiss_button  # type: ignore[union-attr]
    words = app.manager.get_theme().get_font(["button"]).size("Fermer")[0]
    assert button.rect.h >= 40 and button.rect.w >= words + 36, button.rect
    assert app.top.window.rect.contains(button.rect)
