"""Fuzz every loader through the real command line (issue 17).

    python tools/fuzz.py --count 20000 --seed 1          # the full run (about 10 minutes on 2 cores)
    python tools/fuzz.py --count 1000 --seed 1 --jobs 2  # what CI runs (tests/test_fuzz.py)
    python tools/fuzz.py --only 1234 --seed 1            # one input again: its files, command, output

Mutates the shipped maps, Tiled maps and tilesets, teams, rules, scenarios and saves (plus
the nasty cases of issue 17, always first) and runs each through `arena_game.cli.main` in a
forked child capped in memory and time. Prints a table per format: inputs, one clean line,
Python-exception text in the line, names the wrong file, traceback, hang, out of memory,
not one line, nasty inputs accepted, and hand-made valid inputs refused. The exit code is 1
if any of the bad columns is not zero. Inputs that are still valid after mutation are
counted only in `inputs`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

import fuzz_cases  # noqa: E402
from fuzz_cases import FORMATS, Case, Corpus, Link  # noqa: E402

COLUMNS = ("clean", "exception", "wrong_file", "traceback", "hang", "oom", "not_one_line", "accepted", "refused")
HEADERS = ("one clean line", "Python-exception text in the line", "names the wrong file", "traceback",
           "hang", "out of memory", "not one line", "nasty input accepted", "valid input refused")
BAD = COLUMNS[1:]
# What a designer should never read: class names, interpreter and library internals.
EXCEPTION_TEXT = re.compile(
    r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|Traceback|\bErrno\b|object has no attribute|not subscriptable"
    r"|unhashable type|NoneType|string indices|invalid literal for|Unable to extract tag|discriminator"
    r"|instance of [A-Z]|\[type=|input_value=|pydantic|pytiled|object is not|<class |codec can't"
    r"|argument must be|not supported between|unexpected keyword|positional argument"
    r"|Input should|should be a valid|Field required|Extra inputs|Value error,|Assertion failed|String should"
    r"|List should|Dictionary should|Tuple should|Value should"
    r"|index out of range|division by zero|maximum recursion|values to unpack|could not convert|math domain"
    r"|too large to convert|unsupported operand|has no len|is not callable|positional arguments? but"
    r"|utf-8-sig"  # json's advice to a programmer on a second byte-order mark (session 55)
    r"| object at 0x|MAX_TEXT_CHUNK"  # a Python object's repr, Pillow's constant (session 57: sprites)
)
MAX_LINE = 600  # characters of a problem line after the file's name
CHECK_LINE = re.compile(r"^(?P<head>.*?): error \[(?P<code>[\w-]+)\] (?P<msg>.*)$")
LEADING_PATH = re.compile(r"^(?P<path>[^:]+?)(?::\d+)?(?::\d+)?: ")

CORPUS: Corpus | None = None
SETTINGS: argparse.Namespace | None = None


@dataclass
class Result:
    """What one input gave."""

    index: int
    fmt: str
    column: str  # one of COLUMNS, or "valid"
    line: str  # the problem line, or the last traceback line
    note: str
    seconds: float = 0.0  # from the fork to the child's end


def _init_worker() -> None:
    """Import the whole command line once, so each forked child only runs it."""
    import arena_game.cli  # noqa: F401
    import arena_game.commands.check  # noqa: F401
    import arena_game.commands.play  # noqa: F401
    import arena_game.commands.resume  # noqa: F401
    import arena_game.commands.scenario  # noqa: F401
    import arena_game.ui.app  # noqa: F401


def write_case(case: Case, folder: Path) -> None:
    """The case's files (and links) in `folder`."""
    for name, body in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, Link):
            path.symlink_to(body.target)
        else:
            path.write_bytes(body)


def _child(case: Case, folder: Path, memory_mb: int) -> None:
    """In the forked child: cap memory, run the command, exit with its code (never return)."""
    import resource

    code = 97
    try:
        out = os.open(folder.parent / f"{folder.name}.out", os.O_WRONLY | os.O_CREAT, 0o600)
        err = os.open(folder.parent / f"{folder.name}.err", os.O_WRONLY | os.O_CREAT, 0o600)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.chdir(folder / case.cwd)
        os.environ["ARENA_GAME_DATA"] = os.path.normpath(folder / fuzz_cases.USER_DATA)
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        from arena_game.cli import main

        code = main(case.argv)
    except MemoryError:
        os.write(2, b"\nMemoryError\n")
        code = 98
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        try:
            traceback.print_exc()
        except BaseException:
            os.write(2, b"Traceback (most recent call last): (could not print)\n")
        code = 99
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def run_case(index: int) -> Result:
    """Make input `index`, run it in a forked child, classify what came out."""
    assert CORPUS is not None and SETTINGS is not None
    case = fuzz_cases.make_case(CORPUS, SETTINGS.seed, index, SETTINGS.formats)
    base = Path(tempfile.mkdtemp(prefix=f"fuzz{index}-", dir=SETTINGS.workdir))
    folder = base / "case"
    folder.mkdir()
    try:
        write_case(case, folder)
        sys.stdout.flush()
        sys.stderr.flush()
        forked = time.monotonic()
        pid = os.fork()
        if pid == 0:
            _child(case, folder, SETTINGS.memory_mb)
        status, hung = _wait(pid, SETTINGS.timeout)
        seconds = time.monotonic() - forked
        out = (base / "case.out").read_text("utf-8", "replace")
        err = (base / "case.err").read_text("utf-8", "replace")
        column, line = classify(case, folder, status, hung, out, err)
        return Result(index, case.fmt, column, line[:300], case.note, seconds)
    finally:
        if not SETTINGS.keep:
            shutil.rmtree(base, ignore_errors=True)


