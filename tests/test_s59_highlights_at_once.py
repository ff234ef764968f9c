"""`joined_area` (s59) gives every square of an area the bits `joined_sides` gives it, worked out
for the whole area at once (a potion teleport's overlay)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arena_game.render.highlight import joined_area, joined_sides

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
