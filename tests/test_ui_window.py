"""The real window, headless, driven by posted mouse and key events; asserts on state and pixels."""

from __future__ import annotations

import random

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.modes import WalkMode
from arena_game.ui.screens.dialog import LoadDialogScreen
from arena_game.ui.screens.handoff import HandoffScreen
from arena_game.ui.screens.start import StartScreen
from arena_game.ui.windows import match_window
from tests.ui_driver import (
    board,
    click_at,
    click_button,
    click_square,
    open_app,
    pixel,
    press_key,
    shot,
    top,
    ui_match,
    wait_while_building,
)

GRID = """
........
........
........
........
"""
RED = (0xC0, 0x39, 0x2B)


pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _close(a, b, tol=12):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def test_default_match_opens_on_the_default_map_and_draws_it():
    app = open_app(MatchController(setup_for_map("arene-classique", None, 3)))
    assert board(app).ctrl.state.board.name == "Arène classique"
    assert isinstance(board(app).mode, WalkMode)
    f = board(app).ctrl.state.active
    assert _close(pixel(app, f.position, dy=-0.28), tuple(pygame.Color(board(app).ctrl.state.teams[f.team].colour))[:3])
    shot(app, "match")


def test_r2_1_walk_by_clicking_a_square_then_end_turn_with_e():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    floor = pixel(app, (2, 1))
    click_square(app, (2, 1))
    assert board(app).ctrl.state.fighters["a"].position == (2, 1)
    assert _close(pixel(app, (2, 1), dy=-0.28), RED)
    assert not _close(pixel(app, (1, 1), dy=-0.28), RED)
    assert floor != pixel(app, (2, 1), dy=-0.28)
    assert any("marche" in line for line in board(app).hud.log_lines)
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id == "b"
    shot(app, "walk")


def test_r2_2_refused_square_says_why_and_changes_nothing():
    grid = """
....
.#..
....
"""
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 2)}})
    app = open_app(ctrl)
    before = board(app).ctrl.state
    pos = board(app).camera.square_centre((1, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run(frames=1)
    assert "R13" in board(app).card_text
    click_square(app, (1, 1))
    assert board(app).ctrl.state is before
    assert "R13" in board(app).hud.status_text


def test_undo_takes_back_a_walk_but_not_a_roll():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    click_square(app, (2, 2))
    assert board(app).ctrl.state.fighters["a"].position == (2, 2)
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board(app).ctrl.state.fighters["a"].position == (1, 1)
    assert board(app).ctrl.actions == []
    assert not any("marche" in line for line in board(app).hud.log_lines)


def test_undo_never_takes_back_the_other_teams_turn():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)},
                           "c": {"team": "blue", "at": (6, 0)}}, order=["a", "b", "c"])
    app = open_app(ctrl)
    click_square(app, (2, 2))
    press_key(app, pygame.K_e)  # red's turn over: blue plays
    assert board(app).ctrl.state.active.id == "b" and not board(app).ctrl.can_undo()
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board(app).ctrl.state.active.id == "b" and board(app).ctrl.state.fighters["a"].position == (2, 2)
    press_key(app, pygame.K_e)  # b hands over to c, on the same side: that one may be taken back
    assert board(app).ctrl.state.active.id == "c" and board(app).ctrl.can_undo()
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board(app).ctrl.state.active.id == "b"


def test_r3_1_a_flee_roll_cannot_be_undone():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}}, faces=[3])
    app = open_app(ctrl)
    click_square(app, (0, 1))
    assert board(app).ctrl.state.fighters["a"].position == (0, 1)
    press_key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board(app).ctrl.state.fighters["a"].position == (0, 1)
    assert "dés" in board(app).hud.status_text or "dice" in board(app).hud.status_text


def test_save_with_ctrl_s_and_load_with_ctrl_o_replays_exactly(tmp_path):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}}, faces=[3])
    app = open_app(ctrl)
    click_square(app, (0, 1))  # a flight: rolls a d4
    press_key(app, pygame.K_e)
    click_square(app, (3, 2))  # b walks away: a is not adjacent any more
    saved_log = [e.model_dump() for e in board(app).ctrl.log]
    press_key(app, pygame.K_s, pygame.KMOD_CTRL)
    saves = list((tmp_path / "data" / "saves").glob("*.arena.json"))
    assert len(saves) == 1
    # play on, then load the save back through the file dialog
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id == "a"
    press_key(app, pygame.K_o, pygame.KMOD_CTRL)
    picker = top(app, LoadDialogScreen)
    assert picker is not None and picker.window is not None and picker.window.alive()
    dialog = picker.window
    shot(app, "load-dialog")
    lst = dialog.file_selection_list.rect
    click_at(app, (lst.x + 60, lst.y + 12), frames=3)  # the one save in the list
    click_button(app, dialog.ok_button, frames=4)
    assert board(app).ctrl.state.active.id == "b"
    assert board(app).ctrl.state.fighters["b"].position == (3, 2)
    assert [e.model_dump() for e in board(app).ctrl.log] == saved_log


