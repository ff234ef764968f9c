"""The window plays bot seats and reloads a watched map (headless, real App)."""

import os

import pygame
import pytest

from arena_game.bots.seats import BotSeats, UnknownTeam
from arena_game.cli import main
from arena_game.design.hotreload import MapWatcher
from tests.ui_driver import board, open_app, ui_match

GRID = """
........
........
........
"""
MAP = 'name = "watched"\ngrid = """\n{grid}\n"""\n'


def _ctrl():
    return ui_match(GRID, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (7, 2)}})


def test_a_bot_seat_plays_its_team_and_hands_back_to_the_person():
    ctrl = _ctrl()
    app = open_app(ctrl, bots=BotSeats(["blue"], ["red", "blue"], seed=3))
    ctrl.apply({"kind": "end_turn"})  # the person (red) ends a's turn; b (blue, a bot) has the move
    board(app).refresh()
    app.run(frames=200)  # not real time: 1/60 s a frame, a bot action every 0.45 s
    kinds = [a.kind for a in ctrl.actions]
    assert kinds[0] == "end_turn"
    assert "end_turn" in kinds[1:], kinds  # the bot finished its turn by itself
    assert ctrl.state.active.team == "red"  # and waits for the person
    n = len(ctrl.actions)
    app.run(frames=60)
    assert len(ctrl.actions) == n  # no bot moves for a person's seat
    pygame.quit()


def test_bots_all_play_a_whole_watched_match():
    ctrl = _ctrl()
    app = open_app(ctrl, bots=BotSeats(["all"], ["red", "blue"], seed=5))
    for _ in range(40):
        app.run(frames=200)
        if ctrl.state.over:
            break
    assert ctrl.state.over and ctrl.state.winner in ("red", "blue")
    pygame.quit()


def test_unknown_bot_team_is_refused():
    with pytest.raises(UnknownTeam, match="green"):
        BotSeats(["green"], ["red", "blue"], seed=0)


def test_play_bot_with_an_unknown_team_is_one_line_exit_2(capsys):
    assert main(["play", "arene-classique", "--bot", "nobody", "--frames", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "nobody" in err and len(err.splitlines()) == 1


def _write(path, grid, bump):
    path.write_text(MAP.format(grid=grid), encoding="utf-8")
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + bump * 1_000_000_000))


def test_watch_reloads_the_map_in_the_window_and_survives_a_broken_file(tmp_path):
    p = tmp_path / "m.toml"
    _write(p, "1......2\n........\n........", 0)
    ctrl = _ctrl()
    app = open_app(ctrl, watcher=MapWatcher(p))
    _write(p, "L.....12\n........\n........", 1)  # lava where a stands
    app.run(frames=40)
    assert ctrl.state.board.terrain((0, 0)).value == "lava"
    assert ctrl.state.fighters["a"].position == (1, 0)
    assert "(0, 0)" in " ".join(board(app).hud.log_lines) and board(app).view.board is ctrl.state.board
    _write(p, "L.....12\n.......", 2)  # ragged: refused, the match goes on
    app.run(frames=40)
    assert "ragged row" in board(app).hud.status_text
    assert ctrl.state.board.terrain((0, 0)).value == "lava"
    ctrl.apply({"kind": "walk", "to": (2, 0)})  # still playable
    _write(p, "1........2\n..........\n..........\n..........", 3)  # bigger: the camera follows
    app.run(frames=40)
    assert (ctrl.state.board.width, ctrl.state.board.height) == (10, 4)
    assert board(app).camera.board_size == (10, 4)
    pygame.quit()


def test_16_watch_then_resume_replays_the_reloaded_map(tmp_path):
    from arena_game.formats.save import autosave_path
    from arena_game.ui.controller import MatchController

    p = tmp_path / "m.toml"
    _write(p, "1......2\n........\n........", 0)
    ctrl = _ctrl()
    ctrl.autosave = True
    app = open_app(ctrl, watcher=MapWatcher(p))
    ctrl.apply({"kind": "walk", "to": (0, 1)})
    _write(p, "1.L....2\n..L.....\n........", 1)  # lava where a now stands
    app.run(frames=40)
    assert ctrl.state.board.terrain((0, 1)).value == "floor"
    assert ctrl.state.board.terrain((2, 1)).value == "lava"
    for action in ({"kind": "end_turn"}, {"kind": "walk", "to": (6, 2)}, {"kind": "end_turn"},
                   {"kind": "walk", "to": (1, 1)}):  # played on the reloaded map
        ctrl.apply(action)
    ctrl.write_autosave()
    resumed = MatchController.load(autosave_path())
    assert resumed.state.board.terrain((2, 1)).value == "lava"
    assert resumed.state.fighters["a"].position == (1, 1) == ctrl.state.fighters["a"].position
    assert resumed.log == ctrl.log and resumed.actions == ctrl.actions
    # a reload cannot be undone past: the state before it had another board
    assert not ctrl.can_undo() or ctrl.match.board_changes
    pygame.quit()


def test_16_reload_recorded_in_the_match_replays_from_its_save(tmp_path):
    from arena_game.core.match import Match, ReplayFailed
    from arena_game.formats.save import match_from_save, read_save_dice, write_save
    from tests.builders import tiny_board

    ctrl = _ctrl()
    ctrl.apply({"kind": "walk", "to": (1, 0)})
    moves = ctrl.change_board(tiny_board("LL......\n........\n........"))
    assert [(m.fighter, m.origin, m.to) for m in moves] == [("a", (1, 0), (2, 0))]
    assert not ctrl.can_undo()  # the walk was before the reload
    for action in ({"kind": "end_turn"}, {"kind": "end_turn"}, {"kind": "walk", "to": (3, 0)}):
        ctrl.apply(action)
    path = write_save(tmp_path / "s.arena.json", ctrl.to_save())
    loaded = read_save_dice(path)
    assert [c.after for c in loaded.board_changes] == [1]
    assert len(loaded.actions) == 4
    match = match_from_save(path, loaded.setup, loaded.actions, loaded.dice, loaded.board_changes)
    assert match.state.fighters["a"].position == (3, 0)
    assert match.state.board.terrain((0, 0)).value == "lava"
    # without the recorded reload the same actions do not replay (the proof the record matters)
    with pytest.raises(ReplayFailed, match=r"actions\[3\]: R2.1"):
        Match.replay(loaded.setup, loaded.actions)


def test_a_new_match_in_the_window_makes_its_bots_forget_the_last_ones_play():
    seats = BotSeats(["all"], ["red", "blue"], seed=3)
    app = open_app(_ctrl(), bots=seats)
    app.run(frames=120)  # the bots play a few turns: each remembers its turn, step and enemies
    played = [bot for bot in seats.bots.values() if bot._turn is not None]
    assert played
    blue = seats.bots["blue"]
    blue.step_plan = (1, "b", (), (6, 2))  # a plan of the last match, keyed as the next one's would be
    blue._seen, blue.coming = {"a": (0, 0)}, {"a"}
    board(app).set_match(_ctrl())  # "New match" in the window keeps its seats
    for bot in seats.bots.values():
        assert (bot._turn, bot._steps, bot.step_plan, bot.run_routes, bot._seen, bot.coming) == (None, 0, None, None, {}, set())
    assert board(app).bots.ready is None
    pygame.quit()


def test_play_bot_with_an_unknown_team_says_so_in_the_asked_language(capsys):
    assert main(["play", "arene-classique", "--bot", "nobody", "--frames", "1", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "arena-game : --bot nobody : aucune équipe de ce nom (équipes : lions, vipers)\n"
