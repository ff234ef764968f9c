"""S45 audit: the queries the S41 property test (`test_rules_audit_s41`) did not cover, checked
against `apply` the same way on small random maps under several Readings (seeded, plain pytest):
swimming (R2.3), standing up (R5.2), stopping a run (R4.5), the run's attack (R4.8), the one-kind
answers (`kind_refusal`, `available_actions`, `open_action_kinds`) against what a kind's own
query offers, and a refused action leaves the state and the dice as they were. Half the matches
play under Readings S41 does not use (`EXTRA_READINGS`), with S41's own checks run there too."""

from __future__ import annotations

import random

from arena_game.core import apply, queries
from arena_game.core.dice import SeededDice
from arena_game.core.geometry import neighbours
from arena_game.core.settings import RulesSettings
from tests.test_rules_audit_s41 import _accepted, _check_queries, _offered, _random_match

EXTRA_READINGS = [  # Readings the S41 test does not play under
    RulesSettings.model_validate({"combat": {"location_die": 6, "locations": [
        {"name": "tête", "low": 1, "high": 1, "damage_bonus": 4}, {"name": "torse", "low": 2, "high": 6}]},
        "flee": {"one_roll_per_attempt": False}, "movement": {"swim_squares_per": 5}}),
    RulesSettings.model_validate({"combat": {"line_of_sight": False, "circle_split": "player"},
                                  "turns": {"duration_clock": "rounds"}, "magic": {"wake_mana_usable": True}}),
    RulesSettings.model_validate({"movement": {"jump_fail_spends_move": False}, "push": {"diagonal_corners_stop": False},
                                  "taunt": {"modifiers_stack": True, "first_success_scope": "team"},
                                  "magic": {"faint_turns": 0, "teleport_spell_mana": 0}}),
]
KINDS = ("walk", "swim", "jump", "run_step", "run_stop", "run_attack", "stand_up", "attack", "push", "taunt")


def _swim_paths(state, limit=3):
    """A shortest swim path to every square `swim_reach` gives, read back from its distances:
    through a neighbour one square nearer, as far as `swim_path_refusal` takes the path (a
    square no such path reaches is left out, and `_check` fails on it)."""
    f = state.active
    reach = queries.swim_reach(state, f, limit=limit)
    dist = {f.position: 0, **reach}
    paths: dict = {f.position: []}
    for sq in sorted(reach, key=lambda s: (reach[s], s)):
        for before in neighbours(sq):
            if dist.get(before) == reach[sq] - 1 and before in paths:
                path = [*paths[before], sq]
                if queries.swim_path_refusal(state, f, path) is None:
                    paths[sq] = path
                    break
    del paths[f.position]
    return paths


def _one_use_accepted(state, kind, rng):
    """Whether some use of `kind` its own query offers is accepted (None: not checked here)."""
    f = state.active
    if kind == "walk":
        return any(_accepted(state, {"kind": "walk", "to": sq}) for sq in queries.walk_squares(state))
    if kind == "swim":
        return any(_accepted(state, {"kind": "swim", "path": p}) for p in _swim_paths(state, 1).values())
    if kind == "jump":
        return any(_accepted(state, {"kind": "jump", "over": t.over}) for t in queries.jump_targets(state))
    if kind in ("run_stop", "stand_up"):
        return _accepted(state, {"kind": kind})
    if kind == "run_step":
        return any(_accepted(state, {"kind": "run_step", "to": sq}) for sq in neighbours(f.position))
    # the attack buttons are for opponents (an ally or oneself under a magic effect is
    # attacked through `attack_targets(include_allies=True)`, which the S41 test checks)
    opponents = [o for o in state.fighters.values() if o.team != f.team]
    if kind in ("run_attack", "attack"):
        return any(_accepted(state, {"kind": kind, "target": o.id}) for o in opponents)
    if kind == "push":
        return any(_accepted(state, {"kind": kind, "target": o.id}) for o in state.fighters.values())
    if kind == "taunt":
        return any(_accepted(state, {"kind": "taunt", "style": s}) for s in ("simple", "advantaged"))
    return None


