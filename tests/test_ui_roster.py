"""R9.2 in the window: a fighter lost for good is struck off the user's roster file."""

import shutil
from dataclasses import replace
from pathlib import Path

import pygame

from arena_game.core.settings import RulesSettings, TeamSettings
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path
from arena_game.ui.controller import MatchController, setup_for_map, user_roster
from tests.ui_driver import board, click_button, click_square, open_app, press_key

DATA = Path(__file__).resolve().parent / "data"
ALLOWED = RulesSettings(teams=TeamSettings(suicide_allowed=True))


def _lava_match(roster, settings=ALLOWED):
    """Mirror teams on the map with lava beside team 1's spawn (1, 1); Rouge Un plays first."""
    setup = setup_for_map(str(DATA / "maps" / "dead-by-spawn.toml"), roster, seed=1, settings=settings)
    assert setup.placements["r1"] == (1, 1)
    return replace(setup, turn_order=["r1", "b1", "r2", "b2"])


def _ids(path):
    return [f.id for t in load_teams(path) for f in t.fighters]


def test_r9_2_walk_into_lava_strikes_the_fighter_off_the_roster_file(tmp_path):
    roster = tmp_path / "mes-equipes.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    app = open_app(MatchController(_lava_match(roster), roster=roster))
    press_key(app, pygame.K_1)  # walk
    click_square(app, (2, 1))  # into the lava: the house allows it (R9.2)
    assert board(app).mode.name == "suicide_verdict" and board(app).ctrl.state.suicide_pending == "r1"
    assert _ids(roster) == ["r1", "r2", "b1", "b2"]  # nothing struck off before the opponents' word
    click_button(app, board(app).hud.choice_buttons["strike"])  # the opponents do not grant the exception
    assert board(app).ctrl.state.lost_for_good == ["r1"]
    assert _ids(roster) == ["r2", "b1", "b2"]
    assert list(tmp_path.iterdir()) == [roster]  # written atomically: no temporary file left
    assert board(app).hud.log_lines[-1] == "R9.2 : Rouge Un est rayé pour toujours de la feuille d'équipe mes-equipes.toml"
    assert not board(app).ctrl.can_undo()  # the file is changed: the action cannot be taken back
    load_teams(roster)  # still a valid roster


def test_r9_2_the_shipped_default_teams_are_never_rewritten(tmp_path):
    shipped = default_teams_path()
    before = shipped.read_bytes()
    assert user_roster(shipped) is None and user_roster(None) is None
    assert user_roster(tmp_path / "x.toml") == (tmp_path / "x.toml").resolve()
    big = tmp_path / "lava-by-the-spawn.toml"  # room for the default teams' three fighters a side
    big.write_text('name = "Lava"\ndescription = "Lava by team 1."\ngrid = """\n#########\n#1L....2#\n'
                   '#1.....2#\n#1.....2#\n#########\n"""\n', encoding="utf-8")
    setup = setup_for_map(str(big), None, seed=1, settings=ALLOWED)
    first = next(f.id for f in setup.teams[0].fighters if setup.placements[f.id] == (1, 1))
    others = [f.id for t in setup.teams for f in t.fighters if f.id != first]
    ctrl = MatchController(replace(setup, turn_order=[first, *others]), roster=shipped)
    events = ctrl.apply({"kind": "walk", "to": (2, 1)})
    events += ctrl.apply({"kind": "suicide_verdict", "target": first, "spared": False})
    assert [e.type for e in events][:2] == ["moved", "died"] and events[-1].type == "lost_for_good"
    assert ctrl.roster is None and ctrl.roster_removed == []
    assert shipped.read_bytes() == before


def test_r9_2_a_match_without_a_roster_file_or_without_the_leave_changes_no_file(tmp_path):
    roster = tmp_path / "r.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    ctrl = MatchController(_lava_match(roster, RulesSettings()), roster=roster)
    ctrl.apply({"kind": "end_turn"})
    assert _ids(roster) == ["r1", "r2", "b1", "b2"]
    loaded = MatchController(_lava_match(roster))  # no roster given (a replayed save): nothing written
    loaded.apply({"kind": "walk", "to": (2, 1)})
    loaded.apply({"kind": "suicide_verdict", "target": "r1", "spared": False})
    assert loaded.state.lost_for_good == ["r1"] and _ids(roster) == ["r1", "r2", "b1", "b2"]


def test_r9_2_a_loaded_save_keeps_striking_fighters_off_its_roster_file(tmp_path):
    roster = tmp_path / "mes-equipes.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    first = MatchController(_lava_match(roster), roster=roster)
    first.save(tmp_path / "m.arena.json")
    assert first.to_save().roster == str(roster.resolve())
    app = open_app(MatchController.load(tmp_path / "m.arena.json"))
    assert board(app).ctrl.roster == roster.resolve()
    press_key(app, pygame.K_1)  # walk
    click_square(app, (2, 1))  # into the lava, with the house's leave
    press_key(app, pygame.K_RETURN)  # the opponents' verdict: lost for good
    assert _ids(roster) == ["r2", "b1", "b2"]
    assert board(app).hud.log_lines[-1] == "R9.2 : Rouge Un est rayé pour toujours de la feuille d'équipe mes-equipes.toml"
    board(app).ctrl.save(tmp_path / "after.arena.json")
    again = MatchController.load(tmp_path / "after.arena.json")  # replaying the lava walk writes nothing
    assert again.state.lost_for_good == ["r1"] and again.roster == roster.resolve()
    assert _ids(roster) == ["r2", "b1", "b2"]


def test_r9_2_a_save_whose_roster_file_is_gone_still_loads_and_says_so(tmp_path):
    roster = tmp_path / "r.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    MatchController(_lava_match(roster), roster=roster).save(tmp_path / "m.arena.json")
    roster.rename(tmp_path / "moved.toml")
    app = open_app(MatchController.load(tmp_path / "m.arena.json"))
    assert board(app).ctrl.roster is None and board(app).ctrl.roster_missing == str(roster.resolve())
    assert board(app).hud.log_lines[-1].startswith(f"R9.2 : la feuille d'équipe {roster.resolve()} est introuvable")
    press_key(app, pygame.K_1)
    click_square(app, (2, 1))
    press_key(app, pygame.K_RETURN)  # the opponents' verdict: lost for good
    assert board(app).ctrl.state.lost_for_good == ["r1"] and not roster.exists()
    assert board(app).ctrl.to_save().roster == str(roster.resolve())  # kept: putting the file back re-enables it
    assert _ids(tmp_path / "moved.toml") == ["r1", "r2", "b1", "b2"]


def test_r9_2_a_match_on_the_shipped_teams_saves_no_roster(tmp_path):
    ctrl = MatchController(setup_for_map("arene-classique", None, seed=1), roster=default_teams_path())
    assert ctrl.to_save().roster is None


def test_r9_2_opponents_spare_the_fighter_in_the_window(tmp_path):
    roster = tmp_path / "mes-equipes.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    app = open_app(MatchController(_lava_match(roster), roster=roster))
    press_key(app, pygame.K_1)
    click_square(app, (2, 1))
    assert "Bleus : accordez-vous l'exception" in board(app).mode.prompt(board(app).ctrl.state, "fr")
    click_button(app, board(app).hud.choice_buttons["spare"])
    assert board(app).ctrl.state.lost_for_good == [] and board(app).ctrl.state.suicide_pending is None
    assert _ids(roster) == ["r1", "r2", "b1", "b2"]
    assert board(app).mode.name != "suicide_verdict"