def _wait(pid: int, timeout: float) -> tuple[int, bool]:
    deadline = time.monotonic() + timeout
    pause = 0.002
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status, False
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            return status, True
        time.sleep(pause)
        pause = min(pause * 1.5, 0.05)


def classify(case: Case, folder: Path, status: int, hung: bool, out: str, err: str) -> tuple[str, str]:
    """The table column of one run, and the line that shows why."""
    if hung:
        return "hang", f"killed after {SETTINGS.timeout if SETTINGS else '?'} s"
    last = (err.strip().splitlines() or [""])[-1]
    code = os.waitstatus_to_exitcode(status)
    if "MemoryError" in err or code == 98 or code == -signal.SIGKILL:
        return "oom", last
    if "Traceback (most recent call last)" in err or code in (97, 99) or code < 0:
        return "traceback", last
    if code in (0, 1):
        return ("accepted", f"exit code {code}") if case.must_refuse else ("valid", "")
    if case.must_load:  # a hand-made input Tiled (or the game's own format) reads: no refusal at all
        return "refused", last
    lines = _problem_lines(case, out, err, folder / case.cwd)
    if len(lines) != 1 and not (case.argv[0] == "check" and lines):
        return "not_one_line", " | ".join(err.strip().splitlines()[:3]) or f"exit code {code}, nothing said"
    stray = [line for line in err.splitlines() if line.strip() and not line.startswith("arena-game: ")]
    if stray:  # a library's own line ("libpng error: …") beside ours: two lines to the player
        return "not_one_line", f"another line on stderr: {stray[0][:200]}"
    for named, message in lines:
        if len(message) - len(named) > MAX_LINE:  # an echoed 5,000-character value: no designer reads that
            return "not_one_line", f"{len(message)} characters: {message[:200]}…"
        if EXCEPTION_TEXT.search(message):
            return "exception", message
        if not (_same_file(folder / case.cwd, named, folder / case.target) or _mentions(message, case.target)):
            return "wrong_file", message
    return "clean", lines[0][1]


def _problem_lines(case: Case, out: str, err: str, cwd: Path) -> list[tuple[str, str]]:
    """(the file it names, the whole line) of every problem line the command printed. `check`
    names the map before its findings and says a fault of the map without it ("2:1: …"), a
    fault of another file (a tileset the map reads) with that file's name first."""
    found: list[tuple[str, str]] = []
    for line in err.strip().splitlines():
        if line.startswith("arena-game: "):
            message = line.removeprefix("arena-game: ")
            m = LEADING_PATH.match(message)
            found.append((m.group("path") if m else "", message))
    if case.argv[0] == "check" and not found:
        for line in out.splitlines():
            m = CHECK_LINE.match(line)
            if not m:
                continue
            if m.group("code") == "file-problem":
                p = LEADING_PATH.match(m.group("msg"))
                other = p.group("path") if p and os.path.lexists(cwd / p.group("path")) else None
                found.append((other or m.group("head"), line))
            else:  # a design finding about the map itself
                found.append((re.sub(r" \(.*\)$", "", m.group("head")), line))
    return found


def _mentions(message: str, target: str) -> bool:
    """The line names the file at fault after its leading place (`… (die sizes from the rules file r.toml)`)."""
    return re.search(rf"(?:^|[\s'\"(/]){re.escape(Path(target).name)}(?:$|[\s'\"):,])", message) is not None


def _same_file(cwd: Path, named: str, target: Path) -> bool:
    if not named:
        return False
    p = Path(named) if os.path.isabs(named) else cwd / named
    return os.path.normpath(p) == os.path.normpath(target) or os.path.realpath(p) == os.path.realpath(target)


# -- the run and its table ----------------------------------------------------------------------


