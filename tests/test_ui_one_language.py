"""One language at a time (issue 13): every gallery scene — each screen and input mode — shown
in French says nothing that only the English catalog says, and the other way round."""

from __future__ import annotations

import re
from functools import cache

import pytest

from arena_game.i18n import catalog
from tests.layout_boxes import shown_words
from tools.window_screenshots import SCENES, scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

OTHER = {"fr": "en", "en": "fr"}


@cache
def foreign(lang: str) -> tuple[str, ...]:
    """Word runs of the other catalog that nothing in `lang`'s catalog says: long enough
    (14 characters and more, between the fields) to be sentences, not names or game terms."""
    own = "\n".join(catalog(lang).values())
    out = set()
    for template in catalog(OTHER[lang]).values():
        for chunk in re.split(r"\{[^}]*\}", template):
            chunk = chunk.strip(" .,:;—-–()")
            if len(chunk) >= 14 and chunk not in own:
                out.add(chunk)
    return tuple(sorted(out))


def test_the_check_knows_words_of_each_catalog():
    assert "Cliquez la case suivante" in " ".join(foreign("en"))
    assert "Click the next square" in " ".join(foreign("fr"))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_screen_and_mode_speaks_one_language(scene, lang):
    app = scene_window(scene, lang, (1280, 720))
    said = "\n".join(shown_words(app))
    assert len(said) > 40
    wrong = [chunk for chunk in foreign(lang) if chunk in said]
    assert not wrong, wrong
