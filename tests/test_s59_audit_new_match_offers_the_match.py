"""New match (N) over a match, or once it is over, offers that match again: its map, its seed
and its house rules picked on the start screen, so that Play is the rematch the seed's help
promises ("the same seed and the same moves give the same match: … a rematch fairly"). It
offered the default map, seed 0 and the standard rules whatever had been played (s59 audit:
a match on the lava pit with house rules, then N, offered the classic arena)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.formats.house_rules import save_house_rules, with_readings
from arena_game.resources import DEFAULT_MAP
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, open_app, press_key, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_new_match_offers_the_map_seed_and_house_rules_just_played(data, lang):
    paul = with_readings(DEFAULT_SETTINGS, {"turns.initiative_attribute": "physique"})
    save_house_rules("Chez Paul", paul)
    assert DEFAULT_MAP != "fosse-de-lave"
    app = open_app(MatchController(setup_for_map("fosse-de-lave", None, 11, paul)), lang=lang)
    press_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None
    assert start.selected_map() == "fosse-de-lave"
    assert start.seed.get_text() == "11"
    assert start.rules_name == "Chez Paul"
    press_key(app, pygame.K_RETURN)  # Play: the rematch
    setup = board(app).ctrl.setup
    assert Path(setup.map_path or "").stem == "fosse-de-lave" and setup.seed == 11 and setup.settings == paul


def test_s59_a_match_on_rules_no_file_holds_offers_the_standard_ones(data):
    odd = with_readings(DEFAULT_SETTINGS, {"turns.initiative_attribute": "physique"})
    save_house_rules("Chez Paul", with_readings(DEFAULT_SETTINGS, {"turns.initiative_attribute": "sensoriel"}))
    app = open_app(MatchController(setup_for_map("labyrinthe", None, 3, odd)), lang="en")
    press_key(app, pygame.K_n)
    start = top(app, StartScreen)
    assert start is not None and start.selected_map() == "labyrinthe" and start.seed.get_text() == "3"
    assert start.rules_name is None
