"""s50: the dice-at-table dialog listed the run's squares by face as "1–4 –› 3 squares": a range's
en dash, then the window's arrow (an en dash and "›", the fonts have no arrow), two dashes a
glyph apart. Each row reads "1–4: 3 squares" / "1–4 : 3 cases"."""

from __future__ import annotations

import pytest

from tests.layout_boxes import shown_words
from tools.window_screenshots import scene_window


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("lang", "row"), [("en", "1–4: 3\u00a0squares"), ("fr", "1–4 : 3\u00a0cases")])
def test_s50_the_run_table_rows_read_face_colon_squares(lang, row):
    app = scene_window("dice-at-table", lang, (1280, 720))
    words = " ".join(shown_words(app))
    assert row.replace("\u00a0", " ") in words.replace("\u00a0", " "), words
    assert "–›" not in words and "→" not in words  # (the arrow as the fonts drew it before s54, and now)