def run(args: argparse.Namespace) -> list[Result]:
    """Every input, in a pool of worker processes that fork one child per input."""
    global CORPUS, SETTINGS
    import multiprocessing

    CORPUS = fuzz_cases.build_corpus()
    SETTINGS = args
    ctx = multiprocessing.get_context("fork")
    results: list[Result] = []
    started = time.monotonic()
    with ctx.Pool(args.jobs, initializer=_init_worker) as pool:
        for i, r in enumerate(pool.imap_unordered(run_case, range(args.count), chunksize=8), 1):
            results.append(r)
            if args.progress and i % 500 == 0:
                print(f"  {i}/{args.count} inputs, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    return sorted(results, key=lambda r: r.index)


def table(results: list[Result]) -> str:
    """The issue's table: one row per format, then the total."""
    rows = {fmt: Counter() for fmt in FORMATS}
    for r in results:
        rows[r.fmt]["inputs"] += 1
        rows[r.fmt][r.column] += 1
    total: Counter[str] = Counter()
    for c in rows.values():
        total.update(c)
    lines = ["| format | inputs | " + " | ".join(HEADERS) + " |", "|---" * (len(HEADERS) + 2) + "|"]
    for fmt, c in [*rows.items(), ("total", total)]:
        lines.append(f"| {fmt} | {c['inputs']} | " + " | ".join(str(c[col]) for col in COLUMNS) + " |")
    return "\n".join(lines)


def counts(results: list[Result]) -> dict[str, dict[str, int]]:
    """Per format, per column (for --json and the CI test)."""
    out: dict[str, dict[str, int]] = {fmt: dict.fromkeys(("inputs", "valid", *COLUMNS), 0) for fmt in FORMATS}
    for r in results:
        out[r.fmt]["inputs"] += 1
        out[r.fmt][r.column] += 1
    return out


def examples(results: list[Result], per_column: int) -> list[str]:
    """A few inputs of each bad column, to reproduce with --only."""
    shown: Counter[str] = Counter()
    out = []
    for r in results:
        if r.column in BAD and shown[r.column] < per_column:
            shown[r.column] += 1
            out.append(f"- [{r.column}] #{r.index} {r.fmt} ({r.note[:80]}): {r.line}")
    return out


def slow(results: list[Result], limit: float, per_run: int) -> list[str]:
    """The refused inputs that took longer than `limit` seconds, slowest first (a bad file should
    be said in well under a second; the time depends on the machine's load, so this is a list to
    replay with --only, not a failing column)."""
    late = sorted((r for r in results if r.column not in ("valid", "hang") and r.seconds > limit),
                  key=lambda r: -r.seconds)
    return [f"- [slow] #{r.index} {r.fmt} ({r.note[:80]}): {r.seconds:.2f} s" for r in late[:per_run]]


def only(args: argparse.Namespace) -> int:
    """Run one input again, keep its folder, print everything."""
    global CORPUS, SETTINGS
    CORPUS = fuzz_cases.build_corpus()
    args.keep = True
    SETTINGS = args
    _init_worker()
    r = run_case(args.only)
    case = fuzz_cases.make_case(CORPUS, args.seed, args.only, args.formats)
    base = next(Path(args.workdir).glob(f"fuzz{args.only}-*"))
    print(f"#{r.index} {r.fmt}: {r.note}\nfolder: {base / 'case' / case.cwd}\ncommand: arena-game {' '.join(case.argv)}")
    print(f"column: {r.column}\n--- stdout\n{(base / 'case.out').read_text()}--- stderr\n{(base / 'case.err').read_text()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run, print the table (or JSON); exit code 1 if anything went wrong."""
    # The classifier reads the game's English lines ("error [file-problem]", Python's words in
    # English): the game speaks the locale's language, English under "C" (`i18n.pick_lang`); set
    # here, not on import, so a test importing this module keeps its own locale
    os.environ["LC_ALL"] = "C.UTF-8"
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--count", type=int, default=1000, help="how many inputs (default 1000)")
    ap.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="worker processes (default: every core)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per input before it counts as a hang")
    ap.add_argument("--memory-mb", type=int, default=1536, help="address-space cap per input (default 1536)")
    ap.add_argument("--show", type=int, default=5, help="examples printed per bad column (default 5)")
    ap.add_argument("--format", dest="formats", action="append", choices=FORMATS, default=None,
                    help="only inputs of this format (repeatable; default: all nine)")
    ap.add_argument("--json", action="store_true", help="print the counts as JSON instead of the table")
    ap.add_argument("--only", type=int, default=None, help="run input N alone and keep its folder")
    ap.add_argument("--keep", action="store_true", help="keep every input's folder")
    ap.add_argument("--no-progress", dest="progress", action="store_false", help="no progress on stderr")
    ap.add_argument("--slow", type=float, default=1.0,
                    help="list refused inputs slower than this many seconds (default 1)")
    args = ap.parse_args(argv)
    args.formats = tuple(args.formats or FORMATS)
    workdir = tempfile.mkdtemp(prefix="arena-fuzz-")
    args.workdir = workdir
    try:
        if args.only is not None:
            return only(args)
        started = time.monotonic()
        results = run(args)
        if args.json:
            print(json.dumps({"counts": counts(results), "examples": examples(results, args.show)}, indent=1))
        else:
            print(table(results))
            print(f"\n{len(results)} inputs in {time.monotonic() - started:.0f} s (seed {args.seed}); the rest were still valid.")
            refused = [r.seconds for r in results if r.column not in ("valid", "hang")]
            if refused:
                print(f"Refused inputs: slowest {max(refused):.2f} s; {sum(t > args.slow for t in refused)} "
                      f"over {args.slow:g} s.")
            for line in examples(results, args.show) + slow(results, args.slow, args.show):
                print(line)
        return 1 if any(r.column in BAD for r in results) else 0
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
