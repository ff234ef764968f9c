"""Window frames as a player feels them: the real App with its HUD at 1920×1080.

A scripted player moves the mouse every frame (hover), rests it on a square till its hover card
shows (`hover_card.DELAY_MS`: the frame that shows it has a row of its own, the frames waiting
for it are in no row), presses mode keys (run, teleport,
walk: input frames, each recomputing and redrawing the highlights), clicks the run and walk
buttons of the action bar (input frames: the click, then the button's answer), clicks a square to
walk (the frame that applies the action, writes the log and starts the animation:
animation start), watches the animation (animation frames) and ends the turn. Every frame
is timed in CPU time of the window's thread by the window's own `FrameMeter` (the same
figures as `play --frame-log`) and classed by what happened in it. The frames after an
action while its labels and dice banners fade (hover or idle, the board drawn whole) have a
row of their own too.

Interleaved with the window's frames, in the same process, one frame of a bare pygame
loop: fill, blit a full 1920×1080 screen of 32 px tiles (60 × 34), flip. Steady frames
(hover, idle) are compared with it.

Maps: the largest shipped map, fresh and late in a long match (its log box nearly full, so
the turns played pass the point where it is trimmed); generated open maps of 16², 32², 64² and 128² (walls, pillars,
water, lava scattered with a fixed seed); a fighter sweep of 8, 16 and 32 fighters on the
32² map. Targets: every kind of frame p99 ≤ 16.7 ms on the largest shipped map and on
64²; steady frames ≤ 1.5× the bare loop (medians).

    .venv/bin/python bench/bench_window.py [--quick] [--cycles N]

Headless (SDL dummy video driver) unless SDL_VIDEODRIVER is set: `display.flip` then costs
nothing, so both loops measure drawing, not the screen.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from common import Row, machine_note, print_rows, spread  # noqa: E402

SIZE = (1920, 1080)
FRAME_MS = 1000 / 60
STEADY_RATIO = 1.5
KINDS = ("hover", "input", "animation start", "animation", "idle")
LONG_LOG = 210  # lines in the log box: the turns played then pass 220, where it is trimmed back to 200
SAVES = 40  # files in the saves folder Ctrl+O lists


def largest_map() -> Path:
    """The shipped map with the most squares."""
    from arena_game.formats.mapfile import load_map
    from arena_game.resources import shipped_maps

    return max(shipped_maps(), key=lambda p: (lambda b: b.width * b.height)(load_map(p)))


def generated_setup(n: int, per_team: int | None = None, seed: int = 7):
    """A match on a generated n×n map: walls round, ~6 % pillars, small ponds and lava,
    spawns down the west and east edges; the shipped teams, or `per_team` a side."""
    from arena_game.core.board import Board
    from arena_game.core.match import MatchSetup
    from arena_game.core.terrain import Terrain
    from arena_game.formats.teamfile import load_teams
    from arena_game.resources import default_teams_path

    rng = random.Random(seed)
    rows = [[Terrain.WALL if x in (0, n - 1) or y in (0, n - 1) else Terrain.FLOOR for x in range(n)] for y in range(n)]
    for _ in range(n * n // 16):
        x, y = rng.randrange(4, n - 4), rng.randrange(1, n - 1)
        rows[y][x] = rng.choice((Terrain.PILLAR, Terrain.PILLAR, Terrain.WATER, Terrain.LAVA))
    west = [(x, y) for x in (1, 2) for y in range(1, n - 1)]
    east = [(x, y) for x in (n - 2, n - 3) for y in range(1, n - 1)]
    board = Board.from_rows(rows, name=f"generated {n}×{n}", spawns={"1": tuple(west), "2": tuple(east)})
    if per_team is None:
        teams = load_teams(default_teams_path())
    else:
        teams = load_teams(ROOT / "bench" / "teams-4v4.toml")
        teams = [t.model_copy(update={"fighters": [
            f.model_copy(update={"id": f"{f.id}{k}", "name": f"{f.name} {k}"})
            for k in range(-(-per_team // len(t.fighters))) for f in t.fighters][:per_team]}) for t in teams]
    placements = {}
    for team, spots in zip(teams, (west, east), strict=False):
        picks = rng.sample(spots, len(team.fighters))
        placements.update({f.id: sq for f, sq in zip(team.fighters, picks, strict=True)})
    return MatchSetup(board=board, teams=list(teams), placements=placements, seed=seed)


class BareLoop:
    """The baseline: fill, a full screen of 32 px tiles, flip, on a surface like the display's."""

    def __init__(self) -> None:
        self.surface = pygame.Surface(SIZE).convert()
        self.tile = pygame.Surface((32, 32)).convert()
        self.tile.fill((190, 170, 130))
        pygame.draw.rect(self.tile, (150, 130, 100), self.tile.get_rect(), 1)
        self.spots = [(x, y) for y in range(0, SIZE[1], 32) for x in range(0, SIZE[0], 32)]

    def frame(self) -> float:
        t0 = time.thread_time()
        pygame.event.pump()
        self.surface.fill((24, 25, 28))
        blit = self.surface.blit
        for spot in self.spots:
            blit(self.tile, spot)
        pygame.display.flip()
        return (time.thread_time() - t0) * 1000


