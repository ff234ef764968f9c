"""Which seats the computer plays in a window match, and their bots (no pygame).

The window asks `next_action(state)` when the active fighter's team is a bot seat and
nothing is moving on screen; everything else about the match stays the window's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from arena_game.bots.brain import Bot
from arena_game.core.actions import Action
from arena_game.core.state import MatchState

ALL = "all"


class UnknownTeam(ValueError):
    """A `--bot TEAM` naming no team of the match (`team`; the match's teams: `known`)."""

    def __init__(self, team: str, known: list[str]) -> None:
        self.team, self.known = team, known
        super().__init__(f"--bot {team}: no such team (teams: {', '.join(known)})")


class BotSeats:
    """The teams the computer plays; one seeded bot per team (same seed, same choices)."""

    def __init__(self, teams: Iterable[str], known: Iterable[str], seed: int, level: str = "normal") -> None:
        known = list(known)
        wanted = list(teams)
        if ALL in wanted:
            wanted = known
        for team in wanted:
            if team not in known:
                raise UnknownTeam(team, known)
        self.bots = {team: Bot.at_level(level, random.Random(f"arena-bot:{seed}:{team}")) for team in wanted}

    def __bool__(self) -> bool:
        return bool(self.bots)

    def new_match(self) -> None:
        """A new match in the window (new, loaded or resumed): each bot forgets the last one's play."""
        for bot in self.bots.values():
            bot.new_match()

    def plays(self, state: MatchState) -> bool:
        """True when the computer has the move (the match is on and the active team is a bot)."""
        return not state.over and state.active.team in self.bots

    def next_action(self, state: MatchState) -> Action:
        """The bot's next action for the active fighter (always legal)."""
        return self.bots[state.active.team].choose(state)
