"""The window keeps going when its files cannot be written: the house rules say why under the
name, and Ctrl+O browses from the nearest folder when the saves folder cannot be made."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def test_house_rules_that_cannot_be_written_are_refused_under_the_name_not_a_crash(tmp_path):
    from arena_game.ui.house_draft import HouseRulesDraft

    data = Path(os.environ["ARENA_GAME_DATA"])
    data.mkdir(parents=True, exist_ok=True)
    (data / "rules").write_text("a file where the folder should be")
    draft = HouseRulesDraft(lang="en")
    assert draft.save("Table") is None
    assert "rules" in draft.name_fault and "cannot be written" in draft.name_fault
    assert (data / "rules").read_text() == "a file where the folder should be"


@pytest.mark.usefixtures("fresh_pygame")
def test_ctrl_o_opens_from_the_nearest_folder_when_the_saves_folder_is_a_file(tmp_path):
    from arena_game.ui.app import App
    from arena_game.ui.screens.dialog import LoadDialogScreen

    blocked = tmp_path / "saves"
    blocked.write_text("not a folder")
    app = App(size=(1280, 720), realtime=False, lang="en")
    screen = app.push(LoadDialogScreen(app, blocked, lambda path: None))
    app.run(frames=12)
    assert screen.folder == tmp_path and blocked.read_text() == "not a folder"
