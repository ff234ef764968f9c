"""The Tiled loader made ready a part a frame (s56): `arena-game` alone opens a native map, and the
start screen then read the shipped Tiled map (arene-inondee) in one frame with every Tiled module
imported and every model's validator built in it (~30 ms at 1920×1080, the window frozen). The
board's quiet frames now make them a part each (`mapfile.tiled_readers_made`), and the start
screen makes what is left a part a frame before it reads the map files.

Each window runs in a fresh interpreter: the test process has the loader long imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import json, sys
import pygame
from tests.ui_driver import open_app, tap_key, top, ui_match
from arena_game.formats import mapfile
from arena_game.ui.screens.start import StartScreen

def tiled_parts():
    mods = [m for m in mapfile.TILED_MODULES if m in sys.modules]
    built = []
    if "arena_game.formats.tiled_model" in sys.modules:
        built = [m.__name__ for m in sys.modules["arena_game.formats.tiled_model"].MODELS if m.__pydantic_complete__]
    return mods + built

ctrl = ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})
app = open_app(ctrl, size=(1280, 720), lang="en")
for _ in range(int(sys.argv[1])):  # quiet frames of the board
    app.step()
quiet = tiled_parts()
tap_key(app, pygame.K_n)
start = top(app, StartScreen)
frames, maps_read = [], None
while start.building:
    was = tiled_parts()
    app.step()
    frames.append([p for p in tiled_parts() if p not in was])
    if maps_read is None and start.map_labels:
        maps_read = len(frames) - 1
print(json.dumps({"quiet": quiet, "frames": frames, "maps": start.map_labels, "maps_read": maps_read,
                  "modules": list(mapfile.TILED_MODULES), "all": len(mapfile.TILED_MODULES) + 7}))
"""


def _window(quiet_frames: int) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(quiet_frames)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("quiet_frames", [60, 0])
def test_s56_the_tiled_loader_is_made_a_part_a_frame_before_the_start_screen_reads_the_maps(quiet_frames):
    got = _window(quiet_frames)
    if quiet_frames:  # the board's quiet frames made it all
        assert len(got["quiet"]) == got["all"]
    made_while_opening = [p for f in got["frames"] for p in f]
    assert len(got["quiet"]) + len(made_while_opening) == got["all"]
    # a module a frame; a model's validator a frame (building `Layer`, pydantic completes
    # `TiledMap`, which waited for it: 1–3 ms together)
    assert all(len([p for p in f if p in got["modules"]]) <= 1 for f in got["frames"]), got["frames"]
    assert all(len(f) == 1 or f in ([], ["Layer", "TiledMap"]) for f in got["frames"]), got["frames"]
    assert got["frames"][got["maps_read"]] == []  # the maps' frame reads them with all made
    assert any("arène inondée" in m.lower() or "arene inondee" in m.lower() for m in got["maps"]), got["maps"]


def test_s56_tiled_readers_made_yields_once_per_part_and_loads_the_same_map():
    from arena_game.formats import mapfile, tiled_model
    from arena_game.resources import find_map

    list(mapfile.tiled_readers_made())  # whatever this process had not made yet
    assert all(m.__pydantic_complete__ for m in tiled_model.MODELS)
    assert list(mapfile.tiled_readers_made()) == []  # nothing left: no step
    board = mapfile.load_map(find_map("arene-inondee"))
    assert board.width > 0 and board.spawns
