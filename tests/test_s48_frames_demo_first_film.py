"""The demo's first film of a session: its first window frame compiled the game terms' pattern,
imported Pillow and its five image plugins and drew the board (21 ms of CPU), and its first
film frame made a 1920×1080 surface on top of its first tokens and fonts (14 ms). Now each of
those is a preparation step of its own, and the films draw into one surface."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

import pygame
import pytest

from arena_game.ui.showcase import Film
from tests.builders import demo_steps
from tests.test_bad_input import ROOT

DEMO = demo_steps()

PROBE = """
import json, sys
from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.sprites import DECODER_MODULES
from arena_game.ui import showcase
from arena_game.ui.app import App
from arena_game.ui.screens.demo import DemoScreen
from tests.builders import demo_steps

boards = []
drawn = showcase.board_image
showcase.board_image = lambda *a, **k: boards.append(1) or drawn(*a, **k)
app = App(size=(1280, 720), lang="en", realtime=False)
demo = app.push(DemoScreen(app, [load_scenario(p) for p in ordered_files(demo_dir())[:1]], fps=10, once=True))
first = [m for m in DECODER_MODULES if m in sys.modules]
frames = []
while demo.shown == 0 and len(frames) < 60:
    modules = {m for m in DECODER_MODULES if m in sys.modules}
    terms, made = showcase._terms.cache_info().currsize, len(boards)
    app.step()
    frames.append({"imported": sorted({m for m in DECODER_MODULES if m in sys.modules} - modules),
                   "terms": showcase._terms.cache_info().currsize > terms, "board": len(boards) > made})
print(json.dumps({"before": first, "frames": frames}))
"""


def test_the_first_films_terms_decoder_and_board_are_made_in_window_frames_of_their_own():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "ARENA_GAME_DATA": tempfile.mkdtemp(prefix="arena-demo-")}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    probe = json.loads(out.stdout.splitlines()[-1])
    assert probe["before"] == []  # a session's first film: nothing of the decoder imported yet
    frames = probe["frames"]
    for k, frame in enumerate(frames):
        work = len(frame["imported"]) + frame["terms"] + frame["board"]
        assert work <= 1, (k, frame)  # one piece of that work a window frame
    board = next(k for k, frame in enumerate(frames) if frame["board"])
    assert sum(len(f["imported"]) for f in frames[:board]) == 6 and any(f["terms"] for f in frames[:board])


@pytest.mark.usefixtures("fresh_pygame")
def test_the_demos_films_draw_into_one_surface():
    from arena_game.ui.app import App
    from arena_game.ui.screens.demo import DemoScreen

    app = App(size=(640, 480), lang="en", realtime=False)
    demo = app.push(DemoScreen(app, DEMO[:3], fps=2, once=True))
    seen: list[pygame.Surface] = []
    while app.running:
        app.step()
        if demo.frame is not None and not any(s is demo.frame for s in seen):
            seen.append(demo.frame)
    assert demo.shown > 3 and len(seen) == 1


@pytest.mark.usefixtures("fresh_pygame")
def test_a_film_takes_a_canvas_of_its_own_size_only():
    pygame.init()
    pygame.display.set_mode((8, 8))
    other = pygame.Surface((800, 600))
    film = Film(DEMO[0], "en", (640, 480), fps=2, canvas=other)
    for _ in film.prepare():
        pass
    assert film.canvas is not None and film.canvas is not other and film.canvas.get_size() == (640, 480)
    same = Film(DEMO[1], "en", (640, 480), fps=2, canvas=film.canvas)
    for _ in same.prepare():
        pass
    assert same.canvas is film.canvas and next(iter(same.frames())) is film.canvas
