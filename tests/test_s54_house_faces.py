"""R0.1 in the House rules panel: a critical face typed twice is named as such (the rules files
refuse it since session 54), not as a face off the die."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("lang", "fault"), [
    ("en", "face 20 given twice"),
    ("fr", "face 20 donnée deux fois"),
])
def test_r0_1_a_critical_face_typed_twice_is_named_and_the_reading_stays(lang, fault):
    from arena_game.ui.house_draft import HouseRulesDraft

    draft = HouseRulesDraft(lang=lang)
    assert not draft.type_text("dice.critical_success", "20, 20")
    assert draft.faults["dice.critical_success"] == fault
    assert draft.values["dice.critical_success"] == (20,) and draft.changed() == {}
    assert not draft.type_text("dice.critical_failure", "1, 20")  # 20 is the critical success: the old words
    assert draft.faults["dice.critical_failure"] != fault


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_r12_2_a_fault_naming_a_hit_location_row_is_shown_whole_under_the_table(lang, size):
    from arena_game.ui.screens.house_rules import HouseRulesScreen
    from tools.window_screenshots import scene_start

    app = scene_start(lang, size)
    app.run(frames=1)
    app.top.open_house_rules()  # type: ignore[union-attr]
    panel = app.find(HouseRulesScreen)
    assert panel is not None
    panel.build_now()
    table = "1-2 tête +3, 3-10 tête +1, 11-20 jambes" if lang == "fr" else "1-2 head +3, 3-10 head +1, 11-20 legs"
    assert not panel.draft.type_text("combat.locations", table)
    panel.turn_page(-1)  # the last page: R8–R12
    app.run(frames=30)
    panel.show_values()
    app.run(frames=2)
    mark = panel.marks["combat.locations"]
    fault = panel.draft.faults["combat.locations"]
    assert mark.text == fault and "2" in fault  # the row named (location_twice), not the generic words
    assert mark.font.size(fault)[0] <= mark.rect.w  # whole: it was cut at about 390 px beside the explanation
    field = next(w for w, key in panel.keys_of.items() if key == "combat.locations")
    assert mark.rect.top >= field.rect.bottom  # under the typed table, not beside it
