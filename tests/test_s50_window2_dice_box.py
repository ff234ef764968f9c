"""s50 window2: while a die tumbles its line hides the face and total ("d20 … + … = …"); the
box was sized to the settled line, and where the tumbling words took one more line than the
settled ones (French attack at 1920×1080) the second hung below the box, over the board. The
box holds both: every pixel the roll draws lies inside it."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.palette import DICE_LINE
from arena_game.ui.anim.captions import TUMBLING, dice_text, draw_dice, text_surface
from arena_game.ui.anim.timeline import Effect

WHO = "Nyssa"
SETTLED = "Attaque : d20 4 + Dextérité 6 + Compétence d'arme (arme à feu) 4 − 8 (malus : hors de portée) = 6"
ROLLING = "Attaque : d20 … + Dextérité 6 + Compétence d'arme (arme à feu) 4 − 8 (malus : hors de portée) = …"


def _roll() -> Effect:
    return Effect("dice", 0.0, 2.0, text=SETTLED, data={"fighter": "n",
        "who": WHO, "die": 20, "face": 4, "total": 6, "critical": None, "rolling": ROLLING})


@pytest.mark.usefixtures("fresh_pygame")
def test_s50_a_tumbling_dies_line_stays_inside_its_box():
    pygame.font.init()
    tried = 0
    for board_w in range(900, 1500, 10):
        surface = pygame.Surface((board_w, 1080))
        surface.fill((0, 0, 0))
        size = max(14, int(1080 * 0.026))  # as `draw_dice` picks it: the settled line on one line if it can
        while text_surface(f"{WHO} — {SETTLED}", size, DICE_LINE).get_width() > board_w - int(size * 1.9) - 36 and size > 11:
            size -= 1
        width = board_w - int(size * 1.9) - 36
        if dice_text(f"{WHO} — {ROLLING}", size, width).get_height() <= dice_text(f"{WHO} — {SETTLED}", size, width).get_height():
            continue  # the tumbling words take no more lines here
        tried += 1
        boxes = draw_dice(surface, [(_roll(), TUMBLING / 2)])
        mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        mask.invert()  # the pixels drawn
        for box in boxes:  # a pixel or two round it: the corners of the die turning in it
            box = box.inflate(4, 4)
            mask.erase(pygame.mask.Mask(box.size, fill=True), box.topleft)
        assert mask.count() == 0, (board_w, boxes, mask.get_bounding_rects())
    assert tried, "the tumbling words never took more lines: the test tests nothing"
