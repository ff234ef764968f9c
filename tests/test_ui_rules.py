"""The window and the rules (issue 15): the new run flow played headless; F1 and the "?"
button open the rules reference in the window's language; refusals, forecast lines, dice
modifiers and tutorial hints that name a rule open that rule."""

import pygame
import pygame_gui
import pytest

from arena_game.ui.rules_text import first_rule, rule_links, rules_sections, section_html
from arena_game.ui.screens.rules import RulesScreen
from tests.ui_driver import (
    board,
    click_at,
    click_button,
    click_square,
    open_app,
    open_lesson,
    press_key,
    top,
    ui_match,
    wait_while_building,
)

OPEN = "\n".join(["." * 8] * 5)


def _link(app, target: str) -> None:
    """A click on a link of a text box, as pygame_gui posts it; then the frames that make the
    section it opens, as a player waits to read it."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target=target))
    app.run(frames=2)
    wait_while_building(app)


# -- the run flow (R4.1, R4.5, R4.8) --------------------------------------------------------------


def test_r4_8_window_runs_from_the_first_declared_square_and_strikes_on_the_second():
    faces = [20, 5, 15, 4, 12, 3]  # 5 squares; tackle d8 5; attack 15 − 8 vs dodge 4; bras; d6 3
    ctrl = ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 3)}}, faces=faces)
    app = open_app(ctrl)
    press_key(app, pygame.K_2)  # Course
    for sq in [(1, 2), (2, 2), (3, 1)]:
        click_square(app, sq)
    b = board(app)
    state = b.ctrl.state
    assert state.budget.run.granted == 5 and state.fighters["a"].position == (0, 2)
    assert b.mode.name == "run_go"
    assert [h.square for h in b.current_highlights() if h.kind == "move"] == [(1, 2)]
    click_square(app, (1, 2))  # the first declared square
    assert b.ctrl.state.fighters["a"].position == (1, 2)
    click_square(app, (2, 2))  # the second: leaving (1, 2) beside z rolls the d8 (5)
    assert b.ctrl.state.fighters["a"].position == (2, 2)
    click_square(app, (2, 3))  # z, beside the runner on its second square: the run's attack
    state = b.ctrl.state
    assert state.fighters["z"].pv == 15 and state.budget.run.attacked and not state.budget.run.finished
    assert any("+ 2 (bonus : 2 cases de Course)" in line.replace("\u00a0", " ") for line in b.hud.log_lines)
    click_square(app, (3, 1))  # the run goes on to its third declared square
    assert b.ctrl.state.fighters["a"].position == (3, 1) and b.ctrl.state.budget.run.moved == 3


# -- the rules screen ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang, title", [("fr", "Règles de l'arène"), ("en", "Arena rules")])
def test_f1_opens_the_rules_in_the_window_language_and_links_go_to_a_family(lang, title):
    app = open_app(ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (7, 0)}}), lang=lang)
    press_key(app, pygame.K_F1)
    screen = top(app, RulesScreen)
    assert screen is not None and title in screen.shown_html
    _link(app, "rule:R8")
    assert screen.current == "R8" and "R8.2" in screen.shown_html
    press_key(app, pygame.K_ESCAPE)
    assert top(app, RulesScreen) is None and board(app).on_top


def test_the_question_button_opens_the_rules():
    app = open_app(ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (7, 0)}}))
    click_button(app, board(app).hud.buttons["rules"])
    assert top(app, RulesScreen) is not None


def test_a_refusal_naming_a_rule_opens_it_when_clicked():
    grid = "...\n#..\n..."
    app = open_app(ui_match(grid, {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (2, 2)}}))
    press_key(app, pygame.K_1)  # walk
    click_square(app, (1, 1))  # past the wall corner: refused (R2.2)
    b = board(app)
    assert b.hud.status_text.startswith("Refusé — R2.2 : ")
    click_at(app, b.hud.status_rect.center)
    screen = top(app, RulesScreen)
    assert screen is not None and (screen.current, screen.rule) == ("R2", "R2.2")
    assert "<font color='#ffe066'>• <b>R2.2 Diagonales.</b>" in screen.shown_html


def test_a_dice_modifier_names_its_rule_as_a_link_in_the_log():
    faces = [20, 15, 4, 12, 3]  # 5 squares; attack 15 − 8 vs 4; bras; d6 3
    ctrl = ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}}, faces=faces)
    app = open_app(ctrl)
    press_key(app, pygame.K_2)
    for sq in [(1, 2), (2, 2), (3, 2)]:
        click_square(app, sq)
    click_square(app, (1, 2))
    click_square(app, (2, 1))  # z, beside the first square: the run attack (−8, R4.8)
    attack_line = next(line for line in board(app).hud.log_lines if "Attaque" in line)
    assert "<a href='rule:R4.8'>(R4.8)</a>" in attack_line  # its brackets glued to it (s49, s60)
    _link(app, "rule:R4.8")
    screen = top(app, RulesScreen)
    assert screen is not None and (screen.current, screen.rule) == ("R4", "R4.8")


def test_tutorial_hints_name_the_rules_and_f1_opens_them(tmp_path):
    win, lesson = open_lesson("run", tmp_path / "lessons.json", lang="en")
    press_key(win, pygame.K_h)
    press_key(win, pygame.K_h)
    assert "<a href='rule:R4.2'>R4.2</a>" in lesson.panel_html() and "F1" in lesson.panel_html()
    press_key(win, pygame.K_F1)
    assert top(win, RulesScreen) is not None


# -- the rules text ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rules_document_has_every_family_for_the_screen(lang):
    sections = rules_sections(lang)
    assert list(sections) == ["intro", *(f"R{n}" for n in range(14))]
    html = section_html(sections["R4"], "R4.4")
    assert "<a " not in html and "**" not in html and "`" not in html
    assert html.count("#ffe066") == 1


def test_rule_numbers_become_links_and_the_first_is_found():
    assert rule_links("R4.4 : une Course (R2.2)") == (
        "<a href='rule:R4.4'>R4.4</a> : une Course <a href='rule:R2.2'>(R2.2)</a>"  # never a bracket alone on a row (s49, s60)
    )
    assert first_rule("Refusé — R9.2 : …") == "R9.2" and first_rule("rien") is None


def test_a_forecast_line_names_its_modifiers_rules_and_a_right_click_opens_them():
    faces = [20]  # 5 squares
    ctrl = ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}}, faces=faces)
    app = open_app(ctrl)
    press_key(app, pygame.K_2)
    for sq in [(1, 2), (2, 2), (3, 2)]:
        click_square(app, sq)
    click_square(app, (1, 2))
    b = board(app)
    assert "R4.8" in b.hover_text((2, 1))  # the run attack's forecast: −8 (R4.8)
    pos = b.camera.square_centre((2, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.run(frames=2)
    screen = top(app, RulesScreen)
    assert screen is not None and screen.rule == "R4.8"
    assert b.ctrl.state.fighters["z"].pv == 20  # a right-click never attacks
