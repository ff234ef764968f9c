"""Suicide (R9): refused unless under a magic effect (R9.1); where the table allows it
anyway (`teams.suicide_allowed`, a house setting, default off), the fighter dies and is
lost for good unless the opponents grant the exception (R9.2).

When a fighter kills themselves of their own will the match waits for the opponents' word:
`MatchState.suicide_pending` names them, and every action but `SuicideVerdict` is refused
until they answer. Spared: `FighterSpared`; else `LostForGood` (struck from their roster
for every later match). A fighter killed under a magic effect is never lost for good.
"""

from __future__ import annotations

from arena_game.core.actions import SuicideVerdict
from arena_game.core.errors import IllegalAction
from arena_game.core.events import FighterSpared, LostForGood
from arena_game.core.geometry import Square
from arena_game.core.resolution import Resolution
from arena_game.core.rules.budget import require
from arena_game.core.state import FighterState, MatchState


def suicide_allowed(state: MatchState, f: FighterState) -> bool:
    """R9.1: may `f` bring about their own death? Under a magic effect, or by the house setting."""
    return f.sheet.magic_effect or state.settings.teams.suicide_allowed


def own_death(r: Resolution, f: FighterState, at: Square | None = None) -> None:
    """`f` dies by their own doing: a hazard under a magic effect (never lost for good), else a
    suicide of their own will, and the opponents are asked for the exception (R9.2)."""
    if f.sheet.magic_effect:
        r.kill(f, "hazard", None, at)
        return
    r.kill(f, "suicide", None, at)
    r.state.suicide_pending = f.id


def pending_refusal(state: MatchState) -> IllegalAction | None:
    """R9.2: while the opponents have not said whether they spare a suicide, nothing else goes on."""
    if state.suicide_pending is None:
        return None
    f = state.fighters[state.suicide_pending]
    return IllegalAction(
        "R9.2", f"{f.sheet.name} committed suicide: their opponents first say whether they grant the exception",
        code="suicide_verdict_pending", fields={"fighter": f.sheet.name},
    )


def verdict_refusal(state: MatchState, target: str) -> IllegalAction | None:
    """Why no verdict on `target` can be given now, if so (R9.2)."""
    if state.suicide_pending is None or state.suicide_pending != target:
        return IllegalAction(
            "R9.2", f"no suicide of {target!r} awaits the opponents' verdict",
            code="no_suicide_verdict", fields={"id": target},
        )
    return None


def suicide_verdict(r: Resolution, action: SuicideVerdict) -> None:
    """R9.2: the opponents spare the fighter (the exception), or the fighter is lost for good."""
    state = r.state
    require(verdict_refusal(state, action.target))
    state.suicide_pending = None
    f = state.fighters[action.target]
    if action.spared:
        r.emit(FighterSpared(fighter=f.id, team=f.team))
    else:
        state.lost_for_good.append(f.id)
        r.emit(LostForGood(fighter=f.id, team=f.team))
