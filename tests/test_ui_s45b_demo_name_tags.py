"""The demo films' name tags never print over a floating result label nor over each other
(s45 review: "tackled (Tarn), 1 turn", "Dodged" overprinted, "BrakkaKael" at 1280×720):
a tag is drawn under the labels and left out where one is, or where it would touch another
tag (the token keeps its initials, as on the match board)."""

from __future__ import annotations

import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui import showcase
from tests.builders import demo_step

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("film_name", ["03-tackle.toml", "07-circle-attack.toml"])
def test_demo_name_tags_never_touch_a_label_or_another_tag(film_name):
    import pygame

    pygame.init()
    pygame.display.set_mode((8, 8))
    sc = demo_step(film_name)
    film = showcase.Film(sc, "en", (1280, 720), fps=10)
    record_text_boxes()
    frames_with_labels = 0
    try:
        for _frame in film.frames():
            boxes = text_boxes()
            tags = [(i, box) for i, (what, box, _, _) in enumerate(boxes) if what == "demo_name"]
            labels = [(i, box) for i, (what, box, _, _) in enumerate(boxes) if what == "anim_label"]
            frames_with_labels += bool(labels)
            for i, tag in tags:
                for j, label in labels:
                    assert not tag.colliderect(label), (film_name, tag, label)
                    assert i < j  # a tag is drawn before (under) every label
                for k, other in tags:
                    assert k == i or not tag.colliderect(other), (film_name, tag, other)
            assert tags  # the names are still shown
    finally:
        record_text_boxes(False)
    assert frames_with_labels > 0
