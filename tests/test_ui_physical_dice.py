"""Issue 18, dice at the table in the window: a run asks for its d20 and a tackle for its d8
in a dialog (typed or clicked; a face outside the die refused in place), the faces go into
the save, and the saved match replays byte for byte."""

from __future__ import annotations

from dataclasses import replace

import pygame

from arena_game.core.events import TackleChecked
from arena_game.formats.save import dump_save
from arena_game.i18n import t
from arena_game.ui.controller import MatchController
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import (
    board,
    click_button,
    open_app,
    press_key,
    shot,
    top,
    ui_match,
    wait_while_building,
)

OPEN = "\n".join(["." * 12] * 5)
RUN = {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]}
MACE = {"name": "Masse", "family": "melee", "damage": "2d6"}


def table_match(mode: str = "physical") -> MatchController:
    ctrl = ui_match(OPEN, {"a": {"team": "red", "at": (0, 2), "attributes": {"physique": 3}},
                           "z": {"team": "blue", "at": (2, 1)}})
    return MatchController(replace(ctrl.setup, dice_mode=mode))


def type_face(app, face: str) -> None:
    """Type a face in the dialog asking for it (once it is made, as a player waits to see it) and Enter."""
    wait_while_building(app)
    for ch in face:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.run(frames=2)
    press_key(app, pygame.K_RETURN)


def test_r4_2_r4_7_physical_dice_run_asks_a_d20_then_the_tackle_a_d8_and_the_save_replays(tmp_path):
    app = open_app(table_match(), lang="en", size=(1280, 720))
    steps = [{"kind": "run_step", "to": sq} for sq in RUN["declared"]]
    board(app).play_route([RUN, *steps])  # the route waits while a face is asked, then goes on
    app.run(frames=2)
    wait_while_building(app)
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None and (dialog.need.sides, dialog.need.purpose) == (20, "run")
    assert board(app).ctrl.actions == []  # nothing played while the face is asked
    assert "Physique (strength) 3" in dialog.text.html_text and "5 squares" in dialog.text.html_text
    shot(app, "dice-dialog-run-en-1280")
    type_face(app, "25")  # a d20 cannot show 25: refused in place
    assert top(app, FaceDialogScreen) is dialog
    assert dialog.error.text == t("table.face_bad", "en", sides=20, face=25)
    type_face(app, "12")
    tackle = top(app, FaceDialogScreen)
    assert tackle is not None and (tackle.need.sides, tackle.need.purpose, tackle.need.against) == (8, "tackle", "z")
    assert len(tackle.face_buttons) == 8
    click_button(app, next(b for b, f in tackle.face_buttons.items() if f == 5))
    assert top(app, FaceDialogScreen) is None
    ctrl = board(app).ctrl
    assert TackleChecked(fighter="a", opponent="z", tackled=False) in ctrl.log
    assert ctrl.match.dice_position.scripted == (12, 5)
    assert ctrl.state.fighters["a"].position == (3, 2)  # the rest of the route was played
    path = ctrl.save(tmp_path / "table.arena.json")
    again = MatchController.load(path)
    assert again.match.dice_position == ctrl.match.dice_position
    assert dump_save(again.to_save()) == path.read_text(encoding="utf-8")


def test_esc_in_the_dialog_plays_nothing():
    app = open_app(table_match())
    board(app).apply(RUN)
    app.run(frames=2)
    press_key(app, pygame.K_ESCAPE)
    assert top(app, FaceDialogScreen) is None and board(app).ctrl.actions == []


def test_mixed_dice_the_computer_rolls_for_the_bots():
    from arena_game.bots.seats import BotSeats

    ctrl = table_match("mixed")
    app = open_app(ctrl, bots=BotSeats(["blue"], ["red", "blue"], 0))
    board(app).apply(RUN)
    app.run(frames=2)
    assert top(app, FaceDialogScreen).need.fighter == "a"  # a's run: the table rolls


