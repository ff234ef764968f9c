"""While an action is drawn the action bar offers nothing (s47 review 3, item 15): a click skips
the animation and the keys wait for it (`hold_for_animation`), yet "End turn E", "Fit F" and
"New match N" looked pressable. Every button is shown disabled until the pieces have moved,
then each is back as it was (available, or greyed with its refusal)."""

from __future__ import annotations

import pytest

from arena_game.ui.screens.board import BoardScreen
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_action_bar_shows_nothing_pressable_while_an_action_is_drawn(lang):
    app = scene_window("push-playing", lang, (1280, 720))
    board = app.find(BoardScreen)
    assert board.anim.busy
    app.draw()
    buttons = board.hud.buttons
    assert buttons and all(not b.is_enabled and not b.is_selected for b in buttons.values()), \
        [bid for bid, b in buttons.items() if b.is_enabled or b.is_selected]
    board.anim.skip()
    for _ in range(5):
        app.step()
    assert not board.anim.busy and board.shown_state is None
    app.draw()
    buttons = board.hud.buttons
    for bid in ("end", "fit", "new", "rules"):
        assert buttons[bid].is_enabled, bid
    assert all(b.is_enabled for b in buttons.values())  # greyed ones keep their own face, not a disabled one
    assert [bid for bid, b in buttons.items() if b.is_selected] == ["walk"]
