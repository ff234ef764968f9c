"""Window speed: frame times on the largest shipped map at 1920×1080 with highlights shown,
next to a bare pygame-ce loop blitting the same number of tiles in the same run, and the
time from launch to the first frame.

    .venv/bin/python bench/bench_window.py [--frames 600]

Targets (issue 6): p99 < 8 ms and < 3× the bare loop; launch to first frame < 1 s.
Headless (SDL dummy video driver) unless SDL_VIDEODRIVER is set: `display.flip` then costs
nothing, so both loops measure drawing, not the screen.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZE = (1920, 1080)


def largest_map() -> Path:
    """The shipped map with the most squares."""
    from arena_game.formats.mapfile import load_map
    from arena_game.resources import shipped_maps

    def area(p: Path) -> int:
        b = load_map(p)
        return b.width * b.height

    return max(shipped_maps(), key=area)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * len(s)) - 1))]


def window_frames(map_path: Path, frames: int) -> tuple[list[float], float, int, int]:
    """Frame times (ms) of the real App with the run probability overlay and a moving hover."""
    import pygame

    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.modes import RunDeclareMode, TeleportMode
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.windows import match_window

    t0 = time.perf_counter()
    app = match_window(MatchController(setup_for_map(str(map_path), None, 1)), size=SIZE, realtime=False, handoff=False)
    app.step()
    view = app.find(BoardScreen)
    assert view is not None and view.ctrl is not None
    first = (time.perf_counter() - t0) * 1000
    # the largest overlays: every free square (teleport by potion) or every square's run chance
    shown = 0
    for mode in (TeleportMode("potion"), RunDeclareMode()):
        view.switch_mode(mode)
        app.step()
        if len(view.current_highlights()) > shown:
            best, shown = mode, len(view.current_highlights())
    view.switch_mode(best)
    app.step()
    board = view.ctrl.state.board
    times = []
    for i in range(frames):
        sq = (i % board.width, (i // board.width) % board.height)
        pos = view.camera.square_centre(sq)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        t = time.perf_counter()
        app.step()
        times.append((time.perf_counter() - t) * 1000)
    tiles = board.width * board.height
    pygame.quit()
    return times, first, tiles, shown


def bare_frames(tiles: int, tile: int, frames: int) -> list[float]:
    """A bare pygame-ce loop: clear, blit `tiles` tile surfaces, flip."""
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode(SIZE)
    surf = pygame.Surface((tile, tile)).convert()
    surf.fill((190, 170, 130))
    cols = max(1, SIZE[0] // tile)
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        pygame.event.pump()
        screen.fill((24, 25, 28))
        for k in range(tiles):
            screen.blit(surf, ((k % cols) * tile, (k // cols) * tile))
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
    pygame.quit()
    return times


def launch_to_first_frame(map_path: Path, runs: int = 5, warm_bytecode: bool = False) -> list[float]:
    """Wall times of `arena-game play MAP --frames 1` in fresh interpreters (start, one frame, exit).

    `warm_bytecode`: with a bytecode cache (in a temp folder), as an installed wheel runs;
    otherwise as the environment says (PYTHONDONTWRITEBYTECODE=1 recompiles every module
    on every launch, about 0.1 s here).
    """
    env = dict(os.environ, ARENA_GAME_DATA=str(Path("/tmp") / "arena-bench-data"))
    if warm_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path("/tmp") / "arena-bench-pycache")
    cmd = [sys.executable, "-m", "arena_game", "play", str(map_path), "--seed", "1", "--frames", "1",
           "--no-handoff", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    times = []
    for i in range(runs + (1 if warm_bytecode else 0)):
        t = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i or not warm_bytecode:  # the first warm run only fills the cache
            times.append((time.perf_counter() - t) * 1000)
    return times


def bare_interpreter() -> float:
    """Wall time of a fresh interpreter that only imports pygame and exits (for scale)."""
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import pygame"], env=dict(os.environ), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - t) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    args = ap.parse_args()
    path = largest_map()
    times, first, tiles, shown = window_frames(path, args.frames)
    bare = bare_frames(tiles, 48, args.frames)
    launch = launch_to_first_frame(path)
    warm = launch_to_first_frame(path, warm_bytecode=True)
    baseline = bare_interpreter()
    med, p99 = statistics.median(times), percentile(times, 99)
    bmed, bp99 = statistics.median(bare), percentile(bare, 99)
    print(f"map: {path.name} ({tiles} squares), window {SIZE[0]}×{SIZE[1]}, {shown} highlights, {args.frames} frames")
    print(f"window frame   median {med:6.2f} ms   p95 {percentile(times, 95):6.2f} ms   p99 {p99:6.2f} ms   max {max(times):6.2f} ms")
    print(f"bare loop      median {bmed:6.2f} ms   p95 {percentile(bare, 95):6.2f} ms   p99 {bp99:6.2f} ms   ({tiles} tile blits + fill + flip)")
    print(f"ratio p99      {p99 / bp99 if bp99 else float('inf'):6.2f}×  (target < 3×; p99 target < 8 ms)")
    print(f"first frame    {first:6.1f} ms in process (App built + one frame)")
    print(f"launch → first frame → exit  median {statistics.median(launch):6.1f} ms   min {min(launch):6.1f} ms   "
          f"({len(launch)} fresh interpreters; target < 1000 ms)")
    print(f"  same with a bytecode cache (an installed wheel)  median {statistics.median(warm):6.1f} ms   "
          f"min {min(warm):6.1f} ms")
    print(f"  for scale: python -c 'import pygame' takes {baseline:6.1f} ms here; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
