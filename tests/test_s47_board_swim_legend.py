"""The swim's legend shows each chance band as the board does (s47 review 3, item 14): a band is
a see-through tint, ochre over sand but olive over water, and the legend drew it over sand only,
so the swim's 40 % squares in the water matched no swatch. s47 gave each band's swatch a lower
half over water; since s57 a band over water is tinted to its colour over sand
(`palette.CHANCE_ON_WATER`), and the key's one swatch a band matches both grounds."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_swim_chance_square_has_its_colour_in_the_legend(lang):
    app = scene_window("swim", lang, (1280, 720))
    board = app.find(BoardScreen)
    app.draw()
    key = board.legend_rect
    assert key is not None
    shown = {app.screen.get_at((x, y))[:3] for x in range(key.left, key.right) for y in range(key.top, key.bottom)}
    t = board.camera.tile
    grounds = set()
    for h in board.current_highlights():
        if h.kind != "chance":
            continue
        r = board.camera.square_rect(h.square)
        px = [app.screen.get_at((r.left + int(t * fx), r.top + int(t * fy)))[:3] for fx in (0.15, 0.25) for fy in (0.75, 0.85)]
        seen = tuple(sum(p[i] for p in px) / len(px) for i in range(3))  # a corner, clear of the figure
        nearest = min(_distance(seen, c) for c in shown)
        assert nearest <= 16, (h.square, h.label, seen, nearest)
        grounds.add(board.ctrl.state.board.terrain(h.square).name)
    assert grounds == {"WATER", "FLOOR"}  # the scene has bands on both grounds
