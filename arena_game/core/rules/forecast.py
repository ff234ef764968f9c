"""Forecasts: what the window shows before a fighter commits (Wesnoth's battle_context):
one attack (with both sides of the roll, `attack_sides`), a push, a circle attack (R8).

Computed EXACTLY from the dice as fractions, by enumerating every face. Built on the
same functions the resolution uses (`check_bonus`, `attack_modifiers`, `attack_hits`,
`location_for`, `damage_terms`, `push_result`, `push_landing`), so the forecast and the
roll cannot disagree. Nothing here rolls a die or changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from arena_game.core.dice import RollModifier, Term
from arena_game.core.geometry import Square
from arena_game.core.kept import Kept, PerObject, answers_of
from arena_game.core.resolution import check_bonus, fighter_modifiers, term_of
from arena_game.core.rules.attack import (
    AttackMode,
    attack_hits,
    attack_keys,
    attack_modifiers,
    damage_terms,
    dodge_keys,
    location_for,
)
from arena_game.core.rules.circle import halving_split
from arena_game.core.rules.push import PushLanding, push_keys, push_landing, push_result
from arena_game.core.rules.ranges import RangeCheck
from arena_game.core.settings import CombatSettings, DiceSettings, PushSettings, RulesSettings
from arena_game.core.sheets import Weapon
from arena_game.core.state import FighterState, MatchState


def d20_outcomes(settings: RulesSettings, bonus: int) -> list[tuple[int, str | None]]:
    """(total, critical) for every face of the check die, each equally likely (R0.1)."""
    return _outcomes(settings.dice, bonus)


def _outcomes(st: DiceSettings, bonus: int) -> list[tuple[int, str | None]]:
    out: list[tuple[int, str | None]] = []
    for face in range(1, st.die + 1):
        crit = "success" if face in st.critical_success else "failure" if face in st.critical_failure else None
        out.append((face + bonus, crit))
    return out


def dice_sum_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of `count` d`sides`."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for s, p in dist.items():
            for face in range(1, sides + 1):
                nxt[s + face] = nxt.get(s + face, Fraction(0)) + p / sides
        dist = nxt
    return dist


def hit_chance(
    state: MatchState, attacker: FighterState, target: FighterState, mods: list[RollModifier]
) -> Fraction:
    """R0.4: chance that the attack total is strictly above the dodge (R10.1 for sleepers)."""
    return plain_hit_chance(state, attacker, target, sum(m.value for m in mods))


def plain_hit_chance(state: MatchState, attacker: FighterState, target: FighterState, extra: int = 0) -> Fraction:
    """`hit_chance` with the modifiers' values summed into `extra` (no modifier built)."""
    return _hit_entry(state, attacker, target, extra)[1]


def plain_hit_odds(state: MatchState, attacker: FighterState, target: FighterState, extra: int = 0) -> float:
    """`float(plain_hit_chance(...))`, kept with it (bots plan on floats)."""
    return _hit_entry(state, attacker, target, extra)[2]


def _hit_entry(
    state: MatchState, attacker: FighterState, target: FighterState, extra: int,
) -> tuple[DiceSettings, Fraction, float]:
    st = state.settings
    att = check_bonus(attacker, attack_keys(st, attacker), "attack") + extra
    dod = check_bonus(target, dodge_keys(st), "dodge")
    # Settings are frozen models, hashed field by field: looked up by identity first.
    key = (id(st.dice), att, dod, target.asleep_turns > 0)
    found = _HIT_BY_ID.get(key)
    if found is None or found[0] is not st.dice:
        chance = _hit_chance(st.dice, att, dod, target.asleep_turns > 0)
        found = _HIT_BY_ID.keep(key, (st.dice, chance, float(chance)))
    return found


_HIT_BY_ID: Kept[tuple[int, int, int, bool], tuple[DiceSettings, Fraction, float]] = Kept(4096)
"""`_hit_chance` (and its float) by the identity of the dice settings (each entry holds them:
no id reused)."""


def hit_damage(state: MatchState, attacker: FighterState) -> _Damage:
    """The kept damage distribution of one weapon hit of `attacker` (R12.2, hit location)."""
    return _damage(state, attacker, True, 0)


def mean_damage(state: MatchState, attacker: FighterState) -> Fraction:
    """The exact mean of `damage_distribution` (kept with it)."""
    return _damage(state, attacker, True, 0).mean


