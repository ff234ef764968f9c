"""The bot: picks the active fighter's next action from the core's own queries.

Every candidate comes from a query (`available_actions`, `walk_options`, `jump_targets`,
`swim_reach`, and the combat and running queries when those rules are present), so a
bot only ever sends legal actions. It scores each candidate with the exact forecasts
the queries give and a rough value of the square it ends on (threats, push hazards,
distance to its target), and breaks ties with its own seeded generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arena_game.core.actions import Action, EndTurn, StandUp
from arena_game.core.board import Board
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.queries import open_action_kinds
from arena_game.core.rules.attack import attack_check
from arena_game.core.rules.forecast import attack_forecast
from arena_game.core.state import FighterState, MatchState
from legacy_bot import options
from legacy_bot.estimates import expected_hit, is_ranged, weapon_reach
from legacy_bot.navigation import UNREACHABLE, Navigator, navigator_for

MAX_ACTIONS_PER_TURN = 16  # a turn has at most a handful of steps; past this, end it


@dataclass(frozen=True)
class BotStyle:
    """How a bot weighs things; the default plays a sound, fairly aggressive game."""

    caution: float = 0.35  # weight of the damage enemies could deal next turn
    closing: float = 1.0  # value of each square nearer the target
    push_risk: float = 0.35  # share of its PV a fighter risks beside a deadly square
    flee_below: float = 0.3  # PV fraction under which a fighter on a losing side flees


@dataclass
class Plan:
    """One scored candidate for the next action."""

    score: float
    action: Action
    why: str


class Bot:
    """Chooses actions for whichever fighter is active. Deterministic for a given `rng`."""

    def __init__(self, rng: random.Random, style: BotStyle | None = None) -> None:
        self.rng = rng
        self.style = style or BotStyle()
        self._nav: Navigator | None = None
        self._turn: tuple[int, str] | None = None
        self._steps = 0
        self.last_plan: Plan | None = None
        self._forecasts: dict[tuple[object, ...], tuple[float, list[tuple[int, float]]]] = {}

    # -- the one public decision -------------------------------------------------

    def choose(self, state: MatchState) -> Action:
        """The next action for `state.active`; always legal, ends the turn when in doubt."""
        f = state.active
        key = (state.turn_serial, f.id)
        if key != self._turn:
            self._turn, self._steps = key, 0
        self._steps += 1
        if state.over or self._steps > MAX_ACTIONS_PER_TURN:
            return self._pick([Plan(0.0, EndTurn(), "turn limit")])
        legal = open_action_kinds(state)
        if "stand_up" in legal:
            return self._pick([Plan(0.0, StandUp(), "stand up (R5.2)")])
        if legal <= {"end_turn"}:
            return self._pick([Plan(0.0, EndTurn(), "nothing left to do")])
        ctx = _Context(self, state, legal)
        if state.budget.run is not None:
            return self._pick(ctx.run_plans() or [Plan(0.0, EndTurn(), "run over")])
        plans = [Plan(ctx.value(f.position, can_act=False), EndTurn(), "end turn")]
        plans += ctx.action_plans()
        plans += ctx.move_plans()
        return self._pick(plans)

    def forecast(
        self, state: MatchState, me: FighterState, target: FighterState
    ) -> tuple[float, list[tuple[int, float]]]:
        """The exact attack forecast (R0.4, R1, R12.2) as (chance to hit, damage if hit).

        Kept while nothing it depends on changes: the two fighters' modifiers, the range
        class of the shot (R1: in range, adjacent with a ranged weapon, beyond range), a
        jump this turn (R2.4) and whether the target sleeps (R10.1).
        """
        check = attack_check(state, me, target)
        key = (
            id(state.board), me.id, target.id, check.cls,
            tuple((m.applies_to, m.value) for m in me.modifiers),
            tuple((m.applies_to, m.value) for m in target.modifiers),
            state.budget.acrobatics, target.asleep_turns > 0,
        )
        got = self._forecasts.get(key)
        if got is None:
            fc = attack_forecast(state, me, target, check, "weapon")
            got = (float(fc.hit), [(d, float(p)) for d, p in fc.damage_if_hit.items()])
            if len(self._forecasts) > 4096:
                self._forecasts.clear()
            self._forecasts[key] = got
        return got

    def navigator(self, board: Board) -> Navigator:
        """Distance fields for `board` (rebuilt when the board changes, e.g. a reloaded map)."""
        if self._nav is None or self._nav.board is not board:
            self._nav = navigator_for(board)
        return self._nav

    def _pick(self, plans: list[Plan]) -> Action:
        best = max(plans, key=lambda p: (round(p.score, 6), self.rng.random()))
        self.last_plan = best
        return best.action


class _Context:
    """What one decision needs: the state, the active fighter, its friends and foes."""

    def __init__(self, bot: Bot, state: MatchState, legal: set[str]) -> None:
        self.bot = bot
        self.style = bot.style
        self.state = state
        self.legal = legal
        self.me = state.active
        self.nav = bot.navigator(state.board)
        self.enemies = state.opponents_of(self.me)
        self.friends = [f for f in state.fighters.values() if f.alive and f.team == self.me.team]
        self.can_attack = bool(legal & {"attack", "circle_attack"})
        self.target = self._choose_target()
        self.fleeing = self._is_losing()
        self._incoming = {e.id: expected_hit(state, e, self.me) for e in self.enemies}
        self._fields = [self.nav.field(e.position) for e in self.enemies]
        # Per awake enemy: where it is, its ranged reach (+1 step) or its path field, its hit.
        self._threats = [
            (e.position, weapon_reach(e) + 1, None if is_ranged(e) else fld, self._incoming[e.id])
            for e, fld in zip(self.enemies, self._fields, strict=True) if e.asleep_turns <= 1
        ]
        self._my_reach = weapon_reach(self.me)

    # -- strategy ------------------------------------------------------------------

    def _choose_target(self) -> FighterState | None:
        """The enemy to close on: near, weak, and hittable."""
        best, best_key = None, None
        for e in self.enemies:
            d = self.nav.distance(self.me.position, e.position)
            if d >= UNREACHABLE:
                d = chebyshev(self.me.position, e.position) + 20
            k = d + e.pv / 8
            if best_key is None or k < best_key:
                best, best_key = e, k
        return best

    def _is_losing(self) -> bool:
        """Flee when badly hurt and the enemy side has more PV left than ours."""
        me = self.me
        if me.pv > self.style.flee_below * me.sheet.pv:
            return False
        ours = sum(f.pv for f in self.friends)
        theirs = sum(f.pv for f in self.enemies)
        if theirs <= ours:
            return False
        # R3: a fighter that cannot get away turns and fights: an awake enemy within two
        # steps of walk (through the maze, not as the crow flies), or within its weapon's
        # reach of walk (R1: a bow or javelin shoots it anyway), catches it...
        near = [e for e in self.enemies
                if e.asleep_turns <= 0 and self.nav.distance(me.position, e.position) <= max(2, weapon_reach(e))]
        # ...unless several close in and a potion still gets it out (R6.1)
        return not near or (len(near) > 1 and me.teleport_potions > 0 and "teleport" in self.legal)

    def incoming(self, enemy_id: str) -> float:
        """Expected damage of one attack of that enemy on the active fighter."""
        return self._incoming.get(enemy_id, 0.0)

    def threat_at(self, sq: Square) -> float:
        """Expected damage the enemies could deal to the active fighter on `sq` next round."""
        idx = sq[1] * self.nav.width + sq[0]
        threat = 0.0
        for pos, reach, field, incoming in self._threats:
            if field is None:
                if max(abs(pos[0] - sq[0]), abs(pos[1] - sq[1])) <= reach:
                    threat += incoming
            else:
                d = field[idx]
                if d <= 2:
                    threat += incoming
                elif d <= 6:
                    threat += 0.3 * incoming  # a run with its attack (R4.8)
        return threat

    # -- how good a square is ------------------------------------------------------

    def value(
        self, sq: Square, can_act: bool, attack_malus: int = 0, reach: int | None = None, force: bool = False,
    ) -> float:
        """Rough worth of standing on `sq` at the end of this turn (in PV-like units).

        `can_act`: an attack may still follow from there (`force` even when no attack is
        legal right now, e.g. a run's attack before the run starts), with `reach` squares.
        """
        st = self.style
        me = self.me
        w = self.nav.width
        idx = sq[1] * w + sq[0]
        score = 0.0
        if can_act and (self.can_attack or force):
            reach = self._my_reach if reach is None else reach
            score += max(
                (expected_hit(self.state, me, e, attack_malus) for e in self.enemies
                 if 0 < max(abs(e.position[0] - sq[0]), abs(e.position[1] - sq[1])) <= reach),
                default=0.0,
            )
        threat = self.threat_at(sq)
        caution = st.caution * (2.0 if self.fleeing else 1.0)
        score -= caution * threat
        score -= self._push_hazard(sq)
        if self.fleeing:
            nearest = min((fld[idx] for fld in self._fields), default=0)
            score += st.closing * min(nearest, 8)
        elif self.target is not None:
            d = self.nav.field(self.target.position)[idx]
            if d >= UNREACHABLE:
                d = chebyshev(sq, self.target.position) + 10
            if is_ranged(me):
                # Stay within reach but off the enemy's blade.
                want = max(2, min(weapon_reach(me), 4))
                gap = chebyshev(sq, self.target.position)
                if d > gap + 2:  # a wall between (a maze): only the walk brings it into a shot
                    gap = d
                score -= st.closing * abs(gap - want) * 0.7
                score -= st.closing * 0.3 * max(0, d - want)
            else:
                score -= st.closing * max(0, d - 1)
        return score

    def _push_hazard(self, sq: Square) -> float:
        """R5.3/R2.5: a deadly square beside `sq` with room for an enemy opposite it."""
        spots = self.nav.push_from[sq[1] * self.nav.width + sq[0]]
        if not spots:
            return 0.0
        for pi in spots:
            if any(fld[pi] <= 1 for fld in self._fields):
                return self.style.push_risk * self.me.pv
        return 0.05 * self.me.pv

    # -- candidates ----------------------------------------------------------------

    def action_plans(self) -> list[Plan]:
        """Attacks, pushes, taunts, teleports: each with its forecast value."""
        after = self.value(self.me.position, can_act=False)
        return [Plan(after + gain, act, why) for gain, act, why in options.action_options(self)]

    def move_plans(self) -> list[Plan]:
        """Walks, jumps, swims and runs, each valued by where it ends."""
        plans: list[Plan] = []
        me = self.me
        can_act_after = self.can_attack
        here = self.value(me.position, can_act=False)
        for sq, flee in options.walk_options(self):
            v = self.value(sq, can_act_after)
            if flee:
                v = 0.75 * v + 0.25 * here  # R3.1: a 1 on the d4 keeps it here
            plans.append(Plan(v, options.walk(sq), "walk"))
        for target, chance in options.jump_options(self):
            v = chance * self.value(target.landing, can_act_after, attack_malus=self.jump_malus())
            v += (1 - chance) * here
            plans.append(Plan(v - 0.2, options.jump(target.over), "jump"))
        for path, outcomes in options.swim_options(self):
            v = sum(p * self.value(sq, False) for sq, p in outcomes)
            plans.append(Plan(v, options.swim(path), "swim"))
        plans += options.run_plans(self)
        return plans

    def jump_malus(self) -> int:
        """R2.4: attacks in the turn of a jump are at −15 (a setting)."""
        return self.state.settings.movement.jump_attack_malus

    def run_plans(self) -> list[Plan]:
        """Carry on a run under way (R4.3–R4.8)."""
        return options.continue_run(self)
