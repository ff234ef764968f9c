"""s48 review 2, item 10: in a demo film's column no round heading stands alone: a turn with
nothing else told keeps its end ("Oruk's turn ends"), as the board's log has it."""

from __future__ import annotations

import pytest

from arena_game.ui.showcase import Film, Timing
from tests.builders import demo_step

QUICK = Timing(opening=0.1, after_action=0.1, refusal=0.1, closing=0.1)


def film_log(name: str, lang: str) -> tuple[list[str], set[str]]:
    """The column's lines once demo film `name` has played, and which of them are round headings."""
    film = Film(demo_step(name), lang, (960, 720), fps=5, timing=QUICK)
    for _ in film.frames():
        pass
    return [line for line, _ in film.log], film.banners


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_turn_of_no_action_keeps_its_end_under_its_round_heading(lang):
    """Demo 08: Oruk ends his round-3 turn at once (Sielle has fainted): "Oruk's turn ends"
    stands under "— Round 3: Oruk —", not the next round's heading."""
    lines, banners = film_log("08", lang)
    alone = [a for a, b in zip(lines, lines[1:], strict=False) if a in banners and b in banners]
    assert not alone, alone
    ends = {"en": "Oruk's turn ends", "fr": "Oruk termine son tour"}[lang]
    assert ends in lines


def test_a_turn_with_lines_does_not_tell_its_end():
    """The turn ends are still left out where the turn has its own lines (the column is short)."""
    lines, banners = film_log("08", "en")
    for i, line in enumerate(lines):
        if line.endswith("'s turn ends"):
            assert lines[i - 1] in banners, lines[i - 1: i + 1]  # right under its round's heading
