"""Map analysis for designers (`arena-game check`, the reach overlay of `arena-game render`).

No pygame here. Reachability asks the rules core, square by square: a walking step is
legal when `rules.movement.step_refusal` (R2.1, R2.2 diagonals, R2.5 dead squares, R13)
says so for a probe fighter alone on the board; swimming uses the same call with water
allowed (R2.3) and jumping over an obstacle uses `rules.movement.jump_refusal` (R2.4).
Each square's moves are asked once per board and kept with it (`Prober`); every search
walks those answers, so a 128×128 map costs a few core questions per square, not one
search per crate.

Findings (code → severity):
- `file-problem` (error): the map does not load.
- `trapped-spawn` (error): a spawn no fighter of another team can reach by any own
  movement (walled in, or in a pocket of its own): a fighter placed there never fights.
- `lopsided-spawns` (warning): one team starts better placed than another — it walks first
  to a larger share of the map, or is nearer the centre, further from hazards, or has more
  cover; thresholds and figures in `design/fairness.py`, figures in `--json`.
- `sealed-teams` (error): two teams cannot reach each other by any own movement (walk,
  swim, jump over obstacles): no melee fight can happen.
- `unreachable-pocket` (warning): floor or water squares that no fighter can reach from
  any spawn by its own movement (teleportation aside).
- `no-walk-path` (warning): a team's spawns reach the other team's only by swimming or
  jumping, not by walking.
- `dead-square-by-spawn` (warning): lava, acid or a hole next to a spawn (one push kills).
- `unequal-distance` (warning): the teams' mean walking distance from a spawn to the
  nearest enemy spawn differs by more than `DISTANCE_TOLERANCE` squares (figures shown).
- `unequal-spawns` (warning): teams have different numbers of spawns.
- `too-many-teams` (warning): the roster (`--teams`) brings more teams than the map has spawn
  sides: a match on it needs a scenario that places the others by hand.
- `maze-without-flag` / `flag-on-open-map` (warning): see `corridor_share`.
- What a Tiled map shows its designer that the board does not read (warnings, first; the map
  loads as before, `tiled.load_tiled_map`): `layer-over-terrain`, a tile layer (or an image layer)
  drawn over the terrain layer, seen in Tiled and never read; `terrain-layer-transparent`, the
  terrain layer at opacity 0 (Tiled shows what is under it); `terrain-layer-hidden`, a hidden
  layer named `terrain` while the only visible tile layer is read in its place;
  `objects-not-spawns`, visible objects without a `team` (nor the class `spawn`), not read.

"Maze-like" is measured by the corridor share: the fraction of floor squares that belong
to no 2×2 block of floor. Why 2×2: a run turns at most 45° per step (R4.4) and cannot cut
a wall corner (R2.2), so a run can only turn a corner where a 2×2 patch of floor lets it
take two 45° steps; on a 1-square-wide corridor every corner needs the labyrinth's
right-angle exception. A map is maze-like when the share is at least `MAZE_SHARE` (0.5)
and open when it is at most `OPEN_SHARE` (0.25); in between neither warning is given.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from arena_game.core.board import Board
from arena_game.core.board_tables import board_table
from arena_game.core.geometry import Square, neighbours
from arena_game.core.queries import jump_landing, jump_refusal, step_refusal
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.core.sheets import FighterSheet
from arena_game.core.state import FighterState, MatchState, TeamState
from arena_game.core.terrain import Terrain
from arena_game.design.checkwords import finding_text
from arena_game.design.fairness import fairness_figures, lopsided
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled import Unread

MAZE_SHARE = 0.5
OPEN_SHARE = 0.25
DISTANCE_TOLERANCE = 1.0
Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    """One thing `check` reports about a map: a code and plain data, worded at the edge
    (`design.checkwords`) in the reader's language."""

    code: str
    severity: Severity
    fields: dict[str, object] = field(default_factory=dict)
    squares: tuple[Square, ...] = ()

    def text(self, lang: str = "en") -> str:
        """The finding as a sentence in `lang`."""
        return finding_text(self, lang)

    @property
    def message(self) -> str:
        """The finding in English (the terminal's default)."""
        return self.text("en")

    def as_json(self, lang: str = "en") -> dict[str, object]:
        """Plain data for `--json`."""
        return {"code": self.code, "severity": self.severity, "message": self.text(lang),
                "squares": [list(sq) for sq in self.squares]}


