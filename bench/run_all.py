"""Run every bench and write one table: `bench/results.md` (bench/README.md says how to read it).

    .venv/bin/python bench/run_all.py [--quick] [--out FILE] [--only sim,window,...]

Each bench runs in a fresh interpreter (its memory figures are its own) and also runs alone
(`bench/bench_*.py`), printing the same rows.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from common import JSON_MARK, Row, machine_note  # noqa: E402

BENCHES = ("queries", "sim", "window", "memory", "check")


def run_one(name: str, quick: bool) -> list[Row]:
    """One bench in a fresh interpreter (memory figures must not include another bench's)."""
    cmd = [sys.executable, str(HERE / f"bench_{name}.py"), "--json", *(["--quick"] if quick else [])]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith(JSON_MARK)]
    if done.returncode or not lines:
        print(done.stdout[-2000:], done.stderr[-4000:], file=sys.stderr)
        return [Row(name, f"bench_{name}.py failed (exit {done.returncode})", 0.0, "", "", False)]
    return [Row(**row) for row in json.loads(lines[-1][len(JSON_MARK):])]


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table."""
    out = ["| bench | figure | value | unit | target | verdict |", "|---|---|---:|---|---|---|"]
    for r in rows:
        verdict = "" if r.met is None else ("met" if r.met else "**NOT MET**")
        out.append(f"| {r.bench} | {r.figure.strip()} | {r.value:.2f} | {r.unit} | {r.target} | {verdict} |")
    return "\n".join(out)


def main() -> int:
    """Run the benches one after the other and write the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer samples everywhere (rough figures, a few minutes)")
    ap.add_argument("--out", default=str(HERE / "results.md"))
    ap.add_argument("--only", default=",".join(BENCHES), help=f"comma-separated, from {', '.join(BENCHES)}")
    args = ap.parse_args()
    wanted = [b for b in args.only.split(",") if b]
    load_before = machine_note()
    rows: list[Row] = []
    spent = {}
    for name in wanted:
        t0 = time.perf_counter()
        got = run_one(name, args.quick)
        spent[name] = time.perf_counter() - t0
        for row in got:
            print(row.line(), flush=True)
        rows += got
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                                text=True, check=False).stdout.strip()
    except OSError:
        commit = "?"
    head = [
        "# Bench results", "",
        f"Written by `bench/run_all.py{' --quick' if args.quick else ''}` on "
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC at commit {commit or '?'}.", "",
        f"- Machine before: {load_before}.",
        f"- Machine after: {machine_note()}.",
        "- Time spent: " + ", ".join(f"{k} {v:.0f} s" for k, v in spent.items()) + ".",
        "- How to read this table: bench/README.md.", "", "",
    ]
    Path(args.out).write_text("\n".join(head) + table(rows) + "\n", encoding="utf-8")
    missed = [r for r in rows if r.met is False]
    print(f"\n{len(rows)} figures, {sum(1 for r in rows if r.met)} targets met, {len(missed)} not met; table in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
