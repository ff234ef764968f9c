"""Pre-rendered highlight squares (`render.marks.square_look`) draw the very pixels the marks
draw on their square, and the window's board overlay redrawn square by square equals one
drawn afresh."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.highlight import KINDS, Highlight
from arena_game.render.marks import LOOKS, SPILLS, draw_highlight, square_look

TILE = 40
SAMPLES = [Highlight((2, 1), kind, label="73%", band=2, to=(3, 1), colour="#3498db") for kind in KINDS]


def _floor() -> pygame.Surface:
    s = pygame.Surface((5 * TILE, 3 * TILE))
    s.fill((120, 110, 90))
    return s


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@pytest.mark.parametrize("stack", [[h] for h in SAMPLES if h.kind not in SPILLS] + [
    [Highlight((2, 1), "chance", "40%", band=3), Highlight((2, 1), "option")],
    [Highlight((2, 1), "hazard", "x"), Highlight((2, 1), "landing", "1")],
], ids=lambda s: "+".join(h.kind for h in s))
def test_a_pre_rendered_square_is_the_marks_drawn_in_place(stack):
    direct = _floor()
    layer = pygame.Surface(direct.get_size(), pygame.SRCALPHA)
    for h in stack:
        draw_highlight(layer, h, TILE)
    direct.blit(layer, (0, 0))
    tiled = _floor()
    tiled.blit(square_look(tuple(stack), TILE), (2 * TILE, TILE))
    # the square itself, pixel for pixel (a mark's overshoot past the square is cut off)
    square = pygame.Rect(2 * TILE, TILE, TILE, TILE)
    assert pygame.image.tobytes(tiled.subsurface(square), "RGB") == pygame.image.tobytes(direct.subsurface(square), "RGB")


def test_the_board_overlay_redrawn_square_by_square_equals_a_fresh_one():
    from arena_game.ui.board_view import BoardView
    from arena_game.ui.camera import Camera
    from tests.builders import tiny_board

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    board = tiny_board("......\n..~...\n......\n......")
    first = [Highlight((x, y), "chance", f"{10 * x}%", band=x % 5) for x in range(6) for y in range(3)]
    second = [Highlight((x, y), "move") for x in range(1, 5) for y in range(1, 4)] + [
        Highlight((0, 0), "target", "50%", band=1), Highlight((1, 2), "arrow", to=(2, 2))]
    third = [Highlight((x, 3), "hazard", "x") for x in range(6)]

    def fresh(highlights):
        view = BoardView(board, Camera((0, 0, 6 * TILE, 4 * TILE), (6, 4)), None)
        view.camera.tile = TILE
        return pygame.image.tobytes(view.overlay(highlights, 0), "RGB"), view

    kept = BoardView(board, Camera((0, 0, 6 * TILE, 4 * TILE), (6, 4)), None)
    kept.camera.tile = TILE
    for version, highlights in enumerate([first, second, third, first, []]):
        got = pygame.image.tobytes(kept.overlay(highlights, version), "RGB")
        want, view = fresh(highlights)
        assert got == want, version
        assert kept._top.keys() == view._top.keys()


def test_a_board_overlay_with_thousands_of_squares_equals_a_fresh_one():
    """A potion teleport on a large map marks most squares: the overlay is then copied whole
    from the terrain rather than put back square by square, and must look the same."""
    from arena_game.ui.board_view import BoardView
    from arena_game.ui.camera import Camera
    from tests.builders import tiny_board

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    n = 40
    board = tiny_board("\n".join("." * n for _ in range(n)))
    teleport = [Highlight((x, y), "move") for x in range(n) for y in range(n) if (x, y) != (3, 3)]
    stacked = [Highlight((2, 2), "chance", "40%", band=2), Highlight((2, 2), "tackle"), Highlight((5, 5), "move")]
    almost = teleport[:-600] + [Highlight((1, 1), "blocked")]

    def fresh(highlights):
        view = BoardView(board, Camera((0, 0, n * 8, n * 8), (n, n)), None)
        view.camera.tile = 8
        return pygame.image.tobytes(view.overlay(highlights, 0), "RGB")

    kept = BoardView(board, Camera((0, 0, n * 8, n * 8), (n, n)), None)
    kept.camera.tile = 8
    for version, highlights in enumerate([stacked, teleport, stacked, teleport, almost, teleport, []]):
        assert pygame.image.tobytes(kept.overlay(highlights, version), "RGB") == fresh(highlights), version


def test_water_and_lava_in_the_overlay_show_the_frame_of_the_moment():
    """The window draws the moving water and lava into its board overlay only when their
    frame or the view changes: what it shows must be the frame of that moment, with the
    highlight over it, after a new frame, a new set of highlights and a pan alike."""
    from arena_game.render.board import terrain_phase
    from arena_game.ui.board_view import BoardView, load_sprites
    from arena_game.ui.camera import Camera
    from tests.builders import tiny_board

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    book = load_sprites()
    assert book is not None
    board = tiny_board("......\n.~~..~\n...~..")
    water = [sq for sq in board.squares() if book.terrain_frames(board.terrain(sq)) > 1]
    step = book.manifest.terrain[board.terrain(water[0])].frame_ms
    marked = Highlight((2, 1), "move")

    def shown(view, highlights, version, time_ms):
        overlay = view.overlay(highlights, version)
        view.bake_animated(overlay, time_ms)
        return overlay

    def moment(time_ms, highlights):  # as drawn every frame before: the board, then the water over it
        surf = BoardView(board, Camera((0, 0, 6 * TILE, 3 * TILE), (6, 3), tile=TILE), book).terrain().copy()
        for sq in water:
            t = board.terrain(sq)
            surf.blit(book.resized(TILE).terrain_at(t, time_ms, terrain_phase(sq, t)), (sq[0] * TILE, sq[1] * TILE))
        for h in highlights:
            surf.blit(square_look((h,), TILE), (h.square[0] * TILE, h.square[1] * TILE))
        return surf

    def squares(surf, sqs):
        return [pygame.image.tobytes(surf.subsurface((x * TILE, y * TILE, TILE, TILE)), "RGB") for x, y in sqs]

    view = BoardView(board, Camera((0, 0, 6 * TILE, 3 * TILE), (6, 3), tile=TILE), book)
    frames = set()
    for version, time_ms, highlights in [(0, 0, [marked]), (0, step, [marked]), (0, step + 1, [marked]),
                                         (1, step + 1, []), (1, 3 * step, []), (2, 3 * step, [marked])]:
        got = squares(shown(view, highlights, version, time_ms), water)
        assert got == squares(moment(time_ms, highlights), water), (version, time_ms)
        frames.add(tuple(got))
    assert len(frames) > 1  # the water moved: the test would see a frame left behind
    # a view of the left half, then the whole board: the right-hand water catches up at once
    half = BoardView(board, Camera((0, 0, 3 * TILE, 3 * TILE), (6, 3), tile=TILE), book)
    shown(half, [], 0, step)
    half.camera.view = (0, 0, 6 * TILE, 3 * TILE)
    assert squares(shown(half, [], 0, step), water) == squares(moment(step, []), water)


@pytest.mark.parametrize("tile", [24, 35, 40])
@pytest.mark.parametrize("kind", sorted(k for k in KINDS if LOOKS[k].over_tokens))
def test_a_targets_pv_bar_shows_over_its_outline(tile, kind):
    """Choosing whom to strike or push, the targets' PV bars stay in sight: the highlights
    drawn over the fighters (a target's bold outline runs along the square's bottom edge)
    do not hide them, in the render command's pictures and in the window alike."""
    from arena_game.render import palette
    from arena_game.render.board import picture
    from arena_game.render.tokens import fighter_tokens
    from arena_game.ui.board_view import BoardView
    from arena_game.ui.camera import Camera
    from tests.builders import tiny_match

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    state, _ = tiny_match("...\n...", {"a": {"team": "x", "at": (0, 0)}, "b": {"team": "y", "at": (1, 0), "pv": 20}})
    state.fighters["b"].pv = 6  # 30% left: the bar's middle colour, short of the square's width
    mark = Highlight((1, 0), kind, label="66%", band=1)
    bar_at = (tile + tile // 8 + 1, tile - max(3, tile // 9) + max(2, tile // 12) // 2)  # its left end
    want = palette.pv_colour(0.3)

    pic = picture(state.board, tile, None, [mark], fighter_tokens(state))
    assert tuple(pic.get_at(bar_at))[:3] == want

    view = BoardView(state.board, Camera((0, 0, 3 * tile, 2 * tile), (3, 2)), None)
    view.camera.tile = tile
    screen = pygame.Surface((3 * tile, 2 * tile))
    view.draw(screen, state, [mark], 0, None, 0)
    assert tuple(screen.get_at(bar_at))[:3] == want
