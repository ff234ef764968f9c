"""Launch speed (issue 6: first frame < 1 s, measured by bench/bench_window.py): a window launch
imports only what its first frame needs: not the other commands, the bots, the simulator, the
scenario player nor the map watcher."""

import os
import subprocess
import sys
import tempfile

from tests.test_bad_input import ROOT

PROBE = """
import sys
from arena_game.cli import main
code = main(["play", "arene-classique", "--seed", "1", "--frames", "1", "--no-handoff"])
print(" ".join(sorted(m for m in sys.modules if m.startswith("arena_game"))))
raise SystemExit(code)
"""
NOT_AT_LAUNCH = (
    "arena_game.bots", "arena_game.design.simulation", "arena_game.formats.scenario",
    "arena_game.commands.simulate", "arena_game.commands.demo", "arena_game.commands.scenario",
    "arena_game.commands.tutorial", "arena_game.commands.render", "arena_game.commands.check",
    "arena_game.learn", "arena_game.learn.lessons", "arena_game.ui.screens.tutorial", "arena_game.ui.screens.demo", "arena_game.ui.showcase",
)


def test_a_window_launch_imports_only_what_the_first_frame_needs():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "ARENA_GAME_DATA": tempfile.mkdtemp(prefix="arena-launch-")}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""  # no font warnings from pygame_gui on the terminal
    loaded = set(out.stdout.split())
    assert "arena_game.ui.app" in loaded and "arena_game.commands.play" in loaded  # the probe did launch
    assert sorted(m for m in loaded if m.startswith(NOT_AT_LAUNCH)) == []
