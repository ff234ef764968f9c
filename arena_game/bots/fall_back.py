"""Make way and fall back, in a labyrinth while an enemy comes (`FallBack`, `Context.fall_back`;
docs/bots.md, "Make way, fall back, and the hold while the enemy comes"): the friends behind a
front blade leave it room to strike back or to step back (`barring_at`, `BotStyle.make_way`),
and a blade held by an enemy blade where no friend strikes back falls back toward a square where
the blade that follows meets two (`fall_at`, `fall_dist`: a bend or a junction,
`BotStyle.fall_back`). Who strikes back where is the friends' support (`Support.backs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.bots.navigation import UNREACHABLE
from arena_game.core.geometry import Square, neighbours
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context

FALL_DEPTH = 5  # `fall_dist`: path squares searched for a square where the blade that follows meets two
FAR_HELP = 6  # `barring_at`: squares (Chebyshev) past which a blade's help to an engaged friend is the same


class FallBack:
    """Room to strike back or to step back, for one decision; kept per square and per fighter."""

    __slots__ = ("bot", "style", "nav", "me", "friends", "enemies", "ranged", "odds", "support", "_engaged",
                 "_far_help", "_barring", "_fall", "_fall_done", "_fall_here")

    def __init__(self, ctx: Context) -> None:
        # (what it reads of the decision, taken here: it holds no reference to `ctx`)
        self.bot, self.style, self.nav, self.ranged = ctx.bot, ctx.style, ctx.nav, ctx.ranged
        self.me, self.friends, self.enemies = ctx.me, ctx.friends, ctx.enemies
        self.odds, self.support = ctx.odds, ctx.support
        self._engaged: list[tuple[FighterState, FighterState, float]] | None = None  # `engaged`
        self._far_help: dict[str, bool] = {}  # `barring_at`: per engaged friend, from any square far from it
        self._barring: dict[int, float] = {}  # `barring_at`, per cell
        self._fall: dict[str, dict[int, int] | None] = {}  # `fall_dist`, per fighter
        self._fall_done = False  # `fall_at`: the fighter's own `fall_dist` worked out
        self._fall_here: dict[int, int] | None = None

    def engaged(self) -> list[tuple[FighterState, FighterState, float]]:
        """`BotStyle.make_way`: each awake friend (not the fighter) beside an awake enemy blade,
        with that blade and its expected hit on the friend; kept for the decision."""
        if self._engaged is None:
            pairs: list[tuple[FighterState, FighterState, float]] = []
            for f in self.friends:
                if f.id == self.me.id or f.asleep_turns > 0:
                    continue
                fx, fy = f.position
                for e in self.enemies:
                    ex, ey = e.position
                    if e.asleep_turns <= 1 and not self.bot.reach_of(e)[1] and max(abs(ex - fx), abs(ey - fy)) == 1:
                        pairs.append((f, e, self.odds.expected_hit(e, f)))
            self._engaged = pairs
        return self._engaged

    def barring_at(self, sq: Square, idx: int) -> float:
        """`BotStyle.make_way`: the hits of the enemy blades on the engaged friends (`engaged`)
        that the fighter, ending its turn on `sq`, neither strikes back where the friend stands
        nor lets the friend escape from by a step back (R0.6) to a free square not beside that
        blade where the team, the fighter on `sq` among it, strikes back (`Support.backs`)."""
        engaged = self.engaged()
        if not engaged:
            return 0.0
        got = self._barring.get(idx)  # (a square is valued once per attack it allows: kept per square)
        if got is not None:
            return got
        ranged = self.ranged
        total = 0.0
        for friend, enemy, hit in engaged:
            # A blade more than FAR_HELP squares from the friend neither strikes a square the
            # enemy blade would strike it from (those lie within 2 of the friend; a walk and a
            # blow reach 2 farther) nor bars a way to one: the same answer on every such square
            far = not ranged and max(abs(sq[0] - friend.position[0]), abs(sq[1] - friend.position[1])) > FAR_HELP
            if far and friend.id in self._far_help:
                total += 0.0 if self._far_help[friend.id] else hit
                continue
            helped = self._helps(friend, enemy, sq)
            if far:
                self._far_help[friend.id] = helped
            if not helped:
                total += hit
        self._barring[idx] = total
        return total

    def _helps(self, friend: FighterState, enemy: FighterState, sq: Square) -> bool:
        """`barring_at` for one engaged friend: with the fighter on `sq`, the team strikes back
        `enemy` where `friend` stands, or `friend` has a free step back to a square where it does
        (`BotStyle.fall_back`: or to one nearer a square where the blade that follows meets two,
        `fall_dist`)."""
        nav, backs = self.nav, self.support.backs
        w = nav.width
        me = self.me
        strikers = [(f, f.position) for f in self.friends
                    if f.id != me.id and f.id != friend.id and f.asleep_turns <= 1] + [(me, sq)]
        taken = {p[1] * w + p[0] for _, p in strikers}
        fx, fy = friend.position
        if backs(enemy, friend.position, fy * w + fx, strikers, taken):
            return True  # it is struck back where it stands
        ex, ey = enemy.position
        foes = {e.position for e in self.enemies}
        for r in neighbours(friend.position):
            ri = r[1] * w + r[0]
            if (0 <= r[0] < w and 0 <= ri < len(nav.cost) and nav.cost[ri] == 1 and ri not in taken
                    and r not in foes and max(abs(ex - r[0]), abs(ey - r[1])) > 1
                    and ri in nav.links[fy * w + fx] and backs(enemy, r, ri, strikers, taken)):
                return True  # room to fall back where the blade that follows meets two
        if self.style.fall_back:
            dist = self.fall_dist(friend, enemy)
            if dist is not None:
                here = dist.get(fy * w + fx, UNREACHABLE)
                for r in neighbours(friend.position):
                    ri = r[1] * w + r[0]
                    if (0 <= r[0] < w and 0 <= ri < len(nav.cost) and ri not in taken and r not in foes
                            and dist.get(ri, UNREACHABLE) < here and ri in nav.links[fy * w + fx]):
                        return True  # room to fall back toward such a square
        return False

    def fall_at(self, idx: int) -> int:
        """`BotStyle.fall_back`: path squares from cell `idx` to the nearest square where the enemy
        blade beside the fighter, following it, meets two (`fall_dist`), `FALL_DEPTH` + 2 past the
        search; 0 when no enemy blade holds it where no friend strikes back, or no such square is
        near."""
        if not self._fall_done:
            self._fall_done = True
            me = self.me
            mx, my = me.position
            w = self.nav.width
            for e in self.enemies:
                ex, ey = e.position
                if (e.asleep_turns <= 1 and not self.bot.reach_of(e)[1] and max(abs(ex - mx), abs(ey - my)) == 1
                        and not self.support.struck_back(e, me.position, my * w + mx)):
                    self._fall_here = self.fall_dist(me, e)
                    break
        got = self._fall_here
        if got is None:
            return 0
        return got.get(idx, FALL_DEPTH + 2)

    def fall_dist(self, fighter: FighterState, enemy: FighterState) -> dict[int, int] | None:
        """For `fighter` beside the blade `enemy`: per cell, the path squares (along floor, the
        enemies as obstacles, R2.1; its friends give way) to the nearest square within
        `FALL_DEPTH` of it, not beside `enemy`, where the blade coming nearer meets two: every
        square from which it would strike the fighter there has another free square beside it,
        not on the blade's way, for a friend to strike it from (R1.1: across a wall's corner
        too), a bend or a junction; None when there is none. Kept per fighter."""
        key = fighter.id
        if key in self._fall:
            return self._fall[key]
        nav = self.nav
        w = nav.width
        foes = {e.position[1] * w + e.position[0] for e in self.enemies}
        walk = nav.field(enemy.position)
        n = len(walk)
        ex, ey = enemy.position
        start = fighter.position[1] * w + fighter.position[0]
        seen = {start}
        frontier = [start]
        held: list[int] = []
        for _depth in range(FALL_DEPTH):
            nxt = []
            for i in frontier:
                for j in nav.links[i]:
                    if j in seen or j in foes or nav.cost[j] != 1:
                        continue
                    seen.add(j)
                    nxt.append(j)
                    sx, sy = j % w, j // w
                    if max(abs(ex - sx), abs(ey - sy)) <= 1 or walk[j] >= UNREACHABLE:
                        continue
                    spots = [k for x, y in neighbours((sx, sy)) if 0 <= x < w and 0 <= (k := y * w + x) < n
                             and nav.cost[k] and walk[k] < walk[j]]
                    if spots and all(self._second_spot(k, j, walk, foes) for k in spots):
                        held.append(j)
            frontier = nxt
        got: dict[int, int] | None = None
        if held:  # the distances to those squares, back over the same floor
            got = dict.fromkeys(held, 0)
            frontier = list(held)
            d = 0
            while frontier and d < FALL_DEPTH + 1:
                d += 1
                nxt = []
                for i in frontier:
                    for j in nav.links[i]:
                        if j not in got and j not in foes and nav.cost[j] == 1:
                            got[j] = d
                            nxt.append(j)
                frontier = nxt
        self._fall[key] = got
        return got

    def _second_spot(self, k: int, j: int, walk: list[int], foes: set[int]) -> bool:
        """`fall_dist`: the cell `k` (where the blade would strike cell `j` from) has another
        free floor cell beside it, not `j` and not nearer the blade than `j`."""
        nav = self.nav
        w = nav.width
        n = len(walk)
        for x, y in neighbours((k % w, k // w)):
            q = y * w + x
            if 0 <= x < w and 0 <= q < n and q != j and nav.cost[q] == 1 and q not in foes and walk[q] >= walk[j]:
                return True
        return False
