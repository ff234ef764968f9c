"""Session 45's window defects, each checked where the player sees it: a roll's wrapped rows in
the match log hang under the text after its bullet; a hover card never covers the board's
column and row numbers; a pygame_gui window's title bar grows with the window's text."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont

from arena_game.ui.app import App
from arena_game.ui.board_view import coordinate_strips
from arena_game.ui.hud import Hud
from arena_game.ui.log_box import LogBox
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from tests.layout_boxes import drawn_boxes
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

ROLL = ("<font color='#a9b4c2'>   • Kael — Esquive\u00a0(dodge):\u00a0d20\u00a07 +\u00a0Agilité\u00a0(agility)\u00a05"
        " +\u00a0Esquive\u00a0(dodge)\u00a04\u00a0=\u00a016 (<a href='R4.4'>R4.4</a>)</font>")
PLAIN = "Brakka attacks Kael: 24 vs 16 — hit, a line long enough to wrap in the narrow log box"


def _rows(box: LogBox) -> list[list[TextLineChunkFTFont]]:
    """The box's laid out rows, each its text chunks (a row ending a line ends with a break)."""
    assert box.text_box_layout is not None
    return [[c for c in row.items if isinstance(c, TextLineChunkFTFont) and c.text] for row in box.text_box_layout.layout_rows]


def _ink_x(chunks: list[TextLineChunkFTFont], font: object, after: str = "") -> int:
    """Where a row's text shows from: its first chunk's left, past its leading spaces (and past
    `after`, the bullet's start, on the bullet's row)."""
    first = chunks[0]
    text = first.text
    skip = after or text[:len(text) - len(text.lstrip(" "))]
    return int(first.x + font.size(skip)[0])  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_wrapped_roll_line_hangs_its_rows_under_the_text_after_its_bullet(size):
    app = App(size=size, realtime=False, lang="en")
    hud = Hud(app.manager, "en")
    hud.build(size)
    hud.log_lines = [ROLL, PLAIN]
    hud._fill_log()
    box = hud.log_box
    font = box.ui_theme.get_font(box.combined_element_ids)
    rows = _rows(box)
    ends = [any(isinstance(i, LineBreakLayoutRect) for i in row.items) for row in box.text_box_layout.layout_rows]
    assert len(rows) >= 3, "the roll line fits the box: nothing to hang"
    under = _ink_x(rows[0], font, "   • ")  # the name after the bullet
    plain_start = next(i for i, row in enumerate(rows) if row and row[0].text.startswith("Brakka"))
    continued = [row for row in rows[1:plain_start] if row]
    assert continued, "the roll line did not wrap"
    for row in continued:
        assert abs(_ink_x(row, font) - under) <= font.size(" ")[0], ([c.text for c in row], under)
    # every row of the roll line fits the box as it is: pygame_gui wraps none of them back to the edge
    assert all(ends[:plain_start]), "pygame_gui wrapped a row of the roll line itself"
    assert _ink_x(rows[plain_start], font) < under  # a line without a bullet starts at the box's edge


def test_a_hung_log_drops_its_oldest_lines_whole():
    """The log drops its oldest lines without laying the rest out again: the breaks it counts
    in them include those of their hanging rows, or the rows left would start mid-line."""
    app = App(size=(1280, 720), realtime=False, lang="en")
    hud = Hud(app.manager, "en")
    hud.build((1280, 720))
    hud.log_lines = [ROLL if i % 2 else f"event {i}" for i in range(230)]
    hud._fill_log()
    app.manager.update(1 / 60)
    assert hud.log_box.drop_first_lines(hud.log_lines[:31], "<br>".join(hud.log_lines[31:]) + "<br>")
    rows = ["".join(c.text for c in row) for row in _rows(hud.log_box)]
    # a whole line first, not one of the dropped line's hanging rows; its own hanging row, then the next line
    assert rows[0].startswith("   • Kael") and rows[1].startswith("      +") and rows[2] == "event 32", rows[:3]


