"""Session 61 audit, fields refused in the house rules panel and the roster editor.

The house rules panel saved a file while a typed value stood refused beside its field ("Saved as
“essai”"), the file holding the value before it, unsaid; the roster editor in that case saves
nothing. And the status line named the refused fields by their colour alone ("marked in red"):
under deuteranopia their red frame looks as amber as the keyboard's; the (!) badge drawn on them
(`house_rules.mark_refused`) is what tells them apart."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.house_rules import house_rules_files, load_house_rules
from arena_game.i18n import t
from arena_game.ui.screens.house_rules import HouseRulesScreen
from arena_game.ui.screens.roster import RosterScreen
from tests.ui_driver import click_button, open_app, press_key, top, wait_while_building


def _house_rules(lang: str) -> tuple[object, HouseRulesScreen]:
    app = open_app(None, lang=lang)
    press_key(app, pygame.K_r)  # the start screen's key for the panel
    panel = top(app, HouseRulesScreen)
    assert panel is not None
    wait_while_building(app)
    return app, panel


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s61_audit_house_rules_not_saved_while_a_value_is_refused(lang):
    app, panel = _house_rules(lang)
    panel.draft.cycle("turns.initiative_attribute")
    panel.draft.type_text("dice.die", "200")  # refused: from 2 to 100
    panel.show_values()
    panel.name.set_text("Chez Paul")
    click_button(app, panel.save_button)
    assert house_rules_files() == []
    assert panel.status_label.text == t("house_ui.unsaved_fields", lang)
    panel.draft.type_text("dice.die", "30")
    panel.show_values()
    click_button(app, panel.save_button)
    assert [p.stem for p in house_rules_files()] == ["Chez Paul"]
    rules = load_house_rules("Chez Paul")
    assert (rules.dice.die, rules.turns.initiative_attribute) == (30, "physique")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s61_audit_refused_fields_are_named_by_their_badge_not_their_colour_alone(lang):
    app = open_app(None, lang=lang)
    editor = app.push(RosterScreen(app))
    editor.build_now()
    editor.press(editor.file_dup)  # a copy of the shipped teams, as the gallery's roster scene
    editor.open_file(editor.shelf.index)
    editor.refresh()
    editor.typed(editor.form.rows["name"].widget, "Brakka II")  # a change to save…
    editor.typed(editor.form.rows["weapon.damage"].widget, "2d")  # … kept back by a refused field
    editor.shelf.flush()
    words, refused = editor.shelf_status()
    _app, panel = _house_rules(lang)
    panel.draft.type_text("dice.die", "200")
    panel.save()
    for said in (words, panel.status_words()[0]):
        assert "(!)" in said  # the badge's "!" that `mark_refused` draws on each refused field
    assert refused


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s61_audit_house_rules_rule_numbers_open_the_rules_there(lang):
    """Each rule's heading in the house rules ("R1.6  Line of sight") names its rule: the number
    is a link, as in the log, to the rule's full text; Esc comes back to the panel."""
    from arena_game.ui.screens.rules import RulesScreen

    app, panel = _house_rules(lang)
    press_key(app, pygame.K_PAGEDOWN)
    wait_while_building(app)
    link = next(w for w, rule in panel.links.items() if rule == "R1.6")
    assert link.visible and link.text == "R1.6"
    click_button(app, link)
    rules = top(app, RulesScreen)
    assert rules is not None and rules.rule == "R1.6" and rules.current == "R1"
    press_key(app, pygame.K_ESCAPE)
    wait_while_building(app)
    assert top(app, HouseRulesScreen) is panel and panel.page == 1
