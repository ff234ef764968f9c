"""The demo's column beside the map (s46 review, finding 19): its caption broke lines inside
game terms ("Corps à / corps (hand to / hand)") and left the lower half of the column empty.
A term stays on one line, its gloss with it when the line can hold both; the caption takes the
height its words need, in a larger font where they fit, and the log the rest of the column."""

from __future__ import annotations

import re

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui import showcase
from arena_game.ui.screens.demo import WholeMapFilm, side_by_side
from arena_game.ui.showcase import font, wrap
from tests.builders import demo_steps

pytestmark = pytest.mark.usefixtures("fresh_pygame")

DEMO = demo_steps()
TERMS = ["Corps à corps", "Physique", "Séduction", "Dextérité", "Téléportation", "Provocation", "Magie", "Course",
         "Charisme", "Poussée", "PR"]
SIDE_CAPTION_MAX = 0.62  # of the column: the most the step counter and the caption take
GLOSSED = re.compile(r"(Corps à corps|[A-ZÀ-Ý][\w'’-]*) \(([a-z][a-z ]*)\)")


def pieces(caption: str) -> list[tuple[str, str]]:
    """The (term, gloss) pairs of an English caption: "Corps à corps (hand to hand)"."""
    return [(m.group(1), m.group(2)) for m in GLOSSED.finditer(caption)]


@pytest.mark.parametrize("width", range(140, 520, 9))
def test_a_line_never_breaks_inside_a_game_term_nor_inside_its_gloss(width):
    pygame.font.init()
    f = font(30, bold=True)
    caption = t("demo.push", "en")
    lines = wrap(caption, f, width)
    assert " ".join(lines) == caption
    for term, gloss in pieces(caption):
        assert any(term in line for line in lines), (width, term, lines)  # "Corps à / corps" was drawn
        assert any(f"({gloss})" in line for line in lines), (width, gloss, lines)  # "(hand to / hand)" too
        # the term, its gloss, the "+" before it and the colon after it: on one line where one holds them
        piece = re.search(rf"(?:\+ )?{re.escape(term)} \({gloss}\)[:;,]?", caption)
        assert piece is not None
        if f.size(piece.group(0))[0] <= width:
            assert any(piece.group(0) in line for line in lines), (width, piece.group(0), lines)
    assert not any(line.endswith("+") for line in lines)  # a "+" goes with the term after it


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_demo_column_keeps_terms_whole_and_gives_the_caption_and_the_log_its_height(monkeypatch, size, lang):
    pygame.init()
    pygame.display.set_mode((8, 8))
    drawn: list[str] = []
    real_font = showcase.font

    class Recording:
        def __init__(self, size: int, bold: bool = False) -> None:
            self.real = real_font(size, bold)

        def render(self, text: str, *args: object) -> pygame.Surface:
            drawn.append(text)
            return self.real.render(text, *args)

        def __getattr__(self, name: str) -> object:
            return getattr(self.real, name)

    monkeypatch.setattr(showcase, "font", Recording)
    beside = side_by_side(DEMO, size)
    larger = 0
    for n, sc in enumerate(DEMO, start=1):
        film = WholeMapFilm(sc, lang, size, fps=10, step=(n, len(DEMO)), beside=beside)
        assert film.layout.beside
        drawn.clear()
        for _ in film.prepare():
            pass
        lines = drawn[1:]  # the step counter, then the caption's lines
        assert " ".join(lines) == " ".join(film.caption.split())
        for term in TERMS:  # a game term the caption names is on one line
            if re.search(rf"(?<!\w){re.escape(term)}(?!\w)", film.caption):
                assert any(re.search(rf"(?<!\w){re.escape(term)}(?!\w)", x) for x in lines), (sc.path.name, term, lines)
        for _term, gloss in pieces(film.caption):
            assert any(f"({gloss})" in x for x in lines), (sc.path.name, gloss, lines)
        caption = [box for box in film._caption_boxes if box[0] == "demo_caption"]
        # the log starts under the caption's last line (its padding apart), not at a fixed share
        last = max(box.bottom for _, box, _ in caption)
        assert film.layout.log.y - last <= film._column_margins()[1] + 1, (sc.path.name, last, film.layout.log)
        assert film.layout.caption.h <= SIDE_CAPTION_MAX * size[1] + 1
        assert film.layout.log.bottom == size[1] and film.layout.log.y == film.layout.caption.bottom
        larger += caption[0][2] > int(size[1] * 0.048)  # the old column's one caption font
    assert larger >= 3  # a short caption is drawn larger than every caption was


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_count_of_squares_or_turns_stays_with_its_number(lang):
    """"she faints for 2 / turns" and "(tackled, 2 / squares left)" were split in the column."""
    pygame.font.init()
    f = font(30, bold=True)
    text = t("demo.mana", lang) + " " + t("demo.run", lang)
    for width in range(120, 520, 7):
        lines = wrap(text, f, width)
        assert not any(re.search(r"(?<![\w(])\d$", line) for line in lines[:-1]), (width, lines)
