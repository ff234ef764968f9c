"""Session 61 audit, long names in the turn order strip: six fighters named as a roster allows
("Guillaume-Alexandre de Montmorency-Laval") ran the strip onto a second row behind a scroll
bar, cut after "Guillaume-Alexandre de" at 1280×720 (the next fighters out of sight), and at
1920×1080 ended its row with a lone "·". Now the longest names are shortened with "…" till
the line fits, every fighter in sight."""

from __future__ import annotations

import html
import re

import pytest

from tests.ui_driver import board, open_app, ui_match

NAMES = {"a": "Guillaume-Alexandre de Montmorency-Laval", "b": "Oruk le Très Grand Briseur de Boucliers",
         "c": "Maximilienne Éléonore de la Tour d'Auvergne", "d": "Tarn", "e": "Nyssa", "f": "Kael"}


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "fr"), ((1920, 1080), "en"), ((1366, 768), "fr")])
def test_s61_audit_turn_order_keeps_every_fighter_on_its_one_row(size, lang):
    fighters = {fid: {"team": "red" if i % 2 else "blue", "at": (i, 0), "name": name}
                for i, (fid, name) in enumerate(NAMES.items())}
    app = open_app(ui_match("......\n......", fighters), size=size, lang=lang)
    box = board(app).hud.order_box
    shown = html.unescape(re.sub("<[^>]+>", "", box.html_text)).replace("\u00a0", " ")
    assert box.scroll_bar is None, shown  # one row: nobody behind a scroll bar
    for name in NAMES.values():  # whole, or its start and "…"
        assert name in shown or re.search(re.escape(name[:6]) + r"[^·]*…", shown), (name, shown)
