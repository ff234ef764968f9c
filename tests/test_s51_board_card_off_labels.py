"""s51, the board during a played match: once a circle attack's animation ended its floating
labels ("−5 PV (HP)", "torso · 19 PV (HP) left") fade for a while, and the hover card for the
next square was drawn over one of them (text over text). The card keeps off the labels this
frame drew (`BoardView.label_boxes`) as it keeps off the fighters."""

from __future__ import annotations

import itertools

import pytest

from arena_game.ui.screens.board import BoardScreen
from tests.builders import demo_step
from tests.layout_boxes import boxes
from tools.window_screenshots import _board_window, _hover, demo_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_the_hover_card_keeps_off_the_fading_labels(lang):
    ctrl = demo_match("circle")
    app = _board_window(ctrl, lang, (1280, 720), anim_speed=1.0)
    b = app.find(BoardScreen)
    sc = demo_step("circle")
    b.apply(sc.actions[0])
    for _ in range(200):
        app.run(frames=5)
        if not b.anim.busy:
            break
    assert not b.anim.busy
    _hover(app, (5, 9))  # Oruk's square: the walk mode's refusal card
    app.run(frames=2)
    shown = boxes(app)
    labels = [r for what, r, *_ in shown if what == "anim_label"]
    cards = [r for what, r, *_ in shown if what == "hover_card"]
    assert labels and len(cards) == 1 and b.view.label_boxes  # the labels still fade, the card shows
    assert cards[0].collidelist(labels) == -1, (cards[0], labels)
    crossing = [(x[0], y[0]) for x, y in itertools.combinations(shown, 2) if x[1].colliderect(y[1])]
    assert not crossing, crossing
