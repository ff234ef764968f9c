"""Opening the house rules panel (R) and the roster editor (E) over the start screen: each is
made a part a frame, hidden, and shown whole (in one frame they froze the window for 50–100 ms);
till then the start screen stays drawn and Esc goes back to it. In the panel, a value changed
changes its widgets in place, and another page is made hidden while the page shown stays."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.screens.base import BuiltOverFrames
from arena_game.ui.screens.house_rules import HouseRulesScreen
from arena_game.ui.screens.roster import RosterScreen
from arena_game.ui.screens.start import StartScreen
from tests.test_ui_start_opening import match_app, shown_start
from tests.ui_driver import tap_key, top


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    return tmp_path


def opened_over_frames(app, start: StartScreen, key: int, kind: type[BuiltOverFrames]) -> tuple[BuiltOverFrames, int]:
    """The key pressed over the shown start screen; the frames till the screen it opens is whole,
    checking at each that the start screen is what shows."""
    tap_key(app, key)
    screen = top(app, kind)
    assert screen is not None and screen.building and not screen.opaque
    frames = 1
    while screen.building:
        assert start.panel is not None and start.panel.visible  # the start screen still shows
        assert screen.panel is None or not screen.panel.visible  # nothing of the new one yet
        first = max(i for i, s in enumerate(app.stack) if s.opaque)
        assert app.stack[first] is start  # drawn from the start screen up
        app.step()
        frames += 1
    assert screen.opaque and screen.panel is not None and screen.panel.visible
    assert not start.panel.visible  # covered: its widgets hidden, kept for the way back
    return screen, frames


def opened_house_rules(app) -> HouseRulesScreen:
    """R over the shown start screen, and the frames till the house rules panel is whole."""
    panel, _ = opened_over_frames(app, shown_start(app), pygame.K_r, HouseRulesScreen)
    assert isinstance(panel, HouseRulesScreen)
    return panel


@pytest.mark.parametrize(("key", "kind"), [(pygame.K_r, HouseRulesScreen), (pygame.K_e, RosterScreen)])
def test_a_panel_over_the_start_screen_is_made_over_several_frames_and_shown_whole(data, key, kind):
    ctrl, app = match_app()
    start = shown_start(app)
    screen, frames = opened_over_frames(app, start, key, kind)
    assert frames > 3
    hidden = [el for el in screen.panel.get_container().elements if not el.visible]
    assert hidden == []
    tap_key(app, pygame.K_ESCAPE)
    assert app.top is start and start.panel.visible and start.opaque
    pygame.quit()


@pytest.mark.parametrize(("key", "kind"), [(pygame.K_r, HouseRulesScreen), (pygame.K_e, RosterScreen)])
def test_while_a_panel_is_made_esc_goes_back_to_the_start_screen_and_other_keys_do_nothing(data, key, kind):
    ctrl, app = match_app()
    start = shown_start(app)
    tap_key(app, key)
    app.step()
    screen = top(app, kind)
    assert screen is not None and screen.building
    tap_key(app, pygame.K_TAB)  # nothing yet to move the keyboard to
    tap_key(app, pygame.K_ESCAPE)
    assert app.top is start and start.panel.visible and not start.building
    assert screen.panel is None  # its parts made so far are gone
    for _ in range(3):
        app.step()
    assert app.top is start and start.panel.visible
    pygame.quit()


def test_a_value_cycled_in_the_house_rules_panel_changes_its_widgets_in_place(data):
    ctrl, app = match_app()
    panel = opened_house_rules(app)
    widgets = list(panel.panel.get_container().elements)
    button = next(w for w, k in panel.keys_of.items() if k == "turns.initiative_attribute")
    mark = panel.marks["turns.initiative_attribute"]
    assert mark.object_ids[-1] == "#house_mark"
    panel.focus = panel.ring.index(button)
    tap_key(app, pygame.K_RETURN)
    assert panel.draft.values["turns.initiative_attribute"] == "physique"
    assert button.text == "Physique (strength)" and mark.object_ids[-1] == "#house_changed"
    assert list(panel.panel.get_container().elements) == widgets  # the same widgets, not made again
    tap_key(app, pygame.K_LEFT)  # back to the default
    assert button.text == "Agilité (agility)" and mark.object_ids[-1] == "#house_mark"
    pygame.quit()


def test_another_page_is_made_hidden_while_the_page_shown_stays(data):
    ctrl, app = match_app()
    panel = opened_house_rules(app)
    first_box, first_keys = panel.page_box, set(panel.keys_of.values())
    tap_key(app, pygame.K_PAGEDOWN)
    assert panel.page == 1 and panel.building
    frames = 1
    while panel.building:
        assert panel.page_box is first_box and first_box.visible  # the page shown stays till the next is whole
        app.step()
        frames += 1
    assert frames > 2 and panel.page_box is not first_box and panel.page_box.visible
    assert not first_box.alive()
    assert set(panel.keys_of.values()).isdisjoint(first_keys) and all(w.visible for w in panel.keys_of)
    assert [tab.is_selected for tab in panel.tabs] == [False, True, False, False, False]
    tap_key(app, pygame.K_PAGEDOWN)  # two pages turned before the first is made: the last one shows
    tap_key(app, pygame.K_PAGEDOWN)
    while panel.building:
        app.step()
    assert panel.page == 3 and panel.page_box.visible
    # the page box may scroll (a small window): its own box of bars and rules is the one other container
    own = panel.page_box.get_container().ui_container.ui_container
    boxes = [el for el in panel.panel.get_container().elements if el not in (panel.page_box, own) and hasattr(el, "elements")]
    assert boxes == []  # the page half made was dropped
    pygame.quit()
