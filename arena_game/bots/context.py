"""What one decision of the bot weighs (`Context`): the active fighter, its friends and
foes, and the worth of each square it may end on (the attack it still allows, the enemies'
reach there, the tempo, push hazards, the distance to the team's focus target), all from the
core's queries. `Bot.choose` (bots/brain.py) makes one per decision."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

from arena_game.bots import jam, options, runs
from arena_game.bots.navigation import UNREACHABLE
from arena_game.bots.plans import Plan
from arena_game.core.board import Board
from arena_game.core.board_tables import board_table
from arena_game.core.geometry import Square, chebyshev, neighbours
from arena_game.core.kept import Kept
from arena_game.core.queries import (
    RANGE_CODES,
    attack_targets,
    fleeing_from,
    holding_opponents,
    open_action_kinds,
    strike_outcomes,
    walk_squares,
    weapon_reach,
)
from arena_game.core.sheets import WeaponFamily
from arena_game.core.state import FighterState, MatchState

if TYPE_CHECKING:
    from arena_game.bots.brain import Bot

from arena_game.bots.style import STALL_ROUNDS

T = TypeVar("T")

IN_RANGE, BEYOND_RANGE = RANGE_CODES.index("in_range"), RANGE_CODES.index("beyond_range")  # `range_grid` codes
ADJACENT = RANGE_CODES.index("adjacent_ranged")  # R1.7: a bow or gun shooting a foe beside it
FALL_DEPTH = 5  # `_fall_dist`: path squares searched for a square where the blade that follows meets two
RUN_REACH = 6  # `_zone_blow`: path squares from which an enemy blade strikes by a run (R4.8)
# `Context._zone_blow`: the blow an enemy's strike zone allows on a square (PLAIN and POINT_BLANK
# are the codes `strike_zones` writes for a bow or gun)
NO_BLOW, PLAIN, POINT_BLANK, RUN = 0, 1, 2, 3
PRESS_STAND = 0.05  # `_gap` while pressing: per path square a bow or gun in range ends nearer or farther from its target than now
FAR_HELP = 6  # `_barring_at`: squares (Chebyshev) past which a blade's help to an engaged friend is the same


def shooting_squares(board: Board, grid: bytes) -> list[Square]:
    """The squares of a `range_grid` of `board` coded IN_RANGE or BEYOND_RANGE, row by row.
    The core keeps each grid with its board (the same object for the same weapon, shooter
    and square), so these are kept with the board too, by the grid's identity, for every bot
    and match on it, and go with it (each entry holds its grid: no id is reused while kept)."""
    kept: Kept[int, tuple[bytes, list[Square]]] = board_table(board, "shooting_squares", _no_squares)
    got = kept.get(id(grid))
    if got is None or got[0] is not grid:
        width = board.width
        got = kept.keep(id(grid), (
            grid, [(i % width, i // width) for i, c in enumerate(grid) if c in (IN_RANGE, BEYOND_RANGE)]))
    return got[1]


def _no_squares(board: Board) -> Kept[int, tuple[bytes, list[Square]]]:
    return Kept(4096)


class Context:
    """What one decision needs: the state, the active fighter, its friends and foes."""

    def __init__(self, bot: Bot, state: MatchState, legal: set[str]) -> None:
        self.bot = bot
        self.style = bot.style_on(state.board)
        self.state = state
        self.legal = legal
        self.me = state.active
        self.nav = bot.navigator(state.board)
        self.enemies = state.opponents_of(self.me)
        self.friends = [f for f in state.fighters.values() if f.alive and f.team == self.me.team]
        self.can_attack = bool(legal & {"attack", "circle_attack"})
        run = state.budget.run
        self.acted = state.budget.acted or (run is not None and run.attacked)  # the turn's blow is struck
        self._outputs: dict[str, float] = {}
        self._friends_outputs: dict[tuple[object, ...], float] | None = None  # `output`'s table for these friends, their sleep and modifiers
        # Kept for this decision only (the state does not change while the bot thinks).
        self._hits: dict[tuple[str, str, int], float] = {}
        self.kept: dict[str, object] = {}  # the candidate families' own tables for this decision
        self._plain = bot.plain_hits(state.settings)
        self._values: dict[tuple[Square, bool, int, int | None, bool, bool], float] = {}
        self._flees: dict[Square, bool] = {}
        self._held: bool | None = None  # an awake opponent is beside the fighter (R3.1)
        # the target's path field, shots and the field to the squares it can be shot from (`_gap`)
        self._target_field: list[int] | None = None
        self._target_shots: bytes | None = None
        self._shot_field: list[int] | None = None
        self._caution: float | None = None  # the weight of `threat_at` in `_value`
        self._enemy_shots: list[tuple[FighterState, bytes]] | None = None  # each enemy's `Bot.shots`
        self._parts: dict[Square, tuple[float, float, float]] = {}  # per square: threat, push hazard, gap
        self._incoming = {e.id: self.expected_hit(e, self.me) for e in self.enemies}
        self._fields = [self.nav.field(e.position) for e in self.enemies]
        self.target = self._choose_target()
        self.fleeing = self._is_losing()
        self._blockers: tuple[int, ...] | None = None  # `BotStyle.body_block`: the friends' cells
        self._blocked: dict[Square, list[int]] = {}  # and the fields read with them, per enemy square
        # Per enemy, the field its blows next turn are read on (`strike_reach`: ≤ 2 a walk and a blow)
        self._strike_fields = [self.strike_reach(e) for e in self.enemies] if self.style.corner_reach else self._fields
        # Per awake enemy: where it is, its ranged reach (+1 step) or its strike field, its hit.
        reach_of = bot.reach_of
        self._threats = [
            (e.position, reach_of(e)[0] + 1, None if reach_of(e)[1] else fld, self._incoming[e.id])
            for e, fld in zip(self.enemies, self._strike_fields, strict=True) if e.asleep_turns <= 1
        ]
        self.my_reach, self.ranged = reach_of(self.me)
        self._zones: list[tuple[FighterState, bytes | list[int]]] | None = None  # `strike_zones`
        self._free: list[FighterState] | None = None  # `_tempo`: enemies with none of the team in reach
        self._support: list[list[int]] | None = None  # `_alone_at`: each friend's path field
        self._backed: dict[tuple[str, int], bool] = {}  # `_struck_back`, per enemy blade and square
        self._strike_on: bool | None = None  # `_iso_strike_on`
        self._engaged_pairs: list[tuple[FighterState, FighterState, float]] | None = None  # `_engaged`
        self._far_help: dict[str, bool] = {}  # `_barring_at`: per engaged friend, from any square far from it
        self._barring: dict[int, float] = {}  # `_barring_at`, per square
        self._fall: dict[str, dict[int, int] | None] = {}  # `_fall_dist`, per fighter
        self._fall_done = False  # `_fall_at`: the fighter's own `_fall_dist` worked out
        self._fall_here: dict[int, int] | None = None
        self._deaths: dict[int, float] = {}  # `_death_at`, per cell
        self._death_w: float | None = None  # `_death_weight`
        self._tops: dict[str, int] = {}  # `_death_at`: the most one blow of each enemy deals
        self._risks: dict[tuple[tuple[str, int], ...], float] = {}  # `_death_at`, per set of blows
        self._kill_odds: dict[tuple[str, str], float] = {}  # `kill_odds`
        self._blows: dict[tuple[str, str, int], Mapping[int, float]] = {}  # `blow_outcomes`
        self._lives: dict[str, float] = {}  # `life_of`
        self.two_handed = self.me.sheet.weapon.family is WeaponFamily.TWO_HANDED  # R8: circle attacks
        self.beyond_malus = state.settings.combat.firearm_beyond_range_malus
        # Caution fades as the match drags on, so that two careful sides still meet
        # before the round cap (a draw says nothing about a map).
        self.late = max(0.0, 1.0 - state.round / STALL_ROUNDS)
        # `BotStyle.press_from`: past that round every fighter presses (no replies, no escapes,
        # no step back after a shot): a kite a step ahead of a walking blade only runs out the clock
        st = self.style
        self.pressing = bool(st.press_from) and state.round >= st.press_from and (
            not st.press_maze or state.board.labyrinth) and (
            not st.press_behind or sum(f.pv for f in self.friends) <= sum(e.pv for e in self.enemies))
        self._hold = self._hold_distance()
        # `BotStyle.march`: the field of the friend it follows in file, or of the one that
        # follows it (the leader), while the team marches
        self._guide_field: list[int] | None = None
        self._follower_field: list[int] | None = None
        if self.style.march and self.target is not None and not self.fleeing:
            self._march()

    def strike_reach(self, enemy: FighterState) -> list[int]:
        """The field an enemy blade's next blows are read on: ≤ 2 where it walks and strikes,
        ≤ 7 a run away. `BotStyle.corner_reach`: from the squares it strikes from
        (`Navigator.strike_field`: across a corridor's bend too); else its path field."""
        if self.style.body_block:
            got = self._blocked.get(enemy.position)
            if got is None:
                if self._blockers is None:
                    w = self.nav.width
                    self._blockers = tuple(sorted(
                        f.position[1] * w + f.position[0] for f in self.friends if f.id != self.me.id))
                got = self._blocked[enemy.position] = self.nav.blocked_strike_field(enemy.position, self._blockers)
            return got
        if self.style.corner_reach:
            return self.nav.strike_field(enemy.position)
        return self.nav.field(enemy.position)

    def expected_hit(self, attacker: FighterState, target: FighterState, extra: int = 0) -> float:
        """Expected damage of one attack, wherever the two stand (the core's odds)."""
        key = (attacker.id, target.id, extra)
        got = self._hits.get(key)
        if got is None:
            got = _kept_for_match(self._plain, key, attacker, target, lambda: self.bot.hit_odds(
                self.state, attacker, target, extra) * self.bot.hit_damage(self.state, attacker))
            self._hits[key] = got
        return got

    def output(self, enemy: FighterState) -> float:
        """The most an enemy is expected to deal in one attack on one of us."""
        got = self._outputs.get(enemy.id)
        if got is None:
            # It depends on the fighters' sheets (fixed per id in a match), their modifiers and
            # whether they sleep (the odds `expected_hit` reads): kept for the match by those.
            # (one table per state of the friends, looked up once per decision: a tuple's hash
            # is worked out anew at every lookup)
            if self._friends_outputs is None:
                friends_key = tuple(
                    (f.id, f.asleep_turns > 0, tuple((m.applies_to, m.value) for m in f.modifiers) if f.modifiers else ())
                    for f in self.friends)
                tables = self.bot.plain_outputs
                table = tables.get(friends_key)
                if table is None:
                    table = tables.keep(friends_key, {})
                self._friends_outputs = table
            kept = self._friends_outputs
            key = (enemy.id, tuple((m.applies_to, m.value) for m in enemy.modifiers) if enemy.modifiers else ())
            got = kept.get(key)
            if got is None:
                got = kept[key] = max((self.expected_hit(enemy, f) for f in self.friends), default=0.0)
            self._outputs[enemy.id] = got
        return got

    # -- strategy ------------------------------------------------------------------

    def _choose_target(self) -> FighterState | None:
        """The enemy to close on: near, weak for its threat, and already engaged by friends."""
        best, best_key = None, None
        me = self.me
        idx = me.position[1] * self.nav.width + me.position[0]
        others = [f.position for f in self.friends if f.id != me.id]
        focus = self.style.focus
        for e, fld in zip(self.enemies, self._fields, strict=True):
            d = fld[idx]  # `nav.distance` from here to the enemy
            if d >= UNREACHABLE:
                d = chebyshev(me.position, e.position) + 20
            ex, ey = e.position
            engaged = 0
            for x, y in others:
                if max(abs(x - ex), abs(y - ey)) == 1:
                    engaged += 1
            k = d + e.pv / 8 - focus * (engaged + 3 * self.output(e) / max(e.pv, 1))
            if best_key is None or k < best_key:
                best, best_key = e, k
        return best

    def _is_losing(self) -> bool:
        """Flee when badly hurt and the enemy side has more PV left than ours."""
        me = self.me
        if me.pv > self.style.flee_below * me.sheet.pv:
            return False
        if len(self.friends) == 1 or self.state.round >= STALL_ROUNDS:
            return False  # no friend to buy time for, or too late: running away only ends in a draw
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

    def strike_zones(self) -> list[tuple[FighterState, bytes | list[int]]]:
        """Per awake enemy, where it can strike next turn without a run: for a blade its field
        (`strike_reach`: a square within 2 is a walk and an attack away), for a bow or gun one byte per
        square, 1 where it shoots from its square or a walk away (`range_grid`, R1)."""
        if self._zones is None:
            zones: list[tuple[FighterState, bytes | list[int]]] = []
            w, h = self.nav.width, self.state.board.height
            for e, fld, reach in zip(self.enemies, self._fields, self._strike_fields, strict=True):
                if e.asleep_turns > 1:
                    continue
                if not self.bot.reach_of(e)[1]:
                    zones.append((e, reach))
                    continue
                blank = self.style.point_blank
                key = (id(self.state.board), id(self.state.settings), e.id, e.position, "zone", blank)
                got = self.bot._shots.get(key)
                if got is None:
                    union = bytearray(w * h)
                    ex, ey = e.position
                    for x in range(max(0, ex - 1), min(w, ex + 2)):
                        for y in range(max(0, ey - 1), min(h, ey + 2)):
                            if (x, y) != e.position and fld[y * w + x] > 1:
                                continue  # not a square it can walk to
                            for i, c in enumerate(self.bot.shots(self.state, e, (x, y))):
                                if c in (IN_RANGE, BEYOND_RANGE):
                                    union[i] = PLAIN
                                elif blank and c == ADJACENT and not union[i]:
                                    union[i] = POINT_BLANK  # a shot beside it, at R1.7's malus
                    got = self.bot._shots[key] = bytes(union)
                zones.append((e, got))
            self._zones = zones
        return self._zones

    @staticmethod
    def _in_zone(zone: bytes | list[int], idx: int) -> bool:
        return zone[idx] <= 2 if isinstance(zone, list) else zone[idx] >= 1

    @staticmethod
    def _zone_blow(zone: bytes | list[int], idx: int, runs: bool = False) -> int:
        """The blow an enemy's strike zone (`strike_zones`) lets it deal on cell `idx` next turn:
        PLAIN (a blade a walk and a blow away, a bow or gun's shot), POINT_BLANK (a bow or gun
        that only shoots from beside it, at R1.7's malus: `BotStyle.point_blank`), with `runs`
        RUN (a blade a run away, `RUN_REACH`, at R4.8's malus), else NO_BLOW."""
        if isinstance(zone, list):
            d = zone[idx]
            return PLAIN if d <= 2 else RUN if runs and d <= RUN_REACH else NO_BLOW
        code = zone[idx]
        return code if code in (PLAIN, POINT_BLANK) else NO_BLOW

    def _zone_hit(self, enemy: FighterState, zone: bytes | list[int], idx: int) -> float:
        """The expected hit of `enemy` on the fighter on square `idx` next turn, by its strike
        zone (`_zone_blow`, no run): a plain one, or at R1.7's malus, none out of its reach."""
        blow = self._zone_blow(zone, idx)
        if blow == PLAIN:
            return self._incoming[enemy.id]
        if blow == POINT_BLANK:
            return self.expected_hit(enemy, self.me, self.state.settings.combat.ranged_adjacent_malus)
        return 0.0

    def _struck(self) -> set[str]:
        """The enemies the turn's action most likely struck: those within the fighter's reach."""
        x, y = self.me.position
        reach = self.my_reach if self.ranged else 1
        return {e.id for e in self.enemies if max(abs(e.position[0] - x), abs(e.position[1] - y)) <= reach}

    def tempo_at(self, sq: Square, spare: set[str] | frozenset[str] = frozenset()) -> float:
        """The first strikes the fighter gives away by ending its turn on `sq`: the expected
        hits of the enemies that reach `sq` next turn and reach no other fighter of the team
        (those would strike someone anyway), but for `spare` (the ones it strikes itself)."""
        w = self.nav.width
        if self._free is None:
            others = [f.position[1] * w + f.position[0] for f in self.friends if f.id != self.me.id]
            self._free = [e for e, zone in self.strike_zones() if not any(self._in_zone(zone, i) for i in others)]
        if not self._free:
            return 0.0
        idx = sq[1] * w + sq[0]
        free = {e.id for e in self._free} - spare
        return sum(self._zone_hit(e, zone, idx) for e, zone in self.strike_zones() if e.id in free)

    def threat_at(self, sq: Square) -> float:
        """Expected damage the enemies could deal to the active fighter on `sq` next round."""
        idx = sq[1] * self.nav.width + sq[0]
        threat = 0.0
        if self.style.sighted_threat:
            for e, zone in self.strike_zones():
                if self._zone_blow(zone, idx, runs=True) == RUN:
                    threat += 0.3 * self._incoming[e.id]  # a run with its attack (R4.8)
                else:
                    threat += self._zone_hit(e, zone, idx)
            return threat
        for pos, reach, fld, incoming in self._threats:
            if fld is None:
                if max(abs(pos[0] - sq[0]), abs(pos[1] - sq[1])) <= reach:
                    threat += incoming
            else:
                d = fld[idx]
                if d <= 2:
                    threat += incoming
                elif d <= 6:
                    threat += 0.3 * incoming  # a run with its attack (R4.8)
        return threat

    # -- how good a square is ------------------------------------------------------

    def value(
        self, sq: Square, can_act: bool, attack_malus: int = 0, reach: int | None = None, force: bool = False,
        struck: bool = False,
    ) -> float:
        """Rough worth of standing on `sq` at the end of this turn (in PV-like units).

        `can_act`: an attack may still follow from there (`force` even when no attack is
        legal right now, e.g. a run's attack before the run starts), with `reach` squares.
        `struck`: the turn's action is taken before (no first strike given away, `tempo_at`).
        """
        key = (sq, can_act, attack_malus, reach, force, struck)
        got = self._values.get(key)
        if got is None:
            got = self._values[key] = self._value(sq, can_act, attack_malus, reach, force, struck)
        return got

    def _value(self, sq: Square, can_act: bool, attack_malus: int, reach: int | None, force: bool,
               struck: bool) -> float:
        st = self.style
        me = self.me
        idx = sq[1] * self.nav.width + sq[0]
        score = 0.0
        struck_at: str | None = None  # the enemy struck from `sq` (`tempo_at` spares it)
        if can_act and (self.can_attack or force):
            # R8: a circle attack after a walk or a teleport, not a run's attack (R4.8: one
            # melee attack, `reach` given) nor a jump's (at −15, R2.4)
            circle = self.two_handed and reach is None and not attack_malus
            reach = self.my_reach if reach is None else reach
            if self.ranged and reach > 1:
                best = 0.0  # expected hits are never negative
                if self._enemy_shots is None:
                    self._enemy_shots = [(e, self.bot.shots(self.state, me, e.position)) for e in self.enemies]
                for e, grid in self._enemy_shots:
                    code = grid[idx]
                    if code in (IN_RANGE, BEYOND_RANGE):
                        hit = self.expected_hit(me, e, attack_malus + (0 if code == IN_RANGE else self.beyond_malus))
                        if hit > best:
                            best, struck_at = hit, e.id
                score += best
            else:
                near = [e for e in self.enemies if 0 < max(abs(e.position[0] - sq[0]), abs(e.position[1] - sq[1])) <= reach]
                best = 0.0
                for e in near:
                    hit = self.expected_hit(me, e, attack_malus)
                    if hit > best:
                        best, struck_at = hit, e.id
                if circle and len(near) > 1:
                    best = max(best, options.circle_worth(self, neighbours(sq))[3])  # two foes in one swing
                score += best
        if st.tempo and self.late > 0 and not self.fleeing:
            if st.tempo_strikes or not (struck or self.acted or struck_at):
                spare = self._struck() if struck or self.acted else ({struck_at} if struck_at else set())
                score -= st.tempo * self.late * self.tempo_at(sq, spare)
            elif st.tempo_weak and struck_at and attack_malus:
                target = self.state.fighters[struck_at]
                full = self.expected_hit(me, target)
                share = self.expected_hit(me, target, attack_malus) / full if full else 1.0
                if share < 1 and self.tempo_at(sq) > self.tempo_at(sq, {struck_at}):  # it is a free enemy
                    score -= st.tempo * self.late * (1 - share) * self.incoming(struck_at)
        if self._caution is None:
            if self.fleeing:
                self._caution = 2.0 * st.caution
            elif self.ranged:
                self._caution = st.ranged_caution * self.late
            else:
                self._caution = st.caution * self.late
        # The parts that do not depend on the attack, kept per square (the same sums in the same order).
        parts = self._parts.get(sq)
        if parts is None:
            if self.fleeing:
                place: float = min(min((fld[idx] for fld in self._fields), default=0), 8)
            elif self.target is not None:
                place = self._gap(sq, idx)
            else:
                place = 0.0
            parts = self._parts[sq] = (self.threat_at(sq), self._push_hazard(sq), place)
        score -= self._caution * parts[0]
        if st.kite and self.ranged and not self.fleeing and self.late > 0:
            score -= st.kite * self._blades_at(idx)
        if st.iso and self.late > 0 and not self.fleeing:
            score -= st.iso * self.late * self._alone_at(sq, idx)
            if st.make_way and self._iso_strike_on():
                score -= st.make_way * self.late * self._barring_at(sq, idx)
            if st.fall_back and not self.ranged and self._iso_strike_on():
                score -= st.fall_back * self.late * self._fall_at(idx)
        if st.jam and self.ranged and not self.fleeing:
            score -= st.jam * jam.jam_at(self, idx)
        if st.death:
            weight = self._death_weight()
            if weight:  # (a nil chance or weight takes nothing off: the sums are skipped)
                risk = self._death_at(idx)
                if risk:
                    score -= weight * risk * self.life_of(me)
        score -= parts[1]
        if self.fleeing:
            score += st.closing * parts[2]
        elif self.target is not None:
            score -= st.closing * parts[2]
        return score

    def blow_outcomes(self, attacker: FighterState, target: FighterState, extra: int = 0) -> Mapping[int, float]:
        """The core's exact outcomes of one blow (`strike_outcomes`: damage, 0 a miss, with its
        chance), kept for the decision."""
        key = (attacker.id, target.id, extra)
        got = self._blows.get(key)
        if got is None:
            got = self._blows[key] = _kept_for_match(self.bot.plain_blows, key, attacker, target,
                                                     lambda: strike_outcomes(self.state, attacker, target, extra))
        return got

    def death_on(self) -> bool:
        """Whether `BotStyle.death` and `death_replies` hold on this map (`death_maze`: labyrinths only)."""
        return not self.style.death_maze or self.state.board.labyrinth

    def _death_weight(self) -> float:
        """`BotStyle.death`'s weight for this decision: faded with the caution to `death_floor`
        (while an enemy came lately, `death_coming`, and before `death_until`); 0 off the maze
        with `death_maze`."""
        got = self._death_w
        if got is None:
            st = self.style
            if not self.death_on() or not (self.late > 0 or st.death_floor):
                got = 0.0
            else:
                floor = st.death_floor if (not st.death_coming or self._coming_lately(st.death_coming)) and (
                    not st.death_until or self.state.round < st.death_until) else 0.0
                got = st.death * (floor + (1 - floor) * self.late)
                if got and sum(self._top(e, 0) for e, _ in self.strike_zones()) < self.me.pv:
                    got = 0.0  # all the enemies' blows together cannot kill it: no square costs anything
            self._death_w = got
        return got

    def _top(self, enemy: FighterState, extra: int) -> int:
        """The most one blow of `enemy` deals the fighter (`_death_at`), kept for the decision: the
        outcomes' damages are the hit's whatever the malus (only their odds move with it)."""
        got = self._tops.get(enemy.id)
        if got is None:
            got = self._tops[enemy.id] = max(self.blow_outcomes(enemy, self.me, extra))
        return got

    def kill_odds(self, enemy: FighterState, f: FighterState) -> float:
        """The chance one plain blow of `enemy` kills `f` (`blow_outcomes`), kept for the decision."""
        key = (enemy.id, f.id)
        got = self._kill_odds.get(key)
        if got is None:
            got = 0.0 if f.pv <= 0 else sum(p for dmg, p in self.blow_outcomes(enemy, f).items() if dmg >= f.pv)
            self._kill_odds[key] = got
        return got

    def life_of(self, f: FighterState) -> float:
        """What `f`'s death is worth to its team (`BotStyle.death`): a kill's bonus to the enemies
        (`options.KILL_BONUS`, as `damage_worth` prices a kill) and the blow it would strike them."""
        got = self._lives.get(f.id)
        if got is None:
            foes = self.enemies if f.team == self.me.team else self.friends
            got = self._lives[f.id] = options.KILL_BONUS + max((self.expected_hit(f, e) for e in foes), default=0.0)
        return got

    def _death_at(self, idx: int) -> float:
        """`BotStyle.death`: the chance the fighter dies on cell `idx` before its next turn: every
        awake enemy that reaches it there strikes once (`strike_zones`: a blade a walk and a blow
        away, or a run away at R4.8's malus; a bow or gun in its sighted zone, at R1.7's malus from
        beside it), the blows' exact outcomes added up (`options.kill_chance`)."""
        got = self._deaths.get(idx)
        if got is not None:
            return got
        me, pv = self.me, self.me.pv
        settings = self.state.settings
        malus = {PLAIN: 0, POINT_BLANK: settings.combat.ranged_adjacent_malus, RUN: settings.run.attack_malus}
        picks: list[tuple[FighterState, int]] = []
        most = 0
        for e, zone in self.strike_zones():
            blow = self._zone_blow(zone, idx, runs=True)
            if blow == NO_BLOW:
                continue
            extra = malus[blow]
            picks.append((e, extra))
            most += self._top(e, extra)
        if most < pv:  # no mix of these blows kills: no outcomes asked for
            got = 0.0
        else:
            key = tuple((e.id, extra) for e, extra in picks)
            got = self._risks.get(key)
            if got is None:
                got = self._risks[key] = options.kill_chance([self.blow_outcomes(e, me, x) for e, x in picks], pv)
        self._deaths[idx] = got
        return got

    def _alone_at(self, sq: Square, idx: int) -> float:
        """`BotStyle.iso`: the hits of the enemies that reach `sq` next turn, when no friend
        stands within `iso_support` path squares of it (0 with one that near)."""
        if self._support is None:  # the friends' own fields: a few searches a turn, not one per square weighed
            self._support = [self.nav.field(f.position) for f in self.friends if f.id != self.me.id]
        near = self.style.iso_support
        if self._iso_strike_on():
            return self._unsupported_at(sq, idx, any(fld[idx] <= near for fld in self._support))
        if any(fld[idx] <= near for fld in self._support):
            return 0.0
        return sum(self._zone_hit(e, zone, idx) for e, zone in self.strike_zones())

    def _iso_strike_on(self) -> bool:
        """Whether `BotStyle.iso_strike` holds for this decision: its weight set, the map a
        labyrinth (`iso_strike_maze`), the round before its clock, an enemy coming lately."""
        got = self._strike_on
        if got is None:
            st = self.style
            got = self._strike_on = bool(st.iso_strike) and (not st.iso_strike_maze or self.state.board.labyrinth) and (
                not st.iso_strike_until or self.state.round < st.iso_strike_until) and (
                not st.iso_strike_coming or self._coming_lately())
        return got

    def _coming_lately(self, within: int | None = None) -> bool:
        """`BotStyle.iso_strike_coming` (or `within` rounds): an enemy came nearer the team within
        that many rounds."""
        came, now = self.bot.came, self.state.round
        if within is None:
            within = self.style.iso_strike_coming
        return any(now - came.get(e.id, -within - 1) <= within for e in self.enemies)

    def _unsupported_at(self, sq: Square, idx: int, friend_near: bool) -> float:
        """`BotStyle.iso_strike`: the hits on `sq` of the enemy blades no friend strikes back
        where they would strike from (`_struck_back`), and of the enemy bows and guns when no
        friend stands within `iso_support` path squares (`friend_near`, as `iso`)."""
        total = 0.0
        for e, zone in self.strike_zones():
            hit = self._zone_hit(e, zone, idx)
            if not hit:
                continue
            if isinstance(zone, list):
                if not self._struck_back(e, sq, idx):
                    total += self.style.iso_strike * hit
            elif not friend_near:
                total += hit
        return total

    def _struck_back(self, enemy: FighterState, sq: Square, idx: int) -> bool:
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
        got = self._backed[key] = self._backs(enemy, sq, idx, others, {p[1] * w + p[0] for _, p in others})
        return got

    def _backs(self, enemy: FighterState, sq: Square, idx: int, strikers: list[tuple[FighterState, Square]],
               taken: set[int]) -> bool:
        """Whether the `strikers` (friends, each on the square given) strike, next turn, every
        square from which the blade `enemy` would strike a fighter on `sq` (cell `idx`): see
        `_struck_back`. `taken`: the strikers' cells (the blade does not strike from there, and
        they bar each other's ways, with the fighter on `sq`)."""
        nav, w = self.nav, self.nav.width
        walk = nav.field(enemy.position)
        ex, ey = enemy.position
        sx, sy = sq
        if max(abs(ex - sx), abs(ey - sy)) == 1:
            spots: list[Square] = [enemy.position]  # it strikes from where it stands
        else:
            spots = [n for n in neighbours(sq) if 0 <= n[0] < w and 0 <= n[1] * w + n[0] < len(walk)
                     and (i := n[1] * w + n[0]) not in taken and nav.cost[i] and walk[i] <= 1]
        return self._spots_struck(spots, idx, strikers, taken)

    def _spots_struck(self, spots: list[Square], idx: int, strikers: list[tuple[FighterState, Square]],
                      taken: set[int]) -> bool:
        """Whether every square of `spots` is struck next turn by one of the `strikers` (each on
        the square given; a blade beside it or a walk and a blow away with the fighter on cell
        `idx` and the others in `taken` as obstacles, a bow or gun by a shot): see `_backs`."""
        nav, w = self.nav, self.nav.width
        for spot in spots:
            si = spot[1] * w + spot[0]
            for f, (fx, fy) in strikers:
                if self.bot.reach_of(f)[1]:
                    if self.bot.shots(self.state, f, spot)[fy * w + fx] in (IN_RANGE, BEYOND_RANGE):
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

    def _engaged(self) -> list[tuple[FighterState, FighterState, float]]:
        """`BotStyle.make_way`: each awake friend (not the fighter) beside an awake enemy blade,
        with that blade and its expected hit on the friend; kept for the decision."""
        if self._engaged_pairs is None:
            pairs: list[tuple[FighterState, FighterState, float]] = []
            for f in self.friends:
                if f.id == self.me.id or f.asleep_turns > 0:
                    continue
                fx, fy = f.position
                for e in self.enemies:
                    ex, ey = e.position
                    if e.asleep_turns <= 1 and not self.bot.reach_of(e)[1] and max(abs(ex - fx), abs(ey - fy)) == 1:
                        pairs.append((f, e, self.expected_hit(e, f)))
            self._engaged_pairs = pairs
        return self._engaged_pairs

    def _barring_at(self, sq: Square, idx: int) -> float:
        """`BotStyle.make_way`: the hits of the enemy blades on the engaged friends (`_engaged`)
        that the fighter, ending its turn on `sq`, neither strikes back where the friend stands
        nor lets the friend escape from by a step back (R0.6) to a free square not beside that
        blade where the team, the fighter on `sq` among it, strikes back (`_backs`)."""
        engaged = self._engaged()
        if not engaged:
            return 0.0
        got = self._barring.get(idx)  # (a square is valued once per attack it allows: kept per square)
        if got is not None:
            return got
        total = 0.0
        for friend, enemy, hit in engaged:
            # A blade more than FAR_HELP squares from the friend neither strikes a square the
            # enemy blade would strike it from (those lie within 2 of the friend; a walk and a
            # blow reach 2 farther) nor bars a way to one: the same answer on every such square
            far = not self.ranged and max(abs(sq[0] - friend.position[0]), abs(sq[1] - friend.position[1])) > FAR_HELP
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
        """`_barring_at` for one engaged friend: with the fighter on `sq`, the team strikes back
        `enemy` where `friend` stands, or `friend` has a free step back to a square where it does
        (`BotStyle.fall_back`: or to one nearer a square where the blade that follows meets two,
        `_fall_dist`)."""
        w, nav = self.nav.width, self.nav
        me = self.me
        strikers = [(f, f.position) for f in self.friends
                    if f.id != me.id and f.id != friend.id and f.asleep_turns <= 1] + [(me, sq)]
        taken = {p[1] * w + p[0] for _, p in strikers}
        fx, fy = friend.position
        if self._backs(enemy, friend.position, fy * w + fx, strikers, taken):
            return True  # it is struck back where it stands
        ex, ey = enemy.position
        foes = {e.position for e in self.enemies}
        for r in neighbours(friend.position):
            ri = r[1] * w + r[0]
            if (0 <= r[0] < w and 0 <= ri < len(nav.cost) and nav.cost[ri] == 1 and ri not in taken
                    and r not in foes and max(abs(ex - r[0]), abs(ey - r[1])) > 1
                    and ri in nav.links[fy * w + fx] and self._backs(enemy, r, ri, strikers, taken)):
                return True  # room to fall back where the blade that follows meets two
        if self.style.fall_back:
            dist = self._fall_dist(friend, enemy)
            if dist is not None:
                here = dist.get(fy * w + fx, UNREACHABLE)
                for r in neighbours(friend.position):
                    ri = r[1] * w + r[0]
                    if (0 <= r[0] < w and 0 <= ri < len(nav.cost) and ri not in taken and r not in foes
                            and dist.get(ri, UNREACHABLE) < here and ri in nav.links[fy * w + fx]):
                        return True  # room to fall back toward such a square
        return False

    def _fall_at(self, idx: int) -> int:
        """`BotStyle.fall_back`: path squares from cell `idx` to the nearest square where the enemy
        blade beside the fighter, following it, meets two (`_fall_dist`), `FALL_DEPTH` + 2 past the
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
                        and not self._struck_back(e, me.position, my * w + mx)):
                    self._fall_here = self._fall_dist(me, e)
                    break
        got = self._fall_here
        if got is None:
            return 0
        return got.get(idx, FALL_DEPTH + 2)

    def _fall_dist(self, fighter: FighterState, enemy: FighterState) -> dict[int, int] | None:
        """For `fighter` beside the blade `enemy`: per cell, the path squares (along floor, the
        enemies as obstacles, R2.1; its friends give way) to the nearest square within
        `FALL_DEPTH` of it, not beside `enemy`, where the blade coming nearer meets two: every
        square from which it would strike the fighter there has another free square beside it,
        not on the blade's way, for a friend to strike it from (R1.1: across a wall's corner
        too), a bend or a junction; None when there is none. Kept per fighter."""
        key = fighter.id
        if key in self._fall:
            return self._fall[key]
        nav, w = self.nav, self.nav.width
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
        """`_fall_dist`: the cell `k` (where the blade would strike cell `j` from) has another
        free floor cell beside it, not `j` and not nearer the blade than `j`."""
        nav, w = self.nav, self.nav.width
        n = len(walk)
        for x, y in neighbours((k % w, k // w)):
            q = y * w + x
            if 0 <= x < w and 0 <= q < n and q != j and nav.cost[q] == 1 and q not in foes and walk[q] >= walk[j]:
                return True
        return False

    def _blades_at(self, idx: int) -> float:
        """`BotStyle.kite`: the hits of the enemy blades that reach square `idx` by a walk next
        turn (path squares ≤ 2), whatever the round."""
        got = 0.0
        for _pos, _reach, fld, incoming in self._threats:
            if fld is not None and fld[idx] <= 2:
                got += incoming
        return got

    def _hold_distance(self) -> int:
        """How near the target the fighter may close before its friends catch up (cohesion):
        arriving alone at the enemy lets all of them strike it; 0 when there is no limit.
        Bows and guns count too (in a maze corridor they shoot only once they are there)."""
        slack = self.style.cohesion
        if not slack or self.target is None or self.late <= 0:
            return 0
        far = self.style.cohesion_far
        if far:
            idx = self.me.position[1] * self.nav.width + self.me.position[0]
            if any(fld[idx] <= far for fld in self._fields):
                return 0  # the enemies are near: the fight is on
        fld = self.nav.field(self.target.position)
        w = self.nav.width
        # A badly hurt friend keeps back (`flee_below`): it is not waited for.
        others = [fld[f.position[1] * w + f.position[0]] for f in self.friends
                  if f.id != self.me.id and f.pv > self.style.flee_below * f.sheet.pv]
        if not others:
            return 0
        return max(0, min(others) - slack)

    def _march(self) -> None:
        """`BotStyle.march`: while every enemy is farther than `march` path squares from every
        fighter of the team, the team walks in one file along one route. The order: blades
        before bows and guns, then the nearest the enemies first (badly hurt friends, who
        keep back, are left out). The first leads toward its target, held within
        `march_slack` squares of the next; each other fighter closes on the one before it."""
        w = self.nav.width
        fields = self._fields
        nearest: dict[str, int] = {}
        near = False
        for f in self.friends:
            i = f.position[1] * w + f.position[0]
            d = min((fld[i] for fld in fields), default=UNREACHABLE)
            if d <= self.style.march:
                near = True
            if f.id == self.me.id or f.pv > self.style.flee_below * f.sheet.pv:
                nearest[f.id] = d
        if len(nearest) < 2 or (near and not self.style.march_near):
            return  # the fight is near: every fighter goes its own way
        order = sorted(nearest, key=lambda fid: (self.bot.reach_of(self.state.fighters[fid])[1], nearest[fid], fid))
        rank = order.index(self.me.id)
        if rank:
            if near:
                return
            self._guide_field = self.nav.field(self.state.fighters[order[rank - 1]].position)
        else:
            self._follower_field = self.nav.field(self.state.fighters[order[1]].position)

    def goal_field(self) -> list[int]:
        """The path field the fighter closes along: its target's, or, marching, the field of
        the friend ahead of it in file (`BotStyle.march`)."""
        assert self.target is not None
        if self._guide_field is not None:
            return self._guide_field
        return self.nav.field(self.target.position)

    def _gap(self, sq: Square, idx: int) -> float:
        """How far `sq` is from where the fighter wants to be: beside its target, or in bow range."""
        assert self.target is not None
        if self._guide_field is not None:  # marching in file: beside the friend ahead
            g = self._guide_field[idx]
            return max(0, g - 1) if g < UNREACHABLE else chebyshev(sq, self.target.position) + 10
        if self._target_field is None:
            self._target_field = self.nav.field(self.target.position)
        d = self._target_field[idx]
        if d >= UNREACHABLE:
            d = chebyshev(sq, self.target.position) + 10
        lead = 0.0  # leading the file (`BotStyle.march`): not too far ahead of the next
        if self._follower_field is not None and self._follower_field[idx] < UNREACHABLE:
            lead = self.style.march_hold * max(0, self._follower_field[idx] - self.style.march_slack)
        if not self.ranged:
            return max(0, max(d + lead, self._hold) - 1)
        # Walk to the nearest square it can shoot the target from (R1: range and sight);
        # where among those is the caution's business (off the enemies' blades).
        if self._target_shots is None:
            self._target_shots = self.bot.shots(self.state, self.me, self.target.position)
        code = self._target_shots[idx]
        if code == IN_RANGE:
            if self.pressing:  # it keeps its ground in range: no step back after its shot, nor into reach
                here = self._target_field[self.me.position[1] * self.nav.width + self.me.position[0]]
                return PRESS_STAND * abs(d - here) if here < UNREACHABLE else 0.0
            return 0.0
        if code == BEYOND_RANGE:
            return 1.0
        if self._shot_field is None:  # worked out once per decision (the target stays)
            squares = self.bot.shot_squares(self.state, self.me, self.target.position)
            if not squares:
                self._shot_field = []
            else:
                me = self.me
                key = (me.sheet.weapon, me.sheet.height_cm, self.my_reach, self.state.settings.combat.line_of_sight,
                       self.target.position)
                self._shot_field = self.nav.field_to_any(key, squares)
        if not self._shot_field:
            return max(0, d + lead - 1)
        return float(self._shot_field[idx])

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
        """Attacks, pushes, taunts, teleports: each with its forecast value, plus where the
        fighter stands after it (R0.6: a walk may still follow the action, e.g. a step back)."""
        found = options.action_options(self)
        if not found:
            return []  # (the step after is worked out only for an action to take)
        after, end = self.value(self.me.position, can_act=False, struck=True), None
        if self.style.step_after and "walk" in self.legal:
            after, end = self.best_step(after)
        for p in found:  # fresh plans, made for this decision: changed in place
            if p.room is not None:
                self._push_room(p, after, end)
                continue
            p.score = after + p.score
            p.end = p.end or end
        return found

    def _push_room(self, plan: Plan, after: float, end: Square | None) -> None:
        """`BotStyle.push_room`: a push that moves its target one square back (chance `p`) is
        worth, on top of its own gain, `p` times what the turn's end gains with the target
        there (the step after weighed again on that state: out of the target's reach, no
        flight roll from it); the lookahead then counts no reply from that target when it
        no longer reaches the square the step ends on."""
        assert plan.room is not None
        chance, target, landing = plan.room
        pushed = self.state.clone()  # the state where the push worked: the target on its landing square
        pushed.fighters[target].position = landing
        pushed.budget.acted = True
        there = Context(self.bot, pushed, open_action_kinds(pushed))
        after_push, end_push = there.value(self.me.position, can_act=False, struck=True), None
        if self.style.step_after and "walk" in there.legal:
            after_push, end_push = there.best_step(after_push)
        plan.score = after + plan.score + chance * (after_push - after)
        likely = chance >= 0.5
        plan.end = end_push if likely else end
        sq = plan.end or self.me.position
        blade = not self.bot.reach_of(pushed.fighters[target])[1]
        reach = self.nav.strike_field(landing) if self.style.corner_reach else self.nav.field(landing)
        if likely and blade and reach[sq[1] * self.nav.width + sq[0]] > 2:
            silenced = plan.hits.get(target, (0.0, 0.0, 1.0))[0]
            plan.hits[target] = (min(1.0, silenced + chance), 0.0, 1.0)

    def flees(self, sq: Square) -> bool:
        """R3.1: a walk to `sq` leaves an adjacent opponent (`fleeing_from`), kept for the decision."""
        if self._held is None:
            self._held = bool(holding_opponents(self.state, self.me))
        if not self._held:
            return False  # nobody holds it: no walk is a flight
        got = self._flees.get(sq)
        if got is None:
            got = self._flees[sq] = bool(fleeing_from(self.state, self.me, [sq]))
        return got

    def best_step(self, stay: float) -> tuple[float, Square | None]:
        """The value of the best walk after the action (or of staying), and where it ends."""
        best, end = stay, None
        for sq in walk_squares(self.state, self.me):
            v = self.value(sq, can_act=False, struck=True)
            if self.flees(sq):
                v = 0.75 * v + 0.25 * stay  # R3.1: a 1 on the d4 keeps it here
            if v > best:
                best, end = v, sq
        return best, end

    def move_plans(self) -> list[Plan]:
        """Walks, jumps, swims and runs, each valued by where it ends (`BotStyle.walks_by_attacks`:
        only walks while an attack is open)."""
        if self.style.walks_by_attacks and "attack" in self.legal and any(
            t.refusal is None for t in attack_targets(self.state, self.me)
        ):  # a blade strikes from where it stands (a walk first was chosen in 4 of 284 such turns)
            return options.move_options(self, walks_only=True) if self.ranged else []
        return options.move_options(self) + runs.run_plans(self)

    def jump_malus(self) -> int:
        """R2.4: attacks in the turn of a jump are at −15 (a setting)."""
        return self.state.settings.movement.jump_attack_malus


def is_ranged(f: FighterState) -> bool:
    """True for bows, firearms and thrown weapons (R1)."""
    return f.sheet.weapon.family.ranged


def _kept_for_match(kept: dict[tuple[str, str, int], T], key: tuple[str, str, int], attacker: FighterState,
                    target: FighterState, make: Callable[[], T]) -> T:
    """`make()` for a blow of `attacker` on `target`, kept in `kept` (the bot's, for the match)
    when neither has modifiers nor `target` sleeps: the blow then depends on the two sheets only."""
    plain = not attacker.modifiers and not target.modifiers and target.asleep_turns <= 0
    got = kept.get(key) if plain else None
    if got is None:
        got = make()
        if plain:
            kept[key] = got
    return got
