"""The paired difference of two bench series played on the same matches (`bench_bots.py --out`):
the win rate of each and the difference's 95% interval (normal, on the per-match differences).

    .venv/bin/python bench/paired.py BASE.json OTHER.json [MORE.json …]

With more than two files, the files after the first pair are read as further (base, other)
pairs on other seeds, and the pooled difference is printed too."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path


def _load(path: str) -> dict[tuple[str, str, int], bool]:
    return {(r["map"], r["vs"], r["index"]): bool(r["won"]) for r in json.loads(Path(path).read_text(encoding="utf-8"))}


def paired(base: dict[tuple[str, str, int], bool], other: dict[tuple[str, str, int], bool]) -> list[int]:
    """Per shared match: the other series' win minus the base's (−1, 0 or 1)."""
    keys = sorted(base.keys() & other.keys())
    return [int(other[k]) - int(base[k]) for k in keys]


def summary(diffs: list[int]) -> str:
    """The mean difference in points and its 95% interval."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return f"{100 * mean:+.2f} points [{100 * (mean - half):+.2f}, {100 * (mean + half):+.2f}] over {n} matches"


def main() -> int:
    """Print each pair's rates and difference, and the pooled difference."""
    files = sys.argv[1:]
    if len(files) < 2 or len(files) % 2:
        print("usage: paired.py BASE.json OTHER.json [BASE2.json OTHER2.json …]", file=sys.stderr)
        return 2
    pooled: list[int] = []
    for a, b in zip(files[::2], files[1::2], strict=True):
        try:
            base, other = _load(a), _load(b)
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"paired.py: cannot read {a} or {b} as bench_bots.py --out results: {e}", file=sys.stderr)
            return 2
        if not base.keys() & other.keys():
            print(f"paired.py: {a} and {b} share no match (not the same seeds?)", file=sys.stderr)
            return 2
        diffs = paired(base, other)
        keys = base.keys() & other.keys()
        wa, wb = sum(base[k] for k in keys), sum(other[k] for k in keys)
        print(f"{a}: {wa} won ({100 * wa / len(keys):.2f}%); {b}: {wb} won ({100 * wb / len(keys):.2f}%); "
              f"difference {summary(diffs)}")
        pooled += diffs
    if len(files) > 2:
        print(f"pooled: {summary(pooled)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
