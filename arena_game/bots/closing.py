"""Where the fighter wants to be, for one decision: the team's focus target (`choose_target`),
the flight of a badly hurt fighter on the losing side (`is_losing`), and how far a square is
from where it closes to (`Closing.gap`, weighed by `BotStyle.closing`): beside its target or in
bow range, held back until its friends catch up (`BotStyle.cohesion`), or in file behind the
friend ahead while the team marches (`BotStyle.march`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.bots.navigation import UNREACHABLE
from arena_game.bots.reach import BEYOND_RANGE, IN_RANGE
from arena_game.bots.style import STALL_ROUNDS
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.queries import weapon_reach
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context

# `gap` while pressing: per path square a bow or gun in range ends nearer or farther from its target than now
PRESS_STAND = 0.05


def choose_target(ctx: Context) -> FighterState | None:
    """The enemy to close on: near, weak for its threat, and already engaged by friends."""
    best, best_key = None, None
    me = ctx.me
    idx = me.position[1] * ctx.nav.width + me.position[0]
    others = [f.position for f in ctx.friends if f.id != me.id]
    focus = ctx.style.focus
    output = ctx.odds.output
    for e, fld in zip(ctx.enemies, ctx.enemy_fields, strict=True):
        d = fld[idx]  # `nav.distance` from here to the enemy
        if d >= UNREACHABLE:
            d = chebyshev(me.position, e.position) + 20
        ex, ey = e.position
        engaged = 0
        for x, y in others:  # beside it: a Chebyshev distance of 1
            if -1 <= x - ex <= 1 and -1 <= y - ey <= 1 and (x != ex or y != ey):
                engaged += 1
        k = d + e.pv / 8 - focus * (engaged + 3 * output(e) / max(e.pv, 1))
        if best_key is None or k < best_key:
            best, best_key = e, k
    return best


def is_losing(ctx: Context) -> bool:
    """Flee when badly hurt and the enemy side has more PV left than ours."""
    me = ctx.me
    if me.pv > ctx.style.flee_below * me.sheet.pv:
        return False
    if len(ctx.friends) == 1 or ctx.state.round >= STALL_ROUNDS:
        return False  # no friend to buy time for, or too late: running away only ends in a draw
    ours = sum(f.pv for f in ctx.friends)
    theirs = sum(f.pv for f in ctx.enemies)
    if theirs <= ours:
        return False
    # R3: a fighter that cannot get away turns and fights: an awake enemy within two
    # steps of walk (through the maze, not as the crow flies), or within its weapon's
    # reach of walk (R1: a bow or javelin shoots it anyway), catches it...
    near = [e for e in ctx.enemies
            if e.asleep_turns <= 0 and ctx.nav.distance(me.position, e.position) <= max(2, weapon_reach(e))]
    # ...unless several close in and a potion still gets it out (R6.1)
    return not near or (len(near) > 1 and me.teleport_potions > 0 and "teleport" in ctx.legal)


class Closing:
    """How far each square is from where the fighter closes to, for one decision (made once
    the target, the flight and the caution's fade are known)."""

    __slots__ = ("bot", "state", "style", "nav", "me", "friends", "enemy_fields", "target", "ranged", "my_reach",
                 "pressing", "_hold", "_guide_field", "_follower_field", "_target_field", "_target_shots",
                 "_shot_field")

    def __init__(self, ctx: Context) -> None:
        # (what it reads of the decision, taken here: it holds no reference to `ctx`)
        self.bot, self.state, self.style, self.nav = ctx.bot, ctx.state, ctx.style, ctx.nav
        self.me, self.friends, self.enemy_fields, self.target = ctx.me, ctx.friends, ctx.enemy_fields, ctx.target
        self.ranged, self.my_reach, self.pressing = ctx.ranged, ctx.my_reach, ctx.pressing
        # the target's path field, shots and the field to the squares it can be shot from (`gap`)
        self._target_field: list[int] | None = None
        self._target_shots: bytes | None = None
        self._shot_field: list[int] | None = None
        self._hold = self._hold_distance(ctx.late)
        # `BotStyle.march`: the field of the friend it follows in file, or of the one that
        # follows it (the leader), while the team marches
        self._guide_field: list[int] | None = None
        self._follower_field: list[int] | None = None
        if self.style.march and self.target is not None and not ctx.fleeing:
            self._march()

    def _hold_distance(self, late: float) -> int:
        """How near the target the fighter may close before its friends catch up (cohesion):
        arriving alone at the enemy lets all of them strike it; 0 when there is no limit (or
        the caution faded, `late`). Bows and guns count too (in a maze corridor they shoot only
        once they are there)."""
        st, me, nav = self.style, self.me, self.nav
        slack = st.cohesion
        if not slack or self.target is None or late <= 0:
            return 0
        far = st.cohesion_far
        if far:
            idx = me.position[1] * nav.width + me.position[0]
            if any(fld[idx] <= far for fld in self.enemy_fields):
                return 0  # the enemies are near: the fight is on
        fld = nav.field(self.target.position)
        w = nav.width
        # A badly hurt friend keeps back (`flee_below`): it is not waited for.
        others = [fld[f.position[1] * w + f.position[0]] for f in self.friends
                  if f.id != me.id and f.pv > st.flee_below * f.sheet.pv]
        if not others:
            return 0
        return max(0, min(others) - slack)

    def _march(self) -> None:
        """`BotStyle.march`: while every enemy is farther than `march` path squares from every
        fighter of the team, the team walks in one file along one route. The order: blades
        before bows and guns, then the nearest the enemies first (badly hurt friends, who
        keep back, are left out). The first leads toward its target, held within
        `march_slack` squares of the next; each other fighter closes on the one before it."""
        st, me, nav = self.style, self.me, self.nav
        w = nav.width
        fields = self.enemy_fields
        nearest: dict[str, int] = {}
        near = False
        for f in self.friends:
            i = f.position[1] * w + f.position[0]
            d = min((fld[i] for fld in fields), default=UNREACHABLE)
            if d <= st.march:
                near = True
            if f.id == me.id or f.pv > st.flee_below * f.sheet.pv:
                nearest[f.id] = d
        if len(nearest) < 2 or (near and not st.march_near):
            return  # the fight is near: every fighter goes its own way
        fighters = self.state.fighters
        order = sorted(nearest, key=lambda fid: (self.bot.reach_of(fighters[fid])[1], nearest[fid], fid))
        rank = order.index(me.id)
        if rank:
            if near:
                return
            self._guide_field = nav.field(fighters[order[rank - 1]].position)
        else:
            self._follower_field = nav.field(fighters[order[1]].position)

    def goal_field(self) -> list[int]:
        """The path field the fighter closes along: its target's, or, marching, the field of
        the friend ahead of it in file (`BotStyle.march`)."""
        assert self.target is not None
        if self._guide_field is not None:
            return self._guide_field
        return self.nav.field(self.target.position)

    def gap(self, sq: Square, idx: int) -> float:
        """How far `sq` is from where the fighter wants to be: beside its target, or in bow range."""
        target = self.target
        assert target is not None
        if self._guide_field is not None:  # marching in file: beside the friend ahead
            g = self._guide_field[idx]
            return max(0, g - 1) if g < UNREACHABLE else chebyshev(sq, target.position) + 10
        if self._target_field is None:
            self._target_field = self.nav.field(target.position)
        d = self._target_field[idx]
        if d >= UNREACHABLE:
            d = chebyshev(sq, target.position) + 10
        lead = 0.0  # leading the file (`BotStyle.march`): not too far ahead of the next
        if self._follower_field is not None and self._follower_field[idx] < UNREACHABLE:
            lead = self.style.march_hold * max(0, self._follower_field[idx] - self.style.march_slack)
        if not self.ranged:  # `max(0, max(d + lead, self._hold) - 1)` written out (the same value and type)
            near = d + lead
            if self._hold > near:
                near = self._hold
            near -= 1
            return near if near > 0 else 0
        # Walk to the nearest square it can shoot the target from (R1: range and sight);
        # where among those is the caution's business (off the enemies' blades).
        me, state = self.me, self.state
        if self._target_shots is None:
            self._target_shots = self.bot.shots(state, me, target.position)
        code = self._target_shots[idx]
        if code == IN_RANGE:
            if self.pressing:  # it keeps its ground in range: no step back after its shot, nor into reach
                here = self._target_field[me.position[1] * self.nav.width + me.position[0]]
                return PRESS_STAND * abs(d - here) if here < UNREACHABLE else 0.0
            return 0.0
        if code == BEYOND_RANGE:
            return 1.0
        if self._shot_field is None:  # worked out once per decision (the target stays)
            squares = self.bot.shot_squares(state, me, target.position)
            if not squares:
                self._shot_field = []
            else:
                key = (me.sheet.weapon, me.sheet.height_cm, self.my_reach, state.settings.combat.line_of_sight,
                       target.position)
                self._shot_field = self.nav.field_to_any(key, squares)
        if not self._shot_field:
            return max(0, d + lead - 1)
        return float(self._shot_field[idx])
