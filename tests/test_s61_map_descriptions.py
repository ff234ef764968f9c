"""The shipped maps' descriptions follow the game's one-language rule (the brief): a French
description in French alone, an English one naming the French game terms with the English
beside them ("Poussée (push)"), as the catalog does."""

import re

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.resources import shipped_maps

# The English words the catalog glosses French terms with; in English text they stand only in
# a gloss's brackets, after the French term.
ENGLISH_TERMS = r"push|pushes|pushing|run|runs|running|swim|swims|swimming|teleport|teleports|taunt|taunts"
FRENCH_TERM = {"push": "Poussée", "pushes": "Poussées", "run": "Course", "runs": "Courses", "swim": "Nage"}


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_s61_map_description_french_has_no_english_gloss(path):
    board = load_map(path)
    assert board.description
    assert not re.search(rf"\((?:{ENGLISH_TERMS})\b", board.description), board.description


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.stem)
def test_s61_map_description_english_glosses_french_terms(path):
    text = load_map(path).description_en
    assert text
    for m in re.finditer(rf"\b({ENGLISH_TERMS})\b", text):
        before = text[:m.start()]
        assert before.endswith("("), f"{m.group()!r} outside a gloss in {text!r}"
        term = FRENCH_TERM.get(m.group())
        assert term is None or before[:-1].rstrip().endswith(term), text
