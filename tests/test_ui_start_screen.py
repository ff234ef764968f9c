"""The start screen: readable labels, a balanced layout, the user's roster files offered."""

import shutil
from pathlib import Path

import pytest
from pygame_gui.elements import UILabel

from arena_game.ui.screens.start import StartScreen
from arena_game.ui.strings import text
from tests.ui_driver import board, click_button, open_app, shot, top

DATA = Path(__file__).resolve().parent / "data"


def _labels(app):
    return [el for el in top(app, StartScreen).panel.get_container().elements if isinstance(el, UILabel)]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_start_screen_labels_fit_and_the_preview_fills_the_right(lang, size):
    app = open_app(None, lang=lang, size=size)
    w, h = size
    for label in _labels(app):  # pygame_gui cuts a label that does not fit with "..."
        assert label.font.size(label.text)[0] <= label.rect.w - 4, label.text
    seed = next(label for label in _labels(app) if label.text == text("start_seed", lang))
    assert seed.rect.right < top(app, StartScreen).seed.rect.left
    shown = top(app, StartScreen).preview
    assert shown is not None
    preview, room = shown[1], top(app, StartScreen).preview_rect
    assert room.contains(preview)
    assert room.w >= w // 2 and room.right >= w - 60  # no empty right third
    assert preview.w >= room.w * 0.9 or preview.h >= room.h * 0.9  # the map as large as its room allows (whole squares)
    assert top(app, StartScreen).go.rect.bottom >= h - 60  # Play at the bottom of the controls, not floating
    info = top(app, StartScreen).info.rect
    assert info.top >= preview.bottom and info.left >= top(app, StartScreen).go.rect.right  # under the map
    assert info.bottom <= h and not info.colliderect(top(app, StartScreen).go.rect)
    shot(app, f"start-{lang}-{w}")


def test_the_teams_file_given_on_the_command_line_is_offered_and_played_as_a_roster(tmp_path):
    roster = tmp_path / "mes-equipes.toml"
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    app = open_app(None, teams_path=str(roster))
    labels = top(app, StartScreen).team_labels
    assert labels[0] == "Les Lions de Braise · Les Vipères d'Onyx"  # the shipped teams by their names
    assert any(label.startswith("mes-equipes — ") for label in labels)
    item = next(it for it in top(app, StartScreen).team_list.item_list if it["text"].startswith("mes-equipes"))
    click_button(app, item["button_element"])
    click_button(app, top(app, StartScreen).go)
    assert top(app, StartScreen) is None and board(app).ctrl is not None
    assert board(app).ctrl.roster == roster.resolve()  # R9.2 will strike the lost off this file
    assert [f.sheet.name for f in board(app).ctrl.state.fighters.values()][0] == "Rouge Un"
