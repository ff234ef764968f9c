"""What `arena-game check` finds about a map, for the window: the start screen's picked map and
the match's board (a notice, updated on each hot reload). No pygame here.

The analysis (`design.mapcheck.analyse_board`: ~6 ms on a shipped map, far more on a
128×128 one) never runs in a frame: a worker thread does it, once per map version. The frame
only asks (`FindingsDesk.ask_file`, `ask_board`: a file known by its stamp, `hotreload.map_stamp`,
a board by its contents) and reads the `Answer` once it is ready. The worker analyses a copy of
a board, so that the tables kept with it (`core.board_tables`) are never the match's, and keeps
no board: a match's goes with it.

A Tiled file's unread layers and objects (`tiled.Unread`, `check_map`'s first warnings) are
said too: on the start screen from the file, in a match while its file still loads as its board.

The findings are the map's own, for no roster (`too-few-spawns` and `too-many-teams` depend on
the teams picked; `play` refuses a roster the map cannot place). Each is said in the words
`check` prints (`design.checkwords.said_findings`) under a line that counts them, its severity
as a word and a colour (`findings_html`).
"""

from __future__ import annotations

import dataclasses
import queue
import threading
from pathlib import Path
from typing import Any

from arena_game.core.board import Board
from arena_game.design.checkwords import said_findings
from arena_game.design.hotreload import Stamp, map_stamp
from arena_game.design.mapcheck import Finding, analyse_board
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled import Unread
from arena_game.i18n import t
from arena_game.ui.keys import binding, keys_label
from arena_game.ui.panels_html import esc

ERROR_COLOUR = "#ff9a8a"  # a refused file's colour on the start screen
WARNING_COLOUR = "#f2c46d"
KEPT = 32  # answers kept per kind; the oldest go first
HIDE_LINK = "hide-map-notice"  # the notice's link that hides it

BoardKey = tuple[object, ...]


class Answer:
    """The findings about one map version, once the worker has them (`ready`); `refused`
    when the file did not load (the window says its fault its own way)."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self.findings: tuple[Finding, ...] = ()
        self.refused = False

    @property
    def ready(self) -> bool:
        """True once the findings are known."""
        return self._done.is_set()

    def wait(self) -> None:
        """Until the findings are known (the tests; the window only looks at `ready`)."""
        self._done.wait()

    def give(self, findings: tuple[Finding, ...], refused: bool = False) -> None:
        """The worker's answer."""
        self.findings, self.refused = findings, refused
        self._done.set()


def board_key(board: Board) -> BoardKey:
    """Everything of a board the analysis reads: two boards alike are analysed once."""
    return (board.width, board.height, board.cells, tuple(sorted(board.heights.items())),
            tuple(sorted((team, tuple(squares)) for team, squares in board.spawns.items())), board.labyrinth)


def map_findings(board: Board, unread: tuple[Unread, ...] = ()) -> tuple[Finding, ...]:
    """The map's findings, errors first (`check`'s order within each): what its Tiled file
    shows and the board does not read (`unread`, `check_map`'s first warnings), then the board's."""
    found, _, _ = analyse_board(board)
    found = [*(Finding(u.code, "warning", u.fields) for u in unread), *found]
    return tuple(sorted(found, key=lambda f: f.severity != "error"))