class Player:
    """Drives the real window like a person, one frame at a time, and keeps the timings."""

    def __init__(self, setup) -> None:
        from arena_game.ui.controller import MatchController
        from arena_game.ui.screens.board import BoardScreen
        from arena_game.ui.windows import match_window

        self.app = match_window(MatchController(setup), size=SIZE, realtime=False, handoff=False, anim_speed=1.0)
        self.app.run(frames=2)
        view = self.app.find(BoardScreen)
        assert view is not None and view.ctrl is not None
        self.view = view
        self.bare = BareLoop()
        self.times: dict[str, list[float]] = {k: [] for k in KINDS}
        self.bare_times: list[float] = []
        self.rng = random.Random(3)
        self.highlights = 0
        self.trims: list[float] = []  # the frames in which the log box was trimmed back to its limit
        self.fading: list[float] = []  # the frames after an action while its labels and dice banners fade
        self.cards: list[float] = []  # the frames that show the hover card, the pointer at rest (`rest`)

    def frame(self, hover: bool = True) -> None:
        """One window frame (with a mouse move when `hover`), then one bare-loop frame."""
        if hover:
            self.move_mouse()
        lines = len(self.view.hud.log_lines)
        self.app.step()
        ms, kind = self.app.meter.frames[-1]
        if len(self.view.hud.log_lines) < lines:
            self.trims.append(ms)
        self.times[kind].append(ms)
        if kind in ("hover", "idle") and self.view.anim.active and not self.view.anim.busy:
            self.fading.append(ms)  # (also counted in its kind)
        self.bare_times.append(self.bare.frame())
        self.highlights = max(self.highlights, len(self.view.highlights))

    def rest(self) -> None:
        """The pointer still on its square till the frame its hover card shows in (timed in
        `cards`; the frames before it, idle ones waiting out the delay, are not timed)."""
        for _ in range(60):
            self.app.step()
            if not self.view.card_pending:
                self.cards.append(self.app.meter.frames[-1][0])
                return

    def move_mouse(self) -> None:
        state = self.view.ctrl.state
        x, y = state.active.position
        sq = (max(0, min(state.board.width - 1, x + self.rng.randint(-8, 8))),
              max(0, min(state.board.height - 1, y + self.rng.randint(-8, 8))))
        pos = self.view.camera.square_centre(sq)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))

    def key(self, key: int) -> None:
        name = pygame.key.name(key)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=name, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.frame(hover=False)

    def click(self, sq: tuple[int, int]) -> None:
        pos = self.view.camera.square_centre(sq)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame(hover=False)

    def press(self, bid: str) -> None:
        """A mouse click on an action-bar button: the click's frame, then the frame the button's
        answer reaches the screen in (pygame_gui posts it for the next frame)."""
        pos = self.view.hud.buttons[bid].rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        self.frame(hover=False)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame(hover=False)
        self.frame(hover=False)

    def settle(self, limit: int = 400) -> None:
        """Frames until the animation is over."""
        for _ in range(limit):
            if not self.view.anim.busy:
                return
            self.frame()

    def turn(self) -> None:
        """One turn of the active fighter as a person plays it."""
        from arena_game.core import queries

        for _ in range(8):
            self.frame()
        self.rest()
        for key in (pygame.K_2, pygame.K_8, pygame.K_1):  # run, teleport, walk: new highlights each
            self.key(key)
            for _ in range(4):
                self.frame()
            self.rest()  # the mode's card
        for bid in ("run", "walk"):  # the same with the mouse on the action bar
            self.press(bid)
            for _ in range(4):
                self.frame()
        state = self.view.ctrl.state
        free = [sq for sq, why in queries.walk_options(state).items() if why is None]
        if free and self.view.mode.name == "walk":
            self.click(self.rng.choice(free))
            self.settle()
        for _ in range(3):
            self.frame()
        self.key(pygame.K_e)  # end the turn
        self.settle()

    def step_apart(self) -> float:
        """One window frame, not in the turns' figures (`frame`): its CPU ms, for a row of its own."""
        self.app.step()
        return self.app.meter.frames[-1][0]

    def press_apart(self, key: int, mod: int = 0) -> float:
        """A key pressed and released, and the frame that sees it (`step_apart`)."""
        name = pygame.key.name(key)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=name, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        return self.step_apart()

    def new_match(self) -> tuple[list[float], list[float]]:
        """A new match as a player starts one: N opens the start screen (the CPU ms of that
        frame and of those that make its widgets, till it is shown, are returned first), Enter
        plays the map it offers; then the frame of that key and the frames after it until the
        new match's texts are all shown (and one more)."""
        press, step = self.press_apart, self.step_apart
        opening = [press(pygame.K_n)]
        for _ in range(30):  # its widgets, a group a frame, then shown whole
            building = self.app.top is not None and self.app.top.building
            opening.append(step())
            if not building:
                break
        for _ in range(3):
            step()
        starting = [press(pygame.K_RETURN)]
        for _ in range(8):
            busy = bool(self.view.starting) or self.view.hud.sheet_due
            starting.append(step())
            if not busy:
                break
        for _ in range(5):
            step()
        return opening, starting

    def other_screens(self) -> dict[str, list[float]]:
        """The other screens a player opens, by the key that opens them, each closed again with
        Esc: the CPU ms of the frame of the key, of those that make the screen a part a frame
        and of the three after it (the rules with F1 and a section by its link, a save with
        Ctrl+O, in a data folder of `SAVES` saves; from the start screen, the house rules with R and their next page, the roster
        editor with E, and the frame back to the start screen from each)."""
        press, step = self.press_apart, self.step_apart

        def made() -> list[float]:
            out = []
            for _ in range(80):  # a screen made a part a frame (`Screen.building`)
                if self.app.top is None or not self.app.top.building:
                    break
                out.append(step())
            return out + [step() for _ in range(3)]

        def opened(key: int, mod: int = 0) -> list[float]:
            return [press(key, mod)] + made()

        with tempfile.TemporaryDirectory() as data:  # a player's folder: 40 saves for Ctrl+O to list
            saved = os.environ.get("ARENA_GAME_DATA")
            os.environ["ARENA_GAME_DATA"] = data
            (Path(data) / "saves").mkdir()
            for i in range(SAVES):
                (Path(data) / "saves" / f"match-{i:02}.json").write_text("{}", encoding="utf-8")
            try:
                return self._other_screens(opened, made)
            finally:
                os.environ.pop("ARENA_GAME_DATA")
                if saved is not None:
                    os.environ["ARENA_GAME_DATA"] = saved

    def _other_screens(self, opened: Callable[..., list[float]], made: Callable[[], list[float]]) -> dict[str, list[float]]:
        press, step = self.press_apart, self.step_apart
        out: dict[str, list[float]] = {}
        out["rules (F1)"] = opened(pygame.K_F1)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="rule:R4.4"))
        out["rules: another section, by its link (R4.4)"] = [step()] + made()
        opened(pygame.K_ESCAPE)
        out[f"load a save (Ctrl+O, {SAVES} saves in the folder)"] = opened(pygame.K_o, pygame.KMOD_CTRL)
        opened(pygame.K_ESCAPE)
        press(pygame.K_n)
        made()
        out["house rules (R, over the start screen)"] = opened(pygame.K_r)
        out["house rules: the next page (Page Down)"] = opened(pygame.K_PAGEDOWN)
        out["back from the house rules (Esc)"] = opened(pygame.K_ESCAPE)
        out["roster editor (E, over the start screen)"] = opened(pygame.K_e)
        out["back from the roster editor (Esc)"] = opened(pygame.K_ESCAPE)
        opened(pygame.K_ESCAPE)
        return out

    def close(self) -> None:
        pygame.quit()


