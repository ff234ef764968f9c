"""Where each enemy strikes next turn (`EnemyReach`, `Context.enemy_reach`): a blade's field (a
walk and a blow within 2 path squares, a run farther), a bow or gun's sighted zone (`range_grid`,
R1), and the blow each lets it deal on a square. The danger of a square (`bots/danger.py`) and
the friends' support (`bots/support.py`) are read on them."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from arena_game.core.geometry import Square
from arena_game.core.queries import RANGE_CODES
from arena_game.core.state import FighterState

if TYPE_CHECKING:
    from arena_game.bots.context import Context

IN_RANGE, BEYOND_RANGE = RANGE_CODES.index("in_range"), RANGE_CODES.index("beyond_range")  # `range_grid` codes
ADJACENT = RANGE_CODES.index("adjacent_ranged")  # R1.7: a bow or gun shooting a foe beside it
# `zone_blow`, `Danger.threat_at`, `options.death_risk`, `lookahead.reply_damage`: the strike-field
# squares from which an enemy blade strikes by a run (R4.8). A strike at d needs a roll granting
# d − 1 squares (R4.2); the shipped roster's blades (Physique + Course 9–10) roll 5 or more about
# half the time, 6 or more a quarter, 7 only Tarn on a 20 (docs/bots.md, "Seat bias, and the run's reach")
RUN_REACH = 6
# `zone_blow`: the blow an enemy's strike zone allows on a square (PLAIN and POINT_BLANK are the
# codes `EnemyReach.zones` writes for a bow or gun)
NO_BLOW, PLAIN, POINT_BLANK, RUN = 0, 1, 2, 3

Zone: TypeAlias = bytes | list[int]  # a blade's field (path squares), or a bow or gun's codes per cell


def in_zone(zone: Zone, idx: int) -> bool:
    """Whether the enemy of `zone` strikes cell `idx` next turn without a run."""
    return zone[idx] <= 2 if isinstance(zone, list) else zone[idx] >= 1


def zone_blow(zone: Zone, idx: int, runs: bool = False) -> int:
    """The blow an enemy's strike zone (`EnemyReach.zones`) lets it deal on cell `idx` next turn:
    PLAIN (a blade a walk and a blow away, a bow or gun's shot), POINT_BLANK (a bow or gun
    that only shoots from beside it, at R1.7's malus: `BotStyle.point_blank`), with `runs`
    RUN (a blade a run away, `RUN_REACH`, at R4.8's malus), else NO_BLOW."""
    if isinstance(zone, list):
        d = zone[idx]
        return PLAIN if d <= 2 else RUN if runs and d <= RUN_REACH else NO_BLOW
    code = zone[idx]
    return code if code in (PLAIN, POINT_BLANK) else NO_BLOW


class EnemyReach:
    """Per enemy of one decision, where its blows next turn land."""

    __slots__ = ("bot", "state", "style", "nav", "me", "friends", "enemies", "enemy_fields", "odds",
                 "strike_fields", "threats", "_blockers", "_blocked", "_zones")

    def __init__(self, ctx: Context) -> None:
        # (what it reads of the decision, taken here: it holds no reference to `ctx`)
        self.bot, self.state, self.style, self.nav = ctx.bot, ctx.state, ctx.style, ctx.nav
        self.me, self.friends, self.enemies, self.enemy_fields = ctx.me, ctx.friends, ctx.enemies, ctx.enemy_fields
        self.odds = ctx.odds
        self._blockers: tuple[int, ...] | None = None  # `BotStyle.body_block`: the friends' cells
        self._blocked: dict[Square, list[int]] = {}  # and the fields read with them, per enemy square
        self._zones: list[tuple[FighterState, Zone]] | None = None  # `zones`
        # Per enemy, the field its blows next turn are read on (`field`: ≤ 2 a walk and a blow)
        self.strike_fields = [self.field(e) for e in self.enemies] if self.style.corner_reach else self.enemy_fields
        # Per awake enemy: where it is, its ranged reach (+1 step) or its strike field, its hit
        # (`Danger.threat_at` without `BotStyle.sighted_threat`, `Danger.blades_at`).
        reach_of, incoming = self.bot.reach_of, self.odds.incoming_hits
        self.threats = [
            (e.position, (reach := reach_of(e))[0] + 1, None if reach[1] else fld, incoming[e.id])
            for e, fld in zip(self.enemies, self.strike_fields, strict=True) if e.asleep_turns <= 1
        ]

    def field(self, enemy: FighterState) -> list[int]:
        """The field an enemy blade's next blows are read on: ≤ 2 where it walks and strikes,
        ≤ `RUN_REACH` a run away. `BotStyle.corner_reach`: from the squares it strikes from
        (`Navigator.strike_field`: across a corridor's bend too); else its path field."""
        nav = self.nav
        if self.style.body_block:
            got = self._blocked.get(enemy.position)
            if got is None:
                if self._blockers is None:
                    w = nav.width
                    self._blockers = tuple(sorted(
                        f.position[1] * w + f.position[0] for f in self.friends if f.id != self.me.id))
                got = self._blocked[enemy.position] = nav.blocked_strike_field(enemy.position, self._blockers)
            return got
        if self.style.corner_reach:
            return nav.strike_field(enemy.position)
        return nav.field(enemy.position)

    def zones(self) -> list[tuple[FighterState, Zone]]:
        """Per awake enemy, where it can strike next turn without a run: for a blade its field
        (`field`: a square within 2 is a walk and an attack away), for a bow or gun one byte per
        square, 1 where it shoots from its square or a walk away (`range_grid`, R1)."""
        if self._zones is None:
            bot, state = self.bot, self.state
            zones: list[tuple[FighterState, Zone]] = []
            w, h = self.nav.width, state.board.height
            for e, fld, reach in zip(self.enemies, self.enemy_fields, self.strike_fields, strict=True):
                if e.asleep_turns > 1:
                    continue
                if not bot.reach_of(e)[1]:
                    zones.append((e, reach))
                    continue
                blank = self.style.point_blank
                key = (id(state.board), id(state.settings), e.id, e.position, "zone", blank)
                got = bot._shots.get(key)
                if got is None:
                    union = bytearray(w * h)
                    ex, ey = e.position
                    for x in range(max(0, ex - 1), min(w, ex + 2)):
                        for y in range(max(0, ey - 1), min(h, ey + 2)):
                            if (x, y) != e.position and fld[y * w + x] > 1:
                                continue  # not a square it can walk to
                            for i, c in enumerate(bot.shots(state, e, (x, y))):
                                if c in (IN_RANGE, BEYOND_RANGE):
                                    union[i] = PLAIN
                                elif blank and c == ADJACENT and not union[i]:
                                    union[i] = POINT_BLANK  # a shot beside it, at R1.7's malus
                    got = bot._shots[key] = bytes(union)
                zones.append((e, got))
            self._zones = zones
        return self._zones

    def hit(self, enemy: FighterState, zone: Zone, idx: int) -> float:
        """The expected hit of `enemy` on the fighter on square `idx` next turn, by its strike
        zone (`zone_blow`, no run): a plain one, or at R1.7's malus, none out of its reach."""
        blow = zone_blow(zone, idx)
        if blow == PLAIN:
            return self.odds.incoming_hits[enemy.id]
        if blow == POINT_BLANK:
            return self.odds.expected_hit(enemy, self.me, self.state.settings.combat.ranged_adjacent_malus)
        return 0.0
