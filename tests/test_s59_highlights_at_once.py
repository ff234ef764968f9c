"""A potion teleport's thousands of squares, worked out at once (s59): `joined_area` gives every
square of an area the bits `joined_sides` gives it; `marking` makes the highlights the named
tuple makes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arena_game.render.highlight import Highlight, joined_area, joined_sides, marking

squares = st.tuples(st.integers(-3, 12), st.integers(-2, 9))


@settings(max_examples=300, deadline=None)
@given(st.frozensets(squares, max_size=80))
def test_s59_joined_area_is_joined_sides_square_by_square(area):
    assert joined_area(area) == {sq: bits for sq in area if (bits := joined_sides(sq, area))}


def test_s59_joined_area_of_a_block_with_a_hole():
    area = {(x, y) for x in range(4) for y in range(3)} - {(1, 1)}
    got = joined_area(area)
    assert got == {sq: joined_sides(sq, area) for sq in area}
    assert got[(0, 0)] == 2 | 4  # right and below; the corner below right is the hole
    assert got[(3, 1)] == 1 | 4 | 8 | 64 | 128  # a right edge: all but the right side and its corners


@given(st.lists(squares, max_size=40), st.sampled_from(["move", "chance", "inrange"]))
def test_s59_marking_makes_the_named_tuple_s_highlights(where, kind):
    made = marking(where, kind)
    assert made == [Highlight(sq, kind) for sq in where]
    assert all(type(h) is Highlight and h.kind == kind and h.joined == 0 for h in made)


def test_s59_a_teleport_after_a_walk_is_drawn_over_the_last_teleport_s_overlay():
    """A mode marking most squares and one marking a few, taken in turn (teleport, walk,
    teleport…): each overlay is drawn over the other's last one where they differ, not copied
    whole from the terrain again, and looks as one drawn afresh."""
    import pygame

    from arena_game.ui.board_view import BoardView
    from arena_game.ui.camera import Camera
    from tests.builders import tiny_board

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    n = 40
    board = tiny_board("\n".join("." * n for _ in range(n)))

    def teleport(left_out):
        return [Highlight((x, y), "move") for x in range(n) for y in range(n) if (x, y) not in left_out]

    def walk(x):
        return [Highlight((x + dx, 5), "move") for dx in range(3)] + [Highlight((x, 6), "chance", "40%", band=2)]

    def view():
        made = BoardView(board, Camera((0, 0, n * 8, n * 8), (n, n)), None)
        made.camera.tile = 8
        return made

    kept = view()
    first = kept.overlay(teleport({(3, 3)}), 0)
    walked = kept.overlay(walk(4), 1)
    assert walked is not first
    for version, (highlights, over) in enumerate([(teleport({(4, 4), (9, 9)}), first), (walk(5), walked),
                                                  (teleport({(3, 3)}), first)], start=2):
        got = kept.overlay(highlights, version)
        assert got is over, version
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(view().overlay(highlights, 0), "RGB"), version
