"""One tiny scene per animation: (before state, after state, events).

Walk, swim and jump come from the real engine; runs, combat, teleports and taunts are
written as the events the running and combat rules emit (their fields as in
core/events.py), so the animations are tested whatever those rules' progress.
"""

from __future__ import annotations

from collections.abc import Callable

from arena_game.core.dice import Roll, RollModifier, Term
from arena_game.core.events import (
    DiceRolled,
    Event,
    TurnStarted,
    WokeUp,
)
from arena_game.core.state import MatchState
from tests.builders import play, tiny_match

Scene = tuple[MatchState, MatchState, list[Event]]

ARENA = """
#########
#.......#
#.......#
#.......#
#.......#
#########
"""

POOL = """
#########
#..~~~..#
#.~~~~~.#
#..~~~..#
#########
"""

LAVA = """
########
#......#
#...LLL#
#......#
########
"""


def roll(purpose: str, face: int, die: int = 20, terms: dict[str, int] | None = None,
         mods: dict[str, int] | None = None, critical: str | None = None) -> DiceRolled:
    """A DiceRolled event with a full breakdown."""
    ts = [Term(kind="attribute", key=k, value=v) for k, v in (terms or {}).items()]
    ms = [RollModifier(source=k, value=v) for k, v in (mods or {}).items()]
    r = Roll(purpose=purpose, die=die, face=face, terms=ts, modifiers=ms,
             total=face + sum(t.value for t in ts) + sum(m.value for m in ms),
             critical=critical)  # type: ignore[arg-type]
    return DiceRolled(fighter="aldric", roll=r)


def after_of(before: MatchState, moved: dict[str, tuple[int, int]] | None = None,
             dead: tuple[str, ...] = (), fallen: tuple[str, ...] = (),
             asleep: tuple[str, ...] = (), awake: tuple[str, ...] = ()) -> MatchState:
    """The state the events lead to (for the frames drawn once the queue is idle)."""
    s = before.clone()
    for fid, sq in (moved or {}).items():
        s.fighters[fid].position = sq
    for fid in dead:
        s.fighters[fid].alive = False
    for fid in fallen:
        s.fighters[fid].fallen = True
    for fid in asleep:
        s.fighters[fid].asleep_turns = 2
    for fid in awake:
        s.fighters[fid].asleep_turns = 0
    return s


def duel(grid: str = ARENA, a: tuple[int, int] = (2, 2), b: tuple[int, int] = (3, 2),
         aldric_potions: bool = False, **more):
    """Aldric (red) and Bruna (blue), plus any extra fighters."""
    fighters = {"aldric": {"team": "rouge", "at": a, "teleport_potions": 1 if aldric_potions else 0},
                "bruna": {"team": "bleu", "at": b}}
    fighters.update(more)
    return tiny_match(grid, fighters, faces=[15] * 10)


def walk() -> Scene:
    s, dice = duel(b=(6, 3))
    after, events = play(s, dice, {"kind": "walk", "to": (3, 3)})
    return s, after, events


def swim() -> Scene:
    """R2.3: 20 + Nage 10 = 30: three squares of water."""
    s, dice = tiny_match(POOL, {"aldric": {"team": "rouge", "at": (1, 2), "skills": {"nage": 10}},
                                "bruna": {"team": "bleu", "at": (7, 1)}}, faces=[20])
    after, events = play(s, dice, {"kind": "swim", "path": [(2, 2), (3, 2), (4, 2)]})
    return s, after, events


def jump() -> Scene:
    """R2.4: over a 50 cm crate."""
    grid = """
#######
#.....#
#..x..#
#.....#
#######
"""
    s, dice = tiny_match(grid, {"aldric": {"team": "rouge", "at": (2, 2)},
                                "bruna": {"team": "bleu", "at": (5, 1)}},
                         faces=[18], legend={"x": {"terrain": "obstacle", "height_cm": 50}})
    after, events = play(s, dice, {"kind": "jump", "over": (3, 2)})
    return s, after, events


