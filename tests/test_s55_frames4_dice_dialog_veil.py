"""The dice dialog's veil is made in a frame of its own before the dialog shows (s55): made
in the frame of the showing, it took that frame to 20–23 ms at 1920×1080 (a d20)."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIWindow

from arena_game.ui import backdrop
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from tests.test_ui_physical_dice import RUN, table_match
from tests.ui_driver import board, open_app, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def test_s55_the_dice_dialogs_veil_is_made_a_frame_before_it_shows(monkeypatch):
    app = open_app(table_match(), lang="fr", size=(1920, 1080))
    done: list[str] = []
    real_veil, real_show = backdrop.Veil.__init__, UIWindow.show

    def veil(self, *a, **k):
        done.append("veil")
        real_veil(self, *a, **k)

    def show(self, *a, **k):
        if self.object_ids and self.object_ids[-1] == "#dice_dialog":
            done.append("show")
        real_show(self, *a, **k)

    monkeypatch.setattr(backdrop.Veil, "__init__", veil)
    monkeypatch.setattr(UIWindow, "show", show)
    board(app).play_route([RUN])
    frames: list[list[str]] = []
    for _ in range(40):
        done.clear()
        app.step()
        frames.append(list(done))
        dialog = top(app, FaceDialogScreen)
        if dialog is not None and not dialog.building:
            break
    made = [f for f in frames if f]
    assert made == [["veil"], ["show"]]
    assert frames.index(["show"]) > frames.index(["veil"])
