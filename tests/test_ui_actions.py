"""The window's action modes, driven by posted clicks and keys with scripted dice (R4, R0.4, R5, R6)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.modes import RunDeclareMode
from arena_game.ui.screens.match_over import MatchOverScreen
from tests.ui_driver import (
    board,
    click_button,
    click_square,
    open_app,
    pixel,
    press_key,
    shot,
    top,
    ui_match,
)

WIDE = """
..........
..........
..........
"""
BLUE = (0x24, 0x71, 0xA3)


pytestmark = pytest.mark.usefixtures("fresh_pygame")


def test_r4_full_run_declared_then_free_step_then_tackled():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (2, 0)},
                           "c": {"team": "blue", "at": (5, 0)}}, faces=[20, 2, 1])
    app = open_app(ctrl)
    press_key(app, pygame.K_2)
    assert isinstance(board(app).mode, RunDeclareMode)
    click_square(app, (1, 1))
    click_square(app, (2, 1))
    kinds = {h.square: h.kind for h in board(app).current_highlights()}
    assert kinds[(1, 1)] == "declared" and kinds[(2, 1)] == "declared"
    assert kinds[(3, 1)] == "option"  # R4.4: straight on is declarable
    chances = {h.square: h.label for h in board(app).current_highlights() if h.kind == "chance"}
    # run_probability_map: 5 squares on a 20 (5%), less the tackle d8s passing b and c (R4.7): 4%
    assert (1, 1) not in chances and chances[(5, 1)] == "4\u202f%"  # a declared square shows its number, not a chance
    assert (5, 1) in [h.square for h in board(app).current_highlights() if h.kind == "tackle"]
    assert (1, 1) not in [h.square for h in board(app).current_highlights() if h.kind == "tackle"]
    assert (6, 1) not in chances
    assert (1, 1) not in [h.square for h in board(app).current_highlights() if h.kind == "option"]
    shot(app, "run-declare")
    click_square(app, (3, 1))  # the third declared square: the roll (20 → 5 squares)
    state = board(app).ctrl.state
    assert state.fighters["a"].position == (0, 1)  # R4.1: the runner then advances square by square
    assert state.budget.run.granted == 5
    assert board(app).mode.name == "run_go"
    assert [h.square for h in board(app).current_highlights() if h.kind == "move"] == [(1, 1)]  # the next declared
    reach = {h.square: h.label for h in board(app).current_highlights() if h.kind == "reach"}
    assert reach[(3, 1)] == "3" and reach[(5, 1)] == "5"  # run_reach: the declared squares first
    shot(app, "run-go")
    click_square(app, (5, 1))  # the route, square by square: leaving (4, 1) beside c, the d8 shows 1
    state = board(app).ctrl.state
    assert state.fighters["a"].position == (4, 1)
    assert state.budget.run.finished and state.budget.run.end_reason == "tackled"
    assert any(" tacle " in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)
    assert any("Tacle (C) : d8\u2002\u20091" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)
    assert pixel(app, (4, 1)) != pixel(app, (5, 1))
    assert not board(app).ctrl.can_undo()


def test_r0_4_attack_shows_the_forecast_then_logs_every_roll():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}},
                    faces=[15, 3, 5, 4])
    app = open_app(ctrl)
    press_key(app, pygame.K_5)
    assert board(app).mode.name == "attack"
    target = [h for h in board(app).current_highlights() if h.square == (2, 1) and h.kind == "target"]
    assert len(target) == 1 and target[0].label.endswith("%")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board(app).camera.square_centre((2, 1)), rel=(0, 0), buttons=(0, 0, 0)))
    app.run(frames=1)
    assert "toucher" in board(app).card_text and "tuer" in board(app).card_text
    shot(app, "attack")
    click_square(app, (2, 1))
    assert board(app).ctrl.state.fighters["b"].pv == 15
    assert any("Dégâts : d6\u2002\u20094 + localisation (torse) 1 = 5" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)
    assert any("Esquive : d20\u2002\u20093" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)


def test_r5_push_into_lava_flags_the_hazard_and_ends_the_match(recwarn):
    grid = """
