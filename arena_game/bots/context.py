"""What one decision of the bot weighs (`Context`): the active fighter, its friends and foes,
its target and whether it flees, and the worth of each square it may end on (`value`, worked
out by bots/worth.py). Its parts are small collaborators it owns, each with its answers kept
for the decision:

- `odds` (bots/odds.py): the blows' odds between the fighters;
- `enemy_reach` (bots/reach.py): where each enemy strikes next turn;
- `danger` (bots/danger.py): the threat, the tempo given away and the death risk of a square;
- `support`, `fall_back` (bots/support.py, bots/fall_back.py): the friends' support, and in a
  labyrinth making way and falling back;
- `closing` (bots/closing.py): the gap to where the fighter closes to (its target and its
  flight are chosen there too).

Each takes what it reads of the context when it is made and holds no reference to it: a
context is freed the moment its decision is done (a cycle would leave every one of them to the
cyclic collector). `Bot.choose` (bots/brain.py) makes one per decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.bots import options, runs, worth
from arena_game.bots.closing import Closing, choose_target, is_losing
from arena_game.bots.danger import Danger
from arena_game.bots.fall_back import FallBack
from arena_game.bots.odds import Odds
from arena_game.bots.plans import Plan
from arena_game.bots.pushes import push_room
from arena_game.bots.reach import BEYOND_RANGE, IN_RANGE, EnemyReach
from arena_game.bots.style import STALL_ROUNDS
from arena_game.bots.support import Support
from arena_game.core.board import Board
from arena_game.core.board_tables import board_table
from arena_game.core.geometry import Square
from arena_game.core.kept import Kept
from arena_game.core.queries import (
    fleeing_from,
    holding_opponents,
    open_attack_targets,
    walk_squares,
)
from arena_game.core.sheets import WeaponFamily
from arena_game.core.state import FighterState, MatchState

if TYPE_CHECKING:
    from arena_game.bots.brain import Bot


def shooting_squares(board: Board, grid: bytes) -> list[Square]:
    """The squares of a `range_grid` of `board` coded IN_RANGE or BEYOND_RANGE, row by row.
    The core keeps each grid with its board (the same object for the same weapon, shooter
    and square), so these are kept with the board too, by the grid's identity, for every bot
    and match on it, and go with it (each entry holds its grid: no id is reused while kept)."""
    kept: Kept[int, tuple[bytes, list[Square]]] = board_table(board, "shooting_squares", _no_squares)
    got = kept.get(id(grid))
    if got is None or got[0] is not grid:
        width = board.width
        got = kept.keep(id(grid), (
            grid, [(i % width, i // width) for i, c in enumerate(grid) if c in (IN_RANGE, BEYOND_RANGE)]))
    return got[1]


def _no_squares(board: Board) -> Kept[int, tuple[bytes, list[Square]]]:
    return Kept(4096)


class Context:
    """What one decision needs: the state, the active fighter, its friends and foes."""

    __slots__ = ("bot", "style", "state", "legal", "me", "nav", "width", "enemies", "friends", "can_attack", "acted",
                 "kept", "_values", "square_parts", "shots_at_enemies", "_flees", "_held", "odds", "enemy_fields",
                 "target", "fleeing", "enemy_reach", "my_reach", "ranged", "two_handed", "beyond_malus", "late",
                 "pressing", "caution", "tempo_on", "more_terms", "closing", "danger", "_support", "_fall_back",
                 "__weakref__")

    def __init__(self, bot: Bot, state: MatchState, legal: set[str]) -> None:
        self.bot = bot
        self.style = bot.style_on(state.board)
        self.state = state
        self.legal = legal
        self.me = state.active
        self.nav = bot.navigator(state.board)  # (before the odds: a new board drops the old answers)
        self.width = self.nav.width
        self.enemies = state.opponents_of(self.me)
        self.friends = [f for f in state.fighters.values() if f.alive and f.team == self.me.team]
        self.can_attack = bool(legal & {"attack", "circle_attack"})
        run = state.budget.run
        self.acted = state.budget.acted or (run is not None and run.attacked)  # the turn's blow is struck
        # Kept for this decision only (the state does not change while the bot thinks).
        self.kept: dict[str, object] = {}  # the candidate families' own tables for this decision
        self._values: dict[tuple[Square, bool, int, int | None, bool, bool], float] = {}  # `value`
        # `worth.square_value`'s tables: per square the parts that do not depend on the attack
        # (threat, push hazard, gap, each weighed), and the fighter's shots at each enemy (`Bot.shots`)
        self.square_parts: dict[Square, tuple[float, float, float]] = {}
        self.shots_at_enemies: list[tuple[FighterState, bytes]] | None = None
        self._flees: dict[Square, bool] = {}
        self._held: bool | None = None  # an awake opponent is beside the fighter (R3.1)
        self.odds = Odds(bot, state, self.me, self.friends, self.enemies)
        self.enemy_fields = [self.nav.field(e.position) for e in self.enemies]  # each enemy's path field
        self.target = choose_target(self)
        self.fleeing = is_losing(self)
        self.enemy_reach = EnemyReach(self)
        self.my_reach, self.ranged = bot.reach_of(self.me)
        self.two_handed = self.me.sheet.weapon.family is WeaponFamily.TWO_HANDED  # R8: circle attacks
        self.beyond_malus = state.settings.combat.firearm_beyond_range_malus
        # Caution fades as the match drags on, so that two careful sides still meet
        # before the round cap (a draw says nothing about a map).
        self.late = max(0.0, 1.0 - state.round / STALL_ROUNDS)
        # `BotStyle.press_from`: past that round every fighter presses (no replies, no escapes,
        # no step back after a shot): a kite a step ahead of a walking blade only runs out the clock
        st = self.style
        self.pressing = bool(st.press_from) and state.round >= st.press_from and (
            not st.press_maze or state.board.labyrinth) and (
            not st.press_behind or sum(f.pv for f in self.friends) <= sum(e.pv for e in self.enemies)) and (
            not st.press_last or len(self.friends) == 1) and (not st.press_after_run or bot.saw_run)
        self.caution = worth.caution(self)
        self.tempo_on, self.more_terms = worth.value_terms(self)  # `worth.square_value`'s terms weighed
        self.closing = Closing(self)
        self.danger = Danger(self)
        self._support: Support | None = None  # (made when first asked: only some styles weigh them)
        self._fall_back: FallBack | None = None

    @property
    def support(self) -> Support:
        """The friends' support (`bots/support.py`)."""
        if self._support is None:
            self._support = Support(self)
        return self._support

    @property
    def fall_back(self) -> FallBack:
        """Making way and falling back in a labyrinth (`bots/fall_back.py`)."""
        if self._fall_back is None:
            self._fall_back = FallBack(self)
        return self._fall_back

    def value(
        self, sq: Square, can_act: bool, attack_malus: int = 0, reach: int | None = None, force: bool = False,
        struck: bool = False,
    ) -> float:
        """Rough worth of standing on `sq` at the end of this turn (in PV-like units; `worth.square_value`).

        `can_act`: an attack may still follow from there (`force` even when no attack is
        legal right now, e.g. a run's attack before the run starts), with `reach` squares.
        `struck`: the turn's action is taken before (no first strike given away, `Danger.tempo_at`).
        """
        key = (sq, can_act, attack_malus, reach, force, struck)
        got = self._values.get(key)
        if got is None:
            got = self._values[key] = worth.square_value(self, sq, can_act, attack_malus, reach, force, struck)
        return got

    # -- candidates ----------------------------------------------------------------

    def action_plans(self) -> list[Plan]:
        """Attacks, pushes, taunts, teleports: each with its forecast value, plus where the
        fighter stands after it (R0.6: a walk may still follow the action, e.g. a step back)."""
        found = options.action_options(self)
        if not found:
            return []  # (the step after is worked out only for an action to take)
        after, end = self.value(self.me.position, can_act=False, struck=True), None
        if self.steps_after() and "walk" in self.legal:
            after, end = self.best_step(after)
        for p in found:  # fresh plans, made for this decision: changed in place
            if p.room is not None:
                push_room(self, p, after, end)
                continue
            p.score = after + p.score
            p.end = p.end or end
        return found

    def flees(self, sq: Square) -> bool:
        """R3.1: a walk to `sq` leaves an adjacent opponent (`fleeing_from`), kept for the decision."""
        if self._held is None:
            self._held = bool(holding_opponents(self.state, self.me))
        if not self._held:
            return False  # nobody holds it: no walk is a flight
        got = self._flees.get(sq)
        if got is None:
            got = self._flees[sq] = bool(fleeing_from(self.state, self.me, [sq]))
        return got

    def steps_after(self) -> bool:
        """R0.6: the walk after the action is weighed for this fighter (`BotStyle.step_after`,
        `step_after_blades`)."""
        return self.style.step_after and (self.style.step_after_blades or self.ranged)

    def best_step(self, stay: float) -> tuple[float, Square | None]:
        """The value of the best walk after the action (or of staying), and where it ends."""
        best, end = stay, None
        for sq in walk_squares(self.state, self.me):
            v = self.value(sq, can_act=False, struck=True)
            if self.flees(sq):
                v = 0.75 * v + 0.25 * stay  # R3.1: a 1 on the d4 keeps it here
            if v > best:
                best, end = v, sq
        return best, end

    def move_plans(self) -> list[Plan]:
        """Walks, jumps, swims and runs, each valued by where it ends (`BotStyle.walks_by_attacks`:
        only walks while an attack is open)."""
        if self.style.walks_by_attacks and "attack" in self.legal and open_attack_targets(self.state, self.me):  # a blade strikes from where it stands (a walk first was chosen in 4 of 284 such turns)
            return options.move_options(self, walks_only=True) if self.ranged else []
        return options.move_options(self) + runs.run_plans(self)

    def jump_malus(self) -> int:
        """R2.4: attacks in the turn of a jump are at −15 (a setting)."""
        return self.state.settings.movement.jump_attack_malus
