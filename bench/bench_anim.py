"""Frame times of animations on the largest shipped map at 1920×1080 (issue 7).

Plays a seeded bot match's actions, then a showcase batch with every kind of animation
(run with a tackle, push into a hazard, teleport, circle sweep, taunt and crowd, faint,
death, banners, dice), through an AnimationQueue. Each frame draws what the window
draws while an animation plays: the board (animated terrain), the tokens at their poses
and the effects. The queue's clock advances 1/60 s per frame, so the animation plays as
at 60 fps; the figure is the real cost of each frame (update + draw), which must stay
under 16.7 ms. Prints figures; asserts nothing.

    .venv/bin/python bench/bench_anim.py [--frames-csv FILE]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from arena_game.bots.brain import Bot  # noqa: E402
from arena_game.bots.match import MatchSetup, spawn_placements  # noqa: E402
from arena_game.core.dice import Roll, Term  # noqa: E402
from arena_game.core.errors import IllegalAction  # noqa: E402
from arena_game.core.events import (  # noqa: E402
    Attacked,
    Damaged,
    DiceRolled,
    Died,
    Event,
    Fainted,
    Moved,
    Pushed,
    RunEnded,
    Tackled,
    Taunted,
    Teleported,
    TurnStarted,
)
from arena_game.core.match import Match  # noqa: E402
from arena_game.core.match import MatchSetup as CoreSetup  # noqa: E402
from arena_game.core.settings import DEFAULT_SETTINGS  # noqa: E402
from arena_game.core.state import MatchState  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.render.board import draw_board  # noqa: E402
from arena_game.render.sprites import SpriteBook  # noqa: E402
from arena_game.render.tokens import FighterToken  # noqa: E402
from arena_game.resources import default_teams_path, shipped_maps  # noqa: E402
from arena_game.ui.anim import AnimationQueue, pose_to_draw  # noqa: E402
from arena_game.ui.anim.draw import draw_token  # noqa: E402
from arena_game.ui.anim.strips import FakeClock  # noqa: E402

SCREEN = (1920, 1080)
FRAME_BUDGET_MS = 1000 / 60
WALL: list[float] = []


def largest_map():
    """The shipped map with the most squares."""
    boards = [load_map(p, DEFAULT_SETTINGS.maps) for p in shipped_maps()]
    return max(boards, key=lambda b: b.width * b.height)


Batch = tuple[MatchState, list[Event], MatchState]


def bot_batches(board, seed: int = 7, actions: int = 60) -> list[Batch]:
    """(state before, events, state after) for each action of a seeded bot match."""
    teams = load_teams(default_teams_path(), DEFAULT_SETTINGS)
    setup = MatchSetup(board=board, teams=tuple(teams))
    rng = random.Random(seed)
    placements = spawn_placements(board, setup.teams, setup.slot_assignment(0), rng)
    match = Match(CoreSetup(board=board, teams=list(setup.teams), placements=placements, seed=seed))
    bots = {t.id: Bot(random.Random(seed + i)) for i, t in enumerate(setup.teams)}
    out: list[Batch] = []
    for _ in range(actions):
        state = match.state
        if state.over:
            break
        try:
            events = match.play(bots[state.active.team].choose(state))
        except IllegalAction:
            events = match.play({"kind": "end_turn"})
        out.append((state, events, match.state))
    return out


def showcase(state: MatchState) -> list[Event]:
    """Every kind of animation at once on this board (events for the eyes, not a legal turn)."""
    ids = list(state.fighters)
    a, b = state.fighters[ids[0]], state.fighters[ids[-1]]
    c = state.fighters[ids[1]]
    ax, ay = a.position
    r = Roll(purpose="Attaque", die=20, face=17, terms=[Term(name="Dextérité", value=4)], total=21)
    path = [(ax, ay), (ax + 1, ay), (ax + 2, ay), (ax + 3, ay), (ax + 4, ay)]
    near = (path[-1][0] + 1, path[-1][1])
    return [
        TurnStarted(fighter=a.id, round=2),
        DiceRolled(fighter=a.id, roll=r, text=r.text()),
        Moved(fighter=a.id, path=path, mode="run"),
        Tackled(fighter=a.id, by=b.id, at=path[-1]),
        RunEnded(fighter=a.id, path=path, reason="tackled", squares_left=2),
        DiceRolled(fighter=a.id, roll=r, text=r.text()),
        Teleported(fighter=b.id, origin=b.position, to=near, means="spell"),
        Attacked(attacker=a.id, target=b.id, attack_total=21, dodge_total=8, hit=True, mode="circle"),
        Attacked(attacker=a.id, target=c.id, attack_total=21, dodge_total=25, hit=False, mode="circle"),
        Damaged(fighter=b.id, amount=6, location="tête", pv=4, by=a.id),
        Taunted(fighter=a.id, style="simple", difficulty=15, success=True),
        Fainted(fighter=c.id, turns=2),
        Pushed(fighter=b.id, by=a.id, path=[near, (near[0] + 1, near[1])], fell=True, into="floor"),
        Died(fighter=b.id, cause="attack", by=a.id, at=(near[0] + 1, near[1])),
    ]


def run(batches, board, book: SpriteBook, tile: int, origin: tuple[int, int], screen,
        cpu_clock=time.thread_time) -> list[list[float]]:
    """Frame times (ms) per batch, each batch played to its end at 60 frames a second.

    `cpu_clock` is the thread's CPU time: on a shared machine wall time also counts the
    time other processes hold the cores, which says nothing about this code.
    """
    clock = FakeClock()
    queue = AnimationQueue(clock=clock)

    def to_screen(x: float, y: float) -> tuple[float, float]:
        return (origin[0] + x * tile, origin[1] + y * tile)

    colours: dict[str, str] = {}
    per_batch = []
    for before, events, after in batches:
        for f in before.fighters.values():
            colours.setdefault(f.id, before.teams[f.team].colour)
        queue.push(events, before)
        times = []
        while queue.active:
            t0, w0 = cpu_clock(), time.perf_counter()
            clock.now += 1 / 60
            queue.update()
            screen.fill((24, 22, 28))
            draw_board(screen, board, book, tile, origin, time_ms=int(clock.now * 1000))
            queue.draw(screen, to_screen, tile, book, layer="ground")
            for f in after.fighters.values():  # the window holds the state after the action
                pose = pose_to_draw(queue, f)
                if pose is None:
                    continue
                token = FighterToken(f.position, f.sheet.name, colours[f.id], f.sheet.weapon.family.value)
                draw_token(screen, pose, token, to_screen, tile, book)
            queue.draw(screen, to_screen, tile, book, layer="over")
            times.append((cpu_clock() - t0) * 1000)
            WALL.append((time.perf_counter() - w0) * 1000)
        per_batch.append(times)
    return per_batch


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames-csv", type=Path, help="write every frame time (ms) to this file")
    args = parser.parse_args()
    pygame.init()
    screen = pygame.display.set_mode(SCREEN)
    board = largest_map()
    tile = min(SCREEN[0] // board.width, SCREEN[1] // board.height)
    origin = ((SCREEN[0] - board.width * tile) // 2, (SCREEN[1] - board.height * tile) // 2)
    book = SpriteBook(tile=tile, use_user_folder=False)
    batches = bot_batches(board)
    start_state = batches[0][0]
    batches.append((start_state, showcase(start_state), start_state))
    run(batches[:3], board, book, tile, origin, screen)  # warm the sprite and text caches
    WALL.clear()
    per_batch = run(batches, board, book, tile, origin, screen)
    frames = [t for b in per_batch for t in b]
    frames_sorted = sorted(frames)

    def pct(p: float) -> float:
        return frames_sorted[min(len(frames_sorted) - 1, int(p / 100 * len(frames_sorted)))]

    print(f"map: {board.name} ({board.width}×{board.height}), screen {SCREEN[0]}×{SCREEN[1]}, tile {tile} px")
    print(f"batches animated: {len(per_batch)} (bot match actions + 1 showcase of every animation kind)")
    print(f"frames: {len(frames)}  ({len(frames) / 60:.1f} s of animation at 60 fps)")
    print(f"frame time ms (CPU): median {statistics.median(frames):.2f}  p99 {pct(99):.2f}  max {max(frames):.2f}")
    over = sum(1 for t in frames if t > FRAME_BUDGET_MS)
    print(f"frames over {FRAME_BUDGET_MS:.1f} ms (CPU): {over}")
    wall = sorted(WALL)
    print(f"frame time ms (wall, shared machine): median {statistics.median(wall):.2f}  "
          f"p99 {wall[int(0.99 * (len(wall) - 1))]:.2f}  max {wall[-1]:.2f}  "
          f"over budget: {sum(1 for t in wall if t > FRAME_BUDGET_MS)}")
    show = per_batch[-1]
    print(f"showcase batch: {len(show)} frames, median {statistics.median(show):.2f} ms, max {max(show):.2f} ms")
    if args.frames_csv:
        args.frames_csv.write_text("\n".join(f"{t:.3f}" for t in frames) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
