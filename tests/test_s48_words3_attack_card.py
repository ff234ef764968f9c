"""The attack card's sum (s48 review 2, item 4): at 1280 the ranged card broke "… + weapon skill
(firearm) 4" / "− 8 (penalty: beyond range, R1.3) = d20 +2", a line that read as a fact of its
own. Its modifiers now stay with the term before them: a line of the sum starts with a term."""

from __future__ import annotations

import pytest

from arena_game.render.text import breakable_words, font, wrap_words
from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r1_3_no_line_of_the_ranged_attack_card_starts_with_its_penalty(lang):
    app = scene_window("attack-ranged", lang, (1280, 720))
    board = app.find(BoardScreen)
    app.draw()
    tips = [h.tip for h in board.current_highlights() if h.kind == "target" and "R1.3" in h.tip]
    assert tips
    f = font(15)
    for tip in tips:
        for line in tip.split("\n"):
            for width in range(max(f.size(p)[0] for p in breakable_words(line)), f.size(line)[0] + 10, 4):
                rows = wrap_words(line, f, width)
                assert not any(row.startswith("−") for row in rows), (width, rows)
