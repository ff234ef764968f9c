"""The demo's log column split a round's banner line ("— Tour de table 2 :" / "Sielle —"):
the film's log lines are told as the board's log tells them, held together (`held_terms`)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui import showcase
from tests.builders import demo_step

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_round_banner_in_the_demo_log_never_breaks(lang):
    pygame.init()
    pygame.display.set_mode((8, 8))
    sc = demo_step("08-mana-at-zero.toml")
    film = showcase.Film(sc, lang, (1280, 720), fps=10)
    for _ in film.frames():
        pass
    banners = [text for text, _ in film.log if text.startswith("—")]
    assert banners
    for line in banners:
        assert " " not in line, line  # every space a no-break one: the column breaks it nowhere