def test_the_start_screen_switch_starts_a_match_at_the_table_asking_initiative():
    app = open_app(None, lang="fr")
    start = top(app, StartScreen)
    start.dice_mode = "physical"
    click_button(app, start.go)
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None and dialog.need.purpose == "initiative"
    while top(app, FaceDialogScreen) is not None:
        type_face(app, "10")
    assert board(app).ctrl is not None and board(app).ctrl.setup.dice_mode == "physical"
    assert set(board(app).ctrl.match.dice_position.scripted) == {10}


def test_r0_4_damage_dice_are_asked_one_by_one_saying_which_die(tmp_path):
    ctrl = ui_match("......\n......", {"a": {"team": "red", "at": (0, 0), "weapon": MACE},
                                        "z": {"team": "blue", "at": (1, 0)}})
    app = open_app(MatchController(replace(ctrl.setup, dice_mode="physical")), lang="en")
    board(app).apply({"kind": "attack", "target": "z"})
    app.run(frames=2)
    asked = []
    for face in ("15", "2", "8", "4", "6"):  # a's attack, z's dodge, where it hits (R12.2), the mace's two d6
        wait_while_building(app)
        dialog = top(app, FaceDialogScreen)
        assert dialog is not None
        asked.append((dialog.need.purpose, dialog.need.fighter, dialog.need.sides, dialog.need.count,
                      dialog.which.text if dialog.which.visible else ""))
        type_face(app, face)
    assert [x[:4] for x in asked[:3]] == [("attack", "a", 20, 1), ("dodge", "z", 20, 1), ("location", "a", 20, 1)]
    assert asked[3][1:] == ("a", 6, 2, "die 1 of 2") and asked[4][1:] == ("a", 6, 2, "die 2 of 2")
    damage = [e.roll for e in board(app).ctrl.log if e.type == "dice_rolled"][-1]
    assert (damage.face, [x.value for x in damage.terms if x.kind == "die"]) == (4, [6])
    path = board(app).ctrl.save(tmp_path / "mace.arena.json")
    assert dump_save(MatchController.load(path).to_save()) == path.read_text(encoding="utf-8")


def test_undo_at_the_table_in_the_window_works_as_with_computer_dice():
    app = open_app(table_match())
    board(app).apply({"kind": "walk", "to": (1, 2)})
    press_key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert board(app).ctrl.actions == [] and board(app).ctrl.state.fighters["a"].position == (0, 2)
    board(app).apply(RUN)
    app.run(frames=2)
    type_face(app, "12")
    assert len(board(app).ctrl.actions) == 1
    press_key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # a roll is never taken back, at the table either
    assert len(board(app).ctrl.actions) == 1 and not board(app).ctrl.can_undo()


def test_mixed_dice_the_computer_rolls_for_the_bot_and_the_table_for_the_person(tmp_path):
    from arena_game.bots.seats import BotSeats

    ctrl = ui_match("......\n......", {"z": {"team": "blue", "at": (1, 0)}, "a": {"team": "red", "at": (0, 0)}})
    app = open_app(MatchController(replace(ctrl.setup, dice_mode="mixed")), bots=BotSeats(["blue"], ["blue", "red"], 0))
    asked = []
    for _ in range(200):  # the bot's turn: its own rolls made at once, the person's asked
        dialog = top(app, FaceDialogScreen)
        if dialog is not None:
            asked.append(dialog.need.fighter)
            type_face(app, "10")
        elif board(app).ctrl.state.active.id == "a":
            break
        app.run(frames=1)
    ctrl = board(app).ctrl
    assert ctrl.state.active.id == "a"
    bot_rolls = [e.roll for e in ctrl.log if e.type == "dice_rolled" and e.fighter == "z"]
    assert bot_rolls and set(asked) == {"a"}  # the bot rolled without a dialog; a's dodge was asked
    assert ctrl.match.dice_position.table and len(ctrl.match.dice_position.scripted) == len(bot_rolls) + len(asked)
    path = ctrl.save(tmp_path / "mixed.arena.json")
    assert dump_save(MatchController.load(path).to_save()) == path.read_text(encoding="utf-8")
