"""The start screen's dice menu says each way of rolling whole, at every window size: at
800×560 "Dice: at the table, the computer rolls for the bots" was cut to "…rolls for t" in its
open list (the column is 300 px there); the menu then says it in shorter words."""

from __future__ import annotations

import pytest

from arena_game.i18n import t
from arena_game.ui.screens.start import StartScreen
from tests.layout_boxes import cut_widgets
from tests.ui_driver import click_at, open_app, top

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _start(lang: str, size: tuple[int, int]) -> StartScreen:
    app = open_app(None, lang=lang, size=size)
    start = top(app, StartScreen)
    assert start is not None
    return start


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 720)])
def test_s49b_every_dice_choice_shows_whole_in_the_open_menu(lang, size):
    start = _start(lang, size)
    app = start.app
    click_at(app, start.dice.rect.center, frames=3)  # the menu opens: its list of choices
    assert start.dice.current_state is start.dice.menu_states["expanded"]
    rows = [b["text"] for b in start.dice.menu_states["expanded"].options_selection_list.item_list]
    assert len(rows) == 3
    cut = [c for c in cut_widgets(app) if c[1] in rows]
    assert cut == [], cut


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49b_the_mixed_dice_choice_picked_shows_whole_and_still_means_mixed(lang):
    start = _start(lang, (800, 560))
    app = start.app
    mixed = next(label for label, mode in start.dice_labels.items() if mode == "mixed")
    assert mixed != t("table.mode_mixed", lang)  # the long words do not fit at 800 px: the short ones
    assert mixed == t("table.mode_mixed_short", lang)
    click_at(app, start.dice.rect.center, frames=3)
    item = next(b for b in start.dice.menu_states["expanded"].options_selection_list.item_list if b["text"] == mixed)
    click_at(app, item["button_element"].rect.center, frames=6)  # the menu says its change a frame later
    assert start.dice_mode == "mixed"
    assert start.dice.selected_option[0] == mixed
    assert [c for c in cut_widgets(app) if c[1] == mixed] == []


def test_s49b_the_long_words_stay_where_they_fit():
    start = _start("en", (1280, 720))
    assert t("table.mode_mixed", "en") in start.dice_labels