def test_corrupt_save_is_a_message_in_the_window_not_a_crash(tmp_path):
    bad = tmp_path / "bad.arena.json"
    bad.write_text('{"format": "arena-save", "seed": "x"', encoding="utf-8")
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    assert board(app).load(bad) is False
    app.run(frames=2)
    assert "bad.arena.json" in board(app).hud.status_text
    assert board(app).ctrl is ctrl
    shot(app, "corrupt-save")


def test_autosave_is_written_each_turn(tmp_path):
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    ctrl.autosave = True
    app = open_app(ctrl)
    click_square(app, (2, 1))
    press_key(app, pygame.K_e)
    auto = tmp_path / "data" / "autosave.arena.json"
    assert auto.exists()
    again = MatchController.load(auto)
    assert again.state.fighters["a"].position == (2, 1)
    assert again.state.active.id == "b"


def test_greyed_action_shows_the_core_refusal_as_its_tooltip_and_on_click():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    swim = board(app).hud.buttons["swim"]
    assert "R2.3" in swim.tool_tip_text
    click_button(app, swim)
    assert "R2.3" in board(app).hud.status_text
    assert board(app).mode.name == "walk"


def test_handoff_banner_between_teams_and_match_over_screen():
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl, handoff=True)
    press_key(app, pygame.K_e)
    assert top(app, HandoffScreen) is not None
    shot(app, "handoff")
    press_key(app, pygame.K_e)  # ignored while the banner is up
    assert board(app).ctrl.state.active.id == "b"
    press_key(app, pygame.K_RETURN)
    assert top(app, HandoffScreen) is None


def test_camera_pan_zoom_fit_and_resize():
    app = open_app(MatchController(setup_for_map("arene-classique", None, 1)))
    ox = board(app).camera.ox
    press_key(app, pygame.K_LEFT)
    assert board(app).camera.ox > ox
    tile = board(app).camera.tile
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False))
    app.run(frames=1)
    assert board(app).camera.tile < tile
    press_key(app, pygame.K_f)
    assert board(app).camera.tile == tile
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640)))
    app.run(frames=2)
    assert app.screen.get_size() == (1000, 640)
    assert board(app).camera.square_at(board(app).camera.square_centre((3, 3))) == (3, 3)
    shot(app, "small-window")


def test_start_screen_picks_a_map_and_starts_a_match():
    app = match_window(None, realtime=False)
    app.run(frames=2)
    wait_while_building(app)
    assert top(app, StartScreen) is not None
    shot(app, "start")
    click_button(app, top(app, StartScreen).go, frames=3)
    assert top(app, StartScreen) is None and board(app).ctrl is not None
    assert board(app).ctrl.state.board.name == "Arène classique"


@pytest.mark.parametrize("map_name, seed", [("tutoriel", 5), ("arene-classique", 8)])
def test_any_clicks_and_keys_leave_a_legal_state(map_name, seed):
    rng = random.Random(seed)
    app = open_app(MatchController(setup_for_map(map_name, None, seed)))
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
            pygame.K_9, pygame.K_0, pygame.K_e, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE,
            pygame.K_LEFT, pygame.K_f, pygame.K_p, pygame.K_m]
    w, h = app.screen.get_size()
    view = board(app).viewport
    for _ in range(300):
        r = rng.random()
        if r < 0.3 and not board(app).ctrl.state.over:  # near the active fighter, where most actions are
            x, y = board(app).ctrl.state.active.position
            click_square(app, (x + rng.randint(-3, 3), y + rng.randint(-3, 3)), frames=1)
        elif r < 0.45:
            click_at(app, (rng.randrange(view.left, view.right), rng.randrange(view.top, view.bottom)), frames=1)
        elif r < 0.6:
            click_at(app, (rng.randrange(w), rng.randrange(h)), frames=1)
        elif r < 0.62:
            press_key(app, pygame.K_z, pygame.KMOD_CTRL, frames=1)
        else:
            press_key(app, rng.choice(keys), frames=1)
        for screen in app.stack[1:]:  # dialogs, the start screen, the curtain, match over: back to the board
            app.pop(screen)
        state = board(app).ctrl.state
        squares = [f.position for f in state.fighters.values() if f.alive]
        assert len(squares) == len(set(squares))
        for sq in squares:
            assert state.board.terrain(sq) in (Terrain.FLOOR, Terrain.WATER)
    # what the window shows is exactly what the core gives for the actions it kept
    again = MatchController.replay(board(app).ctrl.setup, board(app).ctrl.actions)
    assert [e.model_dump_json() for e in again.log] == [e.model_dump_json() for e in board(app).ctrl.log]
    assert len(board(app).ctrl.actions) >= 4  # the random player did play (and undo takes some back)


