"""The bots' path costs (`bots/navigation.py`): the bucket search gives the costs of a plain
Dijkstra over the same links, on every shipped map, from one or several targets."""

import heapq
import random

import pytest

from arena_game.bots.navigation import UNREACHABLE, Navigator
from arena_game.formats.mapfile import load_map
from arena_game.resources import find_map


def _dijkstra(nav: Navigator, targets: list[tuple[int, int]]) -> list[int]:
    w = nav.width
    dist = [UNREACHABLE] * len(nav.cost)
    starts = {t[1] * w + t[0] for t in targets}
    heap = [(0, i) for i in starts]
    for i in starts:
        dist[i] = 0
    while heap:
        d, i = heapq.heappop(heap)
        if d != dist[i]:
            continue
        for j in nav.links[i]:
            nd = d + (1 if i in starts else nav.cost[i])
            if nd < dist[j]:
                dist[j] = nd
                heapq.heappush(heap, (nd, j))
    return dist


@pytest.mark.parametrize("name", ["arene-classique", "labyrinthe", "arene-inondee", "marais-acides"])
def test_path_costs_are_dijkstras_over_the_boards_links(name):
    board = load_map(find_map(name))
    nav = Navigator(board)
    squares = list(board.squares())
    rng = random.Random(name)
    for _ in range(40):
        targets = rng.sample(squares, rng.randint(1, 5))
        got = nav._search(targets)
        assert got == _dijkstra(nav, targets), targets
    assert nav.field(squares[0]) is nav.field(squares[0])


def test_the_fields_kept_are_bounded_and_a_field_asked_again_is_the_same():
    """A field per square a fighter stood on, kept match after match on a large board, filled
    a worker's memory (370 MiB on 128×128 with the strong bots): past its bound the navigator
    forgets them and searches again what is asked again."""
    board = load_map(find_map("arene-classique"))
    nav = Navigator(board)
    nav._fields_max = 8
    squares = [sq for sq in board.squares() if nav.cost[sq[1] * nav.width + sq[0]]]
    first = nav.field(squares[0])
    for sq in squares[1:30]:
        nav.field(sq)
        assert len(nav._fields) <= 8
    assert nav.field(squares[0]) == first == _dijkstra(nav, [squares[0]])
