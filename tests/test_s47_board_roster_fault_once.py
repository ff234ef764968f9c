"""The roster editor says a refused field's fault once (s47 review 3, item 10): beside the field
in red, and no more "Not saved: NdM or NdM+K (2d6+1)" at the foot; the foot points to the
fields marked in red."""

from __future__ import annotations

import pytest

from arena_game.i18n import t
from arena_game.ui.screens.roster import RosterScreen
from tests.ui_driver import wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _shown_words(app) -> list[str]:
    out = []
    for el in app.manager.get_sprite_group().sprites():
        words = getattr(el, "text", None)
        if getattr(el, "visible", False) and isinstance(words, str) and words:
            out.append(words)
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_refused_fields_fault_is_said_once_and_the_foot_points_to_it(lang, size):
    app = scene_window("roster", lang, size)
    wait_while_building(app)
    editor = app.find(RosterScreen)
    assert editor is not None and editor.draft.faults  # the scene's refused damage
    fault = t("roster.fault_damage", lang)
    shown = _shown_words(app)
    assert sum(words.count(fault) for words in shown) == 1, [w for w in shown if fault in w]
    assert editor.status_line.text == t("roster.unsaved_fields", lang)
