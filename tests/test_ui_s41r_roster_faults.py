"""The roster editor says a refused value beside its field, whole: each column of the sheet is
as wide as its labels, entries and the longest fault its fields may say (an attribute's "a
whole number" was cut at the window's edge), and the team colour's fault goes under its
entry, where the colour swatch beside the entry does not cover its first words."""

from __future__ import annotations

import pytest

from arena_game.formats.roster import FIGHTER_FIELDS
from arena_game.ui.screens.roster import RosterScreen
from arena_game.ui.screens.roster_fields import FAULTS
from tests.layout_boxes import cut_widgets
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

SIZES = [(1280, 720), (1920, 1080)]


def _editor(lang: str, size) -> tuple[object, RosterScreen]:
    app = scene_window("roster", lang, size)
    editor = app.find(RosterScreen)
    assert editor is not None and not editor.building
    return app, editor


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_every_fault_a_sheet_field_may_say_fits_beside_it(lang, size):
    from arena_game.formats.roster import Fault

    _app, editor = _editor(lang, size)
    for spec in FIGHTER_FIELDS:
        row = editor.form.rows[spec.key]
        for key, fields in FAULTS[spec.kind]:
            words = Fault(key, dict(fields)).text(lang)
            need = row.fault.font.size(words)[0]
            assert need <= row.fault.rect.w - 6, (spec.key, words, need, row.fault.rect.w)
        assert row.fault.rect.left >= row.widget.rect.right  # beside its entry, after it
        assert row.fault.rect.right <= editor.panel.rect.right


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_attributes_fault_shows_whole_in_the_window(lang):
    app, editor = _editor(lang, (1280, 720))
    row = editor.form.rows["attributes.physique"]
    editor.typed(row.widget, "x")
    row.widget.set_text("x")
    app.run(frames=2)
    assert row.fault.text  # "a whole number"
    assert cut_widgets(app) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_colours_fault_goes_under_its_entry_clear_of_the_swatch(lang, size):
    app, editor = _editor(lang, size)
    row = editor.team_form.rows["colour"]
    editor.typed(row.widget, "#zz")
    row.widget.set_text("#zz")
    app.run(frames=2)
    assert row.fault.text
    swatch = editor.swatch.move(row.widget.rect.topleft)
    assert not row.fault.rect.colliderect(swatch) and row.fault.rect.top >= row.widget.rect.bottom
    assert row.fault.font.size(row.fault.text)[0] <= row.fault.rect.w - 6
    assert cut_widgets(app) == []
    sheet_heading = min(r.widget.rect.top for r in editor.form.rows.values())
    assert row.fault.rect.bottom < sheet_heading  # the sheet starts under it
