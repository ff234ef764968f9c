"""The demo draws its words in glyphs the font draws well (`render.glyphs.drawable`), as the
window does: its own `screen_text` only dropped the dice and swapped the arrow, so "−5 mana"
(U+2212, which Noto draws as its short hyphen) read "-5 mana" (s46 review, finding 2)."""

from __future__ import annotations

from typing import Any

import pytest

from arena_game.render.glyphs import SUBSTITUTES, drawable
from arena_game.ui import showcase
from arena_game.ui.showcase import Film, Timing
from tests.builders import demo_step

pytestmark = pytest.mark.usefixtures("fresh_pygame")

QUICK = Timing(opening=0.1, after_action=0.1, refusal=0.1, closing=0.1)


class Recording:
    """A font that notes every text it is asked to draw."""

    def __init__(self, real: Any, drawn: list[str]) -> None:
        self.real, self.drawn = real, drawn

    def render(self, text: str, *args: Any) -> Any:
        self.drawn.append(text)
        return self.real.render(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@pytest.mark.parametrize("beside", [False, True])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_demo_hands_its_font_the_minus_as_the_window_draws_it(monkeypatch, lang, beside):
    drawn: list[str] = []
    real_font = showcase.font
    monkeypatch.setattr(showcase, "font", lambda size, bold=False: Recording(real_font(size, bold), drawn))
    sc = demo_step("teleport")
    film = Film(sc, lang, (1280, 720), fps=5, step=(5, 8), timing=QUICK, beside=beside)
    for _ in film.frames():
        pass
    minus = [line for line, _ in film.log if "\u2212" in line]
    assert minus, "the teleport step spends mana: a line with a minus"  # "Sielle: mana −5 → 7 …"
    assert not [x for x in drawn if set(x) & set(SUBSTITUTES)]  # no minus, arrow nor die reaches the font
    text = " ".join(x.replace("\u00a0", " ") for x in drawn)
    for line in minus:
        assert drawable(line) in text or all(word in text for word in drawable(line).split()), line
    assert SUBSTITUTES["\u2212"] in text  # the glyph that stands for the minus (a figure dash since s49)


def test_the_demo_wraps_a_line_in_drawable_glyphs():
    f = showcase.font(20)
    lines = showcase.wrap("🎲 Sielle: mana \u22125 → 7, Téléportation (teleport) spell", f, 2000)
    assert lines == [drawable("Sielle: mana \u22125 → 7, Téléportation (teleport) spell")]
