"""The bot: picks the active fighter's next action from the core's own queries.

Every candidate comes from a query of `arena_game.core.queries` (`open_action_kinds`,
`walk_squares`, `jump_targets`, `swim_reach`, the combat and running queries), so a bot
only ever sends legal actions, and every chance it weighs is the core's (`strike_chance`,
`mean_hit_damage`, the exact forecasts, `run_probability_map`). It scores each candidate
with those odds and a value of the square it ends on (threats, push hazards, distance to
its team's focus target). At the strong level the best few candidates are then weighed
again over their exact outcomes against the replies of the opponents who act next
(`bots/lookahead.py`). Ties are broken with the bot's own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from arena_game.bots import options, rollouts, runs
from arena_game.bots.context import Context, shooting_squares
from arena_game.bots.lookahead import rerank
from arena_game.bots.navigation import Navigator, navigator_for
from arena_game.bots.plans import Plan
from arena_game.bots.splits import best_split
from arena_game.bots.style import (
    LEVEL_STYLES,
    LEVELS,
    BotStyle,
)
from arena_game.core.actions import Action, EndTurn, StandUp, SuicideVerdict
from arena_game.core.board import Board
from arena_game.core.geometry import Square
from arena_game.core.kept import Kept
from arena_game.core.queries import (
    mean_hit_damage,
    open_action_kinds,
    range_grid,
    strike_chance,
    walk_squares,
    weapon_reach,
)
from arena_game.core.settings import RulesSettings
from arena_game.core.sheets import FighterSheet
from arena_game.core.state import FighterState, MatchState

END_TURN = EndTurn()  # a frozen value, shared by every decision
MAX_ACTIONS_PER_TURN = 16  # a turn has at most a handful of steps; past this, end it
WALK_REACH = 2  # path squares an enemy covers in a turn by walking: a walk and the walk after its action (R2.1, R0.6)
OUTPUT_TABLES = 1024  # `Bot.plain_outputs`: states of the friends kept, each with its enemies' outputs

# the rule families a `BotStyle.try_bonus` has the team play once a match where they cost little
TRIED_FAMILIES = frozenset({"push", "push_water", "jump"})
STEP_AFTER_FAMILIES = {"attack", "circle_attack", "push", "push_lethal", "push_water", "taunt_simple", "taunt_advantaged"}
"""The actions whose plan carries the walk weighed after them (`Context.action_plans`)."""


def _positions(state: MatchState) -> tuple[object, ...]:
    """What the walk after an action was weighed on, PV aside: where every fighter stands,
    whether it lives, is down or asleep, and its modifiers."""
    return tuple((f.position, f.alive, f.fallen, f.asleep_turns, tuple((m.applies_to, m.value) for m in f.modifiers))
                 for f in state.fighters.values())


# `strike_chance` by what it depends on, shared by every bot of the process: a series makes new
# bots for each match, on the same rules and sheets (each entry holds them: no id is reused while kept)
_STRIKE_CHANCES: Kept[tuple[object, ...], tuple[RulesSettings, FighterSheet, FighterSheet, float]] = Kept(8192)


def _strike_chance(state: MatchState, me: FighterState, target: FighterState, extra: int,
                   mods: tuple[object, ...]) -> float:
    """`strike_chance`, kept by the rules, both sheets, `extra`, the target's sleep and `mods`
    (both fighters' modifiers, `Bot.hit_odds`): all the chance depends on."""
    settings = state.settings
    key = (id(settings), id(me.sheet), id(target.sheet), extra, target.asleep_turns > 0, mods)
    got = _STRIKE_CHANCES.get(key)
    if got is None or got[0] is not settings or got[1] is not me.sheet or got[2] is not target.sheet:
        got = _STRIKE_CHANCES.keep(key, (settings, me.sheet, target.sheet, strike_chance(state, me, target, extra)))
    return got[3]


class Bot:
    """Chooses actions for whichever fighter is active. Deterministic for a given `rng`."""

    def __init__(self, rng: random.Random, style: BotStyle | None = None) -> None:
        self.rng = rng
        self.style = style or LEVEL_STYLES["strong"]
        self._nav: Navigator | None = None
        self._nav_board: Board | None = None  # the board `_nav` is for
        self._turn: tuple[int, str] | None = None
        self._steps = 0
        self.last_plan: Plan | None = None
        self._odds: Kept[tuple[object, ...], float] = Kept(8192)
        self._plain_settings: RulesSettings | None = None
        self._plain: dict[tuple[str, str, int], float] = {}
        # `Odds.blow_outcomes` between fighters without modifiers or sleep, kept with `_plain`
        self.plain_blows: dict[tuple[str, str, int], Mapping[int, float]] = {}
        # `Odds.output`, by what it depends on: the friends (their sleep and modifiers), then the enemy's
        self.plain_outputs: Kept[tuple[object, ...], dict[tuple[object, ...], float]] = Kept(OUTPUT_TABLES)
        # (turn serial, fighter, squares run then, first step → route) of the run under way
        # (`BotStyle.follow_runs`)
        self.run_routes: tuple[int, str, int, dict[Square, list[Square]]] | None = None
        self._shots: Kept[tuple[object, ...], bytes] = Kept(1024)
        self._reach: dict[str, tuple[FighterSheet, tuple[int, bool]]] = {}  # `reach_of`
        # (turn serial, fighter, `_positions`, step) of the action chosen (`BotStyle.follow_steps`)
        self.step_plan: tuple[int, str, tuple[object, ...], Square | None] | None = None
        self._shot_squares: Kept[tuple[object, ...], list[Square]] = Kept(1024)
        # Where each enemy stood at the team's last turn, and those who came nearer since
        # (`BotStyle.wait_coming`).
        self._seen: dict[str, Square] = {}
        self.coming: set[str] = set()
        self.came: dict[str, int] = {}  # per enemy, the last round it was seen nearer (`BotStyle.iso_strike_coming`)
        self.saw_run = False  # an enemy moved farther than a walk between two looks (`BotStyle.press_after_run`)
        self._ours: dict[str, Square] = {}  # where each of the team stood at its last look
        self.went = -1  # the last round one of the team was seen nearer the enemies (`BotStyle.tempo_held`)
        self._policy: tuple[tuple[str, ...], dict[str, rollouts.Policy]] | None = None  # `rollout_policy`
        self._board_style: tuple[Board, BotStyle, BotStyle] | None = None  # `style_on`: board, style, style played
        self.tried: set[str] = set()  # the `TRIED_FAMILIES` the team played this match (`BotStyle.try_bonus`)

    def new_match(self) -> None:
        """Forget what the bot remembers of the play of the last match: the turn it counted
        actions for, the run route and the step it planned, where it saw the enemies. These are
        keyed by turn serial and fighter id, which start over with each match: a bot seated for
        match after match (the window's seats) would otherwise count a new match's first turn
        as the last one's, or take a step planned in another match. Its answers about boards
        and odds go by themselves (`navigator`)."""
        self._turn, self._steps = None, 0
        self.last_plan = None
        self.run_routes = None
        self.step_plan = None
        self._seen, self.coming = {}, set()
        self.came = {}
        self.saw_run = False
        self._ours, self.went = {}, -1
        self.tried = set()

    @classmethod
    def at_level(cls, level: str, rng: random.Random) -> Bot:
        """A bot of difficulty `level` (one of LEVELS)."""
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
        return cls(rng, LEVEL_STYLES[level])

    def style_on(self, board: Board) -> BotStyle:
        """The style played on `board`: `style` with its `in_maze` values on a labyrinth
        (`BotStyle.on_board`), worked out once per board and style."""
        kept = self._board_style
        if kept is None or kept[0] is not board or kept[1] is not self.style:
            kept = self._board_style = (board, self.style, self.style.on_board(board.labyrinth))
        return kept[2]

    # -- the one public decision -------------------------------------------------

    def choose(self, state: MatchState) -> Action:
        """The next action for `state.active`; always legal, ends the turn when in doubt."""
        if state.suicide_pending is not None:  # R9.2: the opponents' word; a bot grants no exception
            return SuicideVerdict(target=state.suicide_pending, spared=False)
        if state.split_pending is not None:  # R8.2: its own split of the damage just rolled
            return best_split(state)
        style = self.style_on(state.board)
        f = state.active
        key = (state.turn_serial, f.id)
        if key != self._turn:
            self._turn, self._steps = key, 0
            if (style.wait_coming or style.iso_strike_coming or style.death_coming or style.press_after_run
                    or style.tempo_held):
                self._watch(state)
        self._steps += 1
        if state.over or self._steps > MAX_ACTIONS_PER_TURN:
            return self._pick([Plan(0.0, END_TURN, "turn limit", "end_turn")])
        legal = open_action_kinds(state)
        if "stand_up" in legal:
            return self._pick([Plan(0.0, StandUp(), "stand up (R5.2)", "stand_up")])
        if legal <= {"end_turn"}:
            return self._pick([Plan(0.0, END_TURN, "nothing left to do", "end_turn")])
        if state.budget.run is not None and (step := runs.planned_step(self, state, legal)) is not None:
            return self._pick([step])  # the `fast` level keeps to the route it chose after the roll
        if style.follow_steps and (step := self._planned_step(state, legal)) is not None:
            return self._pick([step])  # the `fast` level takes the step it weighed with the action
        ctx = Context(self, state, legal)
        if state.budget.run is not None:
            return self._pick(runs.continue_run(ctx) or [Plan(0.0, END_TURN, "run over", "end_turn")])
        plans = [Plan(ctx.value(f.position, can_act=False), END_TURN, "end turn", "end_turn")]
        plans += ctx.action_plans()
        plans += ctx.move_plans()
        if style.noise:
            plans = [replace(p, score=p.score + self.rng.uniform(0, style.noise)) for p in plans]
        if style.lookahead:
            plans = rerank(ctx, plans, style.lookahead)
        if style.rollouts:
            plans = rollouts.rerank(ctx, plans, style.rollouts)
        untried = TRIED_FAMILIES - self.tried if style.try_bonus else frozenset()
        if untried:
            plans = [replace(p, score=p.score + style.try_bonus) if p.family in untried else p for p in plans]
        action = self._pick(plans)
        best = self.last_plan
        assert best is not None
        if best.family in untried:
            self.tried.add(best.family)
        if style.follow_steps:
            self.step_plan = None
            if best.family in STEP_AFTER_FAMILIES:  # `end`: the step `best_step` weighed after it
                self.step_plan = (state.turn_serial, f.id, _positions(state), best.end)
        return action

    def _planned_step(self, state: MatchState, legal: set[str]) -> Plan | None:
        """`BotStyle.follow_steps`: after the action chosen this turn, the step weighed with it
        (or the end of the turn when it was to stay), while every fighter stands, lives and
        bears modifiers as it did then and the core still allows that walk; else None."""
        kept = self.step_plan
        me = state.active
        if kept is None or kept[0] != state.turn_serial or kept[1] != me.id or state.budget.run is not None:
            return None
        if "attack" in legal or kept[2] != _positions(state):
            return None
        end = kept[3]
        if end is None:
            return Plan(0.0, END_TURN, "end turn (as weighed with the action)", "end_turn")
        if "walk" in legal and end in walk_squares(state, me):
            return Plan(0.0, options.walk_to(end), "walk (as weighed with the action)", "walk", end=end)
        return None

    def _watch(self, state: MatchState) -> None:
        """Note the enemies who moved nearer the team since its last turn (all of them at its
        first: both sides close in at the start), and whether one moved farther than a walk and
        the walk after its action (two path squares, R2.1, R0.6): a run (R4) or a teleport (R6);
        and whether one of the team moved nearer the enemies since its last look (`went`)."""
        me = state.active
        nav = self.navigator(state.board)
        w = nav.width
        ours = [f.position[1] * w + f.position[0] for f in state.fighters.values() if f.alive and f.team == me.team]
        coming = set()
        for e in state.opponents_of(me):
            was = self._seen.get(e.id)
            if was is None:
                coming.add(e.id)
            elif was != e.position:
                if not self.saw_run and nav.distance(was, e.position) > WALK_REACH:
                    self.saw_run = True
                now, then = nav.field(e.position), nav.field(was)
                if min(now[i] for i in ours) < min(then[i] for i in ours):
                    coming.add(e.id)
        self.coming = coming
        for eid in coming:
            self.came[eid] = state.round
        self._seen = {e.id: e.position for e in state.opponents_of(me)}
        theirs = [e.position[1] * w + e.position[0] for e in state.opponents_of(me)]
        for f in state.fighters.values():
            was = self._ours.get(f.id)
            if f.alive and f.team == me.team and theirs and was is not None and was != f.position:
                now, then = nav.field(f.position), nav.field(was)
                if min(now[i] for i in theirs) < min(then[i] for i in theirs):
                    self.went = state.round
        self._ours = {f.id: f.position for f in state.fighters.values() if f.alive and f.team == me.team}

    def came_lately(self, state: MatchState, enemies: list[FighterState], within: int) -> bool:
        """One of `enemies` came nearer the team within `within` rounds (`came`, noted by `_watch`:
        `BotStyle.iso_strike_coming`, `death_coming`)."""
        came, now = self.came, state.round
        return any(now - came.get(e.id, -within - 1) <= within for e in enemies)

    def rollout_policy(self, state: MatchState) -> dict[str, rollouts.Policy]:
        """The players of this bot's rollouts, one per team (kept for the match)."""
        teams = tuple(sorted({f.team for f in state.fighters.values()}))
        if self._policy is None or self._policy[0] != teams:
            self._policy = (teams, rollouts.policy_bots(list(teams), self.rng.getrandbits(32)))
        return self._policy[1]

    # -- odds, kept while nothing they depend on changes -----------------------------

    def hit_odds(self, state: MatchState, me: FighterState, target: FighterState, extra: int = 0) -> float:
        """`strike_chance` (R0.4, R10.1), kept per pair of fighters and their modifiers."""
        key: tuple[object, ...] = (id(state.settings), me.id, target.id, extra, target.asleep_turns > 0)
        mods: tuple[object, ...] = ()
        if me.modifiers or target.modifiers:
            mods = (tuple((m.applies_to, m.value) for m in me.modifiers),
                    tuple((m.applies_to, m.value) for m in target.modifiers))
            key += mods
        got = self._odds.get(key)
        if got is None:
            got = self._odds.keep(key, _strike_chance(state, me, target, extra, mods))
        return got

    def hit_damage(self, state: MatchState, me: FighterState) -> float:
        """`mean_hit_damage` (R12.2), kept per fighter and its modifiers."""
        key: tuple[object, ...] = (id(state.settings), me.id, "damage")
        if me.modifiers:
            key += (tuple((m.applies_to, m.value) for m in me.modifiers),)
        got = self._odds.get(key)
        if got is None:
            got = self._odds.keep(key, mean_hit_damage(state, me))
        return got

    def shots(self, state: MatchState, me: FighterState, at: Square) -> bytes:
        """R1: per board square (row-major), IN_RANGE or BEYOND_RANGE where `me`'s weapon
        reaches a foe standing on `at` from there (`range_grid` from the foe's square: sight
        is symmetric), else another code. The core keeps the grid with the board."""
        key = (id(state.board), id(state.settings), me.id, at)
        got = self._shots.get(key)
        if got is None:
            got = self._shots.keep(key, range_grid(state, me, at))
        return got

    def shot_squares(self, state: MatchState, me: FighterState, at: Square) -> list[Square]:
        """The squares of `shots`: those from which `me` reaches a foe on `at` (R1)."""
        key = (id(state.board), id(state.settings), me.id, at, "squares")
        got = self._shot_squares.get(key)
        if got is None:
            got = self._shot_squares.keep(key, shooting_squares(state.board, self.shots(state, me, at)))
        return got

    def reach_of(self, f: FighterState) -> tuple[int, bool]:
        """`weapon_reach` and whether the weapon is ranged (R1: bows, firearms and thrown weapons),
        kept per sheet (sheets are frozen)."""
        got = self._reach.get(f.id)
        if got is None or got[0] is not f.sheet:
            got = self._reach[f.id] = (f.sheet, (weapon_reach(f), f.sheet.weapon.family.ranged))
        return got[1]

    def plain_hits(self, settings: RulesSettings) -> dict[tuple[str, str, int], float]:
        """Expected hits between fighters without modifiers, kept while the rules stay the same."""
        if self._plain_settings is not settings:
            self._plain_settings, self._plain, self.plain_outputs = settings, {}, Kept(OUTPUT_TABLES)
            self.plain_blows = {}
        return self._plain

    def navigator(self, board: Board) -> Navigator:
        """Distance fields for `board` (rebuilt when the board changes, e.g. a reloaded map).
        Asked first by every decision (`Context`): a bot seated for match after match (the
        window's seats) sees a new board with each new match, and then forgets the answers it
        kept about the last one (`_forget_answers`)."""
        if self._nav is None or self._nav_board is not board:
            if self._nav_board is not None:
                self._forget_answers()
            self._nav, self._nav_board = navigator_for(board), board
        return self._nav

    def _forget_answers(self) -> None:
        """Drop the answers kept about the last board and its fighters: range grids and
        shooting squares (keyed by the board's id, which held the board until now so no
        other board could take that id), odds and reaches by fighter id (a new match may give
        an id another sheet). Answers only: what the bot remembers of play is left as is."""
        self._shots.clear()
        self._shot_squares.clear()
        self._odds.clear()
        self._reach.clear()
        self._plain_settings, self._plain, self.plain_outputs = None, {}, Kept(OUTPUT_TABLES)
        self.plain_blows = {}

    def _pick(self, plans: list[Plan]) -> Action:
        # `max` by (score to 6 places, a fresh random draw) written out: one draw per plan in
        # order, the first of the highest keys kept, as `max(plans, key=...)` does (the pair
        # compared as tuples compare, without making them)
        draw = self.rng.random
        best = plans[0]
        top, top_draw = round(best.score, 6), draw()
        for p in plans[1:]:
            score, d = round(p.score, 6), draw()
            if score > top or (score == top and d > top_draw):
                best, top, top_draw = p, score, d
        self.last_plan = best
        return best.action
