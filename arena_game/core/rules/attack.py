"""Attacks (R0.4): attack roll against dodge, hit location (R12.2), damage, death (R0.7).

The small pure functions here (`attack_keys`, `attack_modifiers`, `attack_hits`,
`location_for`, `damage_terms`) are shared by the resolution below and by the forecasts
in `forecast.py`, so what the window predicts and what the dice decide cannot disagree.
"""

from __future__ import annotations

from typing import Literal

from arena_game.core.actions import Attack, RunAttack
from arena_game.core.dice import Roll, RollModifier, Term, wins_opposed
from arena_game.core.errors import IllegalAction, counted
from arena_game.core.events import Attacked, Damaged
from arena_game.core.geometry import fmt, is_adjacent
from arena_game.core.resolution import Resolution, plain_term, roll_modifier
from arena_game.core.rules.budget import action_refusal, require, turn_refusal
from arena_game.core.rules.ranges import RangeCheck, classify_target
from arena_game.core.rules.suicide import own_death, suicide_allowed
from arena_game.core.settings import HitLocation, RulesSettings
from arena_game.core.state import FighterState, MatchState

AttackMode = Literal["weapon", "run", "circle"]


# -- shared by resolution and forecast --------------------------------------------------


def attack_keys(settings: RulesSettings, f: FighterState) -> tuple[str, ...]:
    """R0.4: the attack adds Dextérité and the equipped weapon family's skill."""
    return (settings.combat.attack_attribute, f.sheet.weapon.family.value)


def dodge_keys(settings: RulesSettings) -> tuple[str, ...]:
    """R0.4: the dodge adds Agilité and Esquive."""
    return (settings.combat.dodge_attribute, settings.combat.dodge_skill)


def attack_modifiers(
    state: MatchState, check: RangeCheck | None, mode: AttackMode
) -> list[RollModifier]:
    """The situational modifiers of an attack roll, each with its source and rule."""
    st = state.settings
    mods: list[RollModifier] = []
    if state.budget.acrobatics:
        mods.append(roll_modifier("jump_attack", st.movement.jump_attack_malus, "R2.4"))
    if check is not None and check.cls == "adjacent_ranged":
        mods.append(roll_modifier("ranged_adjacent", st.combat.ranged_adjacent_malus, "R1.7"))
    if check is not None and check.cls == "beyond_range":
        mods.append(roll_modifier("beyond_range", st.combat.firearm_beyond_range_malus, "R1.3"))
    if mode == "run":
        mods.append(roll_modifier("run_attack", st.run.attack_malus, "R4.8"))
    return mods


def attack_hits(attack_total: int, dodge_total: int, dodge_critical: str | None, target_asleep: bool) -> bool:
    """R0.4: a hit when the attack is strictly higher (a tie goes to the dodger, R0.2).

    R10.1: a sleeping target dodges only on a critical success.
    """
    if target_asleep:
        return dodge_critical != "success"
    return wins_opposed(attack_total, dodge_total)


def location_for(face: int, table: tuple[HitLocation, ...]) -> HitLocation:
    """R12.2: the row of the hit-location table for a face. The settings give every face of the
    location die one row (`CombatSettings`); a face without one (a table built by hand) gets no bonus."""
    for row in table:
        if row.low <= face <= row.high:
            return row
    return HitLocation(name="?", low=face, high=face, damage_bonus=0)


def damage_terms(
    state: MatchState, attacker: FighterState, location: HitLocation | None, run_squares: int
) -> tuple[list[Term], list[RollModifier]]:
    """The fixed parts of a damage roll: weapon bonus, location bonus (R12.2), run bonus (R4.8)."""
    bonus = attacker.sheet.weapon.damage.bonus
    terms = [plain_term("weapon", attacker.sheet.weapon.family.value, bonus)] if bonus else []
    if location is not None:
        terms.append(plain_term("location", location.name, location.damage_bonus))
    mods = []
    if run_squares:
        per = state.settings.run.attack_damage_per_square
        mods.append(RollModifier(source="run_squares", value=run_squares * per, rule="R4.8", count=run_squares))
    return terms, mods


# -- refusals ----------------------------------------------------------------------------