def measure(name: str, setup, cycles: int, judged: bool, log_lines: int = 0, starts: int = 0) -> list[Row]:
    """Play `cycles` turns on a match and return the rows: each kind of frame, the bare loop.
    `log_lines`: first a turn, then its log lines repeated to that many in the log box (the
    window late in a long match, when the box is trimmed back to its limit). `starts`: then
    that many new matches started from the start screen (`Player.new_match`)."""
    p = Player(setup)
    if log_lines:
        p.turn()
        hud = p.view.hud
        hud.log_lines = [hud.log_lines[i % len(hud.log_lines)] for i in range(log_lines)]
        hud._fill_log()
        p.times = {k: [] for k in KINDS}
        p.bare_times = []
        p.fading = []
        p.cards = []
    for _ in range(cycles):
        if p.view.ctrl.state.over:
            break
        p.turn()
    board = p.view.ctrl.state.board
    rows = []
    label = f"{name} ({board.width}×{board.height}, {len(p.view.ctrl.state.fighters)} fighters)"
    if log_lines:
        label += f", log {log_lines} → {len(p.trims)} trims"
    for kind in KINDS:
        samples = p.times[kind]
        if not samples:
            continue
        lo, med, p99 = spread(samples)
        ok = p99 <= FRAME_MS
        rows.append(Row("window", f"{label} {kind}: p99 of {len(samples)} (min {lo:.1f}, median {med:.1f}, "
                        f"max {max(samples):.1f})", p99,
                        "ms CPU", f"≤ {FRAME_MS:.1f}" if judged else "", ok if judged else None))
    if p.fading:  # the board drawn whole in each (nothing moves on it but the captions)
        lo, med, p99 = spread(p.fading)
        rows.append(Row("window", f"{label} labels fading (hover or idle frames after an action): p99 of {len(p.fading)} "
                        f"(min {lo:.1f}, median {med:.1f}, max {max(p.fading):.1f})", p99, "ms CPU",
                        f"≤ {FRAME_MS:.1f}" if judged else "", p99 <= FRAME_MS if judged else None))
    if p.cards:
        lo, med, p99 = spread(p.cards)
        rows.append(Row("window", f"{label} hover card shown (the pointer at rest): p99 of {len(p.cards)} "
                        f"(min {lo:.1f}, median {med:.1f}, max {max(p.cards):.1f})", p99, "ms CPU",
                        f"≤ {FRAME_MS:.1f}" if judged else "", p99 <= FRAME_MS if judged else None))
    if p.trims:  # each is also a frame of its kind above; its cost is the log box's
        rows.append(Row("window", f"{label}: the frames that trimmed the log, the largest "
                        f"({', '.join(f'{ms:.1f}' for ms in p.trims)})", max(p.trims), "ms CPU",
                        f"≤ {FRAME_MS:.1f}" if judged else "", max(p.trims) <= FRAME_MS if judged else None))
    if starts:
        openings, frames = [], []
        for _ in range(starts):
            opening, starting = p.new_match()
            openings.append(opening)
            frames.append(starting)
        worst = max(max(f) for f in frames)
        rows.append(Row("window", f"{label} new match: the frame of Play and those showing its texts, the largest "
                        f"({'; '.join(', '.join(f'{ms:.1f}' for ms in f) for f in frames)})", worst, "ms CPU",
                        f"≤ {FRAME_MS:.1f}" if judged else "", worst <= FRAME_MS if judged else None))
        worst = max(max(f) for f in openings)
        rows.append(Row("window", f"{label} the start screen opening: the frame of N and those making its widgets, "
                        f"the largest (the first opening of the session: {', '.join(f'{ms:.1f}' for ms in openings[0])}; "
                        f"later ones: {'; '.join(', '.join(f'{ms:.1f}' for ms in f) for f in openings[1:])})",
                        worst, "ms CPU", f"≤ {FRAME_MS:.1f}" if judged else "", worst <= FRAME_MS if judged else None))
        for screen, ms in p.other_screens().items():
            rows.append(Row("window", f"{label} {screen}: the frame of the key, those making it and three more, the largest "
                            f"({', '.join(f'{x:.1f}' for x in ms)})", max(ms), "ms CPU",
                            f"≤ {FRAME_MS:.1f}" if judged else "", max(ms) <= FRAME_MS if judged else None))
    steady = p.times["hover"] + p.times["idle"]
    _, bare_med, bare_p99 = spread(p.bare_times)
    _, steady_med, steady_p99 = spread(steady)
    ratio = steady_med / bare_med
    rows.append(Row("window", f"{label} bare loop (full screen of 32 px tiles): median, p99 {bare_p99:.1f}",
                    bare_med, "ms CPU"))
    rows.append(Row("window", f"{label} steady ÷ bare loop (medians; p99s ×{steady_p99 / bare_p99:.2f})", ratio,
                    "×", f"≤ {STEADY_RATIO}" if judged else "", ratio <= STEADY_RATIO if judged else None))
    p.close()
    return rows


