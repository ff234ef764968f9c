"""A plain-data summary of a match state, for `--json` output, saves and tests."""

from __future__ import annotations

from typing import Any

from arena_game.core.state import MatchState


def state_summary(state: MatchState) -> dict[str, Any]:
    """Every fighter (id, team, position, PV, mana, status, modifiers with turns left) and team PR."""
    fighters = []
    for f in state.fighters.values():
        fighters.append({
            "id": f.id,
            "team": f.team,
            "position": list(f.position),
            "pv": f.pv,
            "mana": f.mana,
            "status": f.status(),
            "teleport_potions": f.teleport_potions,
            "modifiers": [
                {
                    "source": m.source, "rule": m.rule, "applies_to": m.applies_to,
                    "value": m.value, "turns_left": state.turns_left(f, m),
                }
                for m in f.modifiers
            ],
        })
    return {
        "round": state.round,
        "active": None if state.over else state.active.id,
        "over": state.over,
        "winner": state.winner,
        "fighters": fighters,
        "teams": [{"id": t.id, "pr": t.pr} for t in state.teams.values()],
        "lost_for_good": list(state.lost_for_good),
    }
