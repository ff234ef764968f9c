"""The bots' shortcuts of session 56 give what the plain computations give, at every decision of
seeded matches (`fast` bots, on an open map and a labyrinth, bows and blades, fighters taunted
and hurt as play goes): the threat of a square and the foes within a blade's reach found by
plain comparisons, the teleport's candidate squares keyed on column and row distances, the
focus target's engaged friends, the taunt's strikers, expected hits read from the match's
table between fighters without modifiers or sleep, and hit chances shared by every bot of the
process (by rules, sheets and modifiers)."""

from __future__ import annotations

import heapq

import pytest

from arena_game.bots import brain, options, worth
from arena_game.bots.closing import choose_target
from arena_game.bots.context import Context
from arena_game.bots.match import MatchSetup, match_seed, play_bot_match
from arena_game.bots.navigation import UNREACHABLE
from arena_game.bots.reach import RUN_REACH
from arena_game.core.geometry import Square, chebyshev
from arena_game.core.queries import strike_chance
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, find_map


def _threat(ctx: Context, sq: Square) -> float:
    """`Danger.threat_at` without `BotStyle.sighted_threat`, by `chebyshev`."""
    idx = sq[1] * ctx.width + sq[0]
    threat = 0.0
    for pos, reach, fld, hit in ctx.enemy_reach.threats:
        if fld is None:
            if chebyshev(pos, sq) <= reach:
                threat += hit
        elif fld[idx] <= 2:
            threat += hit
        elif fld[idx] <= RUN_REACH:
            threat += 0.3 * hit
    return threat


def _blade_blow(ctx: Context, sq: Square) -> tuple[float, str | None]:
    """`worth._attack` of a blade without a circle attack, its foes in reach by `chebyshev`."""
    best, struck = 0.0, None
    for e in ctx.enemies:
        if 0 < chebyshev(e.position, sq) <= ctx.my_reach:
            hit = ctx.odds.expected_hit(ctx.me, e)
            if hit > best:
                best, struck = hit, e.id
    return best, struck


def _teleport_squares(ctx: Context, squares: list[Square]) -> list[Square]:
    """`options._teleport_squares` by sorting every square on its `chebyshev` keys."""
    def far(sq: Square) -> int:
        return min((chebyshev(sq, e.position) for e in ctx.enemies), default=0)

    picked = sorted(squares, key=lambda sq: (-far(sq), sq[1], sq[0]))[:options.TELEPORT_CANDIDATES // 2]
    if ctx.target is not None:
        want = 1 if not ctx.me.sheet.weapon.family.ranged else min(ctx.my_reach, 4)
        picked += heapq.nsmallest(options.TELEPORT_CANDIDATES // 2, squares, key=lambda sq: (
            abs(chebyshev(sq, ctx.target.position) - want), sq[1], sq[0]))  # type: ignore[union-attr]
    return picked


def _target(ctx: Context) -> object:
    """`choose_target` with the friends beside each enemy counted by `chebyshev`."""
    best, best_key = None, None
    me = ctx.me
    idx = me.position[1] * ctx.width + me.position[0]
    for e, fld in zip(ctx.enemies, ctx.enemy_fields, strict=True):
        d = fld[idx] if fld[idx] < UNREACHABLE else chebyshev(me.position, e.position) + 20
        engaged = sum(1 for f in ctx.friends if f.id != me.id and chebyshev(f.position, e.position) == 1)
        k = d + e.pv / 8 - ctx.style.focus * (engaged + 3 * ctx.odds.output(e) / max(e.pv, 1))
        if best_key is None or k < best_key:
            best, best_key = e, k
    return best


def _strikers(ctx: Context) -> list[str]:
    """`options._strikers_next_turn` without runs, by `chebyshev`."""
    return [f.id for f in ctx.friends
            if any(chebyshev(f.position, e.position) <= ctx.bot.reach_of(f)[0] + 1 for e in ctx.enemies)]


class _Checked(Context):
    """A decision's context that compares the shortcuts with the plain computations when made."""

    __slots__ = ()
    seen: list[tuple[int, bool]] = []  # per context: squares compared, modifiers on a fighter

    def __init__(self, bot: brain.Bot, state: object, legal: set[str]) -> None:
        super().__init__(bot, state, legal)  # type: ignore[arg-type]
        board = self.state.board
        squares = [sq for sq in board.squares() if board.terrain(sq).walkable
                   and self.state.fighter_at(sq) is None]
        for sq in squares:
            assert self.danger.threat_at(sq) == _threat(self, sq), sq
            if not self.ranged and not self.two_handed:
                assert worth._attack(self, sq, sq[1] * self.width + sq[0], 0, None) == _blade_blow(self, sq), sq
        assert options._teleport_squares(self, squares) == _teleport_squares(self, squares)
        assert choose_target(self) is _target(self) is self.target
        assert [f.id for f in options._strikers_next_turn(self)] == _strikers(self)
        alive = [f for f in self.state.fighters.values() if f.alive]
        for a in alive:
            for t in alive:
                for extra in (0, -8):
                    chance = self.bot.hit_odds(self.state, a, t, extra)  # (shared by the bots of the process)
                    assert chance == strike_chance(self.state, a, t, extra)
                    assert self.odds.expected_hit(a, t, extra) == chance * self.bot.hit_damage(self.state, a)
        _Checked.seen.append((len(squares), any(f.modifiers for f in alive)))


@pytest.mark.parametrize("map_name", ["arene-classique", "labyrinthe"])
def test_s56_bot_shortcuts_match_the_plain_computations(monkeypatch: pytest.MonkeyPatch, map_name: str) -> None:
    monkeypatch.setattr(brain, "Context", _Checked)
    _Checked.seen = []
    teams = tuple(load_teams(default_teams_path()))
    setup = MatchSetup(load_map(find_map(map_name)), teams, round_cap=12, bot_level="fast")
    for i in range(2):
        play_bot_match(setup, match_seed(56, i), i)
    assert len(_Checked.seen) > 50 and all(n > 0 for n, _ in _Checked.seen)
    assert any(mods for _, mods in _Checked.seen)  # some decisions weighed fighters under a modifier
