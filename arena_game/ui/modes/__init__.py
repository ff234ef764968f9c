"""The board's input modes: a small state machine, tcod-tutorial style.

A mode answers clicks on squares, keys and choice buttons with one typed `Result`
(`base.py`: play an action or a run route, switch mode, a refusal, redraw, or unused).
It also says what to highlight: every highlight is a drawing of a core query
(`arena_game.core.queries`), never a rule re-implemented here. Modes import no pygame:
keys arrive as names ("return", "escape", "1"). One module per rule family:
`moving` (R2), `running` (R4), `fighting` (R0.4, R1, R5, R8), `teleport_taunt` (R6, R7).

A new mode: subclass `Mode` in the family's module (copy `moving.JumpMode`, the smallest
with a click), return a `Result` from `click`/`key`/`choose`, and add its action-bar button
to `MODE_FOR_BUTTON` (and `hud.ACTION_BUTTONS`).
"""

from __future__ import annotations

from arena_game.core import queries
from arena_game.core.queries import run_attack_targets
from arena_game.core.state import MatchState
from arena_game.render.highlight import Highlight
from arena_game.ui.modes.base import (
    REDRAW,
    UNUSED,
    Choice,
    IdleMode,
    Mode,
    PlayAction,
    PlayRoute,
    Redraw,
    Refused,
    Result,
    SwitchMode,
    Unused,
    chance_band,
    describe_square,
    pct,
)
from arena_game.ui.modes.circle_split import CircleSplitMode
from arena_game.ui.modes.fighting import AttackMode, CircleMode, PushMode
from arena_game.ui.modes.moving import JumpMode, SwimMode, WalkMode
from arena_game.ui.modes.running import RunDeclareMode, RunGoMode, run_squares_left
from arena_game.ui.modes.teleport_taunt import TauntMode, TeleportMode
from arena_game.ui.modes.verdict import SuicideVerdictMode


def default_mode(state: MatchState) -> Mode:
    """The mode after an action: the opponents' verdict on a suicide (R9.2), the player's split
    of a circle attack's damage (R8.2), the run under way, else walking if legal, else idle."""
    if state.suicide_pending is not None:
        return SuicideVerdictMode()
    if state.split_pending is not None:
        return CircleSplitMode()
    if state.over:
        return IdleMode()
    run = state.budget.run
    if run is not None and (not run.finished or any(t.refusal is None for t in run_attack_targets(state))):
        return RunGoMode()
    if queries.kind_refusal(state, "walk") is None:
        return WalkMode()
    return IdleMode()


MODE_FOR_BUTTON: dict[str, type[Mode]] = {
    "walk": WalkMode, "run": RunDeclareMode, "swim": SwimMode, "jump": JumpMode,
    "attack": AttackMode, "circle": CircleMode, "push": PushMode, "teleport": TeleportMode,
    "taunt": TauntMode,
}

__all__ = [
    "MODE_FOR_BUTTON", "REDRAW", "UNUSED", "AttackMode", "Choice", "CircleMode", "CircleSplitMode", "Highlight", "IdleMode",
    "JumpMode", "Mode", "PlayAction", "PlayRoute", "PushMode", "Redraw", "Refused", "Result", "RunDeclareMode",
    "RunGoMode", "SwimMode", "SwitchMode", "TauntMode", "TeleportMode", "Unused", "WalkMode", "chance_band",
    "SuicideVerdictMode", "default_mode", "describe_square", "pct", "run_squares_left",
]
