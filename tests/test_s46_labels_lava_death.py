"""One floating label for one death in lava (s45 review, item 12): the push's sink and the
death each put a label over the fighter ("Swallowed (lava) / into the lava: a dead square
(R2.5)" then "Dead / pushed into a dead square"); now the death's label alone says where it
fell, in words ("dead square" was jargon: the legend says "deadly")."""

from __future__ import annotations

import re

from arena_game.i18n import catalog
from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock
from tests.anim_scenes import SCENES


def _labels(lang: str) -> list[tuple[str, str, str]]:
    before, _after, events = SCENES["push_lava"]()
    q = AnimationQueue(clock=FakeClock(), lang=lang)
    q.push(events, before)
    return [(e.data["fighter"], e.text, e.data["sub"]) for e in q._timeline.effects if e.kind == "label"]


def test_r2_5_a_push_into_lava_shows_one_death_label_saying_where():
    assert _labels("en") == [("bruna", "Poussée (push)", "pushed by Aldric"),
                             ("bruna", "Dead", "pushed into the lava (R2.5)")]
    assert _labels("fr") == [("bruna", "Poussée", "par Aldric"),  # no agreement (s49): Bruna may be "poussée"
                             ("bruna", "Mort", "Poussée dans la lave (R2.5)")]


def test_r2_5_no_english_label_or_log_line_says_dead_square():
    said = [(key, text) for key, text in catalog("en").items()
            if key.split(".")[0] in ("anim", "log", "term") and re.search(r"\bdead squares?\b", text)]
    assert said == []


def test_no_label_glues_an_exclamation_mark_to_a_glossed_term_nor_glosses_a_french_word():
    en, fr = catalog("en"), catalog("fr")
    glued = [(k, v) for k, v in en.items() if k.startswith("anim.") and re.search(r"!\s*\(|\)\s*!", v)]
    assert glued == []  # "Course! (run)", "Poussée! (pushed)"
    # "Englouti (lave)": a French word then a bracket reads as a translation
    assert [(k, v) for k, v in fr.items() if k.startswith("anim.") and re.search(r"^[A-ZÉ][a-zé]+ \(\{", v)] == []