class InFrame:
    """A see-through screen that, in its first update (inside a frame, as a refused file's
    message or a dice dialog comes from the frame's own work), leaves and does `job`."""

    opaque = False
    building = False

    def __init__(self, app, job: Callable[[], object]) -> None:
        self.app = app
        self.job: Callable[[], object] | None = job

    def update(self, dt_ms: int) -> None:
        job, self.job = self.job, None
        if job is not None:
            self.app.pop(self)
            job()

    def enter(self) -> None: ...
    def leave(self) -> None: ...
    def handle(self, event: pygame.event.Event) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


def settled(app, first: list[float]) -> list[float]:
    """`first` and the CPU ms of every frame till the top screen is made, and of three more."""
    for _ in range(80):
        if app.top is None or not app.top.building:
            break
        app.step()
        first.append(app.meter.frames[-1][0])
    for _ in range(3):
        app.step()
        first.append(app.meter.frames[-1][0])
    return first


def table_rows() -> list[Row]:
    """Hot-seat play and dice at the table, on the tackle demo's map (the screens' cost does
    not grow with the map): the hand-off curtain from the key that ends the turn, the frame
    that lifts it, a refused file's message window, the dice dialog a run asks for (its d20)
    and the frame its face is given in. Each: the CPU ms of every frame from the one that opens it till it
    is made, and three more."""
    from dataclasses import replace

    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir
    from arena_game.ui.controller import MatchController
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.windows import match_window

    setup = load_scenario(next(p for p in sorted(demo_dir().glob("*.toml")) if "tackle" in p.name)).setup()
    out: dict[str, list[float]] = {}

    def opened(app, key: int) -> list[float]:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=pygame.key.name(key), scancode=0))
        app.step()
        return settled(app, [app.meter.frames[-1][0]])

    def in_frame(app, job: Callable[[], object]) -> list[float]:
        app.push(InFrame(app, job))
        app.step()
        return settled(app, [app.meter.frames[-1][0]])

    app = match_window(MatchController(replace(setup, scripted=[])), size=SIZE, realtime=False, handoff=True, anim_speed=1.0)
    board = app.find(BoardScreen)
    assert board is not None
    for _ in range(30):
        app.step()
    for _ in range(6):  # E till a turn passes to the other team: the curtain
        first = opened(app, pygame.K_e)
        if type(app.top).__name__ == "HandoffScreen":
            out["the hand-off curtain (E ends the turn)"] = first
            break
        for _ in range(90):
            app.step()
    out["the curtain lifted (Enter)"] = opened(app, pygame.K_RETURN)
    out["a refused file's message window"] = in_frame(app, lambda: board.show_problem("maps/x.tmx: line 3: not a tile id"))
    pygame.quit()

    app = match_window(MatchController(replace(setup, dice_mode="physical", scripted=[])), size=SIZE, realtime=False,
                       handoff=False, anim_speed=1.0)
    board = app.find(BoardScreen)
    assert board is not None
    for _ in range(30):
        app.step()
    run = {"kind": "run_start", "declared": [(4, 2), (5, 2), (6, 2)]}
    out["dice at the table: the d20 a run asks for"] = in_frame(app, lambda: board.apply(run))
    dialog = app.top
    out["dice at the table: its face given (the dialog closes, the run starts)"] = in_frame(app, lambda: dialog.take(12))  # type: ignore[union-attr]
    pygame.quit()
    return [Row("window", f"table and curtain {name}: every frame till it is made and three more, the largest "
                f"({', '.join(f'{x:.1f}' for x in ms)})", max(ms), "ms CPU", f"≤ {FRAME_MS:.1f}", max(ms) <= FRAME_MS)
            for name, ms in out.items()]


