"""The films' camera (s46 review, finding 8): the 20×15 arena was cut at row 7 while empty bands
stayed above and beside it, and the marsh map was drawn 680 px wide in a 1280 px frame with
300 px of black on each side. A film shows the whole map, as large as its frame allows; only a
map too large to show whole is framed on where its story happens, and then it fills the stage."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.ui.showcase import FIT_MARGIN, MAX_TILE, Film, film_layout, fit_tile

pytestmark = pytest.mark.usefixtures("fresh_pygame")

DEMO = [load_scenario(p) for p in ordered_files(demo_dir())]


def board_rect(film: Film) -> pygame.Rect:
    board = film.scenario.board
    return pygame.Rect(film.origin, (board.width * film.tile, board.height * film.tile))


@pytest.mark.parametrize("size", [(1280, 720), (960, 720), (1920, 1080)])
def test_a_film_shows_the_whole_map_as_large_as_its_frame_allows(size):
    pygame.init()
    for sc in DEMO:
        film = Film(sc, "en", size, fps=10)
        squares = (sc.board.width, sc.board.height)
        board = board_rect(film)
        assert film.stage.contains(board), (sc.path.name, board, film.stage)  # nothing cut
        # as large as the stage shows it whole, in the layout (bands or column) with the larger squares
        assert film.tile == fit_tile(film.stage, squares), sc.path.name
        best = max(fit_tile(film_layout(size, squares, beside).stage, squares) for beside in (False, True))
        assert film.tile * 1.15 >= best, (sc.path.name, film.tile, best)
        # centred: no band on one side wider than the one facing it
        assert abs((board.left - film.stage.left) - (film.stage.right - board.right)) <= 1
        assert abs((board.top - film.stage.top) - (film.stage.bottom - board.bottom)) <= 1
        # and filling the stage one way (the room left: the margin, less than a square), unless
        # its squares are as large as squares get
        assert film.tile == MAX_TILE or min(film.stage.w - board.w, film.stage.h - board.h) <= 2 * FIT_MARGIN + film.tile


def test_the_marsh_map_fills_a_1280_frame():
    pygame.init()
    teleport = next(sc for sc in DEMO if "teleport" in sc.path.name)
    board = board_rect(Film(teleport, "en", (1280, 720), fps=10))
    assert board.w >= 900, board  # was 680 px, with 300 px of black on each side


def test_a_map_too_large_to_show_whole_fills_the_stage_round_its_story():
    """In a small frame the 20×15 arena's squares would be under 24 px whole: the film frames
    where its story happens, and the map runs past the stage on every side it is larger."""
    pygame.init()
    walk = DEMO[0]
    film = Film(walk, "en", (420, 300), fps=10)
    assert film.framed() == film.focus[2:] != (walk.board.width, walk.board.height)
    board, stage = board_rect(film), film.stage
    if board.w > stage.w:
        assert board.left <= stage.left and board.right >= stage.right  # no empty band beside it
    if board.h > stage.h:
        assert board.top <= stage.top and board.bottom >= stage.bottom  # nor above or under it
    fx, fy, fw, fh = film.focus
    story = pygame.Rect(film.origin[0] + fx * film.tile, film.origin[1] + fy * film.tile, fw * film.tile, fh * film.tile)
    assert stage.contains(story), (story, stage)  # where the story happens is whole on the stage
