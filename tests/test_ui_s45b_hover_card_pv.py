"""The hover line names a fighter's PV as the rest of the window does, from the catalog (s45
review: the English card read "Brakka (30 PV)", a string built in the code, while everywhere
else the English says "PV (HP)")."""

from __future__ import annotations

import pytest

from tests.ui_driver import ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang, shown, never", [
    ("en", "Square (2, 1): floor — B, 30\u00a0PV (HP)", None),
    ("fr", "Case (2, 1) : sol — B, 30\u00a0PV", "(HP)"),
])
def test_hover_line_names_the_fighter_and_its_pv_in_the_reader_language(lang, shown, never):
    from arena_game.ui.modes import IdleMode

    ctrl = ui_match("....\n....\n", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 1)}})
    pv = ctrl.state.fighters["b"].pv
    line = IdleMode().hover(ctrl.state, (2, 1), lang)
    assert line == shown.replace("30", str(pv)), line
    assert never is None or never not in line