@dataclass(frozen=True)
class TeamFigures:
    """What `check` measures of one team slot: walking squares from each of its spawns to
    the nearest enemy spawn (None when it reaches none), and its fairness figures."""

    nearest: dict[str, float] | None
    fairness: dict[str, float | None]


@dataclass
class MapReport:
    """Everything `check` says about one map file."""

    path: str
    name: str = ""
    findings: list[Finding] = field(default_factory=list)
    teams: dict[str, TeamFigures] = field(default_factory=dict)
    corridors: float | None = None
    shortcuts: list[tuple[Square, Square, Square]] = field(default_factory=list)  # `shortcut_jumps`

    @property
    def errors(self) -> list[Finding]:
        """Findings that make the map unusable."""
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        """Design warnings."""
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def figures(self) -> dict[str, object]:
        """The figures as `--json` names them ("team 1 nearest enemy", "corridor share")."""
        out: dict[str, object] = {}
        for t, fig in self.teams.items():
            if fig.nearest is not None:
                out[f"team {t} nearest enemy"] = fig.nearest
        for t, fig in self.teams.items():
            out[f"team {t} fairness"] = fig.fairness
        if self.corridors is not None:
            out["corridor share"] = round(self.corridors, 2)
        if self.shortcuts:
            out["jumps that shorten a path"] = [
                {"from": list(a), "over": list(o), "to": list(b)} for a, o, b in self.shortcuts]
        return out

    @property
    def shortcut_obstacles(self) -> list[Square]:
        """The obstacles a jump over shortens a path past, each once, in reading order."""
        return sorted({o for _, o, _ in self.shortcuts}, key=lambda sq: (sq[1], sq[0]))

    def as_json(self, lang: str = "en") -> dict[str, object]:
        """Plain data for `--json`."""
        return {"map": self.path, "name": self.name,
                "errors": [f.as_json(lang) for f in self.errors],
                "warnings": [f.as_json(lang) for f in self.warnings], "figures": self.figures}


# -- reachability through the rules core --------------------------------------------


