"""One tiny scene per animation: (before state, after state, events).

Walk, swim and jump come from the real engine; runs, combat, teleports and taunts are
written as the events the running and combat rules emit (their fields as in
core/events.py), so the animations are tested whatever those rules' progress.
"""

from __future__ import annotations

from collections.abc import Callable

from arena_game.core.dice import Roll, RollModifier, Term
from arena_game.core.events import (
    Attacked,
    Damaged,
    DiceRolled,
    Died,
    Event,
    Fainted,
    Fell,
    ManaChanged,
    MatchEnded,
    Moved,
    Pushed,
    RenownGained,
    RunEnded,
    RunRolled,
    RunStarted,
    TackleChecked,
    Tackled,
    Taunted,
    Teleported,
    TurnEnded,
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
    ts = [Term(name=k, value=v) for k, v in (terms or {}).items()]
    ms = [RollModifier(source=k, value=v) for k, v in (mods or {}).items()]
    r = Roll(purpose=purpose, die=die, face=face, terms=ts, modifiers=ms,
             total=face + sum(t.value for t in ts) + sum(m.value for m in ms),
             critical=critical)  # type: ignore[arg-type]
    return DiceRolled(fighter="aldric", roll=r, text=r.text())


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


def duel(grid: str = ARENA, a: tuple[int, int] = (2, 2), b: tuple[int, int] = (3, 2), **more):
    """Aldric (red) and Bruna (blue), plus any extra fighters."""
    fighters = {"aldric": {"team": "rouge", "at": a}, "bruna": {"team": "bleu", "at": b}}
    fighters.update(more)
    return tiny_match(grid, fighters, faces=[15] * 10)


def walk() -> Scene:
    s, dice = duel(b=(6, 3))
    after, events = play(s, dice, {"kind": "walk", "to": (3, 3)})
    return s, after, events


def run() -> Scene:
    s, _ = duel(a=(1, 4), b=(7, 1))
    path = [(1, 4), (2, 4), (3, 4), (4, 3), (5, 3), (6, 2), (6, 1)]
    events: list[Event] = [
        RunStarted(fighter="aldric", declared=path[1:4]),
        roll("Course", 14, terms={"Physique": 5, "Course": 3}),
        RunRolled(fighter="aldric", total=22, squares=6),
        Moved(fighter="aldric", path=path, mode="run"),
        RunEnded(fighter="aldric", path=path, reason="completed", squares_left=0),
    ]
    return s, after_of(s, {"aldric": path[-1]}), events


def tackle() -> Scene:
    s, _ = duel(a=(1, 2), b=(4, 1))
    path = [(1, 2), (2, 2), (3, 2), (4, 2)]
    events: list[Event] = [
        Moved(fighter="aldric", path=path, mode="run"),
        TackleChecked(fighter="aldric", opponent="bruna", tackled=True),
        roll("Placage (tackle)", 1, die=8),
        Tackled(fighter="aldric", by="bruna", at=(4, 2)),
        RunEnded(fighter="aldric", path=path, reason="tackled", squares_left=3),
    ]
    return s, after_of(s, {"aldric": (4, 2)}), events


def swim() -> Scene:
    s, dice = tiny_match(POOL, {"aldric": {"team": "rouge", "at": (1, 2), "skills": {"nage": 10}},
                                "bruna": {"team": "bleu", "at": (7, 1)}}, faces=[20])
    after, events = play(s, dice, {"kind": "swim", "path": [(2, 2), (3, 2), (4, 2)]})
    return s, after, events


def jump() -> Scene:
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


def push() -> Scene:
    s, _ = duel()
    events: list[Event] = [
        roll("Poussée", 16, terms={"Physique": 4}),
        Pushed(fighter="bruna", by="aldric", path=[(3, 2), (4, 2)], fell=False, into="floor"),
    ]
    return s, after_of(s, {"bruna": (4, 2)}), events


def push_fall() -> Scene:
    s, _ = duel()
    path = [(3, 2), (4, 2), (5, 2), (6, 2)]
    events: list[Event] = [
        Pushed(fighter="bruna", by="aldric", path=path, fell=True, into="floor"),
        Fell(fighter="bruna"),
    ]
    return s, after_of(s, {"bruna": (6, 2)}, fallen=("bruna",)), events


def push_lava() -> Scene:
    s, _ = duel(LAVA, a=(2, 2), b=(3, 2))
    events: list[Event] = [
        Pushed(fighter="bruna", by="aldric", path=[(3, 2), (4, 2)], fell=False, into="lava"),
        Died(fighter="bruna", cause="push_into_hazard", by="aldric", credited_team="rouge", at=(4, 2)),
    ]
    return s, after_of(s, {"bruna": (4, 2)}, dead=("bruna",)), events


def teleport() -> Scene:
    s, _ = duel(a=(1, 1), b=(6, 4))
    events: list[Event] = [
        ManaChanged(fighter="aldric", delta=-3, mana=2, reason="Téléportation"),
        Teleported(fighter="aldric", origin=(1, 1), to=(6, 2), means="spell"),
    ]
    return s, after_of(s, {"aldric": (6, 2)}), events


def attack_hit() -> Scene:
    s, _ = duel()
    events: list[Event] = [
        roll("Attaque", 14, terms={"Dextérité": 5}),
        roll("Esquive", 6, terms={"Agilité": 2, "Esquive": 1}),
        Attacked(attacker="aldric", target="bruna", attack_total=19, dodge_total=9, hit=True),
        roll("Localisation", 2),
        roll("Dégâts", 4, die=6, terms={"tête": 3}),
        Damaged(fighter="bruna", amount=7, location="tête", pv=13, by="aldric"),
    ]
    return s, after_of(s), events


def attack_miss() -> Scene:
    s, _ = duel()
    events: list[Event] = [
        roll("Attaque", 5, terms={"Dextérité": 5}),
        roll("Esquive", 17, terms={"Agilité": 2}),
        Attacked(attacker="aldric", target="bruna", attack_total=10, dodge_total=19, hit=False),
    ]
    return s, after_of(s), events


def ranged() -> Scene:
    s, _ = duel(a=(1, 1), b=(6, 3))
    events: list[Event] = [
        roll("Attaque (arc)", 16, terms={"Dextérité": 4}, mods={"portée": -2}),
        Attacked(attacker="aldric", target="bruna", attack_total=18, dodge_total=9, hit=True),
        Damaged(fighter="bruna", amount=4, location="jambes", pv=16, by="aldric"),
    ]
    return s, after_of(s), events


def circle() -> Scene:
    s, _ = duel(a=(3, 2), b=(4, 2), carl={"team": "bleu", "at": (3, 3)}, dora={"team": "bleu", "at": (2, 1)})
    events: list[Event] = [
        Attacked(attacker="aldric", target="bruna", attack_total=17, dodge_total=8, hit=True, mode="circle"),
        Damaged(fighter="bruna", amount=6, location="torse", pv=14, by="aldric"),
        Attacked(attacker="aldric", target="carl", attack_total=12, dodge_total=15, hit=False, mode="circle"),
        Attacked(attacker="aldric", target="dora", attack_total=14, dodge_total=3, hit=True, mode="circle"),
        Damaged(fighter="dora", amount=2, location="bras", pv=18, by="aldric"),
    ]
    return s, after_of(s), events


def death() -> Scene:
    s, _ = duel()
    events: list[Event] = [
        Attacked(attacker="aldric", target="bruna", attack_total=22, dodge_total=4, hit=True),
        Damaged(fighter="bruna", amount=20, location="torse", pv=0, by="aldric"),
        Died(fighter="bruna", cause="attack", by="aldric", credited_team="rouge", at=(3, 2)),
    ]
    return s, after_of(s, dead=("bruna",)), events


def taunt() -> Scene:
    s, _ = duel(b=(6, 3))
    events: list[Event] = [
        roll("Provocation", 17, terms={"Charisme": 3, "Séduction": 2}),
        Taunted(fighter="aldric", style="simple", difficulty=15, success=True),
        RenownGained(team="rouge", amount=1, pr=1),
    ]
    return s, after_of(s), events


def taunt_fail() -> Scene:
    s, _ = duel(b=(6, 3))
    events: list[Event] = [
        roll("Provocation", 3, terms={"Charisme": 3}),
        Taunted(fighter="aldric", style="advantaged", difficulty=20, success=False),
    ]
    return s, after_of(s), events


def faint_wake() -> Scene:
    s, _ = duel(b=(6, 3))
    events: list[Event] = [
        ManaChanged(fighter="aldric", delta=-2, mana=0, reason="sort"),
        Fainted(fighter="aldric", turns=2),
        WokeUp(fighter="aldric", mana=3),
    ]
    return s, after_of(s), events


def turn_change() -> Scene:
    s, _ = duel(b=(6, 3))
    events: list[Event] = [
        TurnEnded(fighter="aldric"),
        TurnStarted(fighter="bruna", round=1),
    ]
    return s, after_of(s), events


def match_end() -> Scene:
    s, _ = duel()
    events: list[Event] = [
        Died(fighter="bruna", cause="attack", by="aldric", credited_team="rouge", at=(3, 2)),
        MatchEnded(winner="Rouge", reason="last team standing"),
    ]
    return s, after_of(s, dead=("bruna",)), events


SCENES: dict[str, Callable[[], Scene]] = {
    "walk": walk, "run": run, "tackle": tackle, "swim": swim, "jump": jump, "push": push,
    "push_fall": push_fall, "push_lava": push_lava, "teleport": teleport,
    "attack_hit": attack_hit, "attack_miss": attack_miss, "ranged": ranged, "circle": circle,
    "death": death, "taunt": taunt, "taunt_fail": taunt_fail, "faint_wake": faint_wake,
    "turn_change": turn_change, "match_end": match_end,
}
