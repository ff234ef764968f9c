"""sweep.png in one language (s61 audit2): a French chart labelled its rows 'every · default ·
default', the command line's keyword, and wrote side 1's share '25%' where every French
share reads '25 %'."""

import pytest
from PIL import ImageDraw

from arena_game.design.simulation.sweep import write_chart


def _drawn(tmp_path, monkeypatch, lang):
    said: list[str] = []
    draw_text = ImageDraw.ImageDraw.text

    def text(self, xy, words, *a, **kw):
        said.append(words)
        return draw_text(self, xy, words, *a, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    rows = [{"map": "every", "rules": "default", "teams": "default", "bots": "fast", "matches": 4,
             "side 1 win rate": 0.25, "side 1 ci95 low": 0.05, "side 1 ci95 high": 0.7, "draw rate": 0.0},
            {"map": "tutoriel", "rules": "brutal", "teams": "mine", "bots": "fast", "matches": 4,
             "side 1 win rate": 0.5, "side 1 ci95 low": 0.15, "side 1 ci95 high": 0.85, "draw rate": 0.25}]
    write_chart(rows, tmp_path / "sweep.png", lang)
    return said


@pytest.mark.parametrize(("lang", "first", "share"), [
    ("fr", "every · règles standard · équipes livrées", "25\u202f%"),
    ("en", "every · standard rules · shipped teams", "25%"),
])
def test_rows_and_shares_in_the_charts_language(tmp_path, monkeypatch, lang, first, share):
    said = _drawn(tmp_path, monkeypatch, lang)
    assert first in said
    assert "tutoriel · brutal · mine" in said  # a file's own name is kept
    assert share in said and "default" not in " ".join(said)