# Bots ask for the same few odds thousands of times a match: each depends only on the
# dice settings and the two bonuses, so it is counted once (every face pair enumerated).
@lru_cache(maxsize=4096)
def _hit_chance(dice: DiceSettings, att_bonus: int, dodge_bonus: int, asleep: bool) -> Fraction:
    att = _outcomes(dice, att_bonus)
    dod = _outcomes(dice, dodge_bonus)
    hits = sum(1 for a, _ in att for d, dc in dod if attack_hits(a, d, dc, asleep))
    return Fraction(hits, len(att) * len(dod))


def damage_distribution(
    state: MatchState, attacker: FighterState, with_location: bool = True, run_squares: int = 0
) -> dict[int, Fraction]:
    """Exact distribution of the damage of a hit: weapon dice + bonuses + location (R12.2)."""
    return dict(_damage(state, attacker, with_location, run_squares).dist)


@dataclass(slots=True)
class _Damage:
    """A damage distribution kept for reuse, with its mean and, per PV, the chance to kill."""

    dist: dict[int, Fraction]
    mean: Fraction
    kill: dict[int, Fraction]
    capped: dict[int, Fraction]
    strikes: dict[Fraction, dict[int, float]] = field(default_factory=dict)

    def strike(self, hit: Fraction) -> dict[int, float]:
        """One attack's damage (0: a miss) with its chance as floats, at hit chance `hit`;
        kept per chance (the bots price every enemy's blow on every square they weigh)."""
        found = self.strikes.get(hit)
        if found is None:
            found = {d: float(hit * p) for d, p in self.dist.items()}
            found[0] = found.get(0, 0.0) + float(1 - hit)
            self.strikes[hit] = found
        return found

    def kill_chance(self, pv: int) -> Fraction:
        found = self.kill.get(pv)
        if found is None:
            found = self.kill[pv] = sum((p for d, p in self.dist.items() if d >= pv), Fraction(0))
        return found

    def capped_mean(self, pv: int) -> Fraction:
        """The mean damage of a hit counting no more than `pv` (damage past the PV left is wasted)."""
        found = self.capped.get(pv)
        if found is None:
            found = self.capped[pv] = sum((min(d, pv) * p for d, p in self.dist.items()), Fraction(0))
        return found


def _damage(state: MatchState, attacker: FighterState, with_location: bool, run_squares: int) -> _Damage:
    # The key holds everything `damage_terms` reads (weapon, location table, run bonus). Its
    # models are hashed field by field: they are looked up by identity first.
    weapon, combat = attacker.sheet.weapon, state.settings.combat
    per = state.settings.run.attack_damage_per_square
    fast = (id(combat), per, with_location, run_squares)
    by_weapon = answers_of(_DAMAGE_BY_ID, weapon)  # kept with the weapon: a match's go with it
    hit = by_weapon.get(fast)
    if hit is not None and hit[0] is combat:
        return hit[1]
    key = (weapon, combat, per, with_location, run_squares)
    found = _DAMAGE.get(key)
    if found is None:
        dist = _damage_distribution(state, attacker, with_location, run_squares)
        mean = sum((Fraction(d) * p for d, p in dist.items()), Fraction(0))
        found = _DAMAGE.keep(key, _Damage(dist, mean, {}, {}))
    if len(by_weapon) >= 256:  # a weapon's few run lengths under a few rules
        by_weapon.clear()
    by_weapon[fast] = (combat, found)  # (holding the settings: their id is not reused)
    return found


_DAMAGE_BY_ID: PerObject[tuple[CombatSettings, _Damage]] = {}
"""Per weapon (by identity), per rules and run: its damage (`_DAMAGE`, by value)."""


_DAMAGE: Kept[tuple[Weapon, CombatSettings, int, bool, int], _Damage] = Kept(4096)


def _damage_distribution(
    state: MatchState, attacker: FighterState, with_location: bool, run_squares: int
) -> dict[int, Fraction]:
    st = state.settings.combat
    w = attacker.sheet.weapon.damage
    ways = _dice_sum_ways(w.count, w.sides)
    faces = range(1, st.location_die + 1) if with_location else range(1, 2)
    # Count equally likely (dice, location face) outcomes in integers, then divide once:
    # the same exact fractions as summing Fraction probabilities, many times faster
    # (bots ask for these forecasts on every decision).
    counts: dict[int, int] = {}
    for face in faces:
        loc = location_for(face, st.locations) if with_location else None
        terms, mods = damage_terms(state, attacker, loc, run_squares)
        fixed = sum(t.value for t in terms) + sum(m.value for m in mods)
        for s, n in ways.items():
            dmg = max(0, s + fixed)
            counts[dmg] = counts.get(dmg, 0) + n
    total = len(faces) * w.sides**w.count
    return {d: Fraction(n, total) for d, n in sorted(counts.items())}


