"""Ctrl+O's file dialog made a part a frame (`screens.dialog.FileDialog`): the window, its
parts, then the folder's rows a few a frame; whole, it shows what pygame_gui's own dialog
shows (picking a file through it: test_ui_roster_editor's import and export)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.windows import UIFileDialog

from arena_game.ui.screens.dialog import ROWS_A_FRAME, LoadDialogScreen
from tests.test_ui_start_opening import match_app
from tests.ui_driver import tap_key, top


@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


def rows_of(dialog) -> list[tuple[str, tuple[int, int, int, int]]]:
    return [(item["text"], tuple(item["button_element"].relative_rect))
            for item in dialog.file_selection_list.item_list if item["button_element"] is not None]


@pytest.mark.parametrize("files", [0, 3, 40])
def test_ctrl_o_makes_the_dialog_over_frames_and_lists_what_pygame_guis_own_lists(saves, files):
    for i in range(files):
        (saves / f"match-{i:02}.json").write_text("{}", encoding="utf-8")
    ctrl, app = match_app()
    tap_key(app, pygame.K_o)  # no Ctrl: nothing
    assert top(app, LoadDialogScreen) is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL, unicode="o", scancode=0))
    app.step()
    screen = top(app, LoadDialogScreen)
    assert screen is not None and screen.building
    frames = 1
    while screen.building:
        assert screen.window is None or not screen.window.visible
        app.step()
        frames += 1
    dialog = screen.window
    assert dialog.visible and frames >= 4 + (files > ROWS_A_FRAME)
    own = UIFileDialog(screen.centred(640, 480), app.manager, window_title="x", initial_file_path=str(saves),
                       allow_existing_files_only=True)
    assert rows_of(dialog) == rows_of(own) and len(rows_of(own)) == min(files, len(rows_of(own)))
    assert (dialog.file_selection_list.scroll_bar is None) == (own.file_selection_list.scroll_bar is None)
    own.kill()
    pygame.quit()
