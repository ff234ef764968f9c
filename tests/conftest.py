"""Test set-up: headless SDL for every UI test, and a throw-away user data folder per test so
no test ever reads or writes the player's real saves, autosave, lesson progress or sprite
overrides, nor sees another test's; the C locale, so the game's lines are English unless a test asks."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game speaks the locale's language (`i18n.pick_lang`): tests read its English lines unless
# they ask for a language, whatever the developer's shell says (a test sets its own locale).
for _var in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _user_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "data"))


@pytest.fixture
def fresh_pygame():
    """Shut pygame down after the test, so each window test starts from a clean display."""
    yield
    import pygame

    pygame.quit()
