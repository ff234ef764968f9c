"""The highlight vocabulary: what a square can be marked with (no pygame).

Input modes, lessons and map pictures build `Highlight` values out of core queries and
map checks; `render.marks` says how each kind is drawn (one table, every kind with its own
pattern or outline as well as its colour). Modes import this module, so it stays free of
pygame.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

from arena_game.core.geometry import Square

HighlightKind = Literal[
    # a fighter's options, from core queries
    "move",  # a square to walk/swim/jump/teleport to
    "option",  # a square that may be picked next, drawn over a chance fill (outline only)
    "reach",  # how many steps away (label) while choosing a path
    "blocked",  # refused: the tip says why
    "chance",  # R4 run reach: chance band fill + percentage
    "tackle",  # R4.7 a run square beside an opponent: a tackle d8 may stop the runner there
    "declared",  # R4.1 a declared run square, numbered
    "path",  # a step of a path being built, numbered
    "inrange",  # R1 range classes: in range
    "far",  # beyond range (malus)
    "nolos",  # no line of sight
    "target",  # an attack/push target: chance band outline + forecast pill
    "order",  # R8 circle attack order, numbered
    "landing",  # where a push or a jump ends
    "arrow",  # a push direction, from `square` to `to`
    "hazard",  # a dead square (R2.5): falling in kills
    "goal",  # a lesson's goal square (where the learner must get)
    # map pictures (arena-game render, heatmaps, the start screen)
    "spawn",  # a team's spawn square, ringed in the team colour, numbered
    "walk_first",  # reached first by one team walking (stripes per team slot, `band`)
    "walk_tie",  # reached by two teams at the same distance
]
KINDS: tuple[HighlightKind, ...] = get_args(HighlightKind)


class Highlight(NamedTuple):
    """One highlighted square. `kind` picks the drawing (colour AND pattern), `label` is drawn in it.

    A named tuple rather than a frozen dataclass: a mode may mark thousands of squares (a
    potion teleport on a large map) and one is made five times faster."""

    square: Square
    kind: HighlightKind
    label: str = ""
    tip: str = ""
    band: int = 0  # chance bands 0 (sure) … 4 (unlikely), like a speed ruler; team slot for walk_first
    to: Square | None = None  # arrows (push direction): from `square` to `to`
    colour: str | None = None  # a team's colour (spawn, walk_first)
