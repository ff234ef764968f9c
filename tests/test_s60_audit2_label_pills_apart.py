"""s60 audit2, item 4: in the demo's teleport film at 1280×720 the two labels over Sielle
("Téléportation (teleport) by spell" and "−5 mana") were laid `LABEL_GAP` (4 px) apart, but
each dark pill reached 2 px under its label's box: the pills stood 2 px apart and all but
touched. The pill is now drawn in the label's box (the words keep a margin under them), so two
labels keep the gap they are laid with."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.anim import captions
from arena_game.ui.anim.spots import LABEL_GAP
from arena_game.ui.app import App
from arena_game.ui.screens.demo import DemoScreen

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two boxes are (negative when they overlap)."""
    return max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s60_the_labels_pills_keep_the_gap_in_the_teleport_film(lang, monkeypatch):
    pills: list[tuple[int, int]] = []
    real = captions._pill

    def pill(w: int, h: int) -> pygame.Surface:
        pills.append((w, h))  # the pill each label is drawn on, in the order they are noted
        return real(w, h)

    pill.cache_clear = real.cache_clear  # type: ignore[attr-defined]  # (a new film clears the caches)
    monkeypatch.setattr(captions, "_pill", pill)
    film = next(p for p in ordered_files(demo_dir()) if "teleport" in p.name)
    app = App(size=(1280, 720), lang=lang, realtime=False)
    app.push(DemoScreen(app, [load_scenario(film)], fps=10, once=True))
    close, pairs = [], 0
    while app.running:
        pills.clear()
        record_text_boxes(True)
        app.step()
        labels = [box for what, box, *_ in text_boxes() if what == "anim_label"]
        record_text_boxes(False)
        assert len(labels) == len(pills)
        drawn = [pygame.Rect(box.topleft, size) for box, size in zip(labels, pills, strict=True)]
        for a, b in combinations(drawn, 2):
            pairs += 1
            if _gap(a, b) < LABEL_GAP:
                close.append((tuple(a), tuple(b)))
    assert pairs  # the teleport's labels were drawn together
    assert not close, close[:4]
