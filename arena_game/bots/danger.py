"""The danger of a square for one decision (`Danger`, `Context.danger`): the damage the enemies
could deal the fighter there next round (`threat_at`), the first strikes it gives away there
(`tempo_at`, `BotStyle.tempo`), the enemy blades a bow or gun would meet there (`blades_at`,
`BotStyle.kite`) and the chance it dies there (`death_at`, `BotStyle.death`), all read on where
the enemies strike next turn (`bots/reach.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.bots import options
from arena_game.bots.reach import NO_BLOW, PLAIN, POINT_BLANK, RUN, RUN_REACH, in_zone, zone_blow
from arena_game.core.geometry import Square
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context


class Danger:
    """What ending the turn on a square risks, for one decision; kept per square and per blow."""

    __slots__ = ("bot", "state", "style", "width", "me", "friends", "enemies", "late", "reach", "odds",
                 "_free", "_deaths", "_death_w", "_tops", "_risks")

    def __init__(self, ctx: Context) -> None:
        # (what it reads of the decision, taken here: it holds no reference to `ctx`)
        self.bot, self.state, self.style, self.width = ctx.bot, ctx.state, ctx.style, ctx.nav.width
        self.me, self.friends, self.enemies, self.late = ctx.me, ctx.friends, ctx.enemies, ctx.late
        self.reach, self.odds = ctx.enemy_reach, ctx.odds
        self._free: list[FighterState] | None = None  # `tempo_at`: enemies with none of the team in reach
        self._deaths: dict[int, float] = {}  # `death_at`, per cell
        self._death_w: float | None = None  # `death_weight`
        self._tops: dict[str, int] = {}  # `death_at`: the most one blow of each enemy deals
        self._risks: dict[tuple[tuple[str, int], ...], float] = {}  # `death_at`, per set of blows

    def threat_at(self, sq: Square) -> float:
        """Expected damage the enemies could deal to the active fighter on `sq` next round."""
        idx = sq[1] * self.width + sq[0]
        threat = 0.0
        if self.style.sighted_threat:
            reach, incoming = self.reach, self.odds.incoming_hits
            for e, zone in reach.zones():
                if zone_blow(zone, idx, runs=True) == RUN:
                    threat += 0.3 * incoming[e.id]  # a run with its attack (R4.8)
                else:
                    threat += reach.hit(e, zone, idx)
            return threat
        x, y = sq
        for pos, reach_sq, fld, hit in self.reach.threats:
            if fld is None:  # a bow or gun: within its reach (a Chebyshev distance, written out)
                if -reach_sq <= pos[0] - x <= reach_sq and -reach_sq <= pos[1] - y <= reach_sq:
                    threat += hit
            else:
                d = fld[idx]
                if d <= 2:
                    threat += hit
                elif d <= RUN_REACH:
                    threat += 0.3 * hit  # a run with its attack (R4.8)
        return threat

    def tempo_at(self, sq: Square, spare: set[str] | frozenset[str] = frozenset()) -> float:
        """The first strikes the fighter gives away by ending its turn on `sq`: the expected
        hits of the enemies that reach `sq` next turn and reach no other fighter of the team
        (those would strike someone anyway), but for `spare` (the ones it strikes itself)."""
        reach = self.reach
        w = self.width
        if self._free is None:
            others = [f.position[1] * w + f.position[0] for f in self.friends if f.id != self.me.id]
            self._free = [e for e, zone in reach.zones() if not any(in_zone(zone, i) for i in others)]
        if not self._free:
            return 0.0
        idx = sq[1] * w + sq[0]
        free = {e.id for e in self._free} - spare
        return sum(reach.hit(e, zone, idx) for e, zone in reach.zones() if e.id in free)

    def blades_at(self, idx: int) -> float:
        """`BotStyle.kite`: the hits of the enemy blades that reach cell `idx` by a walk next
        turn (path squares ≤ 2), whatever the round."""
        got = 0.0
        for _pos, _reach, fld, incoming in self.reach.threats:
            if fld is not None and fld[idx] <= 2:
                got += incoming
        return got

    # -- death (`BotStyle.death`) ---------------------------------------------------------------

    def death_on(self) -> bool:
        """Whether `BotStyle.death` and `death_replies` hold on this map (`death_maze`: labyrinths only)."""
        return not self.style.death_maze or self.state.board.labyrinth

    def death_weight(self) -> float:
        """`BotStyle.death`'s weight for this decision: faded with the caution to `death_floor`
        (while an enemy came lately, `death_coming`, and before `death_until`); 0 off the maze
        with `death_maze`."""
        got = self._death_w
        if got is None:
            st = self.style
            if not self.death_on() or not (self.late > 0 or st.death_floor):
                got = 0.0
            else:
                floor = st.death_floor if (not st.death_coming or self.bot.came_lately(
                    self.state, self.enemies, st.death_coming)) and (
                    not st.death_until or self.state.round < st.death_until) else 0.0
                got = st.death * (floor + (1 - floor) * self.late)
                if got and sum(self._top(e, 0) for e, _ in self.reach.zones()) < self.me.pv:
                    got = 0.0  # all the enemies' blows together cannot kill it: no square costs anything
            self._death_w = got
        return got

    def _top(self, enemy: FighterState, extra: int) -> int:
        """The most one blow of `enemy` deals the fighter (`death_at`), kept for the decision: the
        outcomes' damages are the hit's whatever the malus (only their odds move with it)."""
        got = self._tops.get(enemy.id)
        if got is None:
            got = self._tops[enemy.id] = max(self.odds.blow_outcomes(enemy, self.me, extra))
        return got

    def death_at(self, idx: int) -> float:
        """`BotStyle.death`: the chance the fighter dies on cell `idx` before its next turn: every
        awake enemy that reaches it there strikes once (`EnemyReach.zones`: a blade a walk and a
        blow away, or a run away at R4.8's malus; a bow or gun in its sighted zone, at R1.7's malus
        from beside it), the blows' exact outcomes added up (`options.kill_chance`)."""
        got = self._deaths.get(idx)
        if got is not None:
            return got
        me, pv = self.me, self.me.pv
        settings = self.state.settings
        malus = {PLAIN: 0, POINT_BLANK: settings.combat.ranged_adjacent_malus, RUN: settings.run.attack_malus}
        picks: list[tuple[FighterState, int]] = []
        most = 0
        for e, zone in self.reach.zones():
            blow = zone_blow(zone, idx, runs=True)
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
                blows = self.odds.blow_outcomes
                got = self._risks[key] = options.kill_chance([blows(e, me, x) for e, x in picks], pv)
        self._deaths[idx] = got
        return got
