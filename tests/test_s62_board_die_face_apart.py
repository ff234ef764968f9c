"""s62 board, defect 3: in the window's 14 px font a roll's die and its face ran together ("d4 3"
read as "d43": the space is 4 px and the outlines close it, where two words keep 2 px apart). The
lines the window draws (the roll's caption over the board, the log) set them apart by the
catalog's `die_face_drawn`, an en space and a thin one, in both languages; the text elsewhere
(the terminal's) keeps its plain space."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.i18n.narration import describe, dice_line
from arena_game.render import palette
from arena_game.ui.anim.captions import text_surface
from arena_game.ui.panels_html import log_html
from tests.anim_scenes import roll

pytestmark = pytest.mark.usefixtures("fresh_pygame")

CAPTION_SIZE = 14  # px: a roll's line over the board at 1280×720


def _blank_after(line: str, head: str) -> int:
    """Empty pixel columns between the ink of `line`'s start up to `head` and the next ink,
    drawn as a roll's caption is (outlined)."""
    start = text_surface(line[:line.index(head) + len(head)], CAPTION_SIZE, palette.DICE_LINE)
    whole = text_surface(line, CAPTION_SIZE, palette.DICE_LINE)
    x = start.get_bounding_rect().right
    blank = 0
    while x + blank < whole.get_width() and not any(
            whole.get_at((x + blank, y)).a for y in range(whole.get_height())):
        blank += 1
    return blank


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_a_rolls_die_and_face_stand_apart_in_the_window(lang):
    pygame.init()
    damage = roll("damage", 3, die=4, terms={"physique": 2})
    drawn = dice_line(damage, {"aldric": "Aldric"}, lang, drawn=True)
    assert t("term.die_face_drawn", lang, die=4, face=3) in drawn
    gap = _blank_after(drawn, "d4")
    word_gap = _blank_after(drawn, "+")  # a plain space between two words of the line
    assert gap >= word_gap + 2 and gap >= 4, (drawn, gap, word_gap)
    rolling = dice_line(damage, {"aldric": "Aldric"}, lang, hidden=True, drawn=True)
    assert _blank_after(rolling, "d4") >= 4, rolling  # the die still rolling: "d4 …"
    log = log_html(damage, {"aldric": "Aldric"}, lang)
    assert t("term.die_face_drawn", lang, die=4, face=3) in log  # the log's line too
    plain = describe(damage, {"aldric": "Aldric"}, lang)
    assert "d4 3" in plain  # the terminal's text as it was
