"""Hot reload of a map being edited (`arena-game play MAP --watch`), without pygame.

`MapWatcher.poll()` looks at the file's modification stamp (no extra dependency) and,
when it changed, reloads the map (native TOML or Tiled). A broken file gives a one-line
error to show, in the window's language, never an exception. `Match.change_board` (the core's `reboard`) then puts
the match on the new board and records the change, so the autosave replays: fighters whose
square is still legal stay; the others go to the nearest legal free square, each move
reported for the log (`relocation_text`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arena_game.core.board import Board
from arena_game.core.geometry import fmt
from arena_game.core.reboard import Relocation
from arena_game.core.settings import DEFAULT_SETTINGS, MapSettings
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem, keyed, one_line
from arena_game.i18n import t


@dataclass(frozen=True)
class Reload:
    """What a poll found: the new board, or the error that kept the old one."""

    board: Board | None
    error: str | None


def relocation_text(move: Relocation, lang: str = "fr") -> str:
    """A log line for a fighter moved by a reload, in French or English (catalog `[watch]`)."""
    if move.to is None:
        return t("watch.stuck", lang, name=move.name, origin=fmt(move.origin))
    return t("watch.relocated", lang, name=move.name, origin=fmt(move.origin), to=fmt(move.to))


TILED_MAPS = (".tmj", ".tmx", ".json")
TILESETS = (".tsj", ".tsx", ".tj", ".tx")  # tilesets and object templates


Stamp = tuple[tuple[str, int, int], ...]


def map_stamp(path: Path) -> Stamp | None:
    """What tells one version of a map file from the next without reading it: its
    modification time and size, and those of the tilesets beside a Tiled map (terrain
    properties live in the tileset, which Tiled saves on its own); None when it is gone."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    stamp = [(path.name, st.st_mtime_ns, st.st_size)]
    if path.suffix.lower() in TILED_MAPS:
        try:
            beside = sorted(p for p in path.parent.iterdir() if p.suffix.lower() in TILESETS)
        except OSError:  # a folder that cannot be listed: the map's own stamp still counts
            beside = []
        for ts in beside:
            try:
                tst = os.stat(ts)
            except OSError:
                continue
            stamp.append((ts.name, tst.st_mtime_ns, tst.st_size))
    return tuple(stamp)


class MapWatcher:
    """Polls a map file's modification stamp and reloads it when it changes.

    A Tiled map is also reloaded when a tileset beside it changes (`map_stamp`).
    """

    def __init__(
        self, path: str | Path, limits: MapSettings = DEFAULT_SETTINGS.maps,
        loader: Callable[[Path, MapSettings], Board] = load_map, lang: str = "en",
    ) -> None:
        self.path = Path(path)
        self.limits = limits
        self.loader = loader
        self.lang = lang  # the window's: its log shows the reload's fault
        self._stamp = map_stamp(self.path)

    def poll(self) -> Reload | None:
        """None when the file did not change since the last poll; else the reload's result."""
        stamp = map_stamp(self.path)
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        if stamp is None:
            return Reload(None, t("watch.gone", self.lang, file=one_line(str(self.path))))
        try:
            return Reload(self.loader(self.path, self.limits), None)
        except FileProblem as e:
            return Reload(None, e.in_language(self.lang))
        except OSError as e:  # the system's sentence, said in the window's language
            return Reload(None, keyed(self.path, "unreadable", why=e.strerror or "error").in_language(self.lang))
        except UnicodeDecodeError as e:
            return Reload(None, keyed(self.path, "not_utf8", byte=e.start).in_language(self.lang))
        except ValueError:
            # A file caught half-written by the editor, that a parser rejects in its own English words.
            return Reload(None, keyed(self.path, "caught_half_written").in_language(self.lang))