def launch_rows() -> list[Row]:
    """The windows' first frames and the tutorial's: the match window launched on the largest
    shipped map (`play`) and without a match (the start screen alone), ten frames
    each; a lesson opened from the list (key 1), every frame till it is made and three more;
    the demo playing its first three films, every frame. Each judged ≤ 16.7 ms on its largest."""
    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir, ordered_files, shipped_lessons
    from arena_game.ui.app import App
    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.screens.demo import DemoScreen
    from arena_game.ui.screens.tutorial import tutorial_window
    from arena_game.ui.windows import match_window

    out: dict[str, list[float]] = {}
    for name, ctrl in (("launched on a match (play)", MatchController(setup_for_map(str(largest_map()), None, 1))),
                       ("launched without a match (the start screen)", None)):
        app = match_window(ctrl, size=SIZE, realtime=False, handoff=False)
        frames = []
        for _ in range(10):
            app.step()
            frames.append(app.meter.frames[-1][0])
        out[f"the window's first ten frames, {name}"] = frames
        pygame.quit()
    app = tutorial_window(shipped_lessons(), "en", None, SIZE, realtime=False)
    app.run(frames=5)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    app.step()
    out["a lesson opened from the list (1)"] = settled(app, [app.meter.frames[-1][0]])
    pygame.quit()
    app = App(size=SIZE, lang="en", realtime=False)
    demo = app.push(DemoScreen(app, [load_scenario(p) for p in ordered_files(demo_dir())[:3]], fps=30, once=True))
    frames = []
    while app.running and demo in app.stack:
        app.step()
        frames.append(app.meter.frames[-1][0])
    out[f"the demo, three films ({len(frames)} frames)"] = frames
    pygame.quit()
    rows = []
    for name, ms in out.items():
        shown = ", ".join(f"{x:.1f}" for x in ms) if len(ms) <= 40 else f"median {sorted(ms)[len(ms) // 2]:.1f}"
        rows.append(Row("window", f"launch and tutorial {name}: the largest ({shown})", max(ms), "ms CPU",
                        f"≤ {FRAME_MS:.1f}", max(ms) <= FRAME_MS))
    return rows


