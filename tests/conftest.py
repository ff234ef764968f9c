"""Test set-up: headless SDL for every UI test, and a throw-away user data folder so no test
ever reads or writes the player's real saves, autosave, lesson progress or sprite overrides."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["ARENA_GAME_DATA"] = tempfile.mkdtemp(prefix="arena-game-tests-")
