"""While an animation plays, the "Animation — Space / click: skip · V: speed" strip lies over
the board's bottom; no caption of the animation goes under it (s48 review, item 1): in demo 03
the tackle die that stops Tarn's run ("Tackle by Nyssa: d8 1") was stacked at the board's
bottom, under the strip, for its whole roll."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.anim.draw import draw_effects
from arena_game.ui.anim.timeline import Effect
from tests.builders import demo_step
from tools.window_screenshots import _board, _board_window, demo_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

CAPTIONS = ("dice", "banner", "anim_label", "crowd")


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("fr", (1920, 1080))])
def test_no_die_banner_or_label_of_the_tackle_demo_goes_under_the_skip_strip(lang, size):
    scenario = demo_step("tackle")
    app = _board_window(demo_match("tackle", 0), lang, size, anim_speed=1.0)
    board = _board(app)
    under, dice_seen, strips_seen = [], set(), 0
    for action in scenario.actions:
        board.apply(action)
        for _ in range(60 * 20):
            record_text_boxes(True)
            app.step()
            boxes = text_boxes()
            record_text_boxes(False)
            strips = [r.inflate(20, 8) for what, r, *_ in boxes if what == "skip_hint"]  # the strip behind the words
            strips_seen += len(strips)
            for what, rect, *_ in boxes:
                if what == "dice":
                    dice_seen.add(tuple(rect.size))
                if what in CAPTIONS and rect.collidelist(strips) >= 0:
                    under.append((what, tuple(rect)))
            if not board.anim.busy:
                break
    assert strips_seen and len(dice_seen) >= 2  # the animation played, with its dice
    assert not under, under[:5]


def test_labels_and_the_crowd_s_words_stay_above_a_strip_kept_clear_at_the_bottom():
    surface = pygame.Surface((600, 400))
    strip = pygame.Rect(100, 340, 400, 50)

    def to_screen(x: float, y: float) -> tuple[float, float]:
        return (x * 40, y * 40)

    label = Effect(kind="label", start=0.0, duration=1.0, at=(7.5, 9.5), text="Tackled!", data={"sub": "by Nyssa"})
    crowd = Effect(kind="crowd", start=0.0, duration=1.0, at=(7.5, 5.5), text="The crowd cheers!",
                   data={"sub": "+1 PR", "cheer": True})
    record_text_boxes(True)
    draw_effects(surface, [(label, 0.5), (crowd, 0.5)], to_screen, 40, keep=[strip])
    boxes = text_boxes()
    record_text_boxes(False)
    drawn = {what: rect for what, rect, *_ in boxes}
    assert set(drawn) == {"anim_label", "crowd"}
    assert drawn["anim_label"].bottom <= strip.top and drawn["crowd"].bottom <= strip.top, drawn
