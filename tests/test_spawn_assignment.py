"""Spawn assignment (issue 16): by default each match draws which spawn square each fighter
takes from its seed, so over a series every spawn is used; `maps.spawn_assignment = "in_order"`
fills them in reading order."""

from arena_game.bots.match import MatchSetup, match_seed, play_bot_match
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, find_map
from arena_game.ui.controller import setup_for_map

IN_ORDER = DEFAULT_SETTINGS.model_copy(
    update={"maps": DEFAULT_SETTINGS.maps.model_copy(update={"spawn_assignment": "in_order"})}
)


def test_16_every_spawn_is_used_over_a_series():
    board = load_map(find_map("arene-classique"))  # 6 spawns a side, teams of 3
    teams = tuple(load_teams(default_teams_path()))
    setup = MatchSetup(board, teams, round_cap=1)
    used = set()
    for i in range(24):
        rec = play_bot_match(setup, match_seed(3, i), i)
        used |= {tuple(sq) for sq in rec.placements.values()}
    assert used == {sq for squares in board.spawns.values() for sq in squares}


def test_16_window_match_draws_spawns_from_its_seed():
    picks = {frozenset(setup_for_map("arene-classique", seed=s).placements.values()) for s in range(12)}
    assert len(picks) > 1  # different seeds, different squares
    assert setup_for_map("arene-classique", seed=4).placements == setup_for_map("arene-classique", seed=4).placements


def test_16_in_order_setting_fills_spawns_in_reading_order():
    board = load_map(find_map("arene-classique"))
    setup = setup_for_map("arene-classique", seed=9, settings=IN_ORDER)
    for team, slot in zip(setup.teams, ("1", "2"), strict=True):
        first = sorted(board.spawns[slot], key=lambda s: (s[1], s[0]))[: len(team.fighters)]
        assert [setup.placements[f.id] for f in team.fighters] == first
