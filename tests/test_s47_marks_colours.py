"""Review s46 items 17 and 20, measured as a deuteranope sees the squares drawn as the window
draws them (`render.colour_vision`): the 10 % and < 10 % chance bands are no longer two close
browns, beyond range is no longer a blue as light as in range, the sure band is edged so it
does not pass for a lighter water square, and a teleport's legal area over nearly the whole
floor no longer washes the map out."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness
from arena_game.render.highlight import JOINED, Highlight
from arena_game.render.marks import LOOKS, lightened
from arena_game.render.sprites import SpriteBook
from tests.builders import tiny_board

TILES = (35, 53)  # a square at 1280×720 and at 1920×1080


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@lru_cache(maxsize=8)
def _ground(terrain: Terrain, tile: int) -> pygame.Surface:
    s = pygame.Surface((tile, tile))
    s.blit(SpriteBook(tile, use_user_folder=False).terrain(terrain, 0), (0, 0))
    return s


def _drawn(h: Highlight, tile: int, terrain: Terrain = Terrain.FLOOR) -> pygame.Surface:
    layer = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for mark in LOOKS[h.kind].marks:
        mark(layer, pygame.Rect(0, 0, tile, tile), h, tile)
    out = _ground(terrain, tile).copy()
    out.blit(layer, (0, 0))
    return out


def _seen(s: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    c = pygame.transform.average_color(s, rect)
    return deuteranopia((c[0], c[1], c[2]))


def _fill_area(tile: int) -> pygame.Rect:
    return pygame.Rect(tile // 8, tile * 5 // 8, tile // 4, tile // 4)


@pytest.mark.parametrize("tile", TILES)
def test_r4_2_the_10_and_under_10_bands_are_18_l_apart_and_apart_in_hue_for_a_deuteranope(tile):
    """26 % and 4 % squares were two olives 15 L* apart: < 10 % is now much darker and blue-grey
    (the blue–yellow contrast a deuteranope keeps) against the 10 % band's olive."""
    ten, under = (_seen(_drawn(Highlight((0, 0), "chance", band=b), tile), _fill_area(tile)) for b in (3, 4))
    assert lightness(ten) - lightness(under) >= 18, (ten, under)
    assert (under[2] - under[0]) - (ten[2] - ten[0]) >= 60, (ten, under)