SCENES_WITH_CARDS = ["attack-melee", "circle-split", "jump", "push-lava", "attack-ranged"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", SCENES_WITH_CARDS)
def test_a_hover_card_never_covers_the_boards_column_and_row_numbers(scene, lang, size):
    app = scene_window(scene, lang, size)
    board = app.find(BoardScreen)
    cards = drawn_boxes(app, "hover_card")
    assert cards, "the scene shows no hover card"
    tile, (ox, oy), grid = board.camera.tile, board.camera.origin, board.ctrl.state.board
    left, top = coordinate_strips(grid, tile)  # the row numbers' strip and the column numbers'
    strips = (pygame.Rect(ox, oy, left, grid.height * tile), pygame.Rect(ox, oy, grid.width * tile, top))
    hovered = board.camera.square_rect(board.hover)
    for card in cards:
        assert card.collidelist(list(strips)) == -1, (card, strips)
        assert not card.colliderect(hovered)


def test_a_card_beside_the_left_edge_goes_right_of_the_square_not_over_the_row_numbers():
    room = pygame.Rect(0, 0, 800, 600)
    rows, columns = pygame.Rect(100, 40, 24, 560), pygame.Rect(100, 40, 700, 20)
    cursor = pygame.Rect(280, 200, 35, 35)  # a card to its left would fit between the edge and it
    box = hover_card.place((170, 80), cursor, room, strips=[rows, columns])
    assert not box.colliderect(rows) and not box.colliderect(columns) and not box.colliderect(cursor)
    # a square in the top row: the card goes below it, never up over the column numbers
    top = pygame.Rect(300, 60, 35, 35)
    box = hover_card.place((170, 80), top, room, strips=[rows, columns])
    assert not box.colliderect(columns) and not box.colliderect(top)


@pytest.mark.parametrize(("size", "bar"), [((1280, 720), 28), ((1920, 1080), 42)])
def test_a_windows_title_bar_grows_with_the_windows_text(size, bar):
    app = scene_window("rules", "en", size)
    window = app.top.window  # type: ignore[union-attr]
    assert window.title_bar_height == bar and window.title_bar.rect.h == bar
    assert window.close_window_button.rect.w == bar
    title = window.title_bar.font
    assert title.size(window.window_display_title)[1] <= bar  # the title's line inside its bar


def test_a_resized_windows_title_bar_follows_the_new_size():
    app = scene_window("dice-at-table", "fr", (1280, 720))
    app.resize((1920, 1080))
    for _ in range(30):
        app.step()
    window = app.top.window  # type: ignore[union-attr]
    assert window.title_bar_height == 42
    # the dialog sized for that bar: what it holds fits its container as laid out
    assert tuple(window.get_container().get_size()) == app.top.layout.inner  # type: ignore[union-attr]


@pytest.mark.parametrize("size", [(800, 560), (900, 900), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_roster_editor_is_laid_out_for_a_window_narrower_than_its_design(lang, size):
    """It kept its 1280 px layout and scrolled sideways: now every widget lies inside the
    window's width, less the bar that scrolls it up and down, and nothing scrolls sideways."""
    from tests.layout_boxes import _leaves, assert_words_whole_and_apart

    app = scene_window("roster", lang, size)
    editor = app.top
    box = editor.scroller  # type: ignore[union-attr]
    assert box is not None and (box.horiz_scroll_bar is None or not box.horiz_scroll_bar_active)
    inner = box.get_container()
    assert inner.get_rect().w <= box.view.w  # nothing wider than the view: nothing to scroll sideways to
    right = box.view.right
    assert all(el.rect.right <= right for el in _leaves(inner)), \
        [(getattr(el, "text", ""), el.rect) for el in _leaves(inner) if el.rect.right > right]
    assert_words_whole_and_apart(app)


def test_the_roster_sheet_under_a_narrow_window_puts_a_long_fault_under_its_field():
    app = scene_window("roster", "fr", (800, 560))
    row = app.top.form.rows["weapon.damage"]  # type: ignore[union-attr]
    assert row.fault.text  # the damage typed wrong: its fault shown
    entry = row.widget.rect
    assert row.fault.rect.top >= entry.bottom and row.fault.rect.w >= row.fault.font.size(row.fault.text)[0]


def test_a_tall_window_puts_the_side_panels_under_the_board_and_shows_it_as_wide_as_the_window():
    """At 1080×1920 the board sat in a 700 px column beside the panels, with some 400 px of empty
    room above and below it: the panels now go in a band under the status line."""
    app = scene_window("attack-melee", "en", (1080, 1920))
    board = app.top
    hud = board.hud  # type: ignore[union-attr]
    grid = board.ctrl.state.board  # type: ignore[union-attr]
    drawn = pygame.Rect(board.camera.origin, (grid.width * board.camera.tile, grid.height * board.camera.tile))  # type: ignore[union-attr]
    assert drawn.w >= 0.95 * 1080, drawn
    assert board.viewport.h - drawn.h <= 2 * board.camera.tile  # no wide empty bands above and below it  # type: ignore[union-attr]
    for panel in (hud.sheet_box, hud.teams_box, hud.log_box):
        assert panel.rect.top >= hud.status_rect.bottom and panel.rect.bottom <= hud.bar_top
        assert app.screen.get_rect().contains(panel.rect)
    assert hud.status_rect.w == hud.key_rect.w == 1080


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 560), (900, 900), (2560, 1080)])
def test_a_wide_or_square_window_keeps_the_side_panels_beside_the_board(size):
    """The guard of the tall window's band: every other shape keeps its layout (a square
    window's board, as wide as the column beside the panels allows, would be no larger above them)."""
    app = scene_window("walk", "fr", size)
    hud = app.top.hud  # type: ignore[union-attr]
    assert hud.sheet_box.rect.left >= hud.viewport.right and hud.log_box.rect.left >= hud.viewport.right


def _row_texts(box) -> list[tuple[str, bool]]:
    """Each laid out row's text and whether it ends its line (a break on it)."""
    return [("".join(getattr(i, "text", "") for i in row.items if not isinstance(i, LineBreakLayoutRect)),
             any(isinstance(i, LineBreakLayoutRect) for i in row.items)) for row in box.text_box_layout.layout_rows]


def test_a_panel_line_that_just_fits_leaves_no_blank_row_under_it():
    """At 800×560 the sheet's weapon line and a log line end within 4 px of the box's edge:
    pygame_gui put their line break on a row of its own, a blank row under each."""
    app = scene_window("run-under-way", "en", (800, 560))
    hud = app.top.hud  # type: ignore[union-attr]
    for box in (hud.sheet_box, hud.log_box):
        rows = _row_texts(box)
        blank_after_text = [i for i in range(1, len(rows)) if not rows[i][0].strip() and not rows[i - 1][1]]
        assert not blank_after_text, [rows[i - 1][0] for i in blank_after_text]


def test_a_square_in_the_log_stays_whole_on_its_row():
    """"(2, 3) → (3, 3)" wrapped as "… (3," and "3) …": two numbers a player reads apart."""
    import re

    app = scene_window("run-under-way", "en", (800, 560))
    rows = [text for text, _ in _row_texts(app.top.hud.log_box)]  # type: ignore[union-attr]
    assert any("→" in text for text in rows)
    assert not [text for text in rows if re.search(r"\(-?\d+,\s*$", text)], rows