def self_harm_refusal(state: MatchState, f: FighterState, what: str) -> IllegalAction | None:
    """R9.1: a fighter may not harm themselves unless under a magic effect (or R9.2's exception)."""
    if suicide_allowed(state, f):
        return None
    return IllegalAction(
        "R9.1", f"{f.sheet.name} may not {what} themselves: suicide is forbidden unless under a magic effect",
        code="self_harm", fields={"fighter": f.sheet.name, "what": what},
    )


def target_refusal(state: MatchState, f: FighterState, target_id: str, what: str) -> IllegalAction | None:
    """The target must be a living fighter; the attacker themselves only under R9."""
    target = state.fighters.get(target_id)
    if target is None:
        return IllegalAction("R0.4", f"there is no fighter {target_id!r}", code="no_such_fighter", fields={"id": target_id})
    if not target.alive:
        return IllegalAction("R0.7", f"{target.sheet.name} is dead", code="target_dead", fields={"fighter": target.sheet.name})
    if target.id == f.id:
        return self_harm_refusal(state, f, what)
    return None


def attack_check(state: MatchState, f: FighterState, target: FighterState) -> RangeCheck:
    """Class the target for `f`'s weapon (R1); attacking oneself counts as in reach."""
    if target.id == f.id:
        return RangeCheck("in_range", 0, 1)
    return classify_target(state.board, f.sheet, f.position, target.position, state.settings.combat.line_of_sight)


def range_refusal(state: MatchState, f: FighterState, target: FighterState, check: RangeCheck) -> IllegalAction | None:
    """R1: why the target cannot be attacked from here, if so."""
    w = f.sheet.weapon
    if check.cls == "out_of_range":
        if not w.family.ranged:
            return IllegalAction(
                "R1.1", f"{target.sheet.name} is not adjacent: {w.name} is a melee weapon",
                code="melee_not_adjacent", fields={"fighter": target.sheet.name, "weapon": w.name},
            )
        rule = "R1.2" if w.family.value == "bow" else "R1.5"
        return IllegalAction(
            rule, f"{target.sheet.name} is {counted(check.distance, 'square', 'squares')} away, beyond {w.name}'s range of {check.reach}",
            code="out_of_range",
            fields={"fighter": target.sheet.name, "distance": check.distance, "weapon": w.name, "reach": check.reach},
        )
    if check.cls == "no_line_of_sight":
        assert check.blocker is not None
        return IllegalAction(
            "R1.6", f"no line of sight to {target.sheet.name}: {state.board.describe_square(check.blocker)} is in the way",
            code="no_sight",
            fields={"fighter": target.sheet.name, "terrain": state.board.terrain(check.blocker).value, "blocker": check.blocker},
        )
    return None


def attack_refusal(state: MatchState, f: FighterState, target_id: str) -> IllegalAction | None:
    """Why `f` may not attack `target_id` with their weapon now, if so (R0.6, R1, R9.1)."""
    if (err := action_refusal(state, f)) is not None:
        return err
    if (err := target_refusal(state, f, target_id, "attack")) is not None:
        return err
    target = state.fighters[target_id]
    return range_refusal(state, f, target, attack_check(state, f, target))


def run_attack_open_refusal(state: MatchState, f: FighterState) -> IllegalAction | None:
    """R4.8: why `f` has no run attack left this turn (whatever the target), if so."""
    if (err := turn_refusal(state, f)) is not None:
        return err
    run = state.budget.run
    if run is None:
        return IllegalAction(
            "R4.8", f"{f.sheet.name} is not running this turn", code="run_attack_not_running", fields={"fighter": f.sheet.name},
        )
    if run.granted is None:
        return IllegalAction("R4.8", "the run must be rolled before its attack", code="run_attack_not_rolled")
    if run.attacked:
        return IllegalAction("R4.8", "a run allows only one attack", code="run_attack_once")
    if f.sheet.weapon.family.ranged:  # for good, before the reason that passes with the first square
        return IllegalAction(
            "R4.8", f"the run's attack is a melee attack; {f.sheet.weapon.name} is a ranged weapon",
            code="run_attack_ranged", fields={"weapon": f.sheet.weapon.name},
        )
    if run.moved == 0:
        return IllegalAction(
            "R4.8", "the run's attack is made on a square of the run: run at least one square first",
            code="run_attack_before_moving",
        )
    return None


def run_attack_open(state: MatchState, f: FighterState) -> bool:
    """`run_attack_open_refusal(...) is None`, without building the refusal (asked at every
    step of a run; a test compares both on every run budget)."""
    run = state.budget.run
    return run_attack_left(state, f) and run is not None and run.moved != 0