@lru_cache(maxsize=256)
def _dice_sum_ways(count: int, sides: int) -> dict[int, int]:
    """How many of the sides**count equally likely throws give each sum."""
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for s, n in ways.items():
            for face in range(1, sides + 1):
                nxt[s + face] = nxt.get(s + face, 0) + n
        ways = nxt
    return ways


@dataclass(frozen=True)
class AttackForecast:
    """Chance to hit, expected damage (misses counting 0), chance to kill, damage if hit, and
    the mean damage of a hit counting no more than the target's PV left (`counted_mean`)."""

    hit: Fraction
    expected_damage: Fraction
    kill: Fraction
    damage_if_hit: dict[int, Fraction]
    counted_mean: Fraction


def attack_forecast(
    state: MatchState, attacker: FighterState, target: FighterState, check: RangeCheck | None, mode: AttackMode
) -> AttackForecast:
    """Exact forecast of one attack of `attacker` on `target` now (R0.4, R1, R4.8, R12.2)."""
    mods = attack_modifiers(state, check, mode)
    p_hit = hit_chance(state, attacker, target, mods)
    run = state.budget.run
    run_squares = run.moved if mode == "run" and run is not None else 0
    damage = _damage(state, attacker, True, run_squares)
    # The same forecast for the same odds, damage and PV: built once and shared (frozen; its
    # distribution is read, never changed), each entry holding its damage so no id is reused.
    key = (id(damage), p_hit.numerator, p_hit.denominator, target.pv)
    got = _FORECASTS.get(key)
    if got is None or got[0] is not damage:
        fc = AttackForecast(p_hit, p_hit * damage.mean, p_hit * damage.kill_chance(target.pv), dict(damage.dist),
                            damage.capped_mean(target.pv))
        got = _FORECASTS.keep(key, (damage, fc))
    return got[1]


_FORECASTS: Kept[tuple[int, int, int, int], tuple[_Damage, AttackForecast]] = Kept(8192)


@dataclass(frozen=True)
class PushForecast:
    """R5: the chances of no push, a 1-square push and a 3-square push with a fall, and where."""

    fail: Fraction
    normal: Fraction
    critical: Fraction
    normal_landing: PushLanding
    critical_landing: PushLanding


def push_forecast(state: MatchState, pusher: FighterState, pushed: FighterState) -> PushForecast:
    """Exact chances of each push outcome by enumerating both dice (R5.1, R5.2, R5.3)."""
    st = state.settings
    keys = push_keys(st)
    fail, normal, critical = _push_chances(st, check_bonus(pusher, keys, "push"), check_bonus(pushed, keys, "push"))
    return PushForecast(
        fail, normal, critical,
        push_landing(state, pusher.position, pushed, st.push.squares),
        push_landing(state, pusher.position, pushed, st.push.critical_squares),
    )


_PUSH: Kept[tuple[int, int, int, int], tuple[DiceSettings, PushSettings, tuple[Fraction, Fraction, Fraction]]] = Kept(4096)


def _push_chances(st: RulesSettings, mine_bonus: int, theirs_bonus: int) -> tuple[Fraction, Fraction, Fraction]:
    """(fail, normal, critical) by enumerating both dice once per pair of bonuses (R5.1, R5.2)."""
    # all that `push_result` reads; the settings by identity (frozen models, hashed field by
    # field), each entry holding them so that no id is reused while kept
    key = (id(st.dice), id(st.push), mine_bonus, theirs_bonus)
    held = _PUSH.get(key)
    if held is not None and held[0] is st.dice and held[1] is st.push:
        return held[2]
    mine = d20_outcomes(st, mine_bonus)
    theirs = d20_outcomes(st, theirs_bonus)
    counts = {"fail": 0, "normal": 0, "critical": 0}
    for a, ac in mine:
        for d, dc in theirs:
            squares, critical = push_result(st, a, ac, d, dc)
            counts["fail" if squares == 0 else "critical" if critical else "normal"] += 1
    n = len(mine) * len(theirs)
    found = (Fraction(counts["fail"], n), Fraction(counts["normal"], n), Fraction(counts["critical"], n))
    _PUSH.keep(key, (st.dice, st.push, found))
    return found


# -- both sides of an attack, and the circle attack (R8) --------------------------------


