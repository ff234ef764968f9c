"""s50: hovering a fighter said "Square (16, 10): floor — Oruk (32 PV (HP))", brackets in
brackets (the gloss of PV inside the PV's own). It reads "— Oruk, 32 PV (HP)" / "— Oruk, 32 PV"."""

from __future__ import annotations

import re

import pytest

from arena_game.ui.modes import IdleMode
from tests.ui_driver import ui_match

NESTED = re.compile(r"\([^()]*\(")


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("lang", "tail"), [("en", " — B, 30\u00a0PV (HP)"), ("fr", " — B, 30\u00a0PV")])
def test_s50_the_hovered_fighter_s_pv_are_not_brackets_in_brackets(lang, tail):
    ctrl = ui_match("....\n....\n", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 1), "pv": 30}})
    line = IdleMode().hover(ctrl.state, (2, 1), lang)
    assert line.endswith(tail), line
    assert not NESTED.search(line), line
