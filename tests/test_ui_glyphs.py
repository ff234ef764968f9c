"""Every text the window shows can be drawn by its fonts: no missing-glyph boxes.

The UI font (Noto Sans from pygame_gui) lacks arrows, ≤ ≥ and the dice emoji; the
window passes its texts through `render.glyphs.drawable`. These tests render the whole
catalog and the narration of every shipped scenario as the window would.
"""

import html
import re

import pytest

from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n import LANGS, catalog
from arena_game.render.glyphs import drawable, missing_glyphs, ui_font_paths
from arena_game.resources import shipped_scenarios
from arena_game.ui.panels_html import log_html
from tests.ui_driver import board, open_app, ui_match

FONTS = ui_font_paths()
SCENARIOS = shipped_scenarios()


def _missing(shown: str) -> dict[str, set[str]]:
    out = {p.name: missing_glyphs(shown, p) for p in FONTS}
    return {name: m for name, m in out.items() if m}


def _plain(markup: str) -> str:
    """What a pygame_gui text box shows for our HTML subset."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_the_ui_fonts_really_lack_some_glyphs_so_the_check_can_fail():
    assert all(p.exists() for p in FONTS)
    assert "≥" in missing_glyphs("a ≥ b", FONTS[0])  # (the arrows are drawn in since s54)
    assert missing_glyphs(drawable("a → b ≥ 3 🎲"), FONTS[0]) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_string_is_drawable_as_the_window_shows_it(lang):
    # [ui] texts go straight onto labels and buttons: they must be drawable as written;
    # the other sections reach the window through the log, which makes them drawable.
    bad = {}
    for key, template in catalog(lang).items():
        shown = template if key.startswith("ui.") else drawable(template)
        if m := _missing(shown):
            bad[key] = m
    assert bad == {}


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_every_log_line_of_a_shipped_scenario_is_drawable(path):
    result = play(load_scenario(path))
    names = {f.id: f.sheet.name for f in result.state.fighters.values()} if result.state else {}
    assert result.events
    for lang in LANGS:
        for event in result.events:
            line = _plain(log_html(event, names, lang))
            assert _missing(line) == {}, (lang, line)


def test_status_line_shows_core_refusals_in_drawable_glyphs():
    hud = board(open_app(ui_match("...", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 0)}}))).hud
    hud.set_status("R4.4: a run turns at most 90° per step: (3, 4) → (4, 5) after (2, 4) → (3, 4)", error=True)
    assert "→" in hud.status_shown and "»" not in hud.status_shown
    assert _missing(hud.status_shown) == {}


def test_r2_4_jump_and_push_board_labels_are_drawable_by_the_board_font():
    from arena_game.ui.modes import JumpMode, PushMode

    grid = """
....
.x..
....
"""
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (1, 0)}, "b": {"team": "blue", "at": (2, 1)}})
    bold = next(p for p in FONTS if p.name == "ArenaSans-Bold.ttf")  # what board_view draws labels with
    for mode in (JumpMode(), PushMode()):
        labels = [h.label for h in mode.highlights(ctrl.state, "fr") if h.label]
        assert all(missing_glyphs(label, bold) == set() for label in labels), labels


def test_a_targets_chance_pill_leaves_the_tokens_initials_and_sleep_mark_uncovered():
    import pygame

    from arena_game.render.highlight import Highlight
    from arena_game.render.marks import draw_highlight

    pygame.font.init()
    tile = 88
    surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
    draw_highlight(surf, Highlight((0, 0), "target", "100%", band=2), tile)
    top = pygame.Rect(tile // 8, tile // 8, tile - tile // 4, tile // 4)  # initials at the left, "z" at the right
    assert all(surf.get_at((x, y)).a == 0 for x in range(top.left, top.right) for y in range(top.top, top.bottom))
    assert any(surf.get_at((tile // 2, y)).a > 0 for y in range(tile // 2, tile))  # the pill is drawn, lower down


def test_a_minus_sign_is_drawn_wider_than_a_hyphen_in_every_ui_font():
    """"−8" (a penalty, `i18n.terms.sign`) must not read as "-8" or a dash in the window."""
    import pygame

    pygame.font.init()
    for path in FONTS:
        font = pygame.font.Font(str(path), 14)
        assert font.size(drawable("−"))[0] > font.size("-")[0], path.name


def test_a_floating_labels_minus_is_drawn_as_the_window_draws_it():
    """The animation labels ("−2 all rolls", "−5 mana") render through `drawable` too: the same
    picture as the figure dash that stands for a minus (s49), not Noto's hyphen-like minus."""
    from arena_game.ui.anim.captions import text_surface

    minus = text_surface("−5 mana", 20, (255, 255, 255))
    dash = text_surface("\u20125 mana", 20, (255, 255, 255))
    hyphen = text_surface("-5 mana", 20, (255, 255, 255))
    assert minus.get_size() == dash.get_size() != hyphen.get_size()