....L.
......
"""
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (2, 0)}, "b": {"team": "blue", "at": (3, 0)}}, faces=[15, 3])
    app = open_app(ctrl)
    token = pixel(app, (3, 0), dy=0.25)
    floor = pixel(app, (0, 1), dy=0.25)  # plain floor, away from any highlight (and the coordinates along the edges)
    assert token != floor
    press_key(app, pygame.K_7)
    assert board(app).mode.name == "push"
    hl = {(h.square, h.kind) for h in board(app).current_highlights()}
    assert ((3, 0), "target") in hl
    assert ((4, 0), "hazard") in hl  # R2.5: pushed into lava, it dies
    shot(app, "push")
    click_square(app, (3, 0))
    state = board(app).ctrl.state
    assert not state.fighters["b"].alive
    assert state.over and state.winner == "red"
    over = top(app, MatchOverScreen)
    assert over is not None
    shot(app, "match-over")
    click_button(app, over.buttons["close"])
    assert top(app, MatchOverScreen) is None and app.top is board(app)
    assert pixel(app, (3, 0), dy=0.25) == floor  # the pushed token is gone: plain floor
    # every font the match-over panel uses is preloaded: no pygame_gui warning on the terminal
    assert [str(w.message).split()[4] for w in recwarn if "not already loaded" in str(w.message)] == []


def test_r6_teleport_by_potion_to_a_highlighted_square():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1), "teleport_potions": 1},
                           "b": {"team": "blue", "at": (2, 0)}})
    app = open_app(ctrl)
    press_key(app, pygame.K_8)
    assert board(app).mode.name == "teleport"
    moves = {h.square for h in board(app).current_highlights() if h.kind == "move"}
    assert (8, 2) in moves and (2, 0) not in moves
    assert set(board(app).hud.choice_buttons) == {"potion", "spell"}
    shot(app, "teleport")
    click_square(app, (8, 2))
    state = board(app).ctrl.state
    assert state.fighters["a"].position == (8, 2)
    assert state.fighters["a"].teleport_potions == 0
    assert any("se téléporte" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)


def test_r7_taunt_choices_show_the_core_eligibility():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (2, 0)}}, faces=[10])
    app = open_app(ctrl)
    press_key(app, pygame.K_9)
    adv = board(app).hud.choice_buttons["advantaged"]
    assert getattr(adv, "refusal", None) and "R7.1" in adv.refusal
    shot(app, "taunt")
    click_button(app, board(app).hud.choice_buttons["simple"])
    assert board(app).ctrl.state.budget.acted
    assert any("Provocation" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)


SMALL = """
.....
.....
.....
"""


def test_r8_circle_attack_order_picked_by_clicking_then_enter():
    axe = {"name": "Hache", "family": "two_handed", "damage": "2d6"}
    ctrl = ui_match(SMALL, {"a": {"team": "red", "at": (2, 1), "weapon": axe}, "b": {"team": "blue", "at": (1, 1)},
                            "c": {"team": "blue", "at": (3, 1)}}, faces=[18, 3, 4, 10, 5, 6])
    app = open_app(ctrl)
    press_key(app, pygame.K_6)
    assert board(app).mode.name == "circle"
    assert {h.square for h in board(app).current_highlights() if h.kind == "target"} == {(1, 1), (3, 1)}
    click_square(app, (3, 1))
    click_square(app, (1, 1))
    assert [(h.square, h.label) for h in board(app).current_highlights() if h.kind == "order"] == [((3, 1), "1"), ((1, 1), "2")]
    shot(app, "circle")
    press_key(app, pygame.K_RETURN)
    state = board(app).ctrl.state
    assert state.fighters["c"].pv == 14 and state.fighters["b"].pv == 15  # R8.2: the first named takes the larger half


def test_r2_4_jump_over_an_opponent_shows_difficulty_and_chance():
    ctrl = ui_match(SMALL, {"a": {"team": "red", "at": (0, 1)}, "b": {"team": "blue", "at": (1, 1)}}, faces=[19])
    app = open_app(ctrl)
    press_key(app, pygame.K_4)
    hl = {(h.square, h.kind): h for h in board(app).current_highlights()}
    assert hl[((1, 1), "target")].label == "20\u202f%"  # d20 + 0 against 175 cm ÷ 10 = 17: 4 faces in 20
    assert ((2, 1), "landing") in hl
    click_square(app, (1, 1))
    assert board(app).ctrl.state.fighters["a"].position == (2, 1)
    assert any("franchit" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)


def test_r2_3_swim_path_picked_square_by_square_then_rolled():
    grid = """
