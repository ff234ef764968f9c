"""s49, item 4: a house-rules explanation on a row's band shows its words only: pygame_gui's 2 px
shadow round each `#house_text` box drew a faint dark frame on the band (36 against 39)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UITextBox

from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s49_an_explanation_on_a_band_has_no_frame_round_it(lang, size):
    app = scene_window("house-rules", lang, size)
    screen = app.screen
    boxes = [e for e in app.manager.get_sprite_group().sprites()
             if isinstance(e, UITextBox) and e.get_object_ids()[-1] == "#house_text"]
    assert boxes
    banded = 0
    for box in boxes:
        r = pygame.Rect(box.rect)
        ground = tuple(screen.get_at((r.left - 3, r.centery)))[:3]  # the band, or the page, left of it
        banded += ground != tuple(screen.get_at((5, r.centery)))[:3]
        edges = [(r.left + dx, r.centery) for dx in range(2)] + [(r.centerx, r.bottom - 1 - dy) for dy in range(3)]
        frame = [p for p in edges if tuple(screen.get_at(p))[:3] != ground]
        assert not frame, (box.html_text[:40], r, ground, [tuple(screen.get_at(p))[:3] for p in frame])
    assert banded, "no explanation on a band: the check would say nothing"