def test_a_bad_map_from_the_start_screen_is_a_message_not_a_crash(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ngrid = """\n#Q#\n"""\n', encoding="utf-8")
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    assert board(app).new_match(str(bad), None, 0) is False
    app.run(frames=2)
    status = board(app).hud.status_text  # a French window: the fault in French too
    assert "bad.toml:3:2 : symbole inconnu 'Q'" in status and "unknown" not in status
    assert board(app).ctrl is ctrl


def test_the_current_mode_button_is_selected_and_follows_the_mode():
    """The action bar marks the current mode (its selected state, no rebuilt button); an
    unavailable action stays greyed, never marked."""
    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    buttons = board(app).hud.buttons
    assert buttons["walk"].is_selected and not buttons["run"].is_selected
    press_key(app, pygame.K_2)
    assert buttons["run"].is_selected and not buttons["walk"].is_selected
    press_key(app, pygame.K_1)
    assert buttons["walk"].is_selected and not buttons["run"].is_selected
    assert not buttons["stand"].is_selected and buttons["stand"].object_ids[-1] == "#unavailable"


def test_an_action_refused_shows_its_greyed_button_without_rebuilding_one(monkeypatch):
    """Issue 14 speed: availability swaps an action's two faces (plain, greyed), made once,
    instead of giving a button a new object id (its shapes rebuilt, in the frame that starts
    the animation); the greyed face still answers a click with the refusal."""
    from pygame_gui.elements import UIButton

    ctrl = ui_match(GRID, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (6, 2)}})
    app = open_app(ctrl)
    app.run(frames=40)  # quiet frames: the other faces made ahead of need
    hud = board(app).hud
    plain = hud.buttons["walk"]
    assert plain.object_ids[-1] == "#act_walk" and plain.visible
    rebuilt: list[object] = []
    monkeypatch.setattr(UIButton, "change_object_id", lambda self, *a, **k: rebuilt.append(self))
    made: list[object] = []
    real_init = UIButton.__init__

    def counting_init(self, *a, **k):
        made.append(self)
        real_init(self, *a, **k)

    monkeypatch.setattr(UIButton, "__init__", counting_init)
    click_square(app, (2, 1))  # a walks: its move is spent (R0.6)
    greyed = hud.buttons["walk"]
    assert greyed is not plain and greyed.object_ids[-1] == "#unavailable"
    assert greyed.visible and not plain.visible and greyed.relative_rect == plain.relative_rect
    assert greyed.refusal and "R0.6" in greyed.refusal
    click_button(app, greyed)
    assert greyed.refusal in board(app).hud.status_text
    press_key(app, pygame.K_e)
    press_key(app, pygame.K_e)  # the turn is b's: it may walk
    app.run(frames=4)
    assert hud.buttons["walk"] is plain and plain.visible and not greyed.visible
    assert rebuilt == [] and made == []


def test_panning_keys_go_by_their_place_so_azerty_pans_with_zqsd():
    app = open_app(MatchController(setup_for_map("arene-classique", None, 1)))
    cam = board(app).camera
    moves = []
    # (key typed, where it sits): AZERTY's Z Q S D sit where a US keyboard has W A S D
    for key, place in ((pygame.K_q, pygame.KSCAN_A), (pygame.K_d, pygame.KSCAN_D),
                       (pygame.K_z, pygame.KSCAN_W), (pygame.K_s, pygame.KSCAN_S)):
        before = (cam.ox, cam.oy)
        press_key(app, key, scancode=place, frames=1)
        moves.append((cam.ox - before[0] > 0, cam.ox - before[0] < 0, cam.oy - before[1] > 0, cam.oy - before[1] < 0))
    assert moves == [(True, False, False, False), (False, True, False, False),
                     (False, False, True, False), (False, False, False, True)]  # left, right, up, down
    before = (cam.ox, cam.oy)
    press_key(app, pygame.K_a, scancode=pygame.KSCAN_Q, frames=1)  # AZERTY's A sits where US has Q
    press_key(app, pygame.K_w, scancode=pygame.KSCAN_Z, frames=1)  # and its W where US has Z
    assert (cam.ox, cam.oy) == before
    from arena_game.ui import keys

    assert keys.command("e", ("board",), place="d") == "end"  # a letter's own meaning comes first
    assert keys.command("z", ("board",), ctrl=True, place="w") == "undo"  # Ctrl+Z keeps its letter
    assert keys.command("q", ("board",), ctrl=True, place="a") is None  # and Ctrl with a place pans nothing
