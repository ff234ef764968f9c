"""A " · " list never leaves a lone dot at the end of a line: where the fighter sheet's
attributes and skills break (English and French), or a card's wrapped text, the row ends with
an item and the next starts with one, the dot between them left out."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.render.text import font, wrap_words
from arena_game.ui.panels_html import SEPARATOR, dotted_rows, sheet_html

LANGS = ["en", "fr"]
VALUES = dict(phy=7, sen=1, mag=0, cha=2, dex=3, agi=2, cac=5, acro=0, sed=1, esq=2, course=2, nage=2)


def _rows(box) -> list[str]:
    return ["".join(getattr(chunk, "text", "") for chunk in row.items) for row in box.text_box_layout.layout_rows]


def _no_lone_dot(rows: list[str]) -> None:
    for row in rows:
        assert not row.rstrip(" \u00a0").endswith("·"), rows
        assert not row.lstrip(" \u00a0").startswith("·"), rows


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["ui.sheet_attributes", "ui.sheet_skills"])
def test_dotted_rows_break_between_items_and_leave_the_dot_out(lang, key):
    pygame.font.init()
    f = font(16)
    line = t(key, lang, **VALUES)
    items = line.split(SEPARATOR)
    assert len(items) == 6
    for width in range(max(f.size(i)[0] for i in items), f.size(line)[0] + 20, 6):
        rows = dotted_rows(line, lambda row, w=width: f.size(row)[0] <= w).split("<br>")
        _no_lone_dot(rows)
        assert SEPARATOR.join(rows) == line  # every item, in order: only the breaks' dots are gone
        assert all(f.size(row)[0] <= width for row in rows), (width, rows)
        if f.size(line)[0] > width:
            assert len(rows) > 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_wrapper_leaves_out_the_dot_where_a_dotted_list_breaks(lang):
    pygame.font.init()
    f = font(16)
    text = "Phy 5 · Sen 3 · Mag 2 · Cha 5 · Dex 5 · Agi 4 — " + t("ui.sheet_skills", lang, **VALUES)
    for width in range(120, 600, 7):
        lines = wrap_words(text, f, width)
        _no_lone_dot(lines)
        assert " ".join(lines).count("·") >= text.count("·") - (len(lines) - 1)


@pytest.mark.usefixtures("fresh_pygame")
def test_the_sheet_box_breaks_the_skills_between_items_at_any_width():
    """pygame_gui's own text box broke them after a dot (`test_i18n_typography`'s
    `test_pygame_guis_text_boxes_break_at_plain_spaces_only`)."""
    import pygame_gui

    from arena_game.ui.hud import SheetBox

    pygame.init()  # pygame_gui loads its fonts through pygame.font: alone, nothing else has started it
    pygame.display.set_mode((600, 400))
    manager = pygame_gui.UIManager((600, 400))
    for lang in LANGS:
        words = t("ui.sheet_skills", lang, **VALUES)
        for width in (200, 230, 260, 300, 330, 420, 560):
            box = SheetBox(words, pygame.Rect(0, 0, width, 300), manager)
            rows = [r for r in _rows(box) if r.strip()]
            _no_lone_dot(rows)
            assert box.html_text == words  # what it was given: the box only lays it out
            shown = " ".join(rows).replace("\u00a0", " ")
            for item in words.split(SEPARATOR):
                assert item.replace("\u00a0", " ") in shown
            if width < 330:
                assert len(rows) > 1
            box.kill()


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scene", ["attack-melee", "teleport"])
def test_the_fighter_sheet_in_the_window_never_ends_a_line_on_a_dot(scene, size, lang):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window(scene, lang, size)
    hud = app.find(BoardScreen).hud
    rows = [r for r in _rows(hud.sheet_box) if r.strip()]
    _no_lone_dot(rows)
    assert sum(r.count("·") for r in rows) >= 8  # the lists are there (10 dots, 1 or 2 left out)
    state = app.find(BoardScreen).ctrl.state
    assert hud.sheet_box.html_text in {sheet_html(state, lang, fid, hud.scale) for fid in [None, *state.fighters]}
