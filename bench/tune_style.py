"""Search the bot's style weights (`BotStyle`) jointly on one map against one opponent.

The weights were set by hand, one at a time (docs/bots.md). This plays a random local
search over several at once: each candidate changes one to three weights of the best
found so far and plays the same training matches (common seeds, so a difference between
candidates is not a difference of dice); every few candidates the best untested ones play
a separate validation series, and only the validation figure picks the winner (the best
of many noisy training figures is always flattered).

    .venv/bin/python bench/tune_style.py --map labyrinthe --vs greedy --minutes 40 --out /tmp/tune.jsonl

Every evaluation is appended to `--out` as a JSON line (style, series, wins, matches).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bots import play_one  # noqa: E402

from arena_game.bots.style import LEVEL_STYLES  # noqa: E402

# name: (low, high, kind): the ranges searched ("int", "float", "bool")
SPACE: dict[str, tuple[float, float, str]] = {
    "caution": (0.0, 1.2, "float"),
    "closing": (0.3, 2.5, "float"),
    "flee_below": (0.0, 0.5, "float"),
    "focus": (0.0, 3.0, "float"),
    "ranged_caution": (0.0, 2.0, "float"),
    "tempo": (0.0, 4.0, "float"),
    "later_replies": (0.0, 2.0, "float"),
    "stop_threat": (0.0, 0.5, "float"),
    "kite": (0.0, 3.0, "float"),
    "strike_runs": (0, 20, "int"),
    "cohesion": (0, 6, "int"),
    "march": (0, 14, "int"),
    "lookahead": (2, 6, "int"),
    "sighted_threat": (0, 1, "bool"),
    "tempo_strikes": (0, 1, "bool"),
    "tempo_weak": (0, 1, "bool"),
    "iso": (0.0, 3.0, "float"),
    "iso_support": (1, 4, "int"),
}
# the strong level's own weights: where the search starts, and what `--style` leaves unsaid
STRONG: dict[str, float] = {k: float(getattr(LEVEL_STYLES["strong"], k)) for k in SPACE}


def style_text(style: dict[str, float]) -> str:
    """`bench_bots.py --style` text of the weights that differ from the strong level."""
    return ",".join(f"{k}={_fmt(v)}" for k, v in sorted(style.items()) if v != STRONG[k])


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.3g}"


def mutate(style: dict[str, float], rng: random.Random) -> dict[str, float]:
    """One to three weights moved: floats by a factor around 1 (or drawn anew from 0), ints
    by a step or two, booleans flipped."""
    out = dict(style)
    for name in rng.sample(sorted(SPACE), rng.choice((1, 2, 2, 3))):
        low, high, kind = SPACE[name]
        v = out[name]
        if kind == "bool":
            out[name] = 1 - v
        elif kind == "int":
            step = max(1, round((high - low) / 8))
            out[name] = int(min(high, max(low, v + rng.choice((-2, -1, 1, 2)) * step)))
        elif v == 0 or rng.random() < 0.2:
            out[name] = round(rng.uniform(low, high), 3)
        else:
            out[name] = round(min(high, max(low, v * math.exp(rng.gauss(0, 0.5)))), 3)
    return out


def evaluate(ex: ProcessPoolExecutor, map_name: str, vs: str, style: dict[str, float], first: int, n: int) -> int:
    """Wins of the styled strong bot in matches first..first+n-1."""
    text = style_text(style)
    tasks = [(map_name, vs, i, "strong", text) for i in range(first, first + n)]
    return sum(r["won"] for r in ex.map(play_one, tasks, chunksize=4))


def main() -> int:
    """Run the search and print the best styles found."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="labyrinthe")
    ap.add_argument("--vs", default="greedy")
    ap.add_argument("--train", type=int, default=200, help="training matches per candidate (seeds 0..)")
    ap.add_argument("--validate", type=int, default=400, help="validation matches (seeds 10000..)")
    ap.add_argument("--every", type=int, default=12, help="candidates between two validation rounds")
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    trained: list[tuple[float, dict[str, float]]] = []
    validated: dict[str, float] = {}
    deadline = time.monotonic() + 60 * args.minutes

    def log(style: dict[str, float], series: str, wins: int, n: int) -> None:
        line = {"style": style_text(style), "series": series, "wins": wins, "matches": n, "rate": wins / n}
        with args.out.open("a") as f:
            f.write(json.dumps(line) + "\n")
        print(f"{series:8} {wins / n:6.1%}  {style_text(style) or '(strong)'}", flush=True)

    with ProcessPoolExecutor(args.jobs) as ex:
        count = 0
        current = dict(STRONG)
        while time.monotonic() < deadline:
            style = current if count == 0 else mutate(rng.choice(sorted(trained, key=lambda t: -t[0])[:4])[1], rng)
            if any(style == s for _, s in trained):
                continue
            wins = evaluate(ex, args.map, args.vs, style, 0, args.train)
            trained.append((wins / args.train, style))
            log(style, "train", wins, args.train)
            count += 1
            if count % args.every == 1:
                for _rate, s in sorted(trained, key=lambda t: -t[0])[:3]:
                    if style_text(s) in validated:
                        continue
                    w = evaluate(ex, args.map, args.vs, s, 10_000, args.validate)
                    validated[style_text(s)] = w / args.validate
                    log(s, "validate", w, args.validate)
    print("\nbest on validation:")
    for text, rate in sorted(validated.items(), key=lambda t: -t[1])[:5]:
        print(f"  {rate:6.1%}  {text or '(strong)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
