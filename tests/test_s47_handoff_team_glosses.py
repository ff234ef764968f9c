"""The hand-off curtain's "Last turn of …" title names every team that played since the last
curtain. One team's name was glossed by the catalog ("Rouges (Reds)"), but two or more were
joined into one field first, and the English window showed them bare ("Rouges, Bleus")."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens.handoff import HandoffScreen
from tests.ui_driver import board, open_app, press_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize(("lang", "named"), [("en", ["Rouges (Reds)", "Bleus (Blues)"]), ("fr", ["Rouges", "Bleus"])])
def test_a_curtain_after_two_teams_turns_names_each_team_as_the_window_does(lang, named):
    ctrl = ui_match("......\n......\n......", {"a": {"team": "rouges", "at": (1, 1)}, "b": {"team": "bleus", "at": (4, 2)},
                                               "c": {"team": "braise", "at": (0, 0)}})
    app = open_app(ctrl, handoff=True, lang=lang)
    press_key(app, pygame.K_e)  # a (Rouges) ends: the curtain for b (Bleus)
    press_key(app, pygame.K_RETURN)
    board(app).handoff_mark = 0  # the next curtain sums up both turns, as after a team without a curtain
    press_key(app, pygame.K_e)  # b (Bleus) ends: the curtain for c (Braise)
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    title = curtain.summary_title
    assert all(name in title for name in named), title
    if lang == "fr":
        assert "(" not in title
