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


@cache
def foreign_words(lang: str) -> frozenset[str]:
    """Words (three letters and more) of the other catalog that `lang`'s catalog never uses."""
    def words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\{[^}]*\}", " ", text))}

    own = set().union(*(words(v) for v in catalog(lang).values()))
    return frozenset(set().union(*(words(v) for v in catalog(OTHER[lang]).values())) - own)


@cache
def names_in_data() -> frozenset[str]:
    """Words of the names the shipped files give (maps, teams, fighters, weapons): a roster's
    names are its own, in any language."""
    from arena_game.formats.mapfile import load_map
    from arena_game.formats.scenario import load_scenario
    from arena_game.formats.teamfile import load_teams
    from arena_game.learn.lessons import demo_dir, lessons_dir
    from arena_game.resources import default_teams_path, shipped_maps
    from arena_game.ui.screens.start import team_files

    teams = list(load_teams(default_teams_path()))
    for folder in (demo_dir(), lessons_dir()):
        for path in folder.glob("*.toml"):
            teams += load_scenario(path).teams
    names = [load_map(p).name for p in shipped_maps()] + [t.name for t in teams]
    names += [f.name for t in teams for f in t.fighters] + [f.weapon.name for t in teams for f in t.fighters]
    names += [p.stem for p in team_files()]  # the roster editor lists teams files by file name ("default")
    return frozenset(w.lower() for n in names for w in re.findall(r"[^\W\d_]{3,}", n))


def test_the_check_knows_words_of_each_catalog():
    assert "Cliquez sur la case suivante" in " ".join(foreign("en"))
    assert "Click the next square" in " ".join(foreign("fr"))


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("scene", list(SCENES))
def test_every_screen_and_mode_speaks_one_language(scene, lang):
    app = scene_window(scene, lang, (1280, 720))
    said = "\n".join(shown_words(app))
    assert len(said) > 40
    wrong = [chunk for chunk in foreign(lang) if chunk in said]
    assert not wrong, wrong
    stray = {w for w in re.findall(r"[^\W\d_]{3,}", said)
             if w.lower() in foreign_words(lang) and w.lower() not in names_in_data()}
    assert not stray, stray
