"""s50: a hover card broke a count from its word at a line's end — "… de la portée du sort (2" /
"cases, Magie)", "B is 6" / "squares away". On a card a count and the word after it are one
piece (`render.text.COUNT_WORD`, the rule of all wrapped text since s50 window2); a die's face
("d20 12 + …") and a sum ("= d20 +8") are not."""

from __future__ import annotations

import re

import pygame
import pytest

from arena_game.render.glyphs import drawable
from arena_game.render.text import COUNT_WORD, font
from arena_game.ui.screens import hover_card

CARDS = ["Square (3, 1): not allowed — R1.2: B is 6 squares away, beyond Arc's range of 5",
         "Oruk, #1 of 2: takes 6 of the damage; 32 PV (HP) before the hit",
         "Case (10, 7) : impossible — R6.2 : la case (10, 7) est au-delà de la portée du sort (2 cases, Magie)"]


def greedy(words: str, f: pygame.font.Font, width: int) -> list[str]:
    """Lines of `words` broken at any plain space (as wrapping was before counts were held)."""
    lines = [""]
    for word in words.split(" "):
        trial = f"{lines[-1]} {word}" if lines[-1] else word
        if lines[-1] and f.size(trial)[0] > width:
            lines.append(word)
        else:
            lines[-1] = trial
    return lines


def _split_counts(lines: list[str]) -> list[tuple[str, str]]:
    """The places where a line ends with a count and the next begins with a word."""
    return [(a, b) for a, b in zip(lines, lines[1:], strict=False)
            if re.search(r"(?<![\w.,])\d+$", a.rstrip()) and re.match(r"[^\W\d_]", b)]


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("words", CARDS)
def test_s50_a_card_keeps_each_count_with_its_word(words):
    pygame.font.init()
    size = 14
    f = font(size, bold=True)
    plain = [w for w in range(160, 900, 3)  # the widths where plain wrapping split a count from its word
             if _split_counts(greedy(drawable(words), f, w - 2 * hover_card.PAD))]
    assert plain, "the sample never split: it tests nothing"
    for width in plain:
        lines = [line for line, _ in hover_card.card_lines(words, size, width)]
        assert not _split_counts(lines), (width, lines)
        assert " ".join(lines).replace("\u00a0", " ") == drawable(words)  # every word shown, in order


def test_s50_dice_faces_and_sums_are_not_counts():
    text = "Brakka attacks: d20 12 + Dextérité (dexterity) 4 = d20 +8, hit 66%, R4.7, a d8 per opponent"
    assert COUNT_WORD.sub("\\1\u00a0", text) == text
    assert COUNT_WORD.sub("\\1\u00a0", "is 6 squares away, 2 cases") == "is 6\u00a0squares away, 2\u00a0cases"
