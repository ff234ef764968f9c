"""A target's hit chance leaves its token's weapon in sight: the figure goes on a tag on a free
square beside the target (above it first), against their shared edge with a pointer to it,
white on the dark pill (≥ 4.5:1); it stays on the token only when no square beside it is free.
The hover card goes beside the target and its tag, never over them."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.sheets import WeaponFamily
from arena_game.render import marks, palette
from arena_game.render.board import picture
from arena_game.render.colour_vision import contrast_ratio
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS, place_tags, tag_layout
from arena_game.render.sprites import SpriteBook
from arena_game.render.tokens import FighterToken
from tests.builders import tiny_board

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def _target(sq, label="66%", band=1) -> Highlight:
    return Highlight(sq, "target", label, tip="card", band=band)


def test_a_targets_figure_goes_on_the_free_square_above_it():
    board = tiny_board(".....\n.....\n.....")
    inside = board.inside
    placed = place_tags([Highlight((1, 1), "inrange"), _target((2, 1))], {(2, 1), (2, 2)}, inside)
    tags = [h for h in placed if h.kind == "tag"]
    assert tags == [Highlight((2, 0), "tag", "66%", band=1, to=(2, 1))]
    target = next(h for h in placed if h.kind == "target")
    assert target.label == "" and target.tip == "card"  # the card still speaks of it


def test_a_tag_goes_below_right_or_left_when_above_is_taken_and_stays_home_when_hemmed_in():
    board = tiny_board(".....\n.....\n.....")
    # above: a fighter; below: a legal move (a click there would not strike): right it goes
    placed = place_tags([_target((2, 1)), Highlight((2, 2), "move")], {(2, 1), (2, 0)}, board.inside)
    assert [h.square for h in placed if h.kind == "tag"] == [(3, 1)]
    # at the map's top edge, its left neighbour a push's landing, the rest fighters
    placed = place_tags([_target((1, 0)), Highlight((1, 0), "arrow", to=(0, 0)), Highlight((0, 0), "landing")],
                        {(1, 0), (1, 1), (2, 0)}, board.inside)
    assert [h for h in placed if h.kind == "tag"] == []
    assert next(h for h in placed if h.kind == "target").label == "66%"  # on its token, as before
    # two targets side by side under one free square: one tag a square
    placed = place_tags([_target((1, 1)), _target((1, 2), "20%", 3)], {(1, 1), (1, 2)}, board.inside)
    assert sorted(h.square for h in placed if h.kind == "tag") == [(1, 0), (2, 2)]


@pytest.mark.parametrize("tile", [35, 53])
@pytest.mark.parametrize("family", ["melee", "bow", "two_handed", "thrown", "firearm"])
def test_the_targets_weapon_glyph_stays_whole_and_its_figure_reads_beside_it(tile, family):
    board = tiny_board(".....\n.....\n.....")
    book = SpriteBook(tile, use_user_folder=False)
    tokens = [FighterToken((2, 2), "Ann", "#c0392b", active=True), FighterToken((2, 1), "Bob", "#2980b9", family, slot=1)]
    plain = picture(board, tile, book, [], tokens)
    marked = picture(board, tile, book, [Highlight((1, 1), "inrange"), _target((2, 1), "100%", 0)], tokens)
    glyph = book.image(book.manifest.tokens.glyph(WeaponFamily(family)), tile)
    at = (2 * tile, tile)
    drawn = [(x, y) for x in range(tile) for y in range(tile) if glyph.get_at((x, y)).a > 200]
    assert drawn
    changed = [(x, y) for x, y in drawn if marked.get_at((at[0] + x, at[1] + y)) != plain.get_at((at[0] + x, at[1] + y))]
    assert changed == []  # not a pixel of the weapon under the figure
    # the figure: on the square above, against its bottom edge, white on the dark pill
    box, ink_box, tip = tag_layout("100%", tile, (0, 1))
    box, ink_box = box.move(2 * tile, 0), ink_box.move(2 * tile, 0)
    assert pygame.Rect(2 * tile, 0, tile, tile).contains(box) and box.bottom >= tile - marks.tail_size(tile) - 1
    text = {tuple(marked.get_at((x, y)))[:3] for x in range(ink_box.left, ink_box.right) for y in range(ink_box.top, ink_box.bottom)}
    assert palette.WHITE in text
    under = {tuple(marked.get_at((x, y)))[:3] for x in range(ink_box.left, ink_box.right) for y in (ink_box.top - 1, ink_box.bottom)}
    assert min(contrast_ratio(palette.WHITE, c) for c in under) >= 4.5
    # its pointer, in the band colour, reaches the target's edge
    assert tuple(marked.get_at((2 * tile + tile // 2, tile - 2)))[:3] == palette.CHANCE_BANDS[0]


@pytest.mark.parametrize("towards", [(0, 1), (0, -1), (1, 0), (-1, 0)])
@pytest.mark.parametrize("tile", [35, 40, 53, 80])
def test_a_tag_lies_in_its_square_against_the_edge_it_points_at(towards, tile):
    layout = tag_layout("100%", tile, towards)
    assert layout is not None
    box, ink_box, tip = layout
    square = pygame.Rect(0, 0, tile, tile)
    assert square.contains(box) and box.contains(ink_box)
    edge = {(0, 1): lambda p: p[1] == tile - 1, (0, -1): lambda p: p[1] == 0,
            (1, 0): lambda p: p[0] == tile - 1, (-1, 0): lambda p: p[0] == 0}[towards]
    # the pointer touches the target's edge; "100%" too wide for one beside a 35 px square: the
    # pill itself comes within a pixel of it
    assert any(edge(p) for p in tip) or (tip == [] and tile < 40 and (
        box.left == 1 if towards == (-1, 0) else box.right == tile - 1))
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    to = (towards[0] + 5, towards[1] + 5)
    for mark in LOOKS["tag"].marks:
        mark(s, square, Highlight((5, 5), "tag", "100%", band=2, to=to), tile)
    assert s.get_bounding_rect().union(box) == s.get_bounding_rect()


def test_the_pill_is_drawn_once_from_one_rendering(monkeypatch):
    """`pill` draws the figure it measured: one font rendering of the label per pill."""
    from arena_game.render import text as text_mod

    calls = []
    real = text_mod.font

    def counting(px, bold=False):
        f = real(px, bold=bold)

        class Counted:
            def render(self, *a, **k):
                calls.append(a[0])
                return f.render(*a, **k)

            def __getattr__(self, name):
                return getattr(f, name)
        return Counted()

    monkeypatch.setattr(marks, "font", counting)
    s = pygame.Surface((53, 53), pygame.SRCALPHA)
    marks.pill()(s, pygame.Rect(0, 0, 53, 53), _target((0, 0), "34%"), 53)
    assert calls == ["34%"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_in_the_window_each_target_has_its_tag_beside_it_and_the_card_leaves_both_in_sight(size, lang):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window("attack-melee", lang, size)
    b = app.find(BoardScreen)
    targets = {h.square: h for h in b.current_highlights() if h.kind == "target"}
    assert len(targets) == 2 and set(b.view.tags) == set(targets)
    fighters = {f.position for f in b.ctrl.state.fighters.values() if f.alive}
    for target, tag in b.view.tags.items():
        assert abs(target[0] - tag[0]) + abs(target[1] - tag[1]) == 1 and tag not in fighters
    # the hovered target's card: beside it and its tag, over neither
    hovered = b.hover
    assert hovered in b.view.tags
    from arena_game.render.text import record_text_boxes, text_boxes

    record_text_boxes(True)
    app.draw()
    boxes = text_boxes()
    record_text_boxes(False)
    card = next(r for what, r, *_ in boxes if what == "hover_card")
    for sq in (hovered, b.view.tags[hovered], *b.view.tags.values()):
        assert not card.colliderect(b.camera.square_rect(sq)), sq


def test_r0_4_pointing_at_a_targets_tag_means_the_target():
    """The figure moved beside its target still belongs to it: hovering the tag shows the
    target's forecast, and a click on it strikes the target (the tag's square is inert)."""
    from tests.ui_driver import board, click_square, hover_square, open_app, press_key, ui_match

    grid = "......\n......\n......"
    ctrl = ui_match(grid, {"a": {"team": "red", "at": (1, 2)}, "b": {"team": "blue", "at": (2, 2)}},
                    faces=[15, 3, 5, 4])
    app = open_app(ctrl, lang="en")
    press_key(app, pygame.K_5)
    view = board(app).view
    assert view.tags == {(2, 2): (2, 1)}  # above the target
    hover_square(app, (2, 1))
    assert board(app).hover == (2, 2) and "hit" in board(app).card_text
    click_square(app, (2, 1))
    state = board(app).ctrl.state
    assert state.fighters["a"].position == (1, 2) and state.fighters["b"].pv < state.fighters["b"].sheet.pv
