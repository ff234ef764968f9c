"""R9.2 in the window when the roster file cannot be updated: the match goes on and the
status line says why in the window's language, once the action is shown. Before, a roster
edited into something else mid-match crashed the window (its `FileProblem` was not caught),
the OS reason came in English in a French window, and the status line was wiped at once."""

import errno
import os
import shutil

import pygame

from arena_game.formats import teamfile
from arena_game.ui.controller import MatchController
from tests.test_ui_roster import DATA, _lava_match
from tests.ui_driver import board, click_button, click_square, open_app, press_key


def _struck(app) -> None:
    press_key(app, pygame.K_1)  # walk
    click_square(app, (2, 1))  # into the lava: the house allows it (R9.2)
    click_button(app, board(app).hud.choice_buttons["strike"])  # lost for good: the roster is to be updated
    screen = board(app)
    while screen.anim.busy:
        app.run(frames=5)
    app.run(frames=2)


def test_r9_2_a_roster_edited_into_another_file_mid_match_is_said_not_a_crash(tmp_path):
    roster = tmp_path / "mes-equipes.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    app = open_app(MatchController(_lava_match(roster), roster=roster))  # French: the window's default
    roster.write_text("teams = 3\n", encoding="utf-8")  # someone else's editor, meanwhile
    _struck(app)
    screen = board(app)
    assert screen.ctrl.state.lost_for_good == ["r1"] and not screen.ctrl.state.over
    assert roster.read_text(encoding="utf-8") == "teams = 3\n"  # nothing written over it
    status = screen.hud.status_text
    assert status.startswith("R9.2 : la feuille d'équipe n'a pas pu être mise à jour : ") and str(roster) in status
    assert status in screen.hud.log_lines


def test_r9_2_a_roster_that_cannot_be_written_is_said_in_the_windows_language(tmp_path, monkeypatch):
    roster = tmp_path / "mes-equipes.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    before = roster.read_bytes()

    def full(path, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(teamfile, "write_atomic", full)
    app = open_app(MatchController(_lava_match(roster), roster=roster))
    _struck(app)
    status = board(app).hud.status_text
    assert status == f"R9.2 : la feuille d'équipe n'a pas pu être mise à jour : {roster} : ne peut pas être écrit (plus de place sur le disque)"
    assert roster.read_bytes() == before
