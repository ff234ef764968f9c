"""Another rules section, asked by its link (R4.4 in the log), is made hidden a part a frame
while the one shown stays (s55): a long paragraph's text box is laid out in one frame and
drawn in the next (both in one frame: 4–7 ms of a frame at 1920×1080, which then went over
16.7 ms). The boxes look as pygame_gui's own, made in one go."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from arena_game.ui.screens.rules import RulesScreen
from arena_game.ui.text_column import LONG_PIECE
from arena_game.ui.words_box import WordsBox
from tests.ui_driver import open_app, tap_key, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _ctrl():
    return ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}})


def _piece(box: UITextBox) -> bool:
    return "#rules_piece" in box.most_specific_combined_id


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "en"), ((1280, 720), "fr")])
def test_s55_r4_4_a_long_paragraph_of_the_next_section_is_laid_out_and_drawn_in_two_frames(size, lang, monkeypatch):
    app = open_app(_ctrl(), size=size, lang=lang)
    tap_key(app, pygame.K_F1)
    rules = top(app, RulesScreen)
    assert rules is not None
    while rules.building:
        app.step()
    shown = rules.column
    done: list[tuple[str, int, int]] = []  # (part, box, its characters) of this frame

    real_align, real_draw = UITextBox._align_all_text_rows, UITextBox._setup_final_text_box_image

    def align(self):
        if _piece(self):
            done.append(("laid out", id(self), len(self.html_text)))
        real_align(self)

    def draw(self, area):
        if _piece(self):
            done.append(("drawn", id(self), len(self.html_text)))
        real_draw(self, area)

    monkeypatch.setattr(UITextBox, "_align_all_text_rows", align)
    monkeypatch.setattr(UITextBox, "_setup_final_text_box_image", draw)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="rule:R4.4"))
    frames: list[list[tuple[str, int, int]]] = []
    first = True
    while first or rules.building:
        first = False
        done.clear()
        app.step()
        frames.append(done[:])
        if rules.building:
            assert rules.column is shown, "the section shown was taken away before the next was made"
    monkeypatch.undo()
    assert rules.column is not shown and "R4.4" in rules.shown_html
    boxes = rules.column.boxes
    long = [box for box in boxes if len(box.html_text) > LONG_PIECE]
    assert long, "R4 has long paragraphs"
    for frame in frames:
        assert sum(part == "laid out" for part, _box, _n in frame) <= 1, frame  # a piece a frame
        both = {box for part, box, _n in frame if part == "laid out"} & {box for part, box, _n in frame if part == "drawn"}
        assert all(n <= LONG_PIECE for _part, box, n in frame if box in both), frame
    laid = [box for frame in frames for part, box, _n in frame if part == "laid out"]
    assert sorted(laid) == sorted(id(box) for box in boxes)  # each piece laid out once

    # as pygame_gui's own box made in one go, at the same place (clipped alike by the column)
    view = rules.column.viewport.rect.h
    seen = [box for box in long if box.relative_rect.bottom > 0 and box.relative_rect.top < view]
    assert seen, "no long paragraph in view"
    for box in seen:
        place = pygame.Rect(box.relative_rect.x, box.relative_rect.y, box.rect.w, -1)
        plain = WordsBox(box.html_text, place, app.manager, container=rules.column.viewport,
                         object_id=ObjectID("#rules_piece"))
        assert plain.rect.size == box.rect.size
        assert pygame.image.tobytes(plain.image, "RGBA") == pygame.image.tobytes(box.image, "RGBA")
        plain.kill()