class Prober:
    """A probe fighter alone on the board; asks the core which moves are legal.

    Each square's moves are asked once per board and kept with it (`board_table`): every
    search of the analysis (per team, from the centre, from hazards, round each crate)
    then walks the kept answers instead of asking the core again for every square it
    passes. The answers depend on the board alone: the probe is alone, never blocks its own
    way, and stands where a jump is asked from (`jumps`)."""

    def __init__(self, board: Board) -> None:
        sheet = FighterSheet(id="probe", name="Probe", team="probe", pv=1)
        self.fighter = FighterState(sheet=sheet, position=(0, 0), pv=1, mana=0)
        self.state = MatchState(
            board=board, settings=DEFAULT_SETTINGS, fighters={"probe": self.fighter},
            teams={"probe": TeamState(id="probe", name="Probe", colour="#ffffff")}, order=["probe"],
        )
        self.board = board
        # square → its moves; the tables hold squares, never the board (they go with it)
        self._walks: dict[Square, tuple[Square, ...]] = board_table(board, "design.walk_steps", _empty_table)
        self._moves: dict[Square, tuple[Square, ...]] = board_table(board, "design.any_moves", _empty_table)
        self._jumps: dict[Square, tuple[tuple[Square, Square], ...]] = board_table(board, "design.jumps", _empty_table)

    def walk_steps(self, sq: Square) -> tuple[Square, ...]:
        """Squares one walking step from `sq` (R2.1, R2.2, R2.5)."""
        got = self._walks.get(sq)
        if got is None:
            got = self._walks[sq] = tuple(
                n for n in neighbours(sq) if step_refusal(self.state, self.fighter, sq, n) is None)
        return got

    def jumps(self, sq: Square) -> tuple[tuple[Square, Square], ...]:
        """(over, landing) of each obstacle the probe may jump over from the floor square `sq` (R2.4)."""
        got = self._jumps.get(sq)
        if got is None:
            out = []
            self.fighter.position = sq  # the core's jump refusal asks where the jumper stands
            for n in neighbours(sq):
                if self.board.terrain(n) is Terrain.OBSTACLE and jump_refusal(self.state, self.fighter, n) is None:
                    out.append((n, jump_landing(sq, n)))
            got = self._jumps[sq] = tuple(out)
        return got

    def any_moves(self, sq: Square) -> tuple[Square, ...]:
        """Squares one own move from `sq`: a walking or swimming step, or a jump over an obstacle."""
        got = self._moves.get(sq)
        if got is None:
            out = [n for n in neighbours(sq)
                   if step_refusal(self.state, self.fighter, sq, n, allow_water=True) is None]
            if self.board.terrain(sq) is Terrain.FLOOR:
                out.extend(landing for _, landing in self.jumps(sq))
            got = self._moves[sq] = tuple(out)
        return got

    def distances(self, starts: Iterable[Square], walking_only: bool = True, limit: int | None = None) -> dict[Square, int]:
        """Fewest moves from the nearest start to each reachable square (breadth first),
        only as far as `limit` moves when given."""
        kept = self._walks if walking_only else self._moves
        step = self.walk_steps if walking_only else self.any_moves
        dist = {sq: 0 for sq in starts}
        frontier = list(dist)
        d = 0
        while frontier and (limit is None or d < limit):
            d += 1
            ahead = []
            for sq in frontier:
                moves = kept.get(sq)
                for n in step(sq) if moves is None else moves:
                    if n not in dist:
                        dist[n] = d
                        ahead.append(n)
            frontier = ahead
        return dist


def _empty_table(board: Board) -> dict[Square, Any]:
    return {}


def walk_first(board: Board) -> dict[Square, str]:
    """For each square some team reaches by walking: the team slot that gets there first
    from its nearest spawn, or "tie" (the `reach` overlay of `arena-game render`)."""
    prober = Prober(board)
    per_team = {team: prober.distances(sqs) for team, sqs in board.spawns.items()}
    out: dict[Square, str] = {}
    for sq in board.squares():
        best = sorted((d[sq], team) for team, d in per_team.items() if sq in d)
        if not best:
            continue
        out[sq] = "tie" if len(best) > 1 and best[0][0] == best[1][0] else best[0][1]
    return out


def shortcut_jumps(board: Board) -> list[tuple[Square, Square, Square]]:
    """Jumps that shorten a path (R2.4): (from, over, to) for each obstacle a fighter may jump
    from a floor square where walking from there to the landing takes more than the jump's
    two squares, or cannot get there at all. Straight across a free-standing crate the way
    round is two squares too; corner to corner it is three."""
    prober = Prober(board)
    out = []
    for sq in board.squares():
        if board.terrain(sq) is not Terrain.FLOOR:
            continue
        # the squares a walk reaches in at most the jump's two: a landing outside them is a shorter way
        near: dict[Square, int] | None = None
        for over, to in prober.jumps(sq):
            near = near if near is not None else prober.distances([sq], limit=2)
            if to not in near:
                out.append((sq, over, to))
    return out


def corridor_share(board: Board) -> float:
    """Fraction of floor squares in no 2×2 block of floor (0 open … 1 all corridors)."""
    floor = {sq for sq in board.squares() if board.terrain(sq) is Terrain.FLOOR}
    if not floor:
        return 0.0
    open_sq: set[Square] = set()
    for x, y in floor:
        block = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
        if block <= floor:
            open_sq |= block
    return 1 - len(open_sq) / len(floor)