@pytest.mark.parametrize("tile", TILES)
def test_r1_beyond_range_is_20_l_darker_than_in_range_for_a_deuteranope(tile):
    """Violet turns blue for a deuteranope, in range's own hue: the two must differ by lightness
    (they were 14–18 L* apart, told by the hatching alone)."""
    inside = pygame.Rect(tile // 4, tile // 4, tile // 2, tile // 2)
    near = _seen(_drawn(Highlight((0, 0), "inrange", joined=255), tile), inside)
    far = _seen(_drawn(Highlight((0, 0), "far"), tile), inside)
    assert lightness(near) - lightness(far) >= 20, (near, far)


@pytest.mark.parametrize("tile", TILES)
def test_r2_3_the_sure_band_on_water_is_edged_lighter_than_its_fill(tile):
    """On water the sure band's pale cyan read as a lighter water square: its edge is 10 L*
    lighter than its fill (a mark's frame), while the other bands keep no such edge."""
    s = _drawn(Highlight((0, 0), "chance", band=0), tile, Terrain.WATER)
    edge = _seen(s, pygame.Rect(tile // 4, 1, tile // 2, 1))
    fill = _seen(s, pygame.Rect(tile // 4, 3, tile // 2, 2))
    assert lightness(edge) - lightness(fill) >= 10, (edge, fill)
    other = _drawn(Highlight((0, 0), "chance", band=2), tile, Terrain.WATER)
    assert abs(lightness(_seen(other, pygame.Rect(tile // 4, 1, tile // 2, 1)))
               - lightness(_seen(other, pygame.Rect(tile // 4, 3, tile // 2, 2)))) < 10


def test_r6_a_legal_area_over_most_of_the_ground_is_drawn_lighter_a_walk_is_not():
    board = tiny_board("\n".join(["#######", "#.....#", "#.~~..#", "#.....#", "#######"]))
    everywhere = [Highlight(sq, "move") for sq in board.squares() if board.terrain(sq) is Terrain.FLOOR]
    assert {h.band for h in lightened(everywhere, board)} == {1}
    steps = [Highlight(sq, "move") for sq in ((1, 1), (2, 1), (1, 2))]
    assert lightened(steps, board) == steps
    others = [Highlight((1, 1), "blocked", tip="why")]
    assert lightened(everywhere + others, board)[-1] == others[0]


@pytest.mark.parametrize("tile", TILES)
def test_r6_a_lightened_area_square_is_within_4_l_of_its_bare_floor_and_keeps_its_frame(tile):
    inside = pygame.Rect(tile // 4, tile // 4, tile // 2, tile // 2)
    bare = lightness(_seen(_ground(Terrain.FLOOR, tile), inside))
    veiled = lightness(_seen(_drawn(Highlight((0, 0), "move", band=1, joined=255), tile), inside))
    assert abs(veiled - bare) <= 4, (veiled, bare)
    edge = _drawn(Highlight((0, 0), "move", band=1, joined=JOINED[(1, 0)] | JOINED[(0, 1)] | JOINED[(-1, 0)]), tile)
    assert tuple(edge.get_at((tile // 2, 2)))[:3] == palette.MOVE_EDGE[:3]  # its outer side framed as before


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r6_the_teleport_scene_leaves_the_floor_its_own_lightness(size):
    """The gallery's potion teleport: the free floor inside the legal area is drawn within 4 L*
    (deuteranopia) of the bare map (the old veil lifted it 13 L*, washing out acid, pits and
    crates beside it), the legend still says what the framed area is."""
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.screens.board_draw import shown_highlights, shown_kinds
    from tools.window_screenshots import scene_window

    app = scene_window("teleport", "en", size)
    b = app.find(BoardScreen)
    legal = {h.square for h in b.current_highlights() if h.kind == "move"}
    state = b.ctrl.state
    inner = [sq for sq in sorted(legal) if sq[0] < 10 and all((sq[0] + dx, sq[1] + dy) in legal for dx, dy in JOINED)
             and state.board.terrain(sq) is Terrain.FLOOR]
    assert len(inner) >= 5
    tile, terrain = b.camera.tile, b.view.terrain()
    gaps = []
    for sq in inner:
        on_screen = b.camera.square_rect(sq).inflate(-tile // 2, -tile // 2)
        on_map = pygame.Rect(sq[0] * tile, sq[1] * tile, tile, tile).inflate(-tile // 2, -tile // 2)
        gaps.append(lightness(_seen(app.screen, on_screen)) - lightness(_seen(terrain, on_map)))
    assert max(abs(g) for g in gaps) <= 4, [round(g, 1) for g in gaps]
    assert "move" in shown_kinds(b, shown_highlights(b), b.version)


@pytest.mark.usefixtures("fresh_pygame")
def test_r6_the_key_shows_the_lighter_veil_the_board_draws_for_a_teleport():
    """The key's swatch is the very drawing of the board: over a lightened area (a potion
    teleport) its "allowed" swatch is lightened too, a walk's keeps the full veil."""
    from arena_game.ui.board_view import legend, legend_kinds
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.screens.board_draw import area_lightened, shown_highlights
    from tools.window_screenshots import scene_window

    app = scene_window("teleport", "en", (1280, 720))
    b = app.find(BoardScreen)
    assert area_lightened(shown_highlights(b))
    assert b.legend_rect is not None
    kinds = legend_kinds("teleport")
    light = legend("teleport", "en", b.legend_rect.h, 10_000, kinds, light=True)
    full = legend("teleport", "en", b.legend_rect.h, 10_000, kinds)
    assert light is not None and full is not None and light.get_size() == full.get_size()
    shown = app.screen.subsurface(b.legend_rect)
    differs = [(x, y) for x in range(full.get_width()) for y in range(full.get_height())
               if full.get_at((x, y)) != light.get_at((x, y))]
    assert differs  # the two swatches are drawn differently
    # the key on screen is the light one: where they differ, the screen has the light one's pixel
    box = pygame.Surface(light.get_size())
    box.blit(shown, (0, 0))
    on_light = pygame.Surface(light.get_size())
    on_light.blit(shown, (0, 0))
    on_light.blit(light, (0, 0))
    on_full = pygame.Surface(full.get_size())
    on_full.blit(shown, (0, 0))
    on_full.blit(full, (0, 0))
    assert all(box.get_at(p) == on_light.get_at(p) for p in differs)
    assert any(box.get_at(p) != on_full.get_at(p) for p in differs)
