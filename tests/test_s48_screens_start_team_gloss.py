"""The English start screen glosses the shipped French team names, as the rest of the English
window does ("Les Lions de Braise (Ember Lions)"): the list's row keeps the names (glossed,
~560 px, they did not fit its 384 px at 1280×720), and a smaller line under the list gives the
picked file's teams in English, inside the window, over nothing and under nothing, its words
whole. The French screen shows no gloss."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from arena_game.resources import default_teams_path
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import click_button, open_app, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _shown(start: StartScreen) -> list[tuple[str, pygame.Rect]]:
    """(words, where) of every widget of the start screen's panel that shows words."""
    assert start.panel is not None
    out = []
    for el in start.panel.elements:
        if not el.visible:
            continue
        if isinstance(el, UITextBox):
            out.append((el.html_text, el.rect))
        elif isinstance(el, (UILabel, UIButton)):
            out.append((el.text, el.rect))
        elif isinstance(el, UISelectionList):
            out.append((" | ".join(item["text"] for item in el.item_list), el.rect))
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 560)])
def test_the_english_start_screen_gives_the_picked_teams_in_english_under_their_list(size):
    app = open_app(None, lang="en", size=size)
    start = top(app, StartScreen)
    assert start is not None
    shown = _shown(start)
    gloss = [(words, rect) for words, rect in shown if "Ember Lions" in words and "Onyx Vipers" in words]
    assert len(gloss) == 1, [w for w, _ in shown]
    words, rect = gloss[0]
    assert "Les Lions de Braise" in " ".join(w for w, _ in shown)  # the names themselves, in the list
    assert pygame.Rect((0, 0), size).contains(rect)
    lst = start.team_list.rect
    assert rect.top >= lst.bottom and rect.top - lst.bottom <= 8  # right under the team list
    assert rect.bottom <= start.seed.rect.top
    others = [r for w, r in shown if r is not rect and w != words]
    assert not any(rect.colliderect(r) for r in others), [w for w, r in shown if r is not rect and rect.colliderect(r)]
    box = start.team_gloss_box
    assert box is not None and box.scroll_bar is None
    laid = box.text_box_layout.layout_rect
    assert laid.w <= box.rect.w and laid.h <= box.rect.h  # its words whole


def test_the_french_start_screen_shows_no_gloss():
    app = open_app(None, lang="fr", size=(1280, 720))
    start = top(app, StartScreen)
    assert start is not None
    assert not any("Ember" in words or "Vipers" in words for words, _ in _shown(start))


@pytest.mark.parametrize("lang, line", [("en", "(Ember Lions · Onyx Vipers)"), ("fr", "")])
def test_the_shipped_teams_file_reads_in_english_in_english_only(lang, line):
    from arena_game.ui.screens.start import team_gloss

    assert team_gloss(default_teams_path(), lang) == line


def test_picking_a_file_of_names_without_a_gloss_empties_the_line_and_the_shipped_one_brings_it_back(tmp_path):
    mirror = (Path(__file__).resolve().parent / "data" / "teams" / "mirror.toml").read_text(encoding="utf-8")
    roster = tmp_path / "mes-equipes.toml"
    roster.write_text(mirror.replace('name = "Rouges"', 'name = "Les Rats"').replace('name = "Bleus"', 'name = "Les Crabes"'),
                      encoding="utf-8")
    app = open_app(None, lang="en", size=(1280, 720), teams_path=str(roster))
    start = top(app, StartScreen)
    assert start is not None and start.team_gloss_box is not None
    assert "Ember Lions" in start.team_gloss_box.html_text
    items = start.team_list.item_list
    click_button(app, next(it for it in items if it["text"].startswith("mes-equipes"))["button_element"])
    assert start.team_gloss_box.html_text == ""
    click_button(app, next(it for it in items if it["text"].startswith("Les Lions"))["button_element"])
    assert "Ember Lions" in start.team_gloss_box.html_text