def _components(squares: set[Square]) -> list[list[Square]]:
    """8-connected groups of squares, each sorted, groups in reading order."""
    left = set(squares)
    groups = []
    while left:
        seed = min(left, key=lambda s: (s[1], s[0]))
        group, queue = {seed}, deque([seed])
        left.discard(seed)
        while queue:
            for n in neighbours(queue.popleft()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    queue.append(n)
        groups.append(sorted(group, key=lambda s: (s[1], s[0])))
    return groups


# -- the checks ----------------------------------------------------------------------


Reach = dict[Square, int]
"""Squares reached from a team's spawns, with the steps it takes (`Prober.distances`)."""


def analyse_board(board: Board, team_size: int = 0,
                  team_count: int = 0) -> tuple[list[Finding], dict[str, TeamFigures], float]:
    """Every design finding about a loaded board, each team slot's figures, and the
    corridor share.

    `team_size`: the most fighters a team will bring; a slot with fewer spawns is reported.
    `team_count`: how many teams the roster brings; more than the map has slots is reported.
    """
    prober = Prober(board)
    teams = sorted(board.spawns)
    walk = {t: prober.distances(board.spawns[t]) for t in teams}
    anymove = {t: prober.distances(board.spawns[t], walking_only=False) for t in teams}
    findings = [
        *_pockets(board, anymove), *_sealed_teams(board, walk, anymove), *_trapped_spawns(board, anymove),
        *_dead_squares_by_spawns(board),
    ]
    nearest, means = _nearest_enemy_spawns(board, walk)
    if len(means) >= 2 and max(means.values()) - min(means.values()) > DISTANCE_TOLERANCE:
        findings.append(Finding("unequal-distance", "warning", {"means": {t: round(m, 1) for t, m in means.items()}}))
    fair = fairness_figures(board, walk, prober.distances)
    spreads = lopsided(fair)
    if spreads:
        findings.append(Finding("lopsided-spawns", "warning", {"spreads": spreads}))
    findings += _spawn_counts(board, team_size, team_count)
    share = corridor_share(board)
    findings += _labyrinth_flag(board, share)
    figures = {t: TeamFigures(nearest.get(t), fair.get(t, {})) for t in teams}
    return findings, figures, share


def _pockets(board: Board, anymove: dict[str, Reach]) -> list[Finding]:
    """Standable squares no own movement reaches from any spawn: a fighter could only be
    pushed or teleported there."""
    standable = {sq for sq in board.squares() if board.terrain(sq) in (Terrain.FLOOR, Terrain.WATER)}
    return [Finding("unreachable-pocket", "warning", {}, tuple(pocket))
            for pocket in _components(standable.difference(*anymove.values()))]


def _sealed_teams(board: Board, walk: dict[str, Reach], anymove: dict[str, Reach]) -> list[Finding]:
    """Two teams that no movement brings together (an error: they never fight), or that only
    swimming or jumping does."""
    teams = sorted(board.spawns)
    out = []
    for i, a in enumerate(teams):
        for b in teams[i + 1:]:
            if not any(sq in anymove[a] for sq in board.spawns[b]):
                out.append(Finding("sealed-teams", "error", {"a": a, "b": b}))
            elif not any(sq in walk[a] for sq in board.spawns[b]):
                out.append(Finding("no-walk-path", "warning", {"a": a, "b": b}))
    return out


def _trapped_spawns(board: Board, anymove: dict[str, Reach]) -> list[Finding]:
    """Spawns of a team that no enemy reaches while its other spawns are reached: the fighter
    placed there never fights."""
    teams = sorted(board.spawns)
    out = []
    for t in teams:
        enemies = [u for u in teams if u != t]
        trapped = [sq for sq in board.spawns[t] if enemies and not any(sq in anymove[u] for u in enemies)]
        if trapped and len(trapped) < len(board.spawns[t]):
            out.append(Finding("trapped-spawn", "error", {"team": t}, tuple(trapped)))
    return out


def _dead_squares_by_spawns(board: Board) -> list[Finding]:
    """Spawns beside a dead square: the first push of the match can kill (R2.5, R5.3)."""
    out = []
    for t in sorted(board.spawns):
        for sq in board.spawns[t]:
            dead = [n for n in neighbours(sq) if board.inside(n) and board.terrain(n).dead]
            if dead:
                out.append(Finding("dead-square-by-spawn", "warning",
                    {"team": t, "spawn": sq, "terrain": board.terrain(dead[0]).value, "dead": dead[0]},
                    (sq, *dead)))
    return out


def _nearest_enemy_spawns(board: Board,
                          walk: dict[str, Reach]) -> tuple[dict[str, dict[str, float] | None], dict[str, float]]:
    """For each team, the walking squares from each of its spawns to the nearest enemy spawn
    (min, mean, max; None when none is reached), and the unrounded means."""
    teams = sorted(board.spawns)
    nearest: dict[str, dict[str, float] | None] = {}
    means: dict[str, float] = {}
    for t in teams:
        # the least of the enemy teams' walking distances: what one search from all their
        # spawns at once would find
        enemy = [walk[u] for u in teams if u != t]
        per_spawn = [min(d[sq] for d in enemy if sq in d) for sq in board.spawns[t] if any(sq in d for d in enemy)]
        nearest[t] = None
        if per_spawn:
            means[t] = sum(per_spawn) / len(per_spawn)
            nearest[t] = {"min": min(per_spawn), "mean": round(means[t], 2), "max": max(per_spawn)}
    return nearest, means


def _spawn_counts(board: Board, team_size: int, team_count: int) -> list[Finding]:
    """Team slots with fewer spawns than the largest team, of unequal sizes, or fewer slots
    than the roster has teams."""
    teams = sorted(board.spawns)
    out = []
    counts = {t: len(board.spawns[t]) for t in teams}
    short = {t: n for t, n in counts.items() if n < team_size}
    if short:
        out.append(Finding("too-few-spawns", "warning", {"size": team_size, "short": short}))
    if len(set(counts.values())) > 1:
        out.append(Finding("unequal-spawns", "warning", {"counts": counts}))
    if team_count > len(teams):  # `play` would refuse the roster: a team left without a side
        out.append(Finding("too-many-teams", "warning", {"teams": team_count, "slots": len(teams)}))
    return out


def _labyrinth_flag(board: Board, share: float) -> list[Finding]:
    """A map of corridors not marked as a labyrinth (its runs could not turn, R4.4), or an open
    one marked as such."""
    if share >= MAZE_SHARE and not board.labyrinth:
        return [Finding("maze-without-flag", "warning", {"share": share, "limit": MAZE_SHARE})]
    if share <= OPEN_SHARE and board.labyrinth:
        return [Finding("flag-on-open-map", "warning", {"share": share, "limit": OPEN_SHARE})]
    return []


def refused_report(path: str | Path, problem: FileProblem) -> MapReport:
    """The report of a map that could not be loaded: `problem`, one `file-problem` error."""
    return MapReport(str(path), findings=[Finding("file-problem", "error", {"problem": problem})])


def check_map(path: str | Path, team_size: int = 0, team_count: int = 0) -> MapReport:
    """Load a map file and analyse it (for a roster of `team_count` teams of at most
    `team_size` fighters); a load fault is one `file-problem` error."""
    report = MapReport(str(path))
    unread: list[Unread] = []
    try:
        board = load_map(path, unread=unread)
    except FileProblem as e:
        return refused_report(path, e)
    report.name = board.name
    findings, report.teams, report.corridors = analyse_board(board, team_size, team_count)
    report.findings = [*(Finding(u.code, "warning", u.fields) for u in unread), *findings]
    report.shortcuts = shortcut_jumps(board)
    return report
