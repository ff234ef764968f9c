"""The board's marks, as a demanding player reads them: a circle attack's order badge leaves
the target's weapon whole (R8); the squares in range are one area framed on its outer edge,
as legal moves are, readable by a deuteranope (R1); a hover card leaves in sight the squares
its words name ("blocked by the wall at (9, 1)")."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.sheets import WeaponFamily
from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import JOINED, Highlight
from arena_game.render.marks import (
    LOOKS,
    WIDTHS,
    badge_radius,
    draw_highlight,
    joined_areas,
    square_look,
)
from arena_game.render.sprites import SpriteBook
from arena_game.render.text import INITIALS_AT, initials
from arena_game.render.tokens import FighterToken, token_image

TILES = (35, 44, 53, 64)  # 35 and 53: the gallery's boards at 1280×720 and 1920×1080
FAMILIES = [f.value for f in WeaponFamily]


@pytest.fixture(autouse=True)
def _fonts():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


def _seen(c) -> float:
    return lightness(deuteranopia((c[0], c[1], c[2])))


def _token(family: str, tile: int) -> pygame.Surface:
    surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
    surf.blit(token_image(FighterToken((0, 0), "Oruk", "#2a6fb0", family), tile, SpriteBook(tile, use_user_folder=False)),
              (0, 0))
    return surf


def _glyph(token: pygame.Surface) -> list[tuple[int, int]]:
    """The weapon glyph's pixels: near white, out of the initials' corner."""
    tile = token.get_width()
    names = initials("Oruk", tile).get_bounding_rect().move(INITIALS_AT).inflate(2, 2)
    return [(x, y) for x in range(tile) for y in range(tile)
            if min(token.get_at((x, y))[:3]) >= 200 and token.get_at((x, y)).a > 200 and not names.collidepoint(x, y)]


def _old_order(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
    """The badge as it was: in the square's top-right corner, over a sword's or a gun's tip."""
    radius = max(8, tile // 5)
    pygame.draw.circle(s, palette.ORDER_DISC, (r.right - radius, r.top + radius), radius)


def _covered(token: pygame.Surface, marks) -> list[tuple[int, int]]:
    tile = token.get_width()
    over = token.copy()
    for mark in marks:
        mark(over, pygame.Rect(0, 0, tile, tile), Highlight((0, 0), "order", "1"), tile)
    return [p for p in _glyph(token) if over.get_at(p) != token.get_at(p)]


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("family", FAMILIES)
def test_r8_the_order_badge_leaves_the_targets_weapon_whole(family, tile):
    token = _token(family, tile)
    assert len(_glyph(token)) > 20
    assert _covered(token, LOOKS["order"].marks) == []


def test_r8_the_old_badge_covered_a_swords_tip():
    assert len(_covered(_token("melee", 35), [_old_order])) > 10


@pytest.mark.parametrize("tile", TILES)
def test_r8_the_order_badge_stays_clear_of_the_initials_and_the_pv_bar(tile):
    token = _token("melee", tile)
    over = token.copy()
    for mark in LOOKS["order"].marks[2:]:  # the badge and its number (the two outlines frame the square)
        mark(over, pygame.Rect(0, 0, tile, tile), Highlight((0, 0), "order", "1"), tile)
    changed = [(x, y) for x in range(tile) for y in range(tile) if over.get_at((x, y)) != token.get_at((x, y))]
    box = pygame.Rect(min(x for x, _ in changed), min(y for _, y in changed), 0, 0)
    box.union_ip(pygame.Rect(max(x for x, _ in changed), max(y for _, y in changed), 1, 1))
    bar = tile - max(3, tile // 9)  # the PV bar's top row (`tokens.draw_pv_bar`), under its back's edge
    assert box.bottom <= bar  # the bar stays whole (a target's is drawn again over its marks, back and all)
    names = initials("Oruk", tile).get_bounding_rect().move(INITIALS_AT)
    assert not box.colliderect(names)
    assert box.w <= 2 * badge_radius(tile) + 2  # the number inside its disc


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r8_in_the_circle_scene_the_picked_targets_sword_shows_whole(size):
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window("circle", "en", size)
    b = app.find(BoardScreen)
    picked = next(h.square for h in b.current_highlights() if h.kind == "order")
    rect = b.camera.square_rect(picked)
    fighter = next(f for f in b.ctrl.state.fighters.values() if f.position == picked)
    token = _token(fighter.sheet.weapon.family.value, b.camera.tile)
    app.draw()
    shown = app.screen.subsurface(rect)
    glyph = _glyph(token)
    assert glyph and all(min(shown.get_at(p)[:3]) >= 190 for p in glyph)  # every pixel of the glyph still light


# -- R1: in range, one area ---------------------------------------------------------------------------


def _line_pixels(s: pygame.Surface, rect: pygame.Rect) -> int:
    line = palette.IN_RANGE_LINE[:3]
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(s.get_at((x, y)))[:3] == line)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r1_the_squares_in_range_are_one_area_framed_on_its_outer_edge(size):
    from arena_game.render.text import record_text_boxes, text_boxes
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window("attack-ranged", "en", size)
    b = app.find(BoardScreen)
    near = {h.square for h in b.current_highlights() if h.kind == "inrange"}
    assert len(near) > 50
    board = b.ctrl.state.board
    busy = {f.position for f in b.ctrl.state.fighters.values() if f.alive} | set(b.view.tags.values())
    inner = [sq for sq in near if all((sq[0] + dx, sq[1] + dy) in near for dx, dy in JOINED)
             and board.terrain(sq) is Terrain.FLOOR and sq not in busy and sq != b.hover]
    assert len(inner) > 10
    app.draw()
    shown = [sq for sq in inner if b.viewport.contains(b.camera.square_rect(sq))]
    assert shown and all(_line_pixels(app.screen, b.camera.square_rect(sq)) == 0 for sq in shown)  # no grid inside
    record_text_boxes(True)
    app.draw()
    card = next(rect for what, rect, _, _ in text_boxes() if what == "hover_card")  # the hovered target's card
    record_text_boxes(False)
    edge = [sq for sq in near if (sq[0], sq[1] - 1) not in near and sq not in busy and sq != b.hover
            and board.terrain(sq) is Terrain.FLOOR and b.viewport.contains(b.camera.square_rect(sq))
            and not card.colliderect(b.camera.square_rect(sq))]
    assert edge and all(_line_pixels(app.screen, b.camera.square_rect(sq)) > 0 for sq in edge)  # framed there


def test_r1_the_old_in_range_look_framed_every_square():
    from arena_game.render.marks import fill, outline

    tile = 35
    old = (fill(palette.IN_RANGE_FILL), outline(palette.IN_RANGE_LINE, "thin", inset=4))
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for mark in old:
        mark(s, pygame.Rect(0, 0, tile, tile), Highlight((0, 0), "inrange", joined=255), tile)
    assert _line_pixels(s, s.get_rect()) > 0  # inside an area, still framed


@pytest.mark.parametrize("tile", [35, 53])
@pytest.mark.parametrize("terrain", [Terrain.FLOOR, Terrain.WATER])
def test_r1_the_range_areas_edge_stands_out_of_its_veil_for_a_deuteranope(tile, terrain):
    """Inside the area the veil alone tells in range (≥ 2 L* on water, where it is faint); its
    frame, the line a deuteranope follows round the area, is ≥ 15 L* lighter than the veil."""
    ground = pygame.Surface((tile, tile))
    ground.blit(SpriteBook(tile, use_user_folder=False).terrain(terrain, 0), (0, 0))
    layer = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for mark in LOOKS["inrange"].marks:
        mark(layer, pygame.Rect(0, 0, tile, tile), Highlight((0, 0), "inrange"), tile)  # a lone square: framed all round
    drawn = ground.copy()
    drawn.blit(layer, (0, 0))
    m = tile // 5
    inside = [_seen(drawn.get_at((x, y))) for x in range(m, tile - m) for y in range(m, tile - m)]
    width = WIDTHS["line"](tile)
    edge = [_seen(drawn.get_at((x, 1 + k))) for x in range(m, tile - m) for k in range(width)]
    assert sum(edge) / len(edge) - sum(inside) / len(inside) >= 15


def test_r1_each_kind_is_an_area_of_its_own():
    marks = joined_areas([Highlight((0, 0), "move"), Highlight((1, 0), "inrange"), Highlight((2, 0), "inrange")])
    assert marks[0].joined == 0  # a move beside a square in range is not of its area
    assert marks[1].joined == JOINED[(1, 0)] and marks[2].joined == JOINED[(-1, 0)]


@pytest.mark.parametrize("joined", [0, 5, 10, 15, 255])
def test_r1_a_pre_rendered_range_square_is_the_marks_drawn_in_place(joined):
    tile = 24
    h = Highlight((1, 1), "inrange", joined=joined)
    direct = pygame.Surface((3 * tile, 3 * tile), pygame.SRCALPHA)
    draw_highlight(direct, h, tile)
    square = direct.subsurface((tile, tile, tile, tile))
    assert pygame.image.tobytes(square_look((h,), tile), "RGBA") == pygame.image.tobytes(square, "RGBA")


# -- hover cards ---------------------------------------------------------------------------------------


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r2_2_a_refusal_card_leaves_the_wall_it_names_in_sight(lang, size):
    from arena_game.render.text import record_text_boxes, text_boxes
    from arena_game.ui.screens.board import BoardScreen
    from tools.window_screenshots import scene_window

    app = scene_window("walk", lang, size)
    b = app.find(BoardScreen)
    assert "(9, 1)" in b.card_text  # "no diagonal: blocked by the wall at (9, 1)"
    record_text_boxes(True)
    app.draw()
    card = next(rect for what, rect, _, _ in text_boxes() if what == "hover_card")
    record_text_boxes(False)
    assert not card.colliderect(b.camera.square_rect((9, 1)))
    assert not card.colliderect(b.camera.square_rect(b.hover))