@dataclass(frozen=True)
class RollSide:
    """One side of an opposed roll as a forecast counts it: whose roll, the sheet's terms and
    every modifier on it (the fighter's own and the situation's), so a card can show each."""

    fighter: str
    terms: list[Term]
    modifiers: list[RollModifier]

    @property
    def bonus(self) -> int:
        """What the side adds to its die."""
        return sum(x.value for x in self.terms) + sum(m.value for m in self.modifiers)


def roll_side(fighter: FighterState, keys: tuple[str, ...], category: str,
              extra: list[RollModifier] | None = None) -> RollSide:
    """The terms and modifiers `check_roll` would add for `fighter` (R0.1)."""
    mods = fighter_modifiers(fighter, keys, category) + list(extra or [])
    return RollSide(fighter.id, [term_of(fighter, k) for k in keys], mods)


def attack_sides(state: MatchState, attacker: FighterState, target: FighterState,
                 mods: list[RollModifier]) -> tuple[RollSide, RollSide]:
    """R0.4: the attack roll (`mods`: the situation's modifiers) and the target's dodge."""
    st = state.settings
    return (roll_side(attacker, attack_keys(st, attacker), "attack", mods),
            roll_side(target, dodge_keys(st), "dodge"))


@dataclass(frozen=True)
class CircleTargetForecast:
    """R8: one fighter of a circle attack: their place in the order, the chance they are hit, the
    damage share they take (misses counting 0), the chance they die, their share's range if hit."""

    target: str
    square: Square
    place: int
    hit: Fraction
    expected_damage: Fraction
    kill: Fraction
    damage_if_hit: dict[int, Fraction]
    dodge: RollSide


@dataclass(frozen=True)
class CircleForecast:
    """R8: the one attack roll, and each fighter around in the declared order."""

    attack: RollSide
    targets: list[CircleTargetForecast]


def circle_forecast(state: MatchState, attacker: FighterState, order: list[Square]) -> CircleForecast:
    """Exact forecast of a circle attack naming `order` (R8.1–R8.3), shares by the halving
    split (R8.2 Reading; a player's own split is chosen only once the damage is known).

    One attack roll against each fighter's own dodge: given the attack's total the dodges
    are independent, so each face of the attack die is weighed with every set of fighters
    it may hit; one damage roll without location bonus (R8.3) is shared in the order.
    """
    st = state.settings
    attack = roll_side(attacker, attack_keys(st, attacker), "attack", attack_modifiers(state, None, "circle"))
    fighters = [(sq, f) for sq in order if (f := state.fighter_at(sq)) is not None]
    dodges = [roll_side(f, dodge_keys(st), "dodge") for _, f in fighters]
    n = len(fighters)
    die = st.dice.die
    # Counted in integers over die**(n+1) equally likely faces (the attack and n dodges).
    # place_ways[i][(k, j)]: the faces where fighter i is hit as the j-th of k fighters hit.
    place_ways: list[dict[tuple[int, int], int]] = [{} for _ in range(n)]
    dodge_faces = [_outcomes(st.dice, side.bonus) for side in dodges]
    for a_total, _ in _outcomes(st.dice, attack.bonus):
        hits = [sum(1 for d, dc in faces if attack_hits(a_total, d, dc, f.asleep_turns > 0))
                for faces, (_, f) in zip(dodge_faces, fighters, strict=True)]
        for subset in range(1, 1 << n):
            ways = 1
            for i in range(n):
                ways *= hits[i] if subset >> i & 1 else die - hits[i]
            if not ways:
                continue
            k, j = subset.bit_count(), 0
            for i in range(n):
                if subset >> i & 1:
                    place_ways[i][(k, j)] = place_ways[i].get((k, j), 0) + ways
                    j += 1
    outcomes = die ** (n + 1)
    damage = _damage(state, attacker, False, 0).dist
    out = []
    for i, (sq, f) in enumerate(fighters):
        shares: dict[int, Fraction] = {}
        for (k, j), ways in place_ways[i].items():
            w = Fraction(ways, outcomes)
            for total, pd in damage.items():
                share = halving_split(total, k)[j]
                shares[share] = shares.get(share, Fraction(0)) + w * pd
        p_hit = Fraction(sum(place_ways[i].values()), outcomes)
        if_hit = {s: q / p_hit for s, q in sorted(shares.items())} if p_hit else {}
        expected = sum((Fraction(s) * q for s, q in shares.items()), Fraction(0))
        kill = sum((q for s, q in shares.items() if s >= f.pv), Fraction(0))
        out.append(CircleTargetForecast(f.id, sq, i + 1, p_hit, expected, kill, if_hit, dodges[i]))
    return CircleForecast(attack, out)