def run() -> Scene:
    """R4: declare 3 squares, roll 20 (6 squares), then run them and 3 more in one batch."""
    s, dice = tiny_match(ARENA, {"aldric": {"team": "rouge", "at": (1, 4), "attributes": {"physique": 10}},
                                 "bruna": {"team": "bleu", "at": (7, 1)}}, faces=[20])
    before = s
    after, ev1 = play(s, dice, {"kind": "run_start", "declared": [(2, 4), (3, 4), (4, 3)]})
    mid = after
    after, ev2 = play(mid, dice, *({"kind": "run_step", "to": sq} for sq in [(2, 4), (3, 4), (4, 3)]),
                      {"kind": "run_step", "to": (5, 3)}, {"kind": "run_step", "to": (6, 2)},
                      {"kind": "run_step", "to": (6, 1)})
    return before, after, ev1 + ev2


def tackle() -> Scene:
    """R4.7: passing beside Bruna, a d8 of 1: tackled."""
    s, dice = tiny_match(ARENA, {"aldric": {"team": "rouge", "at": (1, 2)},
                                 "bruna": {"team": "bleu", "at": (3, 1)}}, faces=[20, 1])
    after, events = play(s, dice, {"kind": "run_start", "declared": [(2, 2), (3, 2), (4, 2)]},
                         {"kind": "run_step", "to": (2, 2)}, {"kind": "run_step", "to": (3, 2)})
    return s, after, events


def _pusher(grid: str, faces: list[int], a=(2, 2), b=(3, 2), **more) -> tuple[MatchState, object]:
    fighters = {"aldric": {"team": "rouge", "at": a}, "bruna": {"team": "bleu", "at": b}}
    fighters.update(more)
    return tiny_match(grid, fighters, faces=faces)


def push() -> Scene:
    """R5: a won opposed roll, one square back."""
    s, dice = _pusher(ARENA, [15, 3])
    after, events = play(s, dice, {"kind": "push", "target": "bruna"})
    return s, after, events


def push_fall() -> Scene:
    """R5: a critical push, three squares back and a fall."""
    s, dice = _pusher(ARENA, [20, 3])
    after, events = play(s, dice, {"kind": "push", "target": "bruna"})
    return s, after, events


def push_lava() -> Scene:
    """R5.3: pushed into lava; the match ends."""
    s, dice = _pusher(LAVA, [15, 3])
    after, events = play(s, dice, {"kind": "push", "target": "bruna"})
    return s, after, events


def teleport() -> Scene:
    """R6.1: a potion, anywhere free."""
    s, dice = duel(a=(1, 1), b=(6, 4), aldric_potions=True)
    after, events = play(s, dice, {"kind": "teleport", "to": (6, 2), "means": "potion"})
    return s, after, events


SWORD = {"name": "Épée", "family": "melee", "damage": "1d8+1"}
BOW = {"name": "Arc", "family": "bow", "range": 6, "damage": "1d6"}
GLAIVE = {"name": "Glaive", "family": "two_handed", "damage": "2d6"}


def _fight(faces: list[int], a=(2, 2), b=(3, 2), weapon=SWORD, pv=20, **more) -> tuple[MatchState, object]:
    fighters = {"aldric": {"team": "rouge", "at": a, "weapon": weapon},
                "bruna": {"team": "bleu", "at": b, "pv": pv}}
    fighters.update(more)
    return tiny_match(ARENA, fighters, faces=faces)


def attack_hit() -> Scene:
    """R0.4 then R12.2: 14 against 6, head, 4 + 1 + 3 damage."""
    s, dice = _fight([14, 6, 2, 4])
    after, events = play(s, dice, {"kind": "attack", "target": "bruna"})
    return s, after, events


def attack_miss() -> Scene:
    """R0.4: 5 against 17, dodged."""
    s, dice = _fight([5, 17])
    after, events = play(s, dice, {"kind": "attack", "target": "bruna"})
    return s, after, events


def ranged() -> Scene:
    """R1.2: a bow shot across the arena."""
    s, dice = _fight([16, 4, 18, 3], a=(1, 1), b=(6, 3), weapon=BOW)
    after, events = play(s, dice, {"kind": "attack", "target": "bruna"})
    return s, after, events


