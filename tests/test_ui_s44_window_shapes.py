"""Square, tall and wide windows: the text grows with the window only as far as the whole
1280×720 design still fits it (`ui_scale`, the smaller of the width's and the height's
ratios). Grown with the height alone, a 900×900 window drew 1.25× text in a width that held
less than the design: the start screen's teams cut and its French "Équipes" label, the house
rules' French buttons one over another, the lesson list's French help line cut; a tall
1080×1920 window drew 2.67× text, a taunt's choice button ran off the window's left edge.
Every gallery scene is checked in a square, a tall and a wide window, in both languages (the
smallest window, 800×560, is `test_ui_s43_small_window.py`'s)."""

from __future__ import annotations

import pytest

from arena_game.render.text import ui_scale
from tests.layout_boxes import assert_words_whole_and_apart, boxes, clipped_widgets
from tools.window_screenshots import SCENES, scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

SQUARE, TALL, WIDE = (900, 900), (1080, 1920), (2560, 1080)


@pytest.mark.parametrize("size, scale", [
    ((1280, 720), 1.0), ((1920, 1080), 1.5), ((800, 560), 1.0), ((3840, 2160), 3.0),
    ((2560, 1080), 1.5),  # wide: as its height allows
    ((900, 900), 1.0), ((1080, 1920), 1.0), ((1000, 1000), 1.0), ((800, 1000), 1.0),  # as their width allows
    ((1280, 1280), 1.0), ((1280, 800), 1.0), ((1600, 1200), 1.25),
])
def test_the_text_grows_only_as_far_as_the_whole_design_fits_the_window(size, scale):
    assert ui_scale(size) == pytest.approx(scale)


@pytest.mark.parametrize("size", [SQUARE, TALL, WIDE], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_gallery_scene_keeps_its_words_whole_and_apart_in_square_tall_and_wide_windows(scene, lang, size):
    app = scene_window(scene, lang, size)
    assert app.screen.get_size() == size
    shown = boxes(app)
    assert shown, "the scene shows no text at all"
    assert_words_whole_and_apart(app, shown)


def _theme_button_size(app) -> int:
    return int(app.manager.get_theme().get_font(["button"]).get_point_size())


@pytest.mark.parametrize("size", [SQUARE, TALL])
def test_a_square_or_tall_windows_widgets_have_the_designs_font_sizes(size):
    app = scene_window("start", "fr", size)
    assert _theme_button_size(app) == 14  # as at 1280×720 (it was 18 at 900×900, 37 at 1080×1920)
    assert not clipped_widgets(app)


def test_the_start_screens_french_teams_label_and_teams_list_are_whole_in_a_square_window():
    app = scene_window("start", "fr", SQUARE)
    from tests.layout_boxes import _widgets, _words

    label = next(el for el in _widgets(app) if _words(el) == "Équipes")
    font = label.ui_theme.get_font(label.combined_element_ids)
    assert label.rect.w >= font.size("Équipes")[0]
    assert not clipped_widgets(app)
    assert_words_whole_and_apart(app)


def test_a_taunts_choice_buttons_stay_inside_a_tall_window():
    app = scene_window("taunt", "en", TALL)
    window = app.screen.get_rect()
    choices = [el for el in app.top.hud.choice_buttons.values() if el.visible]  # type: ignore[union-attr]
    assert choices
    assert all(window.contains(el.rect) for el in choices), [el.rect for el in choices]
