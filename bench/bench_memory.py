"""Window memory over a long bot-vs-bot session: what `play --bots all` holds after ten minutes.

The real window (1920×1080, headless) watches bot-vs-bot matches on the default map at
animation speed 1, the window's clock at 60 frames a second, a new match as soon as one
ends (the same bot seats for every match, as the window keeps them), for 36,000 frames (ten minutes of play; `--quick`: 6,000). The resident memory is
printed every 1,800 frames (30 s of play) and at each match start (once its pieces, done a frame each, are done: the last match's memory is collected among them); the growth per match
is the slope of a least-squares line through the match starts (the first one left out:
fonts, sprites and caches are made then), over the matches of the ten minutes and 8 more
played with instant animations (`--quick`: 3), and, with no target, over those 8 alone. Targets: under 200 MiB at the end, growth
per match under 1 MiB.

    .venv/bin/python bench/bench_memory.py [--quick] [--frames N]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import Row, machine_note, print_rows, rss_mib, spread  # noqa: E402

RSS_TARGET = 200.0
GROWTH_TARGET = 1.0
FRAME_MS = 1000 / 60
SIZE = (1920, 1080)


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of y over x (0 with fewer than two points)."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    var = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / var if var else 0.0


def session(frames: int, more_matches: int, verbose: bool = True,
            ) -> tuple[list[tuple[int, int, float]], list[tuple[int, float]], dict]:
    """Play `frames` frames of bot-vs-bot matches, then `more_matches` more with instant
    animations (for the growth per match); (frame, match, MiB) samples, match starts, frame times."""
    import pygame

    from arena_game.bots.seats import BotSeats
    from arena_game.resources import DEFAULT_MAP
    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.windows import match_window

    def new_match(k: int) -> MatchController:
        return MatchController(setup_for_map(DEFAULT_MAP, None, 100 + k))

    ctrl = new_match(0)
    seats = BotSeats(["all"], [t.id for t in ctrl.setup.teams], 100, "normal")  # kept, as the window does
    app = match_window(ctrl, size=SIZE, realtime=False, handoff=False, bots=seats, anim_speed=1.0)
    view = app.find(BoardScreen)
    assert view is not None
    samples: list[tuple[int, int, float]] = []
    starts: list[tuple[int, float]] = [(0, rss_mib())]
    times: dict[str, list[float]] = {}
    match = 0
    frame = 0
    goal = None
    waiting = False  # a match was set up: its memory is read once its start is done
    while goal is None or match < goal or waiting:
        frame += 1
        if frame == frames + 1:  # the ten minutes are over: more matches, quickly
            goal = match + more_matches
            view.anim.speed = float("inf")
        app.step()
        ms, kind = app.meter.frames[-1]
        if goal is None:
            times.setdefault(kind, []).append(ms)
        if waiting and not view.starting:  # the new match's start done (the last one's memory collected)
            waiting = False
            starts.append((match, rss_mib()))
            if verbose:
                print(f"  match {match:3d} starts at frame {frame:6d}: {starts[-1][1]:7.1f} MiB", flush=True)
        if view.ctrl is not None and view.ctrl.state.over:
            match += 1
            ctrl = new_match(match)
            view.set_match(ctrl)  # its texts and the last match's memory follow a piece a frame
            waiting = True
        if frame % 1800 == 0 and goal is None:
            samples.append((frame, match, rss_mib()))
            if verbose:
                print(f"  frame {frame:6d} ({frame / 3600:4.1f} min of play), match {match}: {samples[-1][2]:7.1f} MiB",
                      flush=True)
    pygame.quit()
    return samples, starts, times


def run(quick: bool = False, frames: int | None = None, verbose: bool = False) -> list[Row]:
    """Every figure of this bench."""
    n = frames or (6000 if quick else 36000)
    samples, starts, times = session(n, 3 if quick else 8, verbose)
    end = samples[-1][2] if samples else rss_mib()
    peak = max([s[2] for s in samples] + [m for _, m in starts])
    growth = slope([(float(k), m) for k, m in starts[1:]])
    rows = [
        Row("memory", f"window after {n} frames ({n / 3600:.1f} min of bot-vs-bot play, "
            f"{(samples[-1][1] + 1) if samples else 1} matches)",
            end, "MiB", f"< {RSS_TARGET:.0f}", end < RSS_TARGET),
        Row("memory", "window peak resident memory", peak, "MiB"),
        Row("memory", f"growth per match (slope over match starts 1–{max(0, len(starts) - 1)}, the last ones "
            "with instant animations)", growth, "MiB",
            f"< {GROWTH_TARGET}", growth < GROWTH_TARGET if len(starts) > 2 else None),
    ]
    last = samples[-1][1] if samples else 0  # the match on at the end of the ten minutes
    instant = [(float(k), m) for k, m in starts if k > last]  # the match starts after them
    if len(instant) > 2:  # no target: it shows what the step between the first two starts weighs
        rows.append(Row("memory", f"growth per match over match starts {int(instant[0][0])}–{int(instant[-1][0])} "
                        f"(instant animations only; starts: {', '.join(f'{m:.1f}' for _, m in starts[1:])})",
                        slope(instant), "MiB"))
    for kind, ms in sorted(times.items()):  # no target here: the bots think in the window's frames
        lo, med, p99 = spread(ms)
        over = sum(1 for m in ms if m > FRAME_MS)
        rows.append(Row("memory", f"bot-vs-bot {kind} frames: p99 of {len(ms)} (min {lo:.1f}, median {med:.1f}, "
                        f"max {max(ms):.1f}; {over} over {FRAME_MS:.1f})", p99, "ms CPU"))
    return rows


def parts_rows() -> list[Row]:
    """What single things hold, each measured apart in this process (RSS before and after, the
    garbage collected): a 4096×4096 sprite override loaded and drawn at 64 px (the surface the
    book keeps, target: no larger than `sprites.KEPT_SIDE` a side); the log box's canvas at
    1920×1080 late in a long match (no target); `pygame.event.clear()` of 100,000 posted events
    with attributes left unread, against `pygame.event.get()` of as many (the window only gets)."""
    import gc
    import tempfile

    import pygame
    from PIL import Image

    from arena_game.core.terrain import Terrain
    from arena_game.render.sprites import KEPT_SIDE, SpriteBook

    rows = []
    pygame.init()
    pygame.display.set_mode((64, 64))
    with tempfile.TemporaryDirectory() as folder:
        Image.new("RGBA", (4096, 4096), (200, 60, 20, 255)).save(Path(folder) / "lava_0.png")
        gc.collect()
        before = rss_mib()
        book = SpriteBook(tile=64, user_folder=Path(folder))
        book.terrain(Terrain.LAVA, 0)
        gc.collect()
        grown = rss_mib() - before
        kept = book._raw[book.manifest.terrain[Terrain.LAVA].frames[0]]
        mib = kept.get_width() * kept.get_height() * 4 / 2**20
        rows.append(Row("memory", f"a 4096×4096 sprite override drawn at 64 px: the surface kept "
                        f"({kept.get_width()}×{kept.get_height()}; resident memory +{grown:.1f} MiB)", mib, "MiB",
                        f"≤ {KEPT_SIDE * KEPT_SIDE * 4 / 2**20:.2f}", mib <= KEPT_SIDE * KEPT_SIDE * 4 / 2**20))
        del book, kept
    for name, drain in (("clear()", pygame.event.clear), ("get()", pygame.event.get)):
        gc.collect()
        before = rss_mib()
        for i in range(100_000):
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, pos=(i % 600, 5), data="x" * 40))
            drain()
        gc.collect()
        rows.append(Row("memory", f"pygame.event.{name} of 100,000 posted events with attributes: resident memory grown",
                        rss_mib() - before, "MiB"))
    pygame.quit()
    import bench_window as bw

    from arena_game.ui.controller import setup_for_map

    p = bw.Player(setup_for_map(str(bw.largest_map()), None, 1))
    p.turn()
    hud = p.view.hud
    hud.log_lines = [hud.log_lines[i % len(hud.log_lines)] for i in range(bw.LONG_LOG)]
    hud._fill_log()
    for _ in range(2):
        p.turn()
    canvas = hud.log_box.canvas.surface
    size = (0, 0) if canvas is None else canvas.get_size()
    rows.append(Row("memory", f"the log box's canvas at {bw.SIZE[0]}×{bw.SIZE[1]}, {len(hud.log_lines)} lines "
                    f"({size[0]}×{size[1]} px, for {hud.log_box.canvas.lines} lines)",
                    size[0] * size[1] * 4 / 2**20, "MiB"))
    p.close()
    return rows


def main() -> int:
    """Print RSS over time, then the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="6,000 frames (100 s of play)")
    ap.add_argument("--frames", type=int, default=None)
    ap.add_argument("--json", action="store_true", help="the rows as one JSON line (run_all.py)")
    ap.add_argument("--parts", action="store_true", help="only what single things hold (`parts_rows`), not the session")
    args = ap.parse_args()
    print(f"window memory bench on {machine_note()}")
    rows = parts_rows() if args.parts else run(args.quick, args.frames, verbose=not args.json)
    print_rows(rows, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