def run_attack_left(state: MatchState, f: FighterState) -> bool:
    """R4.8: the run under way still has its attack, now or once its first square is run:
    `run_attack_open_refusal` gives no reason but (the last it checks) that none is run yet."""
    run = state.budget.run
    return (f.asleep_turns <= 0 and not f.fallen and run is not None and run.granted is not None
            and not run.attacked and not f.sheet.weapon.family.ranged)


def run_attack_refusal(state: MatchState, f: FighterState, target_id: str) -> IllegalAction | None:
    """R4.8: one melee attack on any square of a rolled run (the declared ones included) or at
    its end, on an adjacent fighter."""
    if (err := run_attack_open_refusal(state, f)) is not None:
        return err
    if (err := target_refusal(state, f, target_id, "attack")) is not None:
        return err
    target = state.fighters[target_id]
    if target.id != f.id and not is_adjacent(f.position, target.position):
        return IllegalAction(
            "R4.8", f"{target.sheet.name} at {fmt(target.position)} is not adjacent",
            code="not_adjacent", fields={"fighter": target.sheet.name, "square": target.position},
        )
    return None


# -- resolution --------------------------------------------------------------------------


def dodge_roll(r: Resolution, target: FighterState) -> Roll:
    """R0.4: the target's dodge, `1d20 + Agilité + Esquive + modifiers`."""
    return r.check_roll(target, "dodge", dodge_keys(r.settings), "dodge")


def hit_location(r: Resolution, attacker: FighterState) -> HitLocation:
    """R12.2: roll the location die on the settings' table."""
    st = r.settings.combat
    face = r.plain_roll(attacker, "location", st.location_die).face
    return location_for(face, st.locations)


def harm(r: Resolution, attacker: FighterState, target: FighterState, amount: int, location: str) -> None:
    """Take `amount` PV from `target`; at 0 or below they die (R0.7), the kill credited (R11)."""
    target.pv -= amount
    r.emit(Damaged(fighter=target.id, amount=amount, location=location, pv=target.pv, by=attacker.id))
    if target.pv > 0:
        return
    if target.id != attacker.id or target.sheet.magic_effect:
        r.kill(target, "attack", attacker)
        return
    own_death(r, target)  # R9.2: only where the table allows it; the opponents are asked


def strike(r: Resolution, attacker: FighterState, target: FighterState, check: RangeCheck, mode: AttackMode) -> None:
    """Roll attack against dodge; on a hit roll location and damage (R0.4, R12.2, R4.8)."""
    state = r.state
    mods = attack_modifiers(state, check, mode)
    att = r.check_roll(attacker, "attack", attack_keys(r.settings, attacker), "attack", mods)
    dodge = dodge_roll(r, target)
    asleep = target.asleep_turns > 0
    hit = attack_hits(att.total, dodge.total, dodge.critical, asleep)
    r.emit(Attacked(
        attacker=attacker.id, target=target.id, attack_total=att.total, dodge_total=dodge.total,
        hit=hit, mode=mode, target_asleep=asleep,
    ))
    if not hit:
        return
    loc = hit_location(r, attacker)
    run_squares = state.budget.run.moved if mode == "run" and state.budget.run else 0
    terms, dmods = damage_terms(state, attacker, loc, run_squares)
    dmg = attacker.sheet.weapon.damage
    roll = r.damage_roll(attacker, "damage", dmg.count, dmg.sides, terms, dmods)
    harm(r, attacker, target, max(0, roll.total), loc.name)


def attack(r: Resolution, action: Attack) -> None:
    """Attack a fighter with the equipped weapon (R0.4, R1)."""
    f = r.state.active
    require(attack_refusal(r.state, f, action.target))
    target = r.state.fighters[action.target]
    check = attack_check(r.state, f, target)
    r.state.budget.acted = True
    strike(r, f, target, check, "weapon")


def run_attack(r: Resolution, action: RunAttack) -> None:
    """R4.8: the run's one melee attack, −8 to hit, + squares moved so far as damage."""
    f = r.state.active
    require(run_attack_refusal(r.state, f, action.target))
    target = r.state.fighters[action.target]
    run = r.state.budget.run
    assert run is not None
    run.attacked = True
    r.state.budget.acted = True
    strike(r, f, target, RangeCheck("in_range", 1, 1), "run")
