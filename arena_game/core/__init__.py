"""The rules core: pure Python, never imports pygame.

Public entry points:
- `Match(setup)` plays a match: `play(action)` → events, `undo()`, `Match.replay(setup,
  actions)`; every front end (window, scenarios, demo, lessons, bots) drives one;
- `start_match(...)` sets up a match (R0.5 initiative) → (state, events) and
  `apply(state, action, dice)` → (new state, events) or raises `IllegalAction`: the
  engine under `Match`, and the bots' look-ahead;
- `queries`: everything the window and the bots may ask (`walk_options`, `jump_targets`, …).
"""

from arena_game.core.actions import ACTION_ADAPTER, Action
from arena_game.core.board import Board
from arena_game.core.dice import Dice, Roll, ScriptedDice, SeededDice
from arena_game.core.engine import apply, parse_action
from arena_game.core.errors import IllegalAction, MatchOver
from arena_game.core.events import EVENT_ADAPTER, Event
from arena_game.core.match import Match, MatchSetup
from arena_game.core.rules.turns import start_match
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.core.sheets import FighterSheet, Team, Weapon, WeaponFamily
from arena_game.core.state import FighterState, MatchState
from arena_game.core.terrain import Terrain

__all__ = [
    "ACTION_ADAPTER", "Action", "Board", "DEFAULT_SETTINGS", "Dice", "EVENT_ADAPTER", "Event",
    "FighterSheet", "FighterState", "IllegalAction", "Match", "MatchOver", "MatchSetup", "MatchState", "Roll",
    "RulesSettings", "ScriptedDice", "SeededDice", "Team", "Terrain", "Weapon", "WeaponFamily",
    "apply", "parse_action", "start_match",
]
