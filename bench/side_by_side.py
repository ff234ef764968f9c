"""Speed of two bot styles side by side: the same matches against greedy, played alternately (one
match with the first style, the same match with the second, and so on), so that the machine's load
weighs on both alike. Prints each one's matches per CPU-second and their ratio.

    .venv/bin/python bench/side_by_side.py [--map labyrinthe] [--matches N] [--first F]
        [--level strong] [--style name=value,…] [--other name=value,maze.name=value,…]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bots import play_one  # noqa: E402


def main() -> int:
    """Play the matches alternately and print the two speeds."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="labyrinthe")
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="index of the first match (bench_bots.py's seeds)")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--style", default="", help="the first style's changes (bench_bots.py --style)")
    ap.add_argument("--other", default="", help="the second style's changes")
    args = ap.parse_args()
    cpu, won = [0.0, 0.0], [0, 0]
    for index in range(args.first, args.first + args.matches):
        for side, style in enumerate((args.style, args.other)):
            got = play_one((args.map, "greedy", index, args.level, style))
            cpu[side] += got["cpu"]
            won[side] += got["won"]
    rates = [args.matches / c for c in cpu]
    for label, style, rate, w in zip(("first", "second"), (args.style, args.other), rates, won, strict=True):
        print(f"{label}: {style or args.level} — {rate:.2f} matches per CPU-second, won {w} of {args.matches}")
    print(f"second / first: {rates[1] / rates[0]:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
