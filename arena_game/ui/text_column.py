"""`TextColumn`: a long text as a column of pygame_gui text boxes, a piece each, scrolled
together by a bar and the mouse wheel.

One `UITextBox` for a whole rules section laid the text out and drew surfaces as tall as all
of it in one call: 40–80 ms at 1920×1080, in the frame that opened the rules screen. A box per
paragraph costs 1–10 ms, so the column is made a piece a frame (`make`), hidden till whole;
while another column is shown, a long piece in two frames (`PartedBox`: laid out, then drawn),
4–7 ms in one at 1920×1080.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import UITextBox, UIVerticalScrollBar

from arena_game.ui.words_box import WordsBox

BAR_WIDTH = 20
LONG_PIECE = 300
"""A piece of more characters is made in two frames (`PartedBox`)."""


class _LaidOut(Exception):
    """Ends the first part of a `PartedBox`'s making, its text laid out (`_align_all_text_rows`)."""


class PartedBox(WordsBox):
    """A `WordsBox` made in two parts, a frame each: its text parsed and laid out in rows (made
    with `parted`), then drawn (`finish`: the rows rendered, the box sized to them, its image),
    as pygame_gui's one `rebuild` does both. Till `finish` its height and image are not made."""

    def __init__(self, *args: Any, parted: bool = True, **kwargs: Any) -> None:
        self._stage = "laying" if parted else ""  # "laying" → "laid" (after __init__) → "" (`finish`)
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        try:
            super().rebuild()
        except _LaidOut:  # the first part ends with the rows laid out; `finish` goes on from there
            self.should_trigger_full_rebuild = False

    def _align_all_text_rows(self) -> None:
        super()._align_all_text_rows()
        if self._stage == "laying":
            self._stage = "laid"
            raise _LaidOut

    def parse_html_into_style_data(self) -> None:
        if self._stage == "drawing":  # laid out a frame ago: what pygame_gui's parse does after that
            self._stage = ""
            assert self.text_box_layout is not None
            self.text_box_layout.finalise_to_new()
            return
        super().parse_html_into_style_data()

    @property
    def finished(self) -> bool:
        """Whether the box is drawn (made whole, or `finish` has run)."""
        return self._stage == ""

    def finish(self) -> None:
        """The second part: the rows laid out drawn, the box sized to them, its image made."""
        if self._stage == "laid":
            self._stage = "drawing"
            self.rebuild()


class TextColumn:
    """Pieces of pygame_gui HTML one under the other in `rect` of `container`; a scroll bar
    appears when they are taller than the rect."""

    def __init__(self, manager: pygame_gui.UIManager, container: IContainerLikeInterface, rect: pygame.Rect,
                 object_id: str = "#rules_piece") -> None:
        self.manager = manager
        self.object_id = object_id
        self.viewport = UIContainer(rect, manager, container=container, visible=0)
        self.boxes: list[UITextBox] = []
        self.tops: list[int] = []  # each box's place in the column
        self.height = 0  # the column's, all its boxes
        self.bar: UIVerticalScrollBar | None = None
        self.offset = 0  # how far the column is scrolled

    def make(self, pieces: list[str], parted: bool = False) -> Iterator[bool]:
        """A box per piece, yielding False after each; then the scroll bar if one is needed.
        `parted`: a long piece in two frames (`PartedBox`), for a column made while another is
        shown and drawn every frame (a window being opened, hidden, leaves frames lighter)."""
        width = self.viewport.rect.w - BAR_WIDTH
        for html in pieces:
            box = PartedBox(html, pygame.Rect(0, self.height, width, -1), self.manager, container=self.viewport,
                            object_id=ObjectID(self.object_id), parted=parted and len(html) > LONG_PIECE)
            if not box.finished:
                yield False
                box.finish()
            self.boxes.append(box)
            self.tops.append(self.height)
            self.height += box.rect.h
            yield False
        view = self.viewport.rect.h
        if self.height > view:
            self.bar = UIVerticalScrollBar(pygame.Rect(width, 0, BAR_WIDTH, view), view / self.height, self.manager,
                                           container=self.viewport)
            self.bar.set_container_to_check_hover_for_mousewheel_events(self.viewport)  # the wheel over the text
            yield False

    @property
    def html(self) -> str:
        """The text shown, as the HTML of one box."""
        return "<br>".join(box.html_text for box in self.boxes)

    def scroll_to_piece(self, index: int, above: int = 0) -> None:
        """Scroll so that piece `index` starts `above` pixels under the top."""
        if self.bar is not None and 0 <= index < len(self.tops):
            self.bar.set_scroll_from_start_percentage(max(0, self.tops[index] - above) / self.height)
            self._place()

    def update(self) -> None:
        """Follow the bar (dragged, its arrows, the wheel): the boxes move together."""
        if self.bar is not None and self.bar.check_has_moved_recently():
            self._place()

    def _place(self) -> None:
        assert self.bar is not None
        offset = round(self.bar.start_percentage * self.height)
        if offset != self.offset:
            self.offset = offset
            for box, top in zip(self.boxes, self.tops, strict=True):
                box.set_relative_position((0, top - offset))

    def show(self) -> None:
        self.viewport.show()

    def kill(self) -> None:
        self.viewport.kill()
