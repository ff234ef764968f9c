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
