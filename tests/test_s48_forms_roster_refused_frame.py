"""The roster editor frames a refused field in red (s48 review, item 8): the status line said
"fix the fields marked in red" while "2d" in Damage dice kept its grey frame, only the words
beside it red. Each field with a fault now has the house-rules panel's mark (`mark_refused`: a
thick red frame and a "!" badge, which reads under deuteranopia); fixing the value removes it."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.house_rules import FAULT_COLOUR
from tests.test_ui_roster_editor import new_file, open_editor, retype, type_text
from tests.ui_driver import click_button


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def framed(app, widget) -> bool:
    """The field drawn with the refused mark: its top edge red, and the red badge with its "!"
    inside its right end."""
    app.run(frames=2)
    rect = widget.rect
    edge = [app.screen.get_at((x, rect.top))[:3] for x in range(rect.x + 4, rect.right - 4, 3)]
    r = max(6, rect.h * 3 // 10)
    centre = (rect.right - r - 6, rect.centery)
    disc = app.screen.get_at((centre[0] - r // 2, centre[1]))[:3]  # left of its "!"
    bang = app.screen.get_at((centre[0], centre[1] - r // 3))[:3]  # the "!"'s stroke: white or blended into it
    return all(px == FAULT_COLOUR for px in edge) and disc == FAULT_COLOUR and sum(bang) > sum(FAULT_COLOUR) + 60


def never_red(app, widget) -> bool:
    """Not a pixel of the refused mark's red on the field's frame."""
    app.run(frames=2)
    rect = widget.rect
    return all(app.screen.get_at((x, rect.top))[:3] != FAULT_COLOUR for x in range(rect.x, rect.right))


@pytest.mark.parametrize("lang, size", [("en", (1280, 720)), ("fr", (1920, 1080))])
def test_a_refused_damage_dice_field_is_framed_in_red_till_it_is_fixed(lang, size):
    app, editor = open_editor(lang, size)
    new_file(app, editor)
    dice = editor.form.rows["weapon.damage"]
    assert never_red(app, dice.widget)
    retype(app, dice.widget, "2d")
    assert dice.fault.text  # refused, its fault beside it …
    assert framed(app, dice.widget)  # … and the field marked as the status line says
    others = [row.widget for key, row in editor.form.rows.items() if key != "weapon.damage"]
    assert all(never_red(app, widget) for widget in others[:4])
    type_text(app, "6")  # "2d6": taken
    assert not dice.fault.text
    assert never_red(app, dice.widget)


def test_a_refused_file_name_and_a_refused_chest_entry_are_framed_in_red():
    app, editor = open_editor()
    new_file(app, editor)
    name = editor.name_row.widget
    retype(app, name, "my/teams")
    assert editor.name_row.fault.text and framed(app, name)
    retype(app, name, "my-teams")
    assert not editor.name_row.fault.text and never_red(app, name)
    chest = editor.chest_entry
    limit = editor.draft.settings.teams.chest_limit
    for _ in range(limit + 1):  # one more than the chest holds (R12.1)
        retype(app, chest, "mule")
        click_button(app, editor.chest_add)
    assert editor.chest_fault.text and framed(app, chest)
    editor.pick(editor.chest_list, 0)  # a mule taken out: the chest has room again
    click_button(app, editor.chest_remove)
    assert not editor.chest_fault.text and never_red(app, chest)