DEMO_PROBE = """
import json, sys
sys.path.insert(0, {root!r})
from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.ui.app import App
from arena_game.ui.screens.demo import DemoScreen

app = App(size={size!r}, lang="en", realtime=False)
demo = app.push(DemoScreen(app, [load_scenario(p) for p in ordered_files(demo_dir())[:3]], fps=30, once=True))
frames = []
while app.running and demo in app.stack:
    app.step()
    frames.append(app.meter.frames[-1][0])
print(json.dumps(frames))
"""


def demo_first_rows() -> list[Row]:
    """The demo as `arena-game demo` opens it: a process of its own (its first film is the
    session's first: the first sprites decoded, the first fonts and patterns made), three films,
    every frame's CPU ms by the window's meter; the frames before its first picture listed."""
    import json
    import subprocess

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", DEMO_PROBE.format(root=str(ROOT), size=SIZE)], env=env,
                         capture_output=True, text=True, timeout=600, check=True)
    ms = json.loads(out.stdout.splitlines()[-1])
    worst = max(ms)
    return [Row("window", f"the demo in a process of its own, three films ({len(ms)} frames): the largest (first 12: "
                f"{', '.join(f'{x:.1f}' for x in ms[:12])}; median {sorted(ms)[len(ms) // 2]:.1f})", worst, "ms CPU",
                f"≤ {FRAME_MS:.1f}", worst <= FRAME_MS)]


