"""What the board does by itself each frame: bot seats play, a watched map reloads.

The decisions live outside pygame (`arena_game.bots.seats`, `arena_game.design.hotreload`);
these two pacers only say *when*: a bot acts every `BOT_PAUSE_MS` while its team has the
move, so a watcher can follow; a map file is looked at every `WATCH_POLL_MS`. The board
screen applies what they return (`BoardScreen.update`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.core.actions import Action
from arena_game.core.state import MatchState

if TYPE_CHECKING:  # the bots and the map watcher are imported only when a match uses them
    from arena_game.bots.seats import BotSeats
    from arena_game.design.hotreload import MapWatcher, Reload

BOT_PAUSE_MS = 450  # between two bot actions, so a watcher can follow
WATCH_POLL_MS = 500  # how often a watched map file is looked at


class BotTurns:
    """Paces the computer's seats."""

    def __init__(self, seats: BotSeats) -> None:
        self.seats = seats
        self.wait_ms = 0
        self.ready: tuple[MatchState, Action] | None = None  # chosen last frame, for that state

    def new_match(self) -> None:
        """A new match: nothing chosen for the last one is played, and the bots start afresh."""
        self.ready = None
        self.seats.new_match()

    def plays(self, state: MatchState) -> bool:
        """True when a bot has the move."""
        return self.seats.plays(state)

    def next_action(self, state: MatchState, dt_ms: int) -> Action | None:
        """The bot's next action once its pause is over, else None (a person's turn, or too soon).

        The bot thinks in one frame and its action is applied in the next (the frame that
        applies an action also writes the log, the texts and starts the animation: the
        two together did not fit in a 60 fps frame)."""
        if self.ready is not None:
            chosen, self.ready = self.ready, None
            if chosen[0] is state:
                return chosen[1]
        if not self.seats.plays(state):
            return None
        self.wait_ms -= dt_ms
        if self.wait_ms > 0:
            return None
        self.wait_ms = BOT_PAUSE_MS
        self.ready = (state, self.seats.next_action(state))
        return None


class MapPoll:
    """Paces the looks at a watched map file."""

    def __init__(self, watcher: MapWatcher) -> None:
        self.watcher = watcher
        self.wait_ms = 0

    def poll(self, dt_ms: int) -> Reload | None:
        """The watcher's news when it is time to look and the file changed, else None."""
        self.wait_ms -= dt_ms
        if self.wait_ms > 0:
            return None
        self.wait_ms = WATCH_POLL_MS
        return self.watcher.poll()