class FindingsDesk:
    """Takes the window's questions and answers them from a worker thread, each map version once."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Path | Board, Path | None, Answer]] = queue.SimpleQueue()
        self._worker: threading.Thread | None = None
        self._files: dict[tuple[str, Stamp], Answer] = {}  # the frame's side: (file, stamp) → answer
        # the worker's side: board contents and its file's unread layers → findings
        self._found: dict[tuple[BoardKey, str], tuple[Finding, ...]] = {}

    def ask_file(self, path: Path) -> Answer | None:
        """The answer about the map file as it is now (None when it is gone)."""
        stamp = map_stamp(path)
        if stamp is None:
            return None
        key = (str(path.resolve()), stamp)
        answer = self._files.get(key)
        if answer is None:
            answer = self._files[key] = Answer()
            _keep_few(self._files)
            self._ask(path, None, answer)
        return answer

    def ask_board(self, board: Board, path: Path | None = None) -> Answer:
        """The answer about the board of a match (asked once a match and a reload; the worker
        knows a board it has analysed by its contents), with what its map file `path` shows
        and the board does not read while the file still holds that board. Neither side keeps
        the board: it goes with its match."""
        answer = Answer()
        self._ask(board, path, answer)
        return answer

    def _ask(self, source: Path | Board, path: Path | None, answer: Answer) -> None:
        self._jobs.put((source, path, answer))
        if self._worker is None or not self._worker.is_alive():  # (a fault in the analysis ends it, said on stderr)
            self._worker = threading.Thread(target=self._work, name="map-findings", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        while True:
            source, path, answer = self._jobs.get()
            unread: list[Unread] = []
            if isinstance(source, Path):
                try:
                    board = load_map(source, unread=unread)
                except (FileProblem, OSError, ValueError):  # said by the start screen's own load
                    answer.give((), refused=True)
                    continue
            else:
                board = dataclasses.replace(source)  # its own tables, not the match's
                if path is not None and not _file_holds(path, board, unread):
                    unread.clear()  # the file changed since: its layers are not this board's
            key = (board_key(board), repr(unread))  # (an unread note's fields are a dict)
            found = self._found.get(key)
            if found is None:
                found = self._found[key] = map_findings(board, tuple(unread))
                _keep_few(self._found)
            del source, board  # not held while waiting for the next question
            answer.give(found)


def _file_holds(path: Path, board: Board, unread: list[Unread]) -> bool:
    """Whether the map file at `path` still loads as `board`, `unread` given its unread layers."""
    try:
        return board_key(load_map(path, unread=unread)) == board_key(board)
    except (FileProblem, OSError, ValueError):
        return False


def _keep_few(table: dict[Any, Any]) -> None:
    while len(table) > KEPT:
        del table[next(iter(table))]


_DESK = FindingsDesk()


def desk() -> FindingsDesk:
    """The window's one desk: the start screen and the match share its answers."""
    return _DESK


def findings_title(findings: tuple[Finding, ...], lang: str) -> str:
    """The count line: "Map check: 1 error, 2 warnings"."""
    errors = sum(f.severity == "error" for f in findings)
    warnings = len(findings) - errors
    counts = [t(f"ui.findings_{kind}", lang, n=n) for kind, n in (("errors", errors), ("warnings", warnings)) if n]
    return t("ui.findings_title", lang, counts=t("ui.findings_and", lang).join(counts))


def findings_html(findings: tuple[Finding, ...], lang: str) -> str:
    """The findings for a text box: the count line, then each finding on a line of its own,
    its severity said as a word in bold (colour alone would not survive colour blindness) and
    coloured; "" when there is none."""
    if not findings:
        return ""
    lines = [f"<b>{esc(findings_title(findings, lang))}</b>"]
    for finding, said in said_findings(list(findings), lang):
        colour = ERROR_COLOUR if finding.severity == "error" else WARNING_COLOUR
        badge = t(f"ui.finding_{finding.severity}", lang)
        lines.append(f"<font color='{colour}'><b>{esc(badge)}</b> {esc(said)}</font>")
    return "<br>".join(lines)


def notice_html(findings: tuple[Finding, ...], lang: str) -> str:
    """The match's notice: `findings_html` with a link that hides it after its count line, its
    key beside it as the action bar's buttons show theirs ("Hide  X")."""
    found = findings_html(findings, lang)
    head, _, rest = found.partition("<br>")
    key = keys_label(binding("hide_findings", "board"), lang)
    return f"{head}   <a href='{HIDE_LINK}'>{esc(t('ui.findings_hide', lang))}</a>  {esc(key)}<br>{rest}" if found else ""
