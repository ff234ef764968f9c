"""The hover card's squares to leave in sight are worked out once, not every frame: a potion
teleport on a 128² map marks ~15,000 squares and the card's `marked` went over all of them in
each hover frame (0.4 ms), its `sights` made a box for each of ~1,000 squares (0.5 ms). They
are made again when the highlights, the board, the camera or the room change, and only then."""

from __future__ import annotations

import pygame

from arena_game.core.board import Board
from arena_game.core.terrain import Terrain
from arena_game.render.highlight import Highlight
from arena_game.ui.screens import hover_card

T = 40
ROOM = pygame.Rect(0, 0, 10 * T, 10 * T)


class Counted(list):
    """A list of highlights that counts how many times it is gone over."""

    walks = 0

    def __iter__(self):
        self.walks += 1
        return super().__iter__()


class Camera:
    """A square's box on screen, the board's top-left at `origin`; counts the boxes made."""

    def __init__(self, origin: tuple[int, int] = (0, 0)) -> None:
        self.origin = origin
        self.made = 0

    def square_rect(self, sq: tuple[int, int]) -> pygame.Rect:
        self.made += 1
        return pygame.Rect(self.origin[0] + sq[0] * T, self.origin[1] + sq[1] * T, T, T)


def _potion_area(n: int) -> Counted:
    return Counted([Highlight((x, y), "move") for x in range(n) for y in range(n)]
                   + [Highlight((2, 3), "landing", "40%"), Highlight((4, 1), "target", "70%")])


def test_the_marked_squares_are_picked_out_of_the_highlights_once_while_they_stay_the_same():
    hl, cam = _potion_area(60), Camera()
    for _ in range(5):  # five hover frames over the same highlights
        boxes = hover_card.marked(hl, cam.square_rect, ROOM)
        assert boxes == [cam.square_rect((2, 3)), cam.square_rect((4, 1))]
    assert hl.walks == 1


def test_the_marked_boxes_follow_a_pan_new_highlights_and_highlights_added_to_the_same_list():
    hl, cam = _potion_area(20), Camera()
    assert hover_card.marked(hl, cam.square_rect, ROOM) == [pygame.Rect(2 * T, 3 * T, T, T), pygame.Rect(4 * T, T, T, T)]
    cam.origin = (-3 * T, 0)  # panned: (2, 3) is off the room's left edge now
    assert hover_card.marked(hl, cam.square_rect, ROOM) == [pygame.Rect(T, T, T, T)]
    assert hover_card.marked(hl, cam.square_rect, pygame.Rect(0, 0, T, T)) == []  # a smaller room
    other = Counted([Highlight((5, 5), "path", "1")])
    assert hover_card.marked(other, cam.square_rect, ROOM) == [pygame.Rect(2 * T, 5 * T, T, T)]
    other.append(Highlight((6, 6), "path", "2"))
    assert hover_card.marked(other, cam.square_rect, ROOM) == [pygame.Rect(2 * T, 5 * T, T, T),
                                                               pygame.Rect(3 * T, 6 * T, T, T)]


def _board(n: int) -> Board:
    rows = [[Terrain.PILLAR if (x + y) % 3 == 0 else Terrain.FLOOR for x in range(n)] for y in range(n)]
    return Board.from_rows(rows, name="pillars")


def test_the_sights_boxes_are_made_once_while_the_camera_stands_still_and_again_after_a_pan():
    board, cam = _board(30), Camera()
    first = hover_card.sights(board, cam.square_rect, ROOM)
    assert len(first) == sum(1 for x in range(10) for y in range(10) if (x + y) % 3 == 0)
    made = cam.made
    for _ in range(5):  # hover frames: the camera and the room as they were
        assert hover_card.sights(board, cam.square_rect, ROOM) == first
    assert cam.made - made <= 5  # one box a frame (square (0, 0)'s, which says where the board is)
    cam.origin = (-T, 0)
    panned = hover_card.sights(board, cam.square_rect, ROOM)
    assert sorted(map(tuple, panned)) == sorted((x * T, y * T, T, T) for x in range(10) for y in range(10)
                                                if (x + 1 + y) % 3 == 0)
