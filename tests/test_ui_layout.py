"""Layout of every gallery scene (issue 13): no two text boxes overlap, each lies inside its
panel or the board, none is drawn under 11 px at 1280×720; at 1920×1080 nothing is smaller."""

from __future__ import annotations

import itertools

import pytest

from tests.layout_boxes import boxes
from tools.window_screenshots import SCENES, scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_no_text_over_text_nor_out_of_its_panel_nor_under_11_px(scene, lang):
    app = scene_window(scene, lang, (1280, 720))
    shown = boxes(app)
    assert shown, "the scene shows no text at all"
    small = [(what, size) for what, _, size, _ in shown if size < 11]
    assert not small, small
    outside = [(what, rect, room) for what, rect, _, room in shown if not room.contains(rect)]
    assert not outside, outside
    crossing = [(a[0], a[1], b[0], b[1]) for a, b in itertools.combinations(shown, 2) if a[1].colliderect(b[1])]
    assert not crossing, crossing


def test_text_grows_with_the_window_height():
    small = {what: size for what, _, size, _ in boxes(scene_window("attack-ranged", "en", (1280, 720)))}
    large = {what: size for what, _, size, _ in boxes(scene_window("attack-ranged", "en", (1920, 1080)))}
    drawn = ("status", "legend", "hover_card")
    assert all(large[w] > small[w] for w in drawn), (small, large)


def test_labels_on_squares_are_never_under_11_px_whatever_the_zoom():
    from arena_game.render.marks import SIZES

    assert all(SIZES[name](tile) >= 11 for name in SIZES for tile in range(8, 129))
