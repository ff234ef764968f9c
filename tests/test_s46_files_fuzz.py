"""S46: the fuzzer lists the refused inputs slower than `--slow` seconds (a bad file should be
said in well under a second), slowest first; valid inputs (a match started) and hangs (already
their own column) are not listed."""

import subprocess
import sys
from pathlib import Path

from tests.file_faults import fuzz_tools

ROOT = Path(__file__).resolve().parent.parent


def test_the_fuzzer_lists_refused_inputs_slower_than_the_limit_slowest_first():
    fuzz = fuzz_tools()[0]
    results = [
        fuzz.Result(1, ".tmx", "clean", "line", "a note", 0.3),
        fuzz.Result(2, ".tmx", "clean", "line", "slow one", 1.5),
        fuzz.Result(3, "save", "valid", "", "a match", 4.0),
        fuzz.Result(4, "rules", "not_one_line", "x", "slower", 2.25),
        fuzz.Result(5, "rules", "hang", "killed", "hung", 10.0),
    ]
    assert fuzz.slow(results, 1.0, 5) == ["- [slow] #4 rules (slower): 2.25 s", "- [slow] #2 .tmx (slow one): 1.50 s"]
    assert fuzz.slow(results, 1.0, 1) == ["- [slow] #4 rules (slower): 2.25 s"]


def test_the_fuzzer_times_each_refused_input():
    """The first inputs are the always-refused hostile cases: with `--slow 0` each is listed with its time."""
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), "--count", "3", "--seed", "4601",
                          "--jobs", "1", "--no-progress", "--slow", "0"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Refused inputs: slowest " in run.stdout and "; 3 over 0 s." in run.stdout, run.stdout
    listed = sorted(line.split(" ")[2] for line in run.stdout.splitlines() if line.startswith("- [slow]"))
    assert listed == ["#0", "#1", "#2"], run.stdout