.~~~.
.....
"""
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (4, 1)}}, faces=[15])
    app = open_app(ctrl)
    press_key(app, pygame.K_3)
    chances = {h.square: h.label for h in board(app).current_highlights() if h.kind == "chance"}
    assert chances[(1, 0)] == "55\u202f%"  # one square for 10+ on a d20 with no bonus: faces 10–20
    assert chances[(1, 1)] == "5\u202f%"  # climbing out after one square of water: needs 2 squares, a 20
    # squares needing 3+ squares (more than the best roll gives) are not labelled at all, never "0%"
    assert (4, 0) not in chances and (4, 1) not in chances and "0\u202f%" not in chances.values() and "0%" not in chances.values()
    click_square(app, (1, 0))
    click_square(app, (2, 0))
    press_key(app, pygame.K_RETURN)  # the roll: 15 → one square (R2.3)
    assert board(app).ctrl.state.fighters["a"].position == (1, 0)
    assert any("Nage : d20\u2002\u200915" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)


def test_r6_hovering_a_square_the_teleport_refuses_says_why():
    grid = """
..#...
......
"""
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (0, 1), "teleport_potions": 1}, "b": {"team": "blue", "at": (5, 1)}})
    app = open_app(ctrl)
    press_key(app, pygame.K_8)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=board(app).camera.square_centre((2, 0)), rel=(0, 0), buttons=(0, 0, 0)))
    app.run(frames=1)
    assert "R6" in board(app).card_text
    click_square(app, (2, 0))
    assert board(app).ctrl.state.fighters["a"].position == (0, 1)
    assert "R6" in board(app).card_text


def test_r5_2_a_critical_push_knocks_down_and_the_fallen_fighter_stands_up_with_0():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}}, faces=[20, 3])
    app = open_app(ctrl)
    press_key(app, pygame.K_7)
    click_square(app, (2, 1))
    assert board(app).ctrl.state.fighters["b"].position == (5, 1) and board(app).ctrl.state.fighters["b"].fallen
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id == "b"
    assert "R5.2" in board(app).hud.buttons["walk"].tool_tip_text  # only standing up is left
    shot(app, "fallen")
    press_key(app, pygame.K_0)
    assert not board(app).ctrl.state.fighters["b"].fallen
    assert any("se relève" in line.replace("\u00a0", " ") for line in board(app).hud.log_lines)


def test_closing_the_window_stops_the_loop_cleanly():
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}})
    app = open_app(ctrl)
    opened = app.frames
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(frames=50) == 0
    assert not app.running and app.frames == opened + 1  # the frame that saw QUIT, no more


@pytest.mark.parametrize("lang, shown", [("fr", "− 8 (malus : hors de portée, R1.3)"), ("en", "− 8 (penalty: beyond range, R1.3)")])
def test_r1_3_forecast_names_the_beyond_range_malus_in_the_reader_language(lang, shown):
    from arena_game.ui.modes import AttackMode

    gun = {"name": "Mousquet", "family": "firearm", "range": 1}
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (0, 1), "weapon": gun}, "b": {"team": "blue", "at": (5, 1)}})
    tips = {h.square: h.tip for h in AttackMode().highlights(ctrl.state, lang) if h.kind == "target"}
    # the hover card: each modifier with its rule, in the roll line before the total (s45)
    assert any(shown in line.replace("\u00a0", " ") for line in tips[(5, 1)].split("\n"))


def test_r1_attack_range_drawn_in_range_beyond_at_minus_8_and_behind_a_wall_each_its_own_way():
    from arena_game.ui.modes import AttackMode

    grid = """
