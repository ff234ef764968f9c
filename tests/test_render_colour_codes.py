"""The board's colour codes, measured on drawn squares, survive colour blindness: each square is
drawn as the window draws it (the sprite, then its pre-rendered marks) and its pixels are read
through the deuteranopia simulation (`render.colour_vision`). A code must differ in lightness
(CIE L*) or pattern, never only in hue. Each check also runs on the look it replaced, which
a red–green colour-blind reviewer could not read, to show that it catches that."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import contrast_ratio, deuteranopia, lightness
from arena_game.render.highlight import Highlight, HighlightKind
from arena_game.render.marks import LOOKS, SIZES, WIDTHS, Mark, dashed, fill, hatch, outline
from arena_game.render.sprites import SpriteBook
from arena_game.render.text import outlined

TILES = (35, 53)  # a square at 1280×720 and at 1920×1080 (the gallery's boards)
GROUNDS = [("sprite", Terrain.FLOOR), ("sprite", Terrain.WATER), ("plain", Terrain.FLOOR), ("plain", Terrain.WATER)]
"""Where a legal move or a range class lands on the shipped maps: sand floor (walk, run, jump,
teleport) and water (swim, shots across it), as sprites and as the plain fallback colours."""

# the looks this file was written against (a deuteranope could not read them)
OLD_MOVE: tuple[Mark, ...] = (fill((70, 200, 100, 90)), outline((90, 235, 130, 255)))
OLD_FAR: tuple[Mark, ...] = (fill((175, 120, 235, 110)), dashed((200, 160, 255, 255)))
OLD_HAZARD: tuple[Mark, ...] = (hatch((250, 220, 40, 220), 5), outline((250, 60, 40, 255), "bold"))
OLD_REACH_TEXT = (190, 215, 255)
OLD_MEDIUM = 13  # the chance labels' size on a 53 px square (`max(11, tile // 4)`)


def _old_flag(s: pygame.Surface, r: pygame.Rect, h: Highlight, tile: int) -> None:
    k = max(8, tile * 2 // 5)
    points = [(r.left + 1, r.top + 1), (r.left + 1 + k, r.top + 1), (r.left + 1, r.top + 1 + k)]
    pygame.draw.polygon(s, (255, 140, 30, 235), points)
    pygame.draw.polygon(s, (0, 0, 0, 255), points, max(1, max(2, tile // 16) // 2))


OLD_FLAG: tuple[Mark, ...] = (_old_flag,)


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@lru_cache(maxsize=8)
def _book(tile: int) -> SpriteBook:
    return SpriteBook(tile, use_user_folder=False)


def _ground(kind: str, terrain: Terrain, tile: int, frame: int = 0) -> pygame.Surface:
    s = pygame.Surface((tile, tile))
    if kind == "sprite":
        s.blit(_book(tile).terrain(terrain, frame), (0, 0))
    else:
        s.fill(palette.TERRAIN[terrain])
    return s


def _drawn(ground: pygame.Surface, looks: Sequence[tuple[Sequence[Mark], Highlight]], tile: int) -> pygame.Surface:
    """`ground` with the marks drawn on a see-through layer over it, as the window does."""
    layer = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for marks, h in looks:
        for mark in marks:
            mark(layer, pygame.Rect(0, 0, tile, tile), h, tile)
    out = ground.copy()
    out.blit(layer, (0, 0))
    return out


def _look(kind: HighlightKind, label: str = "", band: int = 0) -> tuple[Sequence[Mark], Highlight]:
    return LOOKS[kind].marks, Highlight((0, 0), kind, label, band=band)


@cache
def _seen(rgb: tuple[int, int, int]) -> float:
    """A pixel's L* as a deuteranope sees it."""
    return lightness(deuteranopia(rgb))


