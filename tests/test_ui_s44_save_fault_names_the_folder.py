"""Ctrl+S's write fault, and a GIF's, name the folder at fault when a folder on the way is the
problem (a file where the saves folder should be), as every other write fault does
(`problems.unwritable`): they named the save file the window made up, which the player never
chose and which was not the fault."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.problems import FileProblem
from arena_game.ui.screens.dialog import MessageScreen
from arena_game.ui.showcase import write_gif
from tests.ui_driver import board, open_app, press_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GRID = """
......
......
......
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_ctrl_s_with_a_file_where_the_saves_folder_should_be_names_that_file(tmp_path, lang):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (4, 1)}})
    app = open_app(ctrl, lang=lang)
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    (data / "saves").write_text("not a folder", encoding="utf-8")
    press_key(app, pygame.K_s, pygame.KMOD_CTRL)
    app.run(frames=3)
    status = board(app).hud.status_text
    message = top(app, MessageScreen)
    assert message is not None
    for said in (status, message.line):
        assert str(data / "saves") + (" :" if lang == "fr" else ":") in said, said  # the folder, then its fault
        assert "match-" not in said and ".arena.json" not in said, said  # not the save it would have made
    assert (data / "saves").read_text(encoding="utf-8") == "not a folder"


def test_a_gif_with_a_file_where_its_folder_should_be_names_that_folder(tmp_path):
    (tmp_path / "films").write_text("not a folder", encoding="utf-8")
    out = tmp_path / "films" / "taunt.gif"

    def frames():
        yield pygame.Surface((8, 8))

    with pytest.raises(FileProblem) as caught:
        write_gif(frames, out, 10)
    said = caught.value.in_language("en")
    assert said.startswith(str(tmp_path / "films") + ":"), said
    assert "taunt.gif" not in said
