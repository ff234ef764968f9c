"""A pygame_gui text box that wraps its words as the window's own text does: a count kept
with the word after it ("2 cases", "6 squares", `render.text.COUNT_WORD`)."""

from __future__ import annotations

from pygame_gui.elements import UITextBox

from arena_game.render.text import held_counts


class WordsBox(UITextBox):
    """`UITextBox` whose rows never end with a count whose word starts the next row."""

    def _pre_parse_text(self, input_text: str) -> str:
        """The text as pygame_gui lays it out: each count held to its word (`held_counts`)."""
        return held_counts(super()._pre_parse_text(input_text))


def whole_rows_height(box: UITextBox, cap: int) -> int:
    """The height of a text box laid out as tall as its text (`box`, made `-1` high) cut to at
    most `cap` px between two of its rows (a longer text scrolls; no row shows half)."""
    if box.rect.h <= cap or box.text_box_layout is None or not box.text_box_layout.layout_rows:
        return min(box.rect.h, cap)
    rows = [row.bottom for row in box.text_box_layout.layout_rows]
    edge = box.rect.h - rows[-1]  # padding and border round the rows
    return max((bottom for bottom in rows if bottom + edge <= cap), default=rows[0]) + edge
