"""Hot reload of a map being edited (`arena-game play MAP --watch`), without pygame.

`MapWatcher.poll()` looks at the file's modification stamp (no extra dependency) and,
when it changed, reloads the map (native TOML or Tiled). A broken file gives a one-line
error to show, never an exception. `reboard(state, board)` then puts the match on the
new board: fighters whose square is still legal stay; the others go to the nearest legal
free square, each move reported for the log.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arena_game.core.board import Board
from arena_game.core.geometry import Square, fmt
from arena_game.core.settings import DEFAULT_SETTINGS, MapSettings
from arena_game.core.state import MatchState
from arena_game.core.terrain import Terrain
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.i18n import t


@dataclass(frozen=True)
class Reload:
    """What a poll found: the new board, or the error that kept the old one."""

    board: Board | None
    error: str | None


@dataclass(frozen=True)
class Relocation:
    """A fighter moved off a square the new map no longer allows (or could not be moved)."""

    fighter: str
    name: str
    origin: Square
    to: Square | None

    def text(self, lang: str = "fr") -> str:
        """A log line in French or English (catalog section `[watch]`)."""
        if self.to is None:
            return t("watch.stuck", lang, name=self.name, origin=fmt(self.origin))
        return t("watch.relocated", lang, name=self.name, origin=fmt(self.origin), to=fmt(self.to))


TILED_MAPS = (".tmj", ".tmx", ".json")
TILESETS = (".tsj", ".tsx", ".tj", ".tx")  # tilesets and object templates


class MapWatcher:
    """Polls a map file's modification stamp and reloads it when it changes.

    A Tiled map is also reloaded when a tileset beside it changes (terrain properties live
    in the tileset, which Tiled saves on its own).
    """

    def __init__(
        self, path: str | Path, limits: MapSettings = DEFAULT_SETTINGS.maps,
        loader: Callable[[Path, MapSettings], Board] = load_map,
    ) -> None:
        self.path = Path(path)
        self.limits = limits
        self.loader = loader
        self._stamp = self._read_stamp()

    def _read_stamp(self) -> tuple[tuple[str, int, int], ...] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        stamp = [(self.path.name, st.st_mtime_ns, st.st_size)]
        if self.path.suffix in TILED_MAPS:
            for ts in sorted(p for p in self.path.parent.iterdir() if p.suffix in TILESETS):
                try:
                    tst = os.stat(ts)
                except OSError:
                    continue
                stamp.append((ts.name, tst.st_mtime_ns, tst.st_size))
        return tuple(stamp)

    def poll(self) -> Reload | None:
        """None when the file did not change since the last poll; else the reload's result."""
        stamp = self._read_stamp()
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        if stamp is None:
            return Reload(None, f"{self.path}: the file is gone (keeping the last good map)")
        try:
            return Reload(self.loader(self.path, self.limits), None)
        except FileProblem as e:
            return Reload(None, e.one_line())
        except (OSError, UnicodeDecodeError, ValueError) as e:
            # A file caught half-written by the editor, or a Tiled file the parser rejects.
            return Reload(None, f"{self.path}: {e}")


def can_stand(board: Board, sq: Square) -> bool:
    """A fighter may stay on floor or in water (as at the start of a match)."""
    return board.inside(sq) and board.terrain(sq) in (Terrain.FLOOR, Terrain.WATER)


def reboard(state: MatchState, board: Board) -> tuple[MatchState, list[Relocation]]:
    """A copy of `state` on `board`; fighters on now-illegal or shared squares move to the
    nearest legal free square (Chebyshev ring, then straight-line
    distance, then row, then column)."""
    new = state.clone()
    new.board = board
    taken: set[Square] = set()
    moved: list[Relocation] = []
    living = [f for f in new.fighters.values() if f.alive]
    misplaced = []
    for f in living:
        if can_stand(board, f.position) and f.position not in taken:
            taken.add(f.position)
        else:
            misplaced.append(f)
    for f in misplaced:
        to = nearest_free(board, f.position, taken)
        moved.append(Relocation(f.id, f.sheet.name, f.position, to))
        if to is not None:
            f.position = to
            taken.add(to)
    return new, moved


def nearest_free(board: Board, origin: Square, taken: set[Square]) -> Square | None:
    """The nearest square a fighter may stand on that nobody holds, or None."""
    ox, oy = origin
    for radius in range(1, max(board.width, board.height) + abs(ox) + abs(oy) + 1):
        ring = [
            (x, y)
            for y in range(oy - radius, oy + radius + 1)
            for x in range(ox - radius, ox + radius + 1)
            if max(abs(x - ox), abs(y - oy)) == radius
        ]
        for sq in sorted(ring, key=lambda s: ((s[0] - ox) ** 2 + (s[1] - oy) ** 2, s[1], s[0])):
            if can_stand(board, sq) and sq not in taken:
                return sq
    return None