DEFAULT_START_PROBE = """
import json, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
import pygame
from bench_window import Player
from arena_game.resources import DEFAULT_MAP, find_map
from arena_game.ui.controller import setup_for_map

p = Player(setup_for_map(str(find_map(DEFAULT_MAP)), None, 1))
for _ in range(60):
    p.frame()
opening, starting = p.new_match()
print(json.dumps([opening, starting]))
"""


def default_start_rows() -> list[Row]:
    """`arena-game` alone, as a player launches it: a process of its own on the default map (a
    native one: no Tiled map read yet), a second of play, then N: every frame of the start
    screen's first opening (it reads the shipped Tiled map among the others) and of Play."""
    import json
    import subprocess

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    probe = DEFAULT_START_PROBE.format(root=str(ROOT), bench=str(Path(__file__).resolve().parent))
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=600, check=True)
    opening, starting = json.loads(out.stdout.splitlines()[-1])
    rows = []
    for what, ms in (("the start screen's first opening (N): the frame of N and those making it", opening),
                     ("then Play: its frame and those showing its texts", starting)):
        rows.append(Row("window", f"launched on the default map, {what}, the largest "
                        f"({', '.join(f'{x:.1f}' for x in ms)})", max(ms), "ms CPU", f"≤ {FRAME_MS:.1f}",
                        max(ms) <= FRAME_MS))
    return rows


