"""R8.2 with `combat.circle_split = "player"`: the bots' own split of a circle attack's damage.

Every split the core would take is weighed (non-increasing in the declared order, adding up
to the roll: at most a few thousand for the largest rolls and rings), by the material it
takes from the enemies and spares the team (each PV dealt, and a fighter killed counted as
its PV plus `KILL_WORTH`, as the deep level's play-outs count it); ties go to the halving split.
"""

from __future__ import annotations

from collections.abc import Iterator

from arena_game.core.actions import CircleSplit
from arena_game.core.queries import halving_shares, pending_split
from arena_game.core.state import MatchState

KILL_WORTH = 8  # a kill's worth beyond the PV it takes (`rollouts.material`)


def non_increasing(total: int, parts: int, cap: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every non-increasing tuple of `parts` whole numbers ≥ 0 adding up to `total` (each ≤ `cap`)."""
    top = total if cap is None else min(cap, total)
    if parts == 1:
        if total <= top:
            yield (total,)
        return
    for first in range(top, -1, -1):
        if first * parts < total:  # the rest, each ≤ first, could not make up the total
            break
        for rest in non_increasing(total - first, parts - 1, first):
            yield (first, *rest)


def split_worth(state: MatchState, split: tuple[int, ...]) -> float:
    """What `split` of the pending circle attack gains the attacker's team (R8.2)."""
    pending = pending_split(state)
    assert pending is not None
    team = state.fighters[pending.attacker].team
    worth = 0.0
    for fid, share in zip(pending.hit, split, strict=True):
        f = state.fighters[fid]
        taken = min(share, f.pv) + (KILL_WORTH if share >= f.pv else 0)
        worth += -taken if f.team == team else taken
    return worth


def best_split(state: MatchState) -> CircleSplit:
    """The split of the pending circle attack's damage that gains the team the most."""
    pending = pending_split(state)
    assert pending is not None
    halving = tuple(halving_shares(pending.total, len(pending.hit)))
    best, best_worth = halving, split_worth(state, halving)
    for split in non_increasing(pending.total, len(pending.hit)):
        worth = split_worth(state, split)
        if worth > best_worth:
            best, best_worth = split, worth
    return CircleSplit(split=list(best))
