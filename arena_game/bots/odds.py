"""The odds of the blows between the fighters of one decision (`Odds`, `Context.odds`): the
expected hit of one attack, the most an enemy deals, the exact outcomes of a blow and the chance
it kills, what a fighter's death is worth. All from the core's odds (`Bot.hit_odds`,
`Bot.hit_damage`, `strike_outcomes`), kept for the decision, and those between fighters without
modifiers or sleep kept for the match in the bot's tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

from arena_game.bots import options
from arena_game.core.queries import strike_outcomes
from arena_game.core.state import FighterState, MatchState

if TYPE_CHECKING:
    from arena_game.bots.brain import Bot

T = TypeVar("T")


class Odds:
    """The blows' odds for one decision of `me` (the state does not change while the bot thinks)."""

    __slots__ = ("bot", "state", "me", "friends", "enemies", "_plain", "_hits", "_outputs", "_friends_outputs",
                 "_blows", "_kill_odds", "_lives", "incoming_hits")

    def __init__(self, bot: Bot, state: MatchState, me: FighterState, friends: list[FighterState],
                 enemies: list[FighterState]) -> None:
        self.bot, self.state, self.me, self.friends, self.enemies = bot, state, me, friends, enemies
        self._plain = bot.plain_hits(state.settings)
        self._hits: dict[tuple[str, str, int], float] = {}
        self._outputs: dict[str, float] = {}
        # `output`'s table for these friends, their sleep and modifiers (`Bot.plain_outputs`)
        self._friends_outputs: dict[tuple[object, ...], float] | None = None
        self._blows: dict[tuple[str, str, int], Mapping[int, float]] = {}  # `blow_outcomes`
        self._kill_odds: dict[tuple[str, str], float] = {}  # `kill_odds`
        self._lives: dict[str, float] = {}  # `life_of`
        # per enemy id, its expected hit on `me` (`incoming`; read directly in the hot sums)
        self.incoming_hits = {e.id: self.expected_hit(e, me) for e in enemies}

    def expected_hit(self, attacker: FighterState, target: FighterState, extra: int = 0) -> float:
        """Expected damage of one attack, wherever the two stand (the core's odds)."""
        key = (attacker.id, target.id, extra)
        # kept for the match between plain fighters (`_plain_pair`), else for the decision
        kept = self._plain if _plain_pair(attacker, target) else self._hits
        got = kept.get(key)
        if got is None:
            got = kept[key] = self.bot.hit_odds(self.state, attacker, target, extra) * self.bot.hit_damage(
                self.state, attacker)
        return got

    def incoming(self, enemy_id: str) -> float:
        """Expected damage of one attack of that enemy on the active fighter."""
        return self.incoming_hits.get(enemy_id, 0.0)

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

    def blow_outcomes(self, attacker: FighterState, target: FighterState, extra: int = 0) -> Mapping[int, float]:
        """The core's exact outcomes of one blow (`strike_outcomes`: damage, 0 a miss, with its
        chance), kept for the decision."""
        key = (attacker.id, target.id, extra)
        got = self._blows.get(key)
        if got is None:
            got = self._blows[key] = _kept_for_match(self.bot.plain_blows, key, attacker, target,
                                                     lambda: strike_outcomes(self.state, attacker, target, extra))
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


def _plain_pair(attacker: FighterState, target: FighterState) -> bool:
    """Neither fighter has modifiers and `target` is awake: a blow between them depends on the
    two sheets only, and is kept for the match."""
    return not attacker.modifiers and not target.modifiers and target.asleep_turns <= 0


def _kept_for_match(kept: dict[tuple[str, str, int], T], key: tuple[str, str, int], attacker: FighterState,
                    target: FighterState, make: Callable[[], T]) -> T:
    """`make()` for a blow of `attacker` on `target`, kept in `kept` (the bot's, for the match)
    when neither has modifiers nor `target` sleeps: the blow then depends on the two sheets only."""
    plain = _plain_pair(attacker, target)
    got = kept.get(key) if plain else None
    if got is None:
        got = make()
        if plain:
            kept[key] = got
    return got