def teleport_rows(sizes: tuple[int, ...] = (64, 128), frames: int = 150) -> list[Row]:
    """A potion teleport on a large generated map (every fighter carries a potion: the mode
    marks every free square, ~3,600 on 64², ~15,000 on 128²) with the hover card shown: the
    pointer moves every frame. Rows: the hover frames (judged on 64², as the turns are), the
    bare loop interleaved with them, and the CPU ms per frame of the squares the card keeps in
    sight (`hover_card.sights` and `marked` with that frame's arguments, timed apart)."""
    from dataclasses import replace

    from arena_game.ui.screens import board_draw, hover_card

    rows = []
    for n in sizes:
        setup = generated_setup(n)
        teams = [t.model_copy(update={"fighters": [f.model_copy(update={"teleport_potions": 1}) for f in t.fighters]})
                 for t in setup.teams]
        p = Player(replace(setup, teams=teams))
        p.key(pygame.K_8)
        for _ in range(4):
            p.frame()
        p.times = {k: [] for k in KINDS}
        p.bare_times = []
        view, card_ms, shown = p.view, [], 0
        assert view.ctrl is not None
        for _ in range(frames):
            p.frame()
            hl = board_draw.shown_highlights(view)
            shown += bool(view.hover is not None and view.card_text and not view.card_pending)
            t0 = time.thread_time()
            hover_card.sights(view.ctrl.state.board, view.camera.square_rect, view.viewport)
            hover_card.marked(hl, view.camera.square_rect, view.viewport)
            card_ms.append((time.thread_time() - t0) * 1000)
        label = f"potion teleport on generated {n}² ({len(view.highlights)} squares marked, a card in {shown} of {frames} frames)"
        lo, med, p99 = spread(p.times["hover"])
        rows.append(Row("window", f"{label} hover: p99 (min {lo:.1f}, median {med:.2f}, max {max(p.times['hover']):.1f})",
                        p99, "ms CPU", f"≤ {FRAME_MS:.1f}" if n <= 64 else "", p99 <= FRAME_MS if n <= 64 else None))
        rows.append(Row("window", f"{label} bare loop: median", spread(p.bare_times)[1], "ms CPU"))
        rows.append(Row("window", f"{label} the card's sights and marked squares: median per frame",
                        spread(card_ms)[1], "ms CPU"))
        p.close()
    return rows


def run(quick: bool = False, cycles: int | None = None) -> list[Row]:
    """Every figure of this bench."""
    from arena_game.ui.controller import setup_for_map

    n = cycles or (3 if quick else 8)
    rows = measure(f"shipped {largest_map().stem}", setup_for_map(str(largest_map()), None, 1), n, True, starts=4)
    rows += table_rows()
    rows += launch_rows()
    rows += demo_first_rows()
    rows += default_start_rows()
    rows += teleport_rows()
    rows += measure(f"shipped {largest_map().stem}, log of {LONG_LOG} lines", setup_for_map(str(largest_map()), None, 1),
                    n, True, LONG_LOG)
    for size in (16, 32, 64, 128):
        rows += measure(f"generated {size}²", generated_setup(size), n if size != 128 else max(2, n // 2), size == 64)
    for per_team in (4, 8, 16):
        rows += measure(f"fighters {2 * per_team}", generated_setup(32, per_team), max(2, n // 2), False)
    return rows


def main() -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer turns per map (a rough figure)")
    ap.add_argument("--cycles", type=int, default=None, help="turns played per map")
    ap.add_argument("--only", default=None, help="'shipped', 'long' (shipped, long log), 'table' (curtain, dialogs, launch, tutorial, demo), 'demo' (the demo in a process of its own), 'default' (`arena-game` alone in a process of its own: N, then Play), 'teleport' (a potion teleport with the hover card on 64² and 128²) or a size (16, 32, 64, 128): one map only")
    ap.add_argument("--json", action="store_true", help="the rows as one JSON line (run_all.py)")
    args = ap.parse_args()
    print(f"window bench at {SIZE[0]}×{SIZE[1]} on {machine_note()}")
    if args.only == "table":
        rows = table_rows() + launch_rows() + demo_first_rows() + default_start_rows()
    elif args.only == "demo":
        rows = demo_first_rows()
    elif args.only == "default":
        rows = default_start_rows()
    elif args.only == "teleport":
        rows = teleport_rows()
    elif args.only:
        from arena_game.ui.controller import setup_for_map

        shipped = args.only in ("shipped", "long")
        setup = setup_for_map(str(largest_map()), None, 1) if shipped else generated_setup(int(args.only))
        rows = measure(args.only, setup, args.cycles or 4, True, LONG_LOG if args.only == "long" else 0,
                       starts=4 if args.only == "shipped" else 0)
    else:
        rows = run(args.quick, args.cycles)
    print_rows(rows, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
