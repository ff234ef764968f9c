"""The French lesson bar named its keys as English mnemonics, "H : indice · M : montrer" (s46
review, finding 21): a key written before a colon reads as the initial of the word after it,
and H is no French word's. The French bar gives the word, then its key, as the action bar does;
the keys themselves are the table's (H and M still give a hint and show the solution)."""

from __future__ import annotations

import re

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui import keys
from tests.ui_driver import open_lesson

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LESSON_LINES = ("tutorial.keys", "tutorial.failed_keys", "tutorial.success_keys", "tutorial.success_keys_last",
                "tutorial.failed")


def test_a_french_lesson_key_written_before_its_word_is_that_words_initial():
    for key in LESSON_LINES:
        line = t(key, "fr", why="…")
        pairs = re.findall(r"(?<![\w(])([A-Z]) : (\w+)", line)  # "R : réessayer"
        for letter, word in pairs:
            assert word[:1].upper() == letter, (key, line)  # "H : indice" read H as indice's initial


def test_the_french_lesson_bar_names_every_lesson_key_after_its_word():
    line = t("tutorial.keys", "fr")
    names = keys.KeyNames("fr")
    for command, word in (("hint", "Indice"), ("show_me", "Montrer"), ("restart", "Recommencer"),
                          ("rules", "Règles"), ("back", "Retour")):
        assert f"{word} ({names[command]})" in line, (command, line)


def test_the_french_lesson_bar_keys_still_work(tmp_path):
    """H asks for a hint and M shows the solution in a French lesson, as the bar says."""
    win, lesson = open_lesson("push", tmp_path / "progress.json", "fr")
    assert "Indice (H)" in lesson.panel_html()
    for key, name in ((pygame.K_h, "h"), (pygame.K_m, "m")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=name, scancode=0))
        win.run(frames=2)
    assert lesson.hints_shown == 1 and lesson.pending  # a hint shown, the solution playing
