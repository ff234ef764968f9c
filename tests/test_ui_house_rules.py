"""Issue 18, the house rules panel in the window: opened from the start screen, used with the
keyboard only (Tab, Enter, Esc), a Reading changed and saved by name, offered at the next
start, and the changed Reading changes the roll or the refusal in play."""

from __future__ import annotations

import re

import pygame
import pytest

from arena_game.core.errors import IllegalAction
from arena_game.core.match import Match, MatchSetup
from arena_game.core.settings import DEFAULT_SETTINGS
from arena_game.core.sheets import Team
from arena_game.formats.house_rules import house_rules_files, load_house_rules
from arena_game.ui.panels_html import sheet_html
from arena_game.ui.screens.house_rules import HouseRulesScreen
from arena_game.ui.screens.start import StartScreen
from tests.builders import sheet, tiny_board
from tests.ui_driver import board, click_button, open_app, press_key, top


def type_text(app, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.run(frames=2)


def tab_to(app, panel: HouseRulesScreen, key: str) -> None:
    """Tab until the keyboard is in the field of `key` (never more than the ring's length)."""
    for _ in range(len(panel.ring) + 1):
        if panel.focus is not None and panel.keys_of.get(panel.ring[panel.focus]) == key:
            return
        press_key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {key}")


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    return tmp_path


def test_r0_5_a_reading_changed_in_the_panel_with_the_keyboard_changes_the_initiative_roll(data):
    app = open_app(None, lang="en")
    press_key(app, pygame.K_r)  # the start screen's key for the panel
    panel = top(app, HouseRulesScreen)
    assert panel is not None and panel.focus is None
    tab_to(app, panel, "turns.initiative_attribute")
    press_key(app, pygame.K_RETURN)  # agilite → physique
    assert panel.draft.values["turns.initiative_attribute"] == "physique"
    assert panel.ring[panel.focus].text == "Physique (strength)"  # the keyboard stays on the field
    press_key(app, pygame.K_TAB)
    press_key(app, pygame.K_TAB)  # past the duration clock, into the name
    assert panel.ring[panel.focus] is panel.name
    type_text(app, "Chez Paul")
    press_key(app, pygame.K_RETURN)  # Enter in the name saves
    assert [p.stem for p in house_rules_files()] == ["Chez Paul"]
    assert panel.status_label.text == "Saved as “Chez Paul”: the start screen offers it."
    press_key(app, pygame.K_ESCAPE)  # one step back: out of the field
    assert top(app, HouseRulesScreen) is panel and panel.focus is None
    press_key(app, pygame.K_ESCAPE)  # then out of the panel
    start = top(app, StartScreen)
    assert start is not None and start.rules_name == "Chez Paul"
    assert "House rules: Chez Paul" in start.rules_labels
    press_key(app, pygame.K_RETURN)  # play
    ctrl = board(app).ctrl
    assert ctrl is not None and ctrl.state.settings.turns.initiative_attribute == "physique"
    first = next(e.roll for e in ctrl.log if e.type == "dice_rolled")
    assert first.purpose == "initiative" and [x.key for x in first.terms] == ["physique"]
    assert ctrl.to_save().rules["turns"]["initiative_attribute"] == "physique"
    sheet = re.sub(r"<[^>]+>", "", sheet_html(ctrl.state, "en"))  # the match's Readings in the sheet panel
    assert "House rules:<br>" not in sheet and "R0.5 initiative is 1d20 + this attribute: Physique (strength)" in sheet
    assert "Rules: standard" not in sheet
    ctrl.state.settings = DEFAULT_SETTINGS
    assert "Rules: standard" in sheet_html(ctrl.state, "en")


def test_a_value_typed_in_the_panel_is_refused_in_place_and_esc_drops_it(data):
    app = open_app(None, lang="fr")
    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    tab_to(app, panel, "dice.die")
    panel.ring[panel.focus].set_text("")
    type_text(app, "200")
    press_key(app, pygame.K_RETURN)
    mark = panel.marks["dice.die"]
    assert (mark.text, mark.object_ids[-1], mark.visible) == ("de 2 à 100", "#house_fault", True)
    assert panel.draft.values["dice.die"] == 20  # refused beside the field, nothing changed
    assert panel.ring[panel.focus].get_text() == "200"
    press_key(app, pygame.K_ESCAPE)
    assert panel.draft.texts["dice.die"] == "20" and panel.draft.faults == {} and panel.focus is None
    assert (mark.text, mark.object_ids[-1]) == (panel.draft.default_words("dice.die"), "#house_mark")
    assert next(w for w, k in panel.keys_of.items() if k == "dice.die").get_text() == "20"  # the typed text dropped


def test_pages_turn_with_the_keys_and_the_tabs(data):
    app = open_app(None, lang="en", size=(1280, 720))
    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    press_key(app, pygame.K_PAGEDOWN)
    press_key(app, pygame.K_PAGEDOWN)
    assert panel.page == 2 and "run.declared_must_be_free" in panel.keys_of.values()
    click_button(app, panel.tabs[4])
    assert panel.page == 4 and "combat.location_die" in panel.keys_of.values()
    press_key(app, pygame.K_PAGEUP)
    assert panel.page == 3
    click_button(app, panel.back)
    assert top(app, StartScreen) is not None


def test_r4_1_a_reading_changed_in_the_panel_changes_the_refusal_in_play(data):
    app = open_app(None, lang="en")
    click_button(app, top(app, StartScreen).edit_rules)
    panel = top(app, HouseRulesScreen)
    click_button(app, panel.tabs[2])
    field = next(w for w, k in panel.keys_of.items() if k == "run.declared_must_be_free")
    click_button(app, field)  # yes → no
    assert panel.draft.changed() == {"run.declared_must_be_free": False}
    panel.name.set_text("lax")
    click_button(app, panel.save_button)
    teams = [Team(id="red", name="Red", colour="#c0392b", fighters=[sheet("a", "red")]),
             Team(id="blue", name="Blue", colour="#2471a3", fighters=[sheet("z", "blue")])]
    run = {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]}  # (2, 2) is a wall

    def setup(settings):
        return MatchSetup(board=tiny_board("......\n......\n..#...\n......"), teams=teams,
                          placements={"a": (0, 2), "z": (5, 0)}, seed=1, scripted=[12],
                          turn_order=["a", "z"], settings=settings)

    with pytest.raises(IllegalAction) as refused:
        Match(setup(DEFAULT_SETTINGS)).play(run)
    assert refused.value.rule == "R4.9"  # the standard reading: a wall declared is refused before the roll
    events = Match(setup(load_house_rules("lax"))).play(run)
    assert [e.type for e in events][:2] == ["run_started", "dice_rolled"]  # the house rule: accepted


def test_a_value_typed_without_enter_is_taken_when_saving(data):
    app = open_app(None, lang="en")
    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    field = next(w for w, k in panel.keys_of.items() if k == "dice.critical_success")
    click_button(app, field)
    field.set_text("")
    type_text(app, "19,20")
    panel.name.set_text("crits")
    click_button(app, panel.save_button)
    assert load_house_rules("crits").dice.critical_success == (19, 20)
