"""The start screen's lists hold whole rows: at 1280×720 the map list ended with an empty
half-row, and the team list, with its one file, with an empty row. A list is as tall as its
rows (or as many whole rows as its room holds, then it scrolls), one row for one file; a
second file saved in the roster editor gives the list its second row."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena_game.formats.save import user_data_dir
from arena_game.ui.screens.start import LIST_EDGE, StartScreen, list_item_height
from tests.ui_driver import click_button, open_app, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")

MIRROR = Path(__file__).resolve().parent / "data" / "teams" / "mirror.toml"


def _rows(height: int, item: int) -> int:
    assert (height - LIST_EDGE) % item == 0, f"a list {height} px high holds part of a row ({item} px rows)"
    return (height - LIST_EDGE) // item


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 560)])
def test_the_start_lists_hold_whole_rows_and_one_file_takes_one_row(lang, size):
    app = open_app(None, lang=lang, size=size)
    start = top(app, StartScreen)
    assert start is not None
    item = list_item_height(app.manager)
    maps = _rows(start.map_list.rect.h, item)
    assert 3 <= maps <= len(start.maps)
    if size != (800, 560):  # room for every map: no row without one
        assert maps == len(start.maps)
    assert len(start.teams) == 1 and _rows(start.team_list.rect.h, item) == 1
    assert start.team_list.rect.bottom <= start.seed.rect.top  # what comes under it moved up, over nothing


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_second_teams_file_saved_in_the_roster_editor_gives_the_list_its_second_row(size):
    app = open_app(None, lang="en", size=size)
    start = top(app, StartScreen)
    assert start is not None
    item = list_item_height(app.manager)
    assert _rows(start.team_list.rect.h, item) == 1
    start.seed.set_text("42")  # what the player set before opening the editor stays set
    maps = start.map_list
    click_button(app, maps.item_list[2]["button_element"])
    picked = maps.get_single_selection()
    folder = user_data_dir() / "teams"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(MIRROR, folder / "mirror.toml")
    start.editing_teams = True  # as `open_roster` leaves it, the editor closing now
    start.roster_closed(folder / "mirror.toml")
    app.run(frames=12)
    assert len(start.teams) == 2 and _rows(start.team_list.rect.h, item) == 2
    assert start.team_list.scroll_bar is None  # both files in view
    assert start.map_list is maps and maps.get_single_selection() == picked and start.seed.get_text() == "42"
    column = [start.team_list, *([start.team_gloss_box] if start.team_gloss_box else []), start.seed, start.seed_help,
              start.dice, start.rules, start.edit_rules]
    for upper, lower in zip(column, column[1:], strict=False):  # moved down together: none over another
        assert upper.rect.bottom <= lower.rect.top, (upper, lower)
    assert start.edit_rules.rect.bottom <= start.go.rect.top or start.go.rect.left >= start.team_list.rect.right
