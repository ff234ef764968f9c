"""A long match's log, scrolled back to its top, starts with a turn's first line ("— Round 8:
Kael —"), not in the middle of one (s59 audit: past its 200 lines the box dropped its oldest
lines wherever the count fell, and its top read "• Sielle — Attack: d20 20 …", a roll whose
turn, fighter and action were gone). Dropped or set at once, it keeps at most LOG_LIMIT lines."""

from __future__ import annotations

import re

import pytest

from arena_game.ui.app import App
from arena_game.ui.hud import LOG_LIMIT, Hud
from tests.test_ui_log_box import _bot_match_logs

pytestmark = pytest.mark.usefixtures("fresh_pygame")

TURN_LINE = {"en": re.compile(r"^— Round \d+: \w+ —$"), "fr": re.compile(r"^— Tour de table \d+ : \w+ —$")}


def words(line: str) -> str:
    return re.sub(r"<[^>]+>", "", line).replace("\u00a0", " ").strip()


def _window_hud(lang: str) -> tuple[App, Hud]:
    """A 1280×720 window's side panels, built."""
    app = App(size=(1280, 720), realtime=False)
    hud = Hud(app.manager, lang)
    hud.build((1280, 720))
    return app, hud


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_log_trimmed_as_the_match_goes_starts_with_a_turn(lang):
    app, hud = _window_hud(lang)
    batches, names = _bot_match_logs(5, 400)
    tops = []
    for events in batches:
        before = len(hud.log_lines)
        hud.append_log(events, names)
        app.manager.update(1 / 60)
        if len(hud.log_lines) < before:
            tops.append(words(hud.log_lines[0]))
            assert len(hud.log_lines) <= LOG_LIMIT
    assert len(tops) >= 3
    assert [top for top in tops if not TURN_LINE[lang].match(top)] == []
    assert TURN_LINE[lang].match(words(hud.log_box.html_text.split("<br>")[0]))  # what the box shows first


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s59_the_log_set_at_once_from_a_long_match_starts_with_a_turn(lang):
    app, hud = _window_hud(lang)
    batches, names = _bot_match_logs(5, 400)
    hud.reset_log([e for events in batches for e in events], names)  # a loaded match, an undo
    assert LOG_LIMIT - 40 <= len(hud.log_lines) <= LOG_LIMIT
    assert TURN_LINE[lang].match(words(hud.log_lines[0])), hud.log_lines[0]
