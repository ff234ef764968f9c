"""The window that cannot open (s56): SDL says why in English ("x11 not available" with no display
open); the line said it inside the French sentence. Its sentences are said in the chosen
language, and one SDL sentence the catalog does not know is quoted as SDL's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("sdl", "lang", "said"), [
    ("x11 not available", "en", "the video driver `x11` cannot start here (no display open, or SDL_VIDEODRIVER names another)"),
    ("x11 not available", "fr",
     "le pilote vidéo `x11` ne démarre pas ici (aucun écran ouvert, ou SDL_VIDEODRIVER en nomme un autre)"),
    ("No available video device", "en", "no video device to open it on"),
    ("No available video device", "fr", "aucun périphérique vidéo où l'ouvrir"),
    ("Couldn't create window.", "fr", "le système d'affichage a refusé (SDL : « Couldn't create window »)"),
])
def test_s56_why_the_window_failed_is_said_in_the_chosen_language(sdl, lang, said):
    from arena_game.commands.play import window_why

    assert window_why(pygame.error(sdl), lang) == said


@pytest.mark.parametrize(("lang", "words"), [("fr", "impossible d'ouvrir la fenêtre : le pilote vidéo `nodriver`"),
                                             ("en", "cannot open the window: the video driver `nodriver`")])
def test_s56_arena_game_without_a_video_driver_says_one_line_in_its_language(lang, words):
    env = dict(os.environ, SDL_VIDEODRIVER="nodriver", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    got = subprocess.run([sys.executable, "-m", "arena_game", "--lang", lang, "--frames", "1"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    lines = got.stderr.strip().splitlines()
    assert got.returncode == 2 and len(lines) == 1 and words in lines[0], got.stderr
    assert "not available" not in lines[0]