def _rgb(s: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    c = s.get_at((x, y))
    return (c.r, c.g, c.b)


def _mean_seen(s: pygame.Surface, rect: pygame.Rect) -> float:
    values = [_seen(_rgb(s, x, y)) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]
    return sum(values) / len(values)


def _inside(tile: int) -> pygame.Rect:
    """The middle of a square, clear of its outlines: where its fill shows."""
    m = tile // 5
    return pygame.Rect(m, m, tile - 2 * m, tile - 2 * m)


def _frames(kind: str, terrain: Terrain) -> range:
    return range(_book(35).terrain_frames(terrain) if kind == "sprite" else 1)


# -- a legal move (walk, run, swim, jump, teleport) --------------------------------------------

def _move_lift(marks: Sequence[Mark], kind: str, terrain: Terrain, tile: int) -> float:
    """How much lighter (L*, deuteranopia) a move square's fill is than the bare ground, the
    least over the ground's animation frames."""
    lifts = []
    for frame in _frames(kind, terrain):
        bare = _ground(kind, terrain, tile, frame)
        drawn = _drawn(bare, [(marks, Highlight((0, 0), "move"))], tile)
        lifts.append(_mean_seen(drawn, _inside(tile)) - _mean_seen(bare, _inside(tile)))
    return min(lifts)


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize(("kind", "terrain"), GROUNDS, ids=lambda g: getattr(g, "value", g))
def test_a_legal_move_is_clearly_lighter_than_the_floor_it_lands_on(tile, kind, terrain):
    assert _move_lift(LOOKS["move"].marks, kind, terrain, tile) >= 12


@pytest.mark.parametrize("tile", TILES)
def test_a_legal_move_is_framed_by_a_dark_line_that_its_fill_does_not_hide(tile):
    """Besides its lightness, a pattern: a dark frame at least 2 px wide around the pale fill."""
    drawn = _drawn(_ground("sprite", Terrain.FLOOR, tile), [_look("move")], tile)
    fill_seen = _mean_seen(drawn, _inside(tile))
    width = WIDTHS["line"](tile)
    for k in range(1, 1 + width):  # the frame's rows, along the top and the left side
        row = pygame.Rect(k + 1, k, tile - 2 * k - 2, 1)
        col = pygame.Rect(k, k + 1, 1, tile - 2 * k - 2)
        assert fill_seen - _mean_seen(drawn, row) >= 30, k
        assert fill_seen - _mean_seen(drawn, col) >= 30, k


def test_the_old_move_fill_was_the_sand_floors_own_lightness():
    assert abs(_move_lift(OLD_MOVE, "sprite", Terrain.FLOOR, 35)) < 4


# -- ranged attack: in range against beyond range (−8) ------------------------------------------

def _range_gap(far: Sequence[Mark], kind: str, terrain: Terrain, tile: int) -> float:
    gaps = []
    for frame in _frames(kind, terrain):
        bare = _ground(kind, terrain, tile, frame)
        near_seen = _mean_seen(_drawn(bare, [_look("inrange")], tile), _inside(tile))
        far_seen = _mean_seen(_drawn(bare, [(far, Highlight((0, 0), "far"))], tile), _inside(tile))
        gaps.append(near_seen - far_seen)
    return min(gaps)


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize(("kind", "terrain"), GROUNDS, ids=lambda g: getattr(g, "value", g))
def test_r1_beyond_range_is_clearly_darker_than_in_range(tile, kind, terrain):
    assert _range_gap(LOOKS["far"].marks, kind, terrain, tile) >= 12


def test_r1_the_old_lilac_was_almost_the_in_range_teals_lightness():
    assert _range_gap(OLD_FAR, "sprite", Terrain.FLOOR, 35) < 6


# -- R4.7 the tackle flag over the chance bands ---------------------------------------------------

def _flag_runs(flag: Sequence[Mark], band: int, tile: int) -> tuple[list[int], float]:
    """Across a row through the flag's middle: the widths of the runs of pixels at least 30 L*
    darker than the band (a deuteranope's view) at its two ends, and how much lighter than
    the band its core is."""
    under = _drawn(_ground("sprite", Terrain.FLOOR, tile), [_look("chance", band=band)], tile)
    over = _drawn(_ground("sprite", Terrain.FLOOR, tile), [_look("chance", band=band), (flag, Highlight((0, 0), "tackle"))], tile)
    k = max(10, tile * 2 // 5)
    y = 1 + k // 3
    xs = [x for x in range(tile) if _rgb(over, x, y) != _rgb(under, x, y)]  # the flag on this row
    band_seen = _mean_seen(under, pygame.Rect(xs[0], y, len(xs), 1))
    dark = [_seen(_rgb(over, x, y)) <= band_seen - 30 for x in xs]
    left = next((i for i, d in enumerate(dark) if not d), len(dark))
    right = next((i for i, d in enumerate(reversed(dark)) if not d), len(dark))
    core = [_seen(_rgb(over, x, y)) for x, d in zip(xs, dark, strict=True) if not d]
    return [left, right], (sum(core) / len(core) - band_seen) if core else 0.0


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("band", range(len(palette.CHANCE_BANDS)))
def test_r4_7_the_tackle_flag_has_a_thick_dark_edge_on_every_chance_band(tile, band):
    edges, _ = _flag_runs(LOOKS["tackle"].marks, band, tile)
    assert min(edges) >= 2, edges


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("band", [1, 2, 3, 4])  # the 60 % and 30 % bands were the flag's olive
def test_r4_7_the_tackle_flags_core_is_lighter_than_the_bands_it_sits_on(tile, band):
    _, lift = _flag_runs(LOOKS["tackle"].marks, band, tile)
    assert lift >= 8, lift


def test_r4_7_the_old_orange_flag_had_a_hairline_edge_and_the_60_percent_bands_lightness():
    edges, lift = _flag_runs(OLD_FLAG, 1, 35)
    assert min(edges) < 2 and lift < 0


# -- R2.5 a deadly square's frame on lava -----------------------------------------------------

def _frame_contrast(marks: Sequence[Mark], terrain: Terrain, tile: int) -> float:
    """The share of the frame's pixels (the 3 px inside the square's edge) whose L* differs from
    the bare ground's by at least 25 for a deuteranope, the least over the animation frames."""
    ring = [(x, y) for x in range(tile) for y in range(tile) if 1 <= min(x, y, tile - 1 - x, tile - 1 - y) <= 3]
    shares = []
    for frame in _frames("sprite", terrain):
        bare = _ground("sprite", terrain, tile, frame)
        drawn = _drawn(bare, [(marks, Highlight((0, 0), "hazard", "66%"))], tile)
        apart = [abs(_seen(_rgb(drawn, x, y)) - _seen(_rgb(bare, x, y))) >= 25 for x, y in ring]
        shares.append(sum(apart) / len(apart))
    return min(shares)


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("terrain", [Terrain.LAVA, Terrain.ACID, Terrain.HOLE], ids=lambda t: t.value)
def test_r2_5_a_deadly_squares_frame_stands_out_on_the_deadly_ground(tile, terrain):
    assert _frame_contrast(LOOKS["hazard"].marks, terrain, tile) >= 0.5


def test_r2_5_the_old_red_frame_melted_into_the_lava():
    assert _frame_contrast(OLD_HAZARD, Terrain.LAVA, 35) < 0.4


# -- a run under way: the step numbers ------------------------------------------------------

def _reach_ground(tile: int, kind: str) -> tuple[int, int, int]:
    """The mean colour of a reach square's fill (no number) over the floor."""
    s = _drawn(_ground(kind, Terrain.FLOOR, tile), [(LOOKS["reach"].marks, Highlight((0, 0), "reach"))], tile)
    px = [_rgb(s, x, y) for x in range(tile // 2, tile - 2) for y in range(tile // 2, tile - 2)]
    r, g, b = (round(sum(c[i] for c in px) / len(px)) for i in range(3))
    return (r, g, b)


@pytest.mark.parametrize("tile", TILES)
@pytest.mark.parametrize("kind", ["sprite", "plain"])
@pytest.mark.parametrize("simulate", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
def test_r4_step_numbers_read_at_4_5_to_1_on_their_square(tile, kind, simulate):
    ground = _reach_ground(tile, kind)
    assert contrast_ratio(simulate(palette.REACH_TEXT), simulate(ground)) >= 4.5
    drawn = _drawn(_ground(kind, Terrain.FLOOR, tile), [_look("reach", "12")], tile)
    ink = [(x, y) for x in range(tile) for y in range(tile) if _rgb(drawn, x, y) == palette.REACH_TEXT]
    assert len(ink) >= 8  # the number is drawn in that colour
    assert max(x for x, _ in ink) < tile - 1  # and whole, inside its square ("12" in the corner)


def test_r4_the_old_pale_blue_step_numbers_were_1_4_to_1():
    assert contrast_ratio(OLD_REACH_TEXT, _reach_ground(35, "sprite")) < 2


# -- labels on squares grow with them -----------------------------------------------------------

def _white_rows(s: pygame.Surface) -> list[int]:
    return [y for y in range(s.get_height()) if any(s.get_at((x, y))[:3] == (255, 255, 255) and s.get_at((x, y)).a == 255
                                                    for x in range(s.get_width()))]


def _label(kind: HighlightKind, tile: int) -> pygame.Surface:
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for mark in LOOKS[kind].marks:
        mark(s, pygame.Rect(0, 0, tile, tile), Highlight((0, 0), kind, "66%", band=2), tile)
    return s


@pytest.mark.parametrize("tile", [40, 53, 64, 80, 96])
@pytest.mark.parametrize("kind", ["chance", "hazard"])
def test_a_squares_chance_label_grows_with_the_square(tile, kind):
    s = _label(kind, tile)
    if kind == "hazard":  # the label, not the † above it
        s = s.subsurface(pygame.Rect(0, tile // 2, tile, tile - tile // 2))
    rows = _white_rows(s)
    assert min(0.2 * tile, 18) <= rows[-1] - rows[0] + 1 <= 0.45 * tile, (rows[0], rows[-1])  # up to a cap


def test_square_labels_stay_within_sensible_sizes():
    assert all(11 <= SIZES[name](tile) <= 32 for name in ("small", "medium", "large") for tile in range(8, 400))
    assert [SIZES["medium"](t) for t in (35, 53, 64)] == sorted({SIZES["medium"](t) for t in (35, 53, 64)})


def test_the_old_chance_label_was_a_fifth_of_a_53_px_square_or_less():
    s = pygame.Surface((53, 53), pygame.SRCALPHA)
    outlined(s, "66%", (26, 26), OLD_MEDIUM)
    rows = _white_rows(s)
    assert rows[-1] - rows[0] + 1 < 0.2 * 53


def _ground_within_2_px_of_the_letters(s: pygame.Surface, ground: tuple[int, int, int]) -> int:
    """How many pixels 2 px beside a letter's white core show the ground (no edge there)."""
    w, h = s.get_size()
    cores = {(x, y) for x in range(w) for y in range(h) if s.get_at((x, y))[:3] == (255, 255, 255)}
    around = {(x + dx, y + dy) for x, y in cores for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2))} - cores
    return sum(1 for x, y in around if 0 <= x < w and 0 <= y < h and s.get_at((x, y))[:3] == ground)


@pytest.mark.parametrize("tile", [53, 64, 96])
def test_a_large_squares_label_is_edged_two_pixels_wide(tile):
    """White on a pale band or on the deadly square's yellow hatching: from 15 px type up the
    black edge around the letters is 2 px wide, so the letters never touch the ground."""
    assert _ground_within_2_px_of_the_letters(_label("chance", tile), palette.CHANCE_BANDS[2]) == 0


def test_the_old_one_pixel_edge_let_the_ground_touch_the_letters():
    s = pygame.Surface((53, 53), pygame.SRCALPHA)
    s.fill((*palette.CHANCE_BANDS[2], 200))
    outlined(s, "66%", (26, 26), SIZES["medium"](53))
    assert _ground_within_2_px_of_the_letters(s, palette.CHANCE_BANDS[2]) > 0
