"""The English sheet's weapon line (s51 review, item 2): session 48 held the dash to the family
("—\u00a0two-handed weapon, 2d6") so that it never ended a row, and a row then began with it,
read as a list's mark. A " · " now parts the name from the rest, dropped where the sheet box
breaks the line there; the shipped name and its gloss stay on one row ("(great" / "axe)" split
in boxes 206–230 px wide), the family with its dice."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import ObjectID

from arena_game.formats.scenario import load_scenario, play
from arena_game.resources import find_scenario
from arena_game.ui.app import new_manager
from arena_game.ui.hud import SheetBox
from arena_game.ui.panels_html import sheet_html, weapon_line

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _rows(box: SheetBox) -> list[str]:
    return ["".join(getattr(chunk, "text", "") for chunk in row.items).replace("\u00a0", " ").strip()
            for row in box.text_box_layout.layout_rows]


@pytest.mark.parametrize("lang, name, tail", [("en", "Grande hache (great axe)", "two-handed weapon, 2d6"),
                                              ("fr", "Grande hache", "(arme à deux mains, 2d6)")])
def test_s51_the_sheets_weapon_row_never_starts_or_ends_with_a_dash_nor_splits_the_name(lang, name, tail):
    pygame.init()
    pygame.display.set_mode((1280, 720))
    manager = new_manager((1280, 720), lang=lang)  # the window's: its fonts preloaded (s55)
    state = play(load_scenario(find_scenario("lessons/07-circle-attack"))).state
    brakka = next(fid for fid, f in state.fighters.items() if f.sheet.weapon.name == "Grande hache")
    html = sheet_html(state, lang, brakka)
    broken = 0
    for width in range(200, 430, 6):  # the sheet box from 800×560 (266 px, less its scroll bar) up
        box = SheetBox(html, pygame.Rect(0, 0, width, 2000), manager, object_id=ObjectID("#sheet"))
        rows = _rows(box)
        box.kill()
        start = next(i for i, row in enumerate(rows) if row.startswith(("Weapon", "Arme")))
        end = next(i for i in range(start, len(rows)) if rows[i].endswith(("2d6", "2d6)")))
        weapon = rows[start:end + 1]
        broken += len(weapon) > 1
        assert not any(row.startswith(("—", "·", ",")) or row.endswith(("—", "·")) for row in weapon), (width, weapon)
        assert any(name in row for row in weapon), (width, weapon)  # the name with its gloss, whole
        assert any(row.endswith(tail) for row in weapon), (width, weapon)  # the family with its dice
    assert broken  # the widths tried did break the line


def test_s51_a_typed_weapon_name_is_left_to_break_where_it_must():
    """Only a shipped name and its gloss are held together: a player's long name may break."""
    line = weapon_line("Hache de guerre du vieux roi", "two_handed", "2d6", "en")
    assert "Hache de guerre du vieux roi\u00a0· two-handed\u00a0weapon,\u00a02d6" in line
    assert "Grande\u00a0hache\u00a0(great\u00a0axe)" in weapon_line("Grande hache", "two_handed", "2d6", "en")
    assert weapon_line("Grande hache", "two_handed", "2d6", "fr") == "Arme : Grande hache (arme\u00a0à\u00a0deux\u00a0mains,\u00a02d6)"
