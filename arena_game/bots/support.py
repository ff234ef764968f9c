"""The friends' support of a square for one decision (`Support`, `Context.support`): alone in
the enemies' reach (`BotStyle.iso`: "Alone in reach"), and in a labyrinth support read as a blow
(`BotStyle.iso_strike`: "Support read as a blow"): a friend supports the fighter against an
enemy blade only if it strikes, next turn, every square that blade would strike it from
(`struck_back`, `backs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from arena_game.bots.reach import BEYOND_RANGE, IN_RANGE
from arena_game.core.geometry import Square, neighbours
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context

Strikers: TypeAlias = list[tuple[FighterState, Square]]  # friends, each on the square it is weighed on


class Support:
    """Who backs the fighter where, for one decision; kept per square and per enemy blade."""

    __slots__ = ("bot", "state", "style", "nav", "me", "friends", "enemies", "reach", "_fields", "_strike_on",
                 "_backed")

    def __init__(self, ctx: Context) -> None:
        # (what it reads of the decision, taken here: it holds no reference to `ctx`)
        self.bot, self.state, self.style, self.nav = ctx.bot, ctx.state, ctx.style, ctx.nav
        self.me, self.friends, self.enemies, self.reach = ctx.me, ctx.friends, ctx.enemies, ctx.enemy_reach
        self._fields: list[list[int]] | None = None  # `alone_at`: each friend's path field
        self._strike_on: bool | None = None  # `strike_on`
        self._backed: dict[tuple[str, int], bool] = {}  # `struck_back`, per enemy blade and cell

    def alone_at(self, sq: Square, idx: int) -> float:
        """`BotStyle.iso`: the hits of the enemies that reach `sq` next turn, when no friend
        stands within `iso_support` path squares of it (0 with one that near)."""
        if self._fields is None:  # the friends' own fields: a few searches a turn, not one per square weighed
            self._fields = [self.nav.field(f.position) for f in self.friends if f.id != self.me.id]
        near = self.style.iso_support
        if self.strike_on():
            return self._unsupported_at(sq, idx, any(fld[idx] <= near for fld in self._fields))
        if any(fld[idx] <= near for fld in self._fields):
            return 0.0
        reach = self.reach
        return sum(reach.hit(e, zone, idx) for e, zone in reach.zones())

    def strike_on(self) -> bool:
        """Whether `BotStyle.iso_strike` holds for this decision: its weight set, the map a
        labyrinth (`iso_strike_maze`), the round before its clock, an enemy coming lately."""
        got = self._strike_on
        if got is None:
            st, state = self.style, self.state
            got = self._strike_on = bool(st.iso_strike) and (not st.iso_strike_maze or state.board.labyrinth) and (
                not st.iso_strike_until or state.round < st.iso_strike_until) and (
                not st.iso_strike_coming or self.bot.came_lately(state, self.enemies, st.iso_strike_coming))
        return got

    def _unsupported_at(self, sq: Square, idx: int, friend_near: bool) -> float:
        """`BotStyle.iso_strike`: the hits on `sq` of the enemy blades no friend strikes back
        where they would strike from (`struck_back`), and of the enemy bows and guns when no
        friend stands within `iso_support` path squares (`friend_near`, as `iso`)."""
        reach = self.reach
        total = 0.0
        for e, zone in reach.zones():
            hit = reach.hit(e, zone, idx)
            if not hit:
                continue
            if isinstance(zone, list):
                if not self.struck_back(e, sq, idx):
                    total += self.style.iso_strike * hit
            elif not friend_near:
                total += hit
        return total

    def struck_back(self, enemy: FighterState, sq: Square, idx: int) -> bool:
        """Whether a friend strikes, next turn, every square from which the blade `enemy` would
        strike the fighter on `sq` (the square it stands on if beside `sq`, else the free
        neighbours of `sq` it walks to): a blade beside that square or a walk and a blow away
        with the fighter on `sq` and the others as obstacles (`Navigator.blocked_strike_field`,
        R2.1), a bow or gun with a shot at it from where it stands (`range_grid`, R1.6)."""
        key = (enemy.id, idx)
        got = self._backed.get(key)
        if got is not None:
            return got
        w = self.nav.width
        others = [(f, f.position) for f in self.friends if f.id != self.me.id and f.asleep_turns <= 1]
        got = self._backed[key] = self.backs(enemy, sq, idx, others, {p[1] * w + p[0] for _, p in others})
        return got

    def backs(self, enemy: FighterState, sq: Square, idx: int, strikers: Strikers, taken: set[int]) -> bool:
        """Whether the `strikers` (friends, each on the square given) strike, next turn, every
        square from which the blade `enemy` would strike a fighter on `sq` (cell `idx`): see
        `struck_back`. `taken`: the strikers' cells (the blade does not strike from there, and
        they bar each other's ways, with the fighter on `sq`)."""
        nav = self.nav
        w = nav.width
        walk = nav.field(enemy.position)
        ex, ey = enemy.position
        sx, sy = sq
        if max(abs(ex - sx), abs(ey - sy)) == 1:
            spots: list[Square] = [enemy.position]  # it strikes from where it stands
        else:
            spots = [n for n in neighbours(sq) if 0 <= n[0] < w and 0 <= n[1] * w + n[0] < len(walk)
                     and (i := n[1] * w + n[0]) not in taken and nav.cost[i] and walk[i] <= 1]
        return self._spots_struck(spots, idx, strikers, taken)

    def _spots_struck(self, spots: list[Square], idx: int, strikers: Strikers, taken: set[int]) -> bool:
        """Whether every square of `spots` is struck next turn by one of the `strikers` (each on
        the square given; a blade beside it or a walk and a blow away with the fighter on cell
        `idx` and the others in `taken` as obstacles, a bow or gun by a shot): see `backs`."""
        nav, bot, state = self.nav, self.bot, self.state
        w = nav.width
        for spot in spots:
            si = spot[1] * w + spot[0]
            for f, (fx, fy) in strikers:
                if bot.reach_of(f)[1]:
                    if bot.shots(state, f, spot)[fy * w + fx] in (IN_RANGE, BEYOND_RANGE):
                        break
                elif max(abs(fx - spot[0]), abs(fy - spot[1])) == 1:
                    break
                else:
                    fi = fy * w + fx
                    blockers = tuple(sorted({idx} | (taken - {fi})))
                    if nav.blocked_strike_field((fx, fy), blockers)[si] <= 2:
                        break
            else:
                return False  # nobody strikes the blade there
        return True
