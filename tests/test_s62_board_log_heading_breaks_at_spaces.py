"""s62 board, defect 2: a turn's heading in the log is held whole (no-break spaces: "— Round 2:"
and "Sielle —" never apart); with a long name it was wider than the log and pygame_gui cut it
mid-word with a hyphen ("d'Auvergn-e" at 1920×1080). Such a line now breaks between the name's
words, its dashes on their word's row, and a word wider than the row is cut with "…"."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from arena_game.core.events import TurnStarted
from arena_game.ui.log_box import LogBox
from arena_game.ui.panels_html import log_html

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LONG = "Maximilienne Éléonore de la Tour d'Auvergne"


def _rows(box: pygame_gui.elements.UITextBox) -> list[str]:
    assert box.text_box_layout is not None
    return ["".join(getattr(ch, "text", "") or "" for ch in row.items).replace("\u00a0", " ").strip()
            for row in box.text_box_layout.layout_rows]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_a_long_name_in_a_turns_heading_breaks_between_its_words(lang):
    pygame.init()
    pygame.display.set_mode((800, 300))
    from arena_game.ui.hud import THEME

    manager = pygame_gui.UIManager((800, 300), str(THEME))
    line = log_html(TurnStarted(fighter="max", round=4), {"max": LONG}, lang)
    whole = [w for w in line.split(">")[-3].split("<")[0].replace("\u00a0", " ").split(" ") if w]
    assert "Auvergne" in " ".join(whole).replace("&#x27;", "'")  # (the heading as the log gets it)
    broken = 0
    for width in range(60, 640, 9):
        box = LogBox("", pygame.Rect(0, 0, width, 300), manager, object_id="#log")
        box.append_html_text(line)
        rows = [r for r in _rows(box) if r]
        box.kill()
        words = [w for r in rows for w in r.split(" ")]
        assert not [r for r in rows if r.endswith("-") or r.startswith("-")], (width, rows)
        cut = [w for w in words if w.endswith("…")]
        kept = [w for w in words if not w.endswith("…")]
        assert all(w in LONG.split() or w in "".join(whole) for w in kept), (width, rows)  # whole words only
        assert all(any(n.startswith(w[:-1]) for n in LONG.split() + ["Round", "table"]) for w in cut), (width, rows)
        assert rows[-1].endswith("—") or cut, (width, rows)  # the closing dash on its word's row
        assert rows[0].startswith("—") and rows[0] != "—", (width, rows)
        broken += len(rows) > 1
    assert broken  # the widths tried include those that break it
