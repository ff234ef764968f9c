"""The log box's rows at 800×560 (s51 review): a roll's last term, held whole ("+ Corps à corps
(hand to hand) 5 = 26"), was too wide to hang under the bullet: its indent stood alone on a
blank row and the term went on the next one at the box's edge; and the first line split the
map's gloss ("Match on “La Fosse de lave (the lava" / "pit)”")."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.log_box import hang
from tests.layout_boxes import box_rows
from tests.ui_driver import board
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_a_roll_too_wide_to_hang_leaves_no_blank_row_in_the_log(lang):
    app = scene_window("push-playing", lang, (800, 560))
    rows = box_rows(board(app).hud.log_box, plain=False)
    assert any("•" in row for row in rows), rows  # the rolls are in the log, wrapped
    blank = [i for i, row in enumerate(rows[:-1]) if not row.strip()]  # the last: the final break's row
    assert blank == [], rows
    if lang == "en":
        assert any(row.rstrip().endswith("(the\u00a0lava\u00a0pit)”") for row in rows), rows


def test_s51_hang_indents_a_wide_word_less_rather_than_leave_its_indent_alone():
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    term = "+\u00a0Corps\u00a0à\u00a0corps\u00a0(hand\u00a0to\u00a0hand)\u00a05\u00a0=\u00a026"
    line = f"   • Oruk — Poussée\u00a0(push): d20\u00a014 {term}"
    room = font.size(term)[0] + font.size("  ")[0]  # the term fits with two spaces before it, not with the bullet's indent
    rows = hang(line, room, font).split("<br>")
    assert len(rows) > 1
    assert all(row.strip() for row in rows), rows
    assert all(font.size(row)[0] <= room for row in rows[1:]), rows
    assert rows[-1].strip() == term and rows[-1].startswith(" ")  # still hangs, a little
