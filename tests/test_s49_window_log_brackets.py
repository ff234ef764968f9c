"""s49: a rule's link keeps the bracket that closes after it on its row. pygame_gui breaks a line
between a link and the text after it: in the French match-over log at 1280×720, "Tarn meurt en
(5, 6) (par Poussée dans une case mortelle, R2.5" ended a row and its ")" stood alone on the
next."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from arena_game.ui.hud import Hud
from arena_game.ui.rules_text import rule_links
from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")
ALONE = {")", "]", ").", "),", ");", "):"}


def _rows(box: pygame_gui.elements.UITextBox) -> list[str]:
    assert box.text_box_layout is not None
    return ["".join(getattr(ch, "text", "") or "" for ch in row.items).strip() for row in box.text_box_layout.layout_rows]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49_no_log_row_of_the_match_over_starts_with_a_lone_bracket(lang, size):
    app = scene_window("match-over", lang, size)
    hud: Hud = app.find(BoardScreen).hud
    rows = _rows(hud.log_box)
    assert any("R2.5" in r for r in rows)
    assert not [r for r in rows if r in ALONE], rows


def test_s49_a_line_ending_in_a_linked_rule_never_leaves_its_bracket_alone_at_any_width():
    pygame.init()
    pygame.display.set_mode((800, 300))
    from arena_game.ui.hud import THEME

    manager = pygame_gui.UIManager((800, 300), str(THEME))
    line = rule_links("Tarn meurt en (5, 6) (par Poussée dans une case mortelle, R2.5)")
    for width in range(300, 520):
        box = pygame_gui.elements.UITextBox(line, pygame.Rect(0, 0, width, -1), manager, object_id="#log")
        rows = _rows(box)
        box.kill()
        assert not [r for r in rows if r in ALONE], (width, rows)
