"""Path distances on a board for the bots: how many turns of walking separate two squares.

Distances ignore fighters (they move) and follow the board's own step rules: floor only,
no diagonal past a wall corner or a dead square (R2.2), water costs more (a swim, R2.3),
and dead squares are never entered (R2.5). Fields are computed once per target square and
kept, so a whole match costs a few dozen breadth-first searches.
"""

from __future__ import annotations

from arena_game.core.board import Board
from arena_game.core.board_tables import board_table
from arena_game.core.geometry import DIRECTIONS, Square
from arena_game.core.terrain import Terrain

UNREACHABLE = 10_000
WATER_COST = 2  # a swim roll averages about one square a turn and leaves no action (R2.3)
MULTI_FIELD_CELLS = 2_000_000  # cells of `field_to_any` fields kept per board
BLOCK_LIMIT = 8  # path squares `blocked_strike_field` is exact to: past a run's blow (`reach.RUN_REACH`, R4.8)
FIELD_CELLS = 4_000_000  # cells of `field` fields kept per board (~32 MiB; on a 128×128 board, 244 squares)


class Navigator:
    """Distance fields over one board: `distance(a, b)` in squares (water counted double)."""

    def __init__(self, board: Board) -> None:
        # the board is not kept: the navigator is kept with it (`navigator_for`) and goes with it
        w, h = board.width, board.height
        self.width = w
        self.cost: list[int] = []  # per cell: 0 = impassable
        for t in board.cells:
            if t is Terrain.FLOOR:
                self.cost.append(1)
            elif t is Terrain.WATER:
                self.cost.append(WATER_COST)
            else:
                self.cost.append(0)
        blocks = [t.blocks_diagonal for t in board.cells]
        # Neighbour lists with R2.2 applied once, so searches are plain list walks.
        self.links: list[list[int]] = [[] for _ in range(w * h)]
        for y in range(h):
            for x in range(w):
                i = y * w + x
                if not self.cost[i]:
                    continue
                for dx, dy in DIRECTIONS:
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < w and 0 <= ny < h):
                        continue
                    j = ny * w + nx
                    if not self.cost[j]:
                        continue
                    if dx and dy and (blocks[y * w + nx] or blocks[ny * w + x]):
                        continue
                    self.links[i].append(j)
        self._fields: dict[Square, list[int]] = {}
        self._strike_fields: dict[Square, list[int]] = {}  # `strike_field`
        self._blocked: dict[tuple[Square, tuple[int, ...]], list[int]] = {}  # `blocked_strike_field`
        self._within: dict[tuple[Square, int], list[int]] = {}  # its cells to work out, per blade's square
        self._fields_max = max(64, FIELD_CELLS // max(1, w * h))
        self._multi: dict[object, list[int]] = {}
        self._multi_max = max(64, MULTI_FIELD_CELLS // max(1, w * h))  # a few MiB, any board size
        # R5.3/R2.5: for each square, the squares an enemy could push from to send a
        # fighter standing there into a deadly square (floor opposite a dead neighbour).
        self.push_from: list[tuple[int, ...]] = []
        for y in range(h):
            for x in range(w):
                found = []
                for dx, dy in DIRECTIONS:
                    if board.terrain((x + dx, y + dy)).dead and board.terrain((x - dx, y - dy)) is Terrain.FLOOR:
                        found.append((y - dy) * w + (x - dx))
                self.push_from.append(tuple(found))

    def field(self, target: Square) -> list[int]:
        """Cost from every cell to `target` (UNREACHABLE where there is no way)."""
        got = self._fields.get(target)
        if got is not None:
            return got
        dist = self._search([target])
        if len(self._fields) >= self._fields_max:
            # every square fighters stood on over many matches: kept, they would fill the memory
            # of a worker on a large board; what is asked again is searched again
            self._fields.clear()
        self._fields[target] = dist
        return dist

    def strike_field(self, target: Square) -> list[int]:
        """For a blade standing on `target`: per cell, the walking cost (as `field`) to a square
        from which it strikes that cell (R1.1: any of the 8 neighbours, a wall's corner
        between them or not, R2.2 bars only the step), plus one: a cell it strikes after a
        walk of k squares holds k + 1. `field` ≤ 2 misses the corridor's bends, where the
        blade strikes across the corner from 3 path squares away (docs/bots.md, "Blows across a
        corridor's bend")."""
        got = self._strike_fields.get(target)
        if got is not None:
            return got
        fld = self.field(target)
        w, n = self.width, len(fld)
        h = n // w
        out = [UNREACHABLE] * n
        for y in range(h):
            row = y * w
            for x in range(w):
                best = UNREACHABLE
                for ny in (y - 1, y, y + 1):
                    if 0 <= ny < h:
                        base = ny * w
                        for nx in (x - 1, x, x + 1):
                            if 0 <= nx < w and (nx != x or ny != y):
                                d = fld[base + nx]
                                if d < best:
                                    best = d
                if best < UNREACHABLE:
                    out[row + x] = best + 1
        if len(self._strike_fields) >= self._fields_max:
            self._strike_fields.clear()
        self._strike_fields[target] = out
        return out

    def blocked_strike_field(self, target: Square, blockers: tuple[int, ...], limit: int = BLOCK_LIMIT) -> list[int]:
        """`strike_field` for a blade on `target` whose way is barred by the fighters on the
        cells `blockers` (R2.1, R4.9: nobody walks or runs through a fighter's square): exact
        up to `limit` (a run's reach and a bit), and never below `strike_field`. In a maze's
        one-square corridor a blade cannot reach the fighters behind the one that faces it
        (docs/bots.md, "A body in the corridor")."""
        plain = self.strike_field(target)
        fld = self.field(target)
        near = tuple(b for b in blockers if fld[b] <= limit)
        if not near:
            return plain  # no blocker on a way within the limit: the same field there
        key = (target, near)
        got = self._blocked.get(key)
        if got is not None:
            return got
        w = self.width
        n = len(fld)
        barred = set(near)
        walk = [UNREACHABLE] * n
        start = target[1] * w + target[0]
        walk[start] = 0
        cost, links = self.cost, self.links
        buckets: list[list[int]] = [[start]]
        d = 0
        while d < len(buckets) and d < limit:
            for i in buckets[d]:
                if d != walk[i]:
                    continue
                nd = d + 1 if i == start else d + cost[i]
                if nd > limit:
                    continue
                for j in links[i]:
                    if j not in barred and nd < walk[j]:
                        walk[j] = nd
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(j)
            d += 1
        h = n // w
        within = self._within.get((target, limit))
        if within is None:  # the cells a blocker may put farther: those the plain field holds near
            within = self._within[(target, limit)] = [i for i, v in enumerate(fld) if v <= limit]
        top = limit + 1

        def cost_at(j: int) -> int:  # the blocked walking cost, `top` for "farther than the limit"
            if walk[j] < UNREACHABLE or j in barred:
                return walk[j]
            return fld[j] if fld[j] > limit else top

        redo: set[int] = set()  # the cells beside a cell whose walking cost the blockers changed
        for j in within:
            if cost_at(j) != fld[j]:
                x, y = j % w, j // w
                for ny in (y - 1, y, y + 1):
                    if 0 <= ny < h:
                        for nx in (x - 1, x, x + 1):
                            if 0 <= nx < w and (nx != x or ny != y):
                                redo.add(ny * w + nx)
        out = list(plain)
        for i in redo:
            v = plain[i]
            if v > top:
                continue
            x, y = i % w, i // w
            best = UNREACHABLE
            for ny in (y - 1, y, y + 1):
                if 0 <= ny < h:
                    for nx in (x - 1, x, x + 1):
                        if 0 <= nx < w and (nx != x or ny != y):
                            dj = cost_at(ny * w + nx)
                            if dj < best:
                                best = dj
            out[i] = max(v, best + 1 if best < UNREACHABLE else UNREACHABLE)
        if len(self._blocked) >= self._fields_max:
            self._blocked.clear()
            self._within.clear()
        self._blocked[key] = out
        return out

    def field_to_any(self, key: object, targets: list[Square]) -> list[int]:
        """Cost from every cell to the nearest of `targets` (e.g. the squares a bow can
        shoot a foe from), kept under `key` (shared by every match on the board)."""
        got = self._multi.get(key)
        if got is None:
            if len(self._multi) >= self._multi_max:
                self._multi.clear()
            got = self._multi[key] = self._search(targets)
        return got

    def _search(self, targets: list[Square]) -> list[int]:
        """Dijkstra's costs from the targets, by buckets of equal cost (steps cost 1 or
        WATER_COST): the same costs as a heap would give, without its upkeep."""
        w = self.width
        dist = [UNREACHABLE] * len(self.cost)
        starts: set[int] = set()
        first: list[int] = []
        for target in targets:
            start = target[1] * w + target[0]
            if 0 <= target[0] < w and 0 <= start < len(dist):
                dist[start] = 0
                starts.add(start)
                first.append(start)
        cost, links = self.cost, self.links
        buckets: list[list[int]] = [first]
        d = 0
        while d < len(buckets):
            for i in buckets[d]:
                if d != dist[i]:
                    continue  # reached more cheaply since it was put here
                # Moving from j into i costs what i costs; a target itself may be any
                # square (an enemy standing there), so leaving it is the first step.
                nd = d + 1 if i in starts else d + cost[i]
                for j in links[i]:
                    if nd < dist[j]:
                        dist[j] = nd
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(j)
            d += 1
        return dist

    def distance(self, a: Square, b: Square) -> int:
        """Walking cost from `a` to `b` (symmetric enough for steering), UNREACHABLE if none."""
        return self.field(b)[a[1] * self.width + a[0]]


def navigator_for(board: Board) -> Navigator:
    """A Navigator for `board`, shared by every bot of the process (boards never change).

    Kept with the board (`board_table`): its distance fields go when the board does (a
    match's board, with the match)."""
    return board_table(board, "navigator", Navigator)