def circle() -> Scene:
    """R8: one swing around in the declared order: Bruna hit, Carl dodges, Dora hit."""
    s, dice = _fight([15, 3, 18, 5, 12, 4, 5], a=(3, 2), b=(4, 2), weapon=GLAIVE,
                     carl={"team": "bleu", "at": (3, 3)}, dora={"team": "bleu", "at": (2, 1)})
    after, events = play(s, dice, {"kind": "circle_attack", "order": [(4, 2), (3, 3), (2, 1)]})
    return s, after, events


def death() -> Scene:
    """R0.7: a hit for more than the PV left; with one more foe the match goes on."""
    s, dice = _fight([18, 2, 5, 8], pv=5, carl={"team": "bleu", "at": (6, 4)})
    after, events = play(s, dice, {"kind": "attack", "target": "bruna"})
    return s, after, events


def taunt() -> Scene:
    """R7.2: a simple taunt the crowd follows; first success earns PR (R7.3)."""
    s, dice = tiny_match(ARENA, {"aldric": {"team": "rouge", "at": (2, 2),
                                            "attributes": {"charisme": 3}, "skills": {"seduction": 2}},
                                 "bruna": {"team": "bleu", "at": (6, 3)}}, faces=[20])
    after, events = play(s, dice, {"kind": "taunt", "style": "simple"})
    return s, after, events


def taunt_team() -> Scene:
    """R7.2: the whole team gains the bonus: a label over each of two fighters side by side."""
    s, dice = tiny_match(ARENA, {"aldric": {"team": "rouge", "at": (2, 2),
                                            "attributes": {"charisme": 3}, "skills": {"seduction": 2}},
                                 "dora": {"team": "rouge", "at": (3, 2)},
                                 "bruna": {"team": "bleu", "at": (6, 3)}}, faces=[20])
    after, events = play(s, dice, {"kind": "taunt", "style": "simple"})
    return s, after, events


def taunt_fail() -> Scene:
    """R7.2: the crowd jeers."""
    s, dice = duel(b=(6, 3))
    after, events = play(s, dice, {"kind": "taunt", "style": "simple"})
    return s, after, events


def faint_wake() -> Scene:
    """R10: a spell to the last mana: teleport, faint, the turn passes; then the wake (hand-written)."""
    s, dice = tiny_match(ARENA, {"aldric": {"team": "rouge", "at": (1, 1), "attributes": {"magie": 3}, "mana": 5},
                                 "bruna": {"team": "bleu", "at": (6, 3)}}, faces=[3])
    after, events = play(s, dice, {"kind": "teleport", "to": (2, 2), "means": "spell"})
    return s, after, events


def wake() -> Scene:
    """R10.2: wakes up (hand-written: the engine's way there takes two rounds)."""
    s, _ = duel(b=(6, 3))
    s.fighters["aldric"].asleep_turns = 1
    events: list[Event] = [
        TurnStarted(fighter="aldric", round=3),
        roll("wake", 3, die=4),
        WokeUp(fighter="aldric", mana=3),
    ]
    return s, after_of(s, awake=("aldric",)), events


def turn_change() -> Scene:
    """End of turn: the next fighter's banner."""
    s, dice = duel(b=(6, 3))
    after, events = play(s, dice, {"kind": "end_turn"})
    return s, after, events


def match_end() -> Scene:
    """The last foe dies: the match-over banner."""
    s, dice = _fight([18, 2, 5, 8], pv=5)
    after, events = play(s, dice, {"kind": "attack", "target": "bruna"})
    return s, after, events


SCENES: dict[str, Callable[[], Scene]] = {
    "walk": walk, "run": run, "tackle": tackle, "swim": swim, "jump": jump, "push": push,
    "push_fall": push_fall, "push_lava": push_lava, "teleport": teleport,
    "attack_hit": attack_hit, "attack_miss": attack_miss, "ranged": ranged, "circle": circle,
    "death": death, "taunt": taunt, "taunt_team": taunt_team, "taunt_fail": taunt_fail, "faint_wake": faint_wake,
    "wake": wake, "turn_change": turn_change, "match_end": match_end,
}
