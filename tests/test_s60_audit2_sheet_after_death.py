"""s60 audit2, item 1: with the pointer resting on a fighter that was struck down, the side sheet
kept that fighter's sheet ("Status: dead", "PV -3/1") once the death was drawn, while the square
held nothing (its card said "floor"): the sheet now follows what the hovered square holds in the
state shown — the fighter while the blow is drawn, then the active fighter's sheet, or the match
summary when that death ended the match."""

from __future__ import annotations

import pytest

from tests.test_s51_screens_match_over import _rows
from tests.ui_driver import board, hover_square, open_app, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _struck_down_under_pointer(lang: str, third: bool) -> tuple[list[str], list[str]]:
    """The sheet's first rows while Aldric's blow on the hovered Bruna (1 PV) is drawn, and once all is shown."""
    fighters = {"aldric": {"team": "rouge", "at": (2, 1)}, "bruna": {"team": "bleu", "at": (3, 1), "pv": 1}}
    if third:
        fighters["cyra"] = {"team": "bleu", "at": (5, 2)}
    ctrl = ui_match("......\n......\n......", fighters, faces=[15, 4, 5, 3, 6] * 4)
    app = open_app(ctrl, lang=lang, size=(1280, 720), anim_speed=1.0)
    screen = board(app)
    hover_square(app, (3, 1))
    app.run(frames=3)
    assert screen.apply({"kind": "attack", "target": "bruna"})
    app.run(frames=3)
    assert screen.shown_state is not None  # still drawn
    during = _rows(screen.hud.sheet_box)
    for _ in range(600):
        app.step()
        if not screen.anim.active and screen.shown_state is None:
            break
    app.run(frames=3)
    assert not ctrl.state.fighters["bruna"].alive and screen.hover == (3, 1)
    return during, _rows(screen.hud.sheet_box)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s60_the_sheet_leaves_a_fighter_struck_down_under_the_pointer(lang):
    during, after = _struck_down_under_pointer(lang, third=True)
    assert during[0].startswith("Bruna") and "1/1" in during[1]  # no death told before it is drawn
    assert after[0].startswith("Aldric")  # the square is empty: the active fighter's sheet


def test_s60_the_match_summary_once_the_last_foe_dies_under_the_pointer():
    _, after = _struck_down_under_pointer("en", third=False)
    assert after[:2] == ["Match over", "Winner: Rouge"]
