"""s50 window2: wrapped text anywhere in the window — the status line on two rows, the log,
a dialog, a rules page — broke a count from its word: "… (2" / "cases, Magie)", "walks 6" /
"squares". One rule in the wrapping code (`render.text.COUNT_WORD`): `wrap_words` keeps the
pieces together, pygame_gui's text boxes get a no-break space (`WordsBox`, `held_counts`)."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

from arena_game.render.glyphs import drawable
from arena_game.render.text import font, held_counts, wrap_words
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.log_box import LogBox
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.words_box import WordsBox
from tests.test_s50_window_card_counts import greedy
from tools.window_screenshots import scene_window

SAYS = {"en": "Square (10, 7): not allowed — R6.2: Brakka walks 6 squares; (10, 7) is beyond the spell's reach (2 squares, Magie (magic))",
        "fr": "Case (10, 7) : impossible — R6.2 : Brakka marche 6 cases ; la case (10, 7) est au-delà de la portée du sort (2 cases, Magie)"}


def split_counts(rows: list[str]) -> list[tuple[str, str]]:
    """Where a row ends with a count and the next starts with a word."""
    return [(a, b) for a, b in zip(rows, rows[1:], strict=False)
            if re.search(r"(?<![\w.,])\d+$", a.rstrip()) and re.match(r"[^\W\d_]", b.lstrip())]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_wrapped_text_keeps_each_count_with_its_word(lang):
    pygame.font.init()
    f = font(13)
    words = drawable(SAYS[lang])
    plain = [w for w in range(120, 900, 3) if split_counts(greedy(words, f, w))]
    assert plain, "the sample never split: it tests nothing"
    for width in plain:
        rows = wrap_words(words, f, width)
        assert not split_counts(rows), (width, rows)
        assert " ".join(rows) == words  # every word shown, in order, with its plain spaces


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s50_the_status_line_on_two_rows_keeps_a_count_with_its_word(lang):
    app = scene_window("taunt", lang, (1280, 720))
    app.resize(MIN_SIZE)
    app.run(frames=3)
    hud = app.find(BoardScreen).hud
    f = font(11, bold=True)  # a refusal's line is bold
    width = hud.status_rect.w - 16
    tried = 0
    for k in range(0, 30):  # a filler that lands the count at a row's end, on two rows
        message = "Oruk " * k + SAYS[lang]
        rows = greedy(drawable(message), f, width)
        if len(rows) != 2 or not split_counts(rows):
            continue
        tried += 1
        hud.set_status(message, error=True)
        app.draw()
        assert len(hud.status_rows) == 2 and not split_counts(hud.status_rows), hud.status_rows
    assert tried, "no message split a count on the status line: the test tests nothing"


def test_s50_held_counts_leaves_tags_alone():
    assert held_counts("<font pixel_size=14 color=#fff>6 squares</font> d20 12 + 4") == \
        "<font pixel_size=14 color=#fff>6\u00a0squares</font> d20 12 + 4"


def _rows(box) -> list[str]:
    return ["".join(getattr(chunk, "text", "") for chunk in row.items) for row in box.text_box_layout.layout_rows]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("kind", [WordsBox, LogBox])
def test_s50_text_boxes_keep_each_count_with_its_word(kind):
    pygame.init()
    pygame.display.set_mode((800, 600))
    from arena_game.ui.hud import THEME

    manager = pygame_gui.UIManager((800, 600), str(THEME))
    html = "Brakka walks 6 squares to (3, 4); <b>Oruk</b> is 2 squares away and takes 12 damage, 32 PV left"
    seen = 0
    for width in range(120, 420, 7):
        box = kind(html, pygame.Rect(0, 0, width, -1), manager)
        plain = pygame_gui.elements.UITextBox(html, pygame.Rect(0, 0, width, -1), manager)
        seen += bool(split_counts(_rows(plain)))
        assert not split_counts(_rows(box)), (width, _rows(box))
        box.kill()
        plain.kill()
    assert seen, "pygame_gui never split a count at these widths: the test tests nothing"