def _check(state, rng):
    f = state.active
    # R2.3: every square swim_reach gives is reached by a path apply takes; a one-square swim
    # to a neighbour it does not give is refused
    reach = queries.swim_reach(state, f, limit=3)
    paths = _swim_paths(state, 3)
    assert set(reach) == set(paths), (reach, paths)
    for sq, path in paths.items():
        assert len(path) == reach[sq]
        assert queries.swim_path_refusal(state, f, path) is None, path
        assert _accepted(state, {"kind": "swim", "path": path}), path
    for sq in neighbours(f.position):
        if sq not in reach:
            assert not _accepted(state, {"kind": "swim", "path": [sq]}), sq
    # R4.8: the run's attack on every other fighter, as run_attack_targets says (allies are
    # not offered: a UI choice, checked apart)
    if state.budget.run is not None:
        offered = {t.target: t.refusal for t in queries.run_attack_targets(state)}
        for o in state.fighters.values():
            if o.id in offered:
                assert _accepted(state, {"kind": "run_attack", "target": o.id}) == (offered[o.id] is None), o.id
    # the one-kind answers agree with each other and with the kind's own query
    available = queries.available_actions(state)
    open_kinds = queries.open_action_kinds(state)
    for kind in KINDS:
        refusal = queries.kind_refusal(state, kind)
        assert (available[kind] is None) == (refusal is None), kind
        if refusal is not None:
            assert refusal.rule.startswith("R"), (kind, refusal)
        used = _one_use_accepted(state, kind, rng)
        if refusal is not None:
            assert not used, (kind, str(refusal))
        elif kind in ("walk", "swim", "jump", "run_stop", "stand_up", "run_step"):
            assert used, kind  # offered: some use of it is taken
        if used:
            assert kind in open_kinds, kind


def test_r0_6_the_queries_s41_left_out_agree_with_apply_on_random_maps():
    """Swim paths, run stops and run attacks, standing up, and every kind's one-line answer,
    against `apply`, on small random maps played on by random legal actions."""
    rng = random.Random(45)
    checked = swam = stood = ran = 0
    for case in range(100):
        state = _random_match(rng, case)
        if state is None:
            continue
        for g in state.fighters.values():  # some start on the ground (R5.2), as after a critical push
            g.fallen = g.id != state.active.id and rng.random() < 0.3
        if case % 2:
            state.settings = EXTRA_READINGS[(case // 2) % len(EXTRA_READINGS)]
        dice = SeededDice(1000 + case)
        for _ in range(16):
            if state.over:
                break
            if state.suicide_pending is not None:
                state, _ = apply(state, {"kind": "suicide_verdict", "target": state.suicide_pending,
                                         "spared": rng.random() < 0.5}, dice)
                continue
            if state.split_pending is not None:
                pending = queries.pending_split(state)
                shares = queries.halving_shares(pending.total, len(pending.hit))
                state, _ = apply(state, {"kind": "circle_split", "split": shares}, dice)
                continue
            _check(state, rng)
            if case % 2:
                _check_queries(state, rng)  # S41's checks, under these Readings too
            checked += 1
            swam += bool(queries.swim_reach(state, limit=1))
            stood += state.active.fallen
            ran += state.budget.run is not None
            options = _offered(state, rng)
            if state.active.fallen and queries.kind_refusal(state, "stand_up") is None:
                options.append({"kind": "stand_up"})
            options += [{"kind": "swim", "path": path} for path in _swim_paths(state, 2).values()]
            if state.budget.run is not None and queries.kind_refusal(state, "run_stop") is None:
                options.append({"kind": "run_stop"})
            state, _ = apply(state, rng.choice(options), dice)
    assert checked > 400 and swam > 40 and stood > 20 and ran > 40, (checked, swam, stood, ran)
