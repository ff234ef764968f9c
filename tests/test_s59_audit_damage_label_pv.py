"""A blow that takes a fighter below 0 PV: the floating label's "PV left" is the figure the
log's line writes in the same frame (s59 audit: "−5 PV / torse · reste 0 PV" over the board
while the log said "Tarn perd 5 PV (torse) → −2 PV")."""

from __future__ import annotations

import re

import pytest

from arena_game.core.events import Damaged
from arena_game.i18n.narration import describe
from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock
from tests.anim_scenes import death


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_damage_label_says_the_pv_left_the_log_says(lang):
    before, _after, events = death()
    blow = next(e for e in events if isinstance(e, Damaged))
    assert blow.pv < 0  # the scene strikes Bruna below 0
    queue = AnimationQueue(clock=FakeClock(), lang=lang)
    queue.push(events, before)
    (label,) = [e for e in queue._timeline.effects if e.kind == "label" and e.data.get("fighter") == "bruna"
                and e.text.startswith("−")]
    logged = re.search(r"→ (\S+)\u00a0?PV", describe(blow, {"bruna": "Bruna", "aldric": "Aldric"}, lang).replace(" PV", "\u00a0PV"))
    assert logged is not None and logged.group(1) == f"−{-blow.pv}"
    assert re.search(rf"(?<![\d−-]){logged.group(1)}\u00a0?\s?PV", label.data["sub"]), label.data["sub"]
