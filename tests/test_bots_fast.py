"""The `fast` level (`simulate --level fast`, for long series): it keeps to the run route it chose after
the roll instead of weighing every square again at each step, and plays only legal actions."""

import random

from arena_game.bots import Bot
from arena_game.bots.brain import STEP_AFTER_FAMILIES, _positions
from arena_game.bots.match import MatchSetup, match_seed, play_bot_match
from arena_game.bots.style import LEVEL_STYLES, QUICK_LEVEL
from arena_game.core import apply
from arena_game.core.actions import RunStart, RunStep
from arena_game.core.queries import run_route
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, find_map
from tests.builders import tiny_match


def test_r4_3_the_fast_bot_runs_on_along_the_route_it_chose_after_the_roll():
    state, dice = tiny_match(
        """
..............
..............
..............
""",
        {"a": {"team": "red", "at": (0, 1), "skills": {"course": 8}}, "e": {"team": "blue", "at": (13, 1)}},
        faces=[20] + [10] * 40,
    )
    bot = Bot.at_level("fast", random.Random(0))
    act = bot.choose(state)
    assert isinstance(act, RunStart)
    state, _ = apply(state, act, dice)
    first = bot.choose(state)  # after the roll: every square in reach weighed once
    assert isinstance(first, RunStep) and bot.last_plan.why == "run on (R4.3)"
    assert bot.run_routes is not None
    route = bot.run_routes[3][first.to]
    assert route == run_route(state, route[-1])  # the core's route to the square it chose
    steps = [first.to]
    state, _ = apply(state, first, dice)
    while state.active.id == "a" and state.budget.run is not None and not state.budget.run.finished:
        act = bot.choose(state)
        if not isinstance(act, RunStep):
            break
        assert bot.last_plan.why == "run on along the route (R4.3)"
        steps.append(act.to)
        state, _ = apply(state, act, dice)
    assert len(steps) > 2 and steps == route[: len(steps)]


def test_the_fast_level_is_simulates_quick_level_and_plays_whole_matches_legally():
    assert QUICK_LEVEL == "fast" and LEVEL_STYLES["fast"].follow_runs
    teams = tuple(load_teams(default_teams_path()))
    setup = MatchSetup(load_map(find_map("arene-classique")), teams, bot_level="fast")
    for i in range(2):
        rec = play_bot_match(setup, match_seed(5, i), i)
        assert rec.refused == [] and rec.actions > 50 and rec.incidents.get("runs", 0) > 0


class _Recording(Bot):
    """A `fast` bot that notes, for each action taken after a blow, push or taunt of the same
    fighter in the same turn with every fighter as it was then (`brain._positions`), its kind,
    apart for blades and for ranged weapons (bows, guns, thrown: R1)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, LEVEL_STYLES["fast"])
        self.after: dict[bool, list[str]] = {False: [], True: []}
        self._acted: tuple[int, str, tuple[object, ...]] | None = None

    def choose(self, state):  # type: ignore[no-untyped-def]
        act = super().choose(state)
        me = state.active
        if self._acted == (state.turn_serial, me.id, _positions(state)):
            self.after[me.sheet.weapon.family.ranged].append(act.kind)
        plan = self.last_plan
        fresh = plan is not None and plan.action is act and plan.family in STEP_AFTER_FAMILIES
        self._acted = (state.turn_serial, me.id, _positions(state)) if fresh else None
        return act


def test_r0_6_at_the_fast_level_a_blade_ends_its_turn_where_it_struck_and_a_bow_may_step_after_its_shot():
    # `step_after_blades` off: a blade's action is weighed from where it stands, and no walk after it;
    # a bow or gun still weighs the walk after its shot (a step back out of reach)
    teams = tuple(load_teams(default_teams_path()))
    setup = MatchSetup(load_map(find_map("arene-classique")), teams, bot_level="fast")
    after: dict[bool, list[str]] = {False: [], True: []}
    for i in range(2):
        bots = {t.id: _Recording(random.Random(i * 7 + k)) for k, t in enumerate(teams)}
        rec = play_bot_match(setup, match_seed(5, i), i, bots=bots)
        assert rec.refused == []
        for b in bots.values():
            for ranged, kinds in b.after.items():
                after[ranged] += kinds
    assert len(after[False]) > 5 and set(after[False]) == {"end_turn"}
    assert "walk" in after[True]