...#....
........
"""
    gun = {"name": "Mousquet", "family": "firearm", "range": 2}
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (1, 1), "weapon": gun}, "b": {"team": "blue", "at": (7, 1)}})
    app = open_app(ctrl)
    floor = pixel(app, (6, 0), dx=-0.3, dy=-0.3)  # out of the walk highlights
    press_key(app, pygame.K_5)
    assert isinstance(board(app).mode, AttackMode)
    kinds = {h.square: h.kind for h in board(app).current_highlights()}
    far = pixel(app, (6, 0), dx=-0.3, dy=-0.3)
    assert sum(abs(a - b) for a, b in zip(far, floor, strict=True)) >= 60  # beyond range stands out from the floor
    assert kinds[(3, 1)] == "inrange"  # R1.3: Sensoriel 0 + Arme 2
    assert kinds[(5, 1)] == "far"  # R1.3: beyond range, allowed at −8
    assert kinds[(0, 1)] == "far"  # R1.7: a ranged weapon at melee distance, −8
    assert kinds[(5, 0)] == "nolos"  # R1.6: the wall at (3, 0) hides it
    shot(app, "attack-range")
    colours = {pixel(app, sq, dx=-0.3, dy=-0.3) for sq in ((3, 1), (5, 1), (5, 0))}
    assert len(colours) == 3  # in range, beyond and no line of sight each look different
    good = pixel(app, (3, 1), dx=-0.3, dy=-0.3)
    assert sum(abs(a - b) for a, b in zip(good, floor, strict=True)) >= 60  # in range is no grey wash
    assert good[2] > good[0] + 30  # a blue veil: blue-grey against the beige floor for a deuteranope too
    edge = pixel(app, (3, 1), dx=-0.5 + 3 / board(app).camera.tile, dy=0.0)
    assert edge != good and edge[1] > 200  # with a solid light outline (colour-blind: outline, not colour only)


@pytest.mark.parametrize("lang, word", [("fr", "à portée"), ("en", "in range")])
def test_r1_r4_legend_explains_the_range_classes_and_chance_bands_beside_the_board(lang, word):
    from arena_game.ui.board_view import LEGENDS
    from arena_game.ui.strings import text

    gun = {"name": "Mousquet", "family": "firearm", "range": 2}
    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (1, 1), "weapon": gun}, "b": {"team": "blue", "at": (7, 1)}})
    app = open_app(ctrl, lang=lang)
    app.draw()
    assert board(app).legend_rect is not None  # walking's green steps have their key too
    press_key(app, pygame.K_5)
    app.draw()
    covered = board(app).view.covered()
    assert board(app).legend_rect is not None and not board(app).legend_rect.colliderect(covered)
    assert board(app).hud.key_rect.contains(board(app).legend_rect)  # a row of its own: the prompt is never cut for it
    assert not board(app).legend_rect.colliderect(board(app).hud.status_rect)
    assert [kind for kind, *_ in LEGENDS["attack"][1]] == ["inrange", "far", "nolos", "target", "goal"]
    assert text("legend_in_range", lang) == word
    assert board(app).hud.status_shown == board(app).mode.prompt(board(app).ctrl.state, lang)
    shot(app, f"attack-legend-{lang}")
    board(app).mode = RunDeclareMode()
    board(app).refresh()
    app.run(frames=2)
    assert board(app).legend_rect is not None and not board(app).legend_rect.colliderect(covered)
    shot(app, f"run-legend-{lang}")


def test_target_outline_leaves_the_fighters_initials_whole():
    from arena_game.render.text import INITIALS_AT, initials

    ctrl = ui_match(WIDE, {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1), "name": "Brakka"}})
    app = open_app(ctrl)
    press_key(app, pygame.K_5)
    app.draw()
    assert any(h.kind == "target" and h.square == (2, 1) for h in board(app).current_highlights())
    tile = board(app).camera.tile
    label = initials(ctrl.state.fighters["b"].sheet.name, tile)
    ox = board(app).camera.origin[0] + 2 * tile + INITIALS_AT[0]
    oy = board(app).camera.origin[1] + 1 * tile + INITIALS_AT[1]
    drawn = [(x, y) for x in range(label.get_width()) for y in range(label.get_height()) if label.get_at((x, y)).a == 255]
    assert len(drawn) > 20
    wrong = [(x, y) for x, y in drawn if app.screen.get_at((ox + x, oy + y))[:3] != label.get_at((x, y))[:3]]
    assert not wrong  # no outline or corner arm over the "Br"
