"""The combat log's text box: pygame_gui's `UITextBox` (HTML, colours, clickable rule links,
scroll bar) whose appended lines cost what they draw, not what the whole log draws.

pygame_gui keeps a text box's whole text drawn on one surface the height of the text; when
an appended line makes the text taller, it draws every row again on a new surface (~0.35 ms
a log line: 70 ms with 200 lines, in the frame that ends an animation). Here the rows above
the one the new text starts in are kept and only the rest is drawn, on a surface with room
for a few more screens of lines (blank: the box shows the text's height only).
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.core.text.text_line_chunk import TextLineChunkFTFont
from pygame_gui.core.utility import basic_blit
from pygame_gui.elements import UITextBox


class GrowingLayout(TextBoxLayout):
    """A text layout that, grown at its end, keeps the rows already drawn."""

    def append_layout_rects(self, new_queue: Any) -> None:
        """The new text laid out after the last row and drawn from that row on; the surface,
        when too short, made taller by copying the rows above, with room for more lines."""
        last_row = self.layout_rows[-1]
        first, top = last_row.row_index, last_row.top
        self._process_layout_queue(new_queue, last_row)
        old = self.finalised_surface
        if old is None:
            return
        width, height = self.layout_rect.width + self.edit_buffer, self.layout_rect.height
        if width != old.get_width() or self.floating_rects or self.current_end_pos != self.letter_count:
            self.finalise_to_new()  # anything but a plain taller text: pygame_gui's own way
            return
        surface = old
        if height > old.get_height():  # a few more screens of room: a copy every ~30 lines, not each
            surface = pygame.Surface((width, height + 2 * self.view_rect.height), depth=32, flags=pygame.SRCALPHA)
            surface.fill("#00000000")
            basic_blit(surface, old, (0, 0), pygame.Rect(0, 0, width, top))  # premultiplied onto clear: exact
            self.finalised_surface = surface
            for row in self.layout_rows[:first]:  # rows and chunks keep the surface they were drawn on
                row.target_surface = surface  # (a link redraws itself there when hovered): the new one,
                for chunk in row.items:  # and the old surfaces are freed
                    if isinstance(chunk, TextLineChunkFTFont):  # the text kinds keep it
                        chunk.target_surface = surface
        for row in self.layout_rows[first:]:
            row.finalise(surface)


class LogBox(UITextBox):
    """A `UITextBox` for a log that grows at its end (`append_html_text`)."""

    def parse_html_into_style_data(self) -> None:
        super().parse_html_into_style_data()
        if type(self.text_box_layout) is TextBoxLayout:
            self.text_box_layout.__class__ = GrowingLayout
