"""The rules screen (F1) made a piece a frame: its window, its contents row, then the section
as a column of small text boxes (one box for a whole section took 40–80 ms in one frame);
another section is made hidden while the one shown stays; the asked rule is scrolled into
view; the wheel scrolls the column."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from arena_game.ui.rules_text import HIGHLIGHT, rules_sections, section_html, section_pieces
from arena_game.ui.screens.rules import RulesScreen
from tests.test_ui_start_opening import match_app
from tests.ui_driver import tap_key, top


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sections_pieces_joined_are_its_html_and_none_is_long(lang):
    for name, markdown in rules_sections(lang).items():
        for rule in (None, f"{name}.2"):
            pieces = section_pieces(markdown, rule, 1.5)
            assert "<br>".join(pieces) == section_html(markdown, rule, 1.5)
            # a piece is one paragraph, or cut between lines: never longer than a line past the size
            lines = section_html(markdown, rule, 1.5).split("<br>")
            assert all(len(p) <= 600 + max(len(x) for x in lines) for p in pieces)
    assert len(section_pieces(rules_sections(lang)["R4"])) >= 10


def opened_rules(app) -> RulesScreen:
    """F1 pressed, and the frames till the rules screen is whole."""
    tap_key(app, pygame.K_F1)
    rules = top(app, RulesScreen)
    assert rules is not None
    settled(app, rules)
    return rules


def settled(app, rules: RulesScreen) -> None:
    """The frames till the section asked is whole."""
    while rules.building:
        app.step()


def test_f1_makes_the_window_over_several_frames_and_shows_it_whole():
    ctrl, app = match_app()
    tap_key(app, pygame.K_F1)
    rules = top(app, RulesScreen)
    assert rules is not None and rules.building and rules.window is None  # made from the next frame
    frames = 1
    while rules.building:
        assert rules.window is None or not rules.window.visible
        app.step()
        frames += 1
    assert frames > 3 and rules.window.visible and rules.column is not None
    assert rules.column.viewport.visible and all(box.visible for box in rules.column.boxes)
    assert "<b>" in rules.shown_html and rules.current == "intro"
    pygame.quit()


def test_a_link_makes_the_section_hidden_while_the_one_shown_stays_then_scrolls_to_the_rule():
    ctrl, app = match_app()
    rules = opened_rules(app)
    intro = rules.column
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="rule:R4.7"))
    app.step()
    frames = 1
    while rules.building:
        assert rules.column is intro and intro.viewport.visible  # the intro stays till R4 is whole
        app.step()
        frames += 1
    assert frames > 5 and rules.column is not intro and not intro.viewport.alive()
    column = rules.column
    assert rules.current == "R4" and column.bar is not None and column.viewport.visible
    asked = next(i for i, box in enumerate(column.boxes) if HIGHLIGHT in box.html_text)
    assert "R4.7" in column.boxes[asked].html_text.split(HIGHLIGHT, 1)[1][:80]
    top_of_view = column.viewport.rect.top
    box = column.boxes[asked].rect
    assert top_of_view < box.top < column.viewport.rect.bottom  # in view, under the top
    assert column.boxes[0].rect.bottom < top_of_view  # scrolled: the section's start above
    pygame.quit()


def test_the_wheel_over_the_text_scrolls_the_column():
    ctrl, app = match_app()
    rules = opened_rules(app)
    rules.show("R4")
    settled(app, rules)
    column = rules.column
    first = column.boxes[0].rect.top
    centre = column.viewport.rect.center
    pygame.mouse.set_pos(centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        app.step()
    for _ in range(10):
        app.step()
    assert column.offset > 0 and column.boxes[0].rect.top == first - column.offset
    tops = [b.rect.top for b in column.boxes]
    assert tops == sorted(tops) and all(b.rect.top == tops[0] + t for b, t in zip(column.boxes, column.tops, strict=True))
    pygame.quit()
