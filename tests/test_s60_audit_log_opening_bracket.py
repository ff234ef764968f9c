"""s60 audit: a rule's link keeps the bracket that opens before it on its row (s49 glued the
closing one). The French circle-split log at 1024×600 read "… les répartit entre Oruk et Kael ("
on a row and "R8.2)" on the next: pygame_gui breaks a line between a text and a link after it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from arena_game.ui.rules_text import rule_links
from tests.test_s49_window_log_brackets import _rows

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("line", [
    "L'attaque circulaire de Brakka inflige 11 dégâts : le joueur de Brakka les répartit entre Oruk et Kael (R8.2)",
    "Refused: Tarn's walk (R2.2: diagonal step blocked by the wall at (9, 1))",
])
def test_s60_no_log_row_ends_with_the_bracket_opening_a_linked_rule_at_any_width(line):
    pygame.init()
    pygame.display.set_mode((800, 300))
    from arena_game.ui.hud import THEME

    manager = pygame_gui.UIManager((800, 300), str(THEME))
    for width in range(200, 560, 3):
        box = pygame_gui.elements.UITextBox(rule_links(line), pygame.Rect(0, 0, width, -1), manager, object_id="#log")
        rows = _rows(box)
        box.kill()
        assert not [r for r in rows if r.endswith(("(", "["))], (width, rows)
        assert "".join(rows).replace(" ", "") == line.replace(" ", "")  # every word shown, none doubled
