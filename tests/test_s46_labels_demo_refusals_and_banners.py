"""The demo films (s45 review, items 10 and 11): a refused attempt is marked on the board
while its refusal shows (the square tried, and the wall corner that blocked a diagonal), and
a round banner never runs ahead of the log: its "— Round 2: Oruk —" line comes with it, the
turn it follows is told first, and its subtitle does not say its title again."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.ui import showcase

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _film(name: str) -> showcase.Film:
    pygame.init()
    pygame.display.set_mode((8, 8))
    sc = next(load_scenario(p) for p in ordered_files(demo_dir()) if p.name == name)
    return showcase.Film(sc, "en", (1280, 720), fps=10)


def _square(film: showcase.Film, sq: tuple[int, int]) -> pygame.Rect:
    return pygame.Rect(film.origin[0] + sq[0] * film.tile, film.origin[1] + sq[1] * film.tile, film.tile, film.tile)


def _has(frame: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    return any(frame.get_at((x, y))[:3] == colour for x in range(box.left, box.right) for y in range(box.top, box.bottom))


def test_r2_2_the_walk_films_refusal_marks_the_square_tried_and_the_wall_corner():
    film = _film("01-walk-and-diagonals.toml")
    marked = 0
    for frame in film.frames():
        marks = film.refused_marks
        if marks is not None:
            assert film.log[-1][1]  # while the refusal is the log's last line
            assert marks.tried == (9, 2) and marks.blockers == ((9, 1),)
            assert _has(frame, _square(film, (9, 2)), showcase.TRIED)
            assert _has(frame, _square(film, (9, 1)), showcase.BLOCKER)
            marked += 1
        elif film.log and not film.log[-1][1]:
            assert not _has(frame, _square(film, (9, 2)), showcase.TRIED)  # gone with the next action
    assert marked >= 20  # the whole refusal hold (2.2 s at 10 frames a second)


def test_r4_4_the_run_films_right_angle_marks_the_step_tried_and_the_step_before():
    film = _film("02-run.toml")
    for _frame in film.frames():
        marks = film.refused_marks
        if marks is not None:
            assert marks is not None and marks.tried == (4, 2)
            assert [(a, b) for a, b, _ in marks.way] == [((3, 3), (4, 3)), ((4, 3), (4, 2))]
            return
    raise AssertionError("no refusal in the run film")


def test_a_round_banner_comes_with_its_log_line_and_after_the_turn_before_is_told():
    film = _film("08-mana-at-zero.toml")
    draw = film.draw
    ahead: list[tuple[str, str]] = []
    banners = 0

    def watched(surface, queue, state):
        nonlocal banners
        draw(surface, queue, state)
        for e, p in queue.effects():
            if e.kind == "banner" and e.data.get("fighter") and p > 0.4:
                banners += 1
                assert e.data["sub"] and film.names[e.data["fighter"]] not in e.data["sub"], e.data["sub"]
                line = f"— Round {e.text.split()[1]}: {film.names[e.data['fighter']]} —"
                if line not in [text.replace("\u00a0", " ") for text, _ in film.log[-2:]]:  # its line, or the one after
                    ahead.append((e.text, film.log[-1][0]))

    film.draw = watched  # type: ignore[method-assign]
    for _ in film.frames():
        pass
    assert banners > 20 and ahead == []
