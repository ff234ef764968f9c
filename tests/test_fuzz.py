"""Issue 17: the fuzz suite (tools/fuzz.py) in CI — a fixed-seed sample of 1,000 mutated
files through the real command line, each in a child capped in memory and time: no
traceback, no hang, no out-of-memory, and every refusal one clean line naming the file at
fault. (How to run 20,000: docs/fuzzing.md.)"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD = ("exception", "wrong_file", "traceback", "hang", "oom", "not_one_line", "accepted", "refused")
FORMATS = ("native map", ".tmj", ".tmx", "tileset", "teams", "rules", "scenario", "save")


def run_fuzz(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "fuzz.py"), "--json", "--no-progress", *args],
        capture_output=True, text=True, timeout=900, cwd=ROOT,
    )
    assert done.stdout, done.stderr
    return json.loads(done.stdout)


def test_issue_17_fuzz_1000_inputs_give_one_clean_line_each():
    report = run_fuzz("--count", "1000", "--seed", "1", "--jobs", "2", "--timeout", "20")
    counts = report["counts"]
    assert sum(c["inputs"] for c in counts.values()) == 1000
    bad = {fmt: {col: c[col] for col in BAD if c[col]} for fmt, c in counts.items()}
    assert all(not cols for cols in bad.values()), (bad, report["examples"])
    for fmt in FORMATS:  # each format was really exercised: refused inputs, and valid ones
        assert counts[fmt]["clean"] > 20 and counts[fmt]["valid"] > 0, (fmt, counts[fmt])


def test_issue_17_fuzz_finds_a_traceback_when_there_is_one(tmp_path):
    """The classifier itself: a command that crashes is counted as a traceback, not as clean."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fuzz
        from fuzz_cases import Case
    finally:
        sys.path.remove(str(ROOT / "tools"))
    case = Case(0, "save", {}, ["resume", "s.arena.json"], "s.arena.json")
    crash = "Traceback (most recent call last):\n  File ...\nTypeError: 'int' object is not iterable\n"
    assert fuzz.classify(case, tmp_path, 99 << 8, False, "", crash)[0] == "traceback"
    assert fuzz.classify(case, tmp_path, 0, True, "", "")[0] == "hang"
    line = "arena-game: s.arena.json: seed: should be a whole number, not the text 'x'\n"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, "", line) == ("clean", line.strip().removeprefix("arena-game: "))
    other = "arena-game: arene-classique: R0.3: fighter id 'a' is used twice\n"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, "", other)[0] == "wrong_file"
    internal = "arena-game: s.arena.json: teams[0]: Input should be a valid dictionary or instance of Team\n"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, "", internal)[0] == "exception"
