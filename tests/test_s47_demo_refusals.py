"""The demo and the tutorial word a refusal as the match window's log does ("Refused: Tarn's
Course (run) — R4.4: …"): they had templates of their own, "Refused — R4.4 (Course (run): no
right angle): …", with brackets inside brackets and no fighter (s46 review, finding 1)."""

from __future__ import annotations

import html
import re

import pytest

from arena_game.core.actions import ACTION_ADAPTER
from arena_game.core.errors import IllegalAction
from arena_game.core.events import ActionRefused
from arena_game.core.match import Match
from arena_game.i18n import has
from arena_game.ui.modes import Refused
from arena_game.ui.panels_html import log_html
from arena_game.ui.showcase import Film, Timing
from tests.builders import demo_steps
from tests.ui_driver import open_lesson

pytestmark = pytest.mark.usefixtures("fresh_pygame")

QUICK = Timing(opening=0.1, after_action=0.1, refusal=0.1, closing=0.1)
DEMO = demo_steps()


def window_line(event: ActionRefused, names: dict[str, str], lang: str) -> str:
    """The line the match window's log shows for `event`, as plain text (its HTML unwrapped)."""
    return html.unescape(re.sub(r"<[^>]+>", "", log_html(event, names, lang))).replace("\u00a0", " ")


def depth(line: str) -> int:
    """How deep brackets nest in `line` ("a (b (c))" → 2)."""
    most = level = 0
    for c in line:
        level += (c == "(") - (c == ")")
        most = max(most, level)
    return most


def expected_refusals(sc) -> list[ActionRefused]:
    """The refusals a demo step's play records, as the scenario runner makes them."""
    match, out = Match(sc.setup()), []
    for i, action in enumerate(sc.actions):
        expected = sc.expected_refusals[i] if i < len(sc.expected_refusals) else None
        out += [ev for ev in match.play(action, expect_refused=expected) if isinstance(ev, ActionRefused)]
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_demo_refusal_reads_as_the_match_windows_log_line_for_it(lang):
    from arena_game.render.glyphs import drawable

    steps = [sc for sc in DEMO if any(sc.expected_refusals)]
    assert len(steps) >= 3  # walk (R2.2), run (R4.4), taunt (R7.1), mana (R10.2)
    for sc in steps:
        film = Film(sc, lang, (640, 480), fps=5, timing=QUICK)
        for _ in film.frames():
            pass
        shown = [line for line, refused in film.log if refused]
        wanted = [window_line(ev, film.names, lang) for ev in expected_refusals(sc)]
        assert [drawable(x).replace("\u00a0", " ") for x in shown] == wanted, sc.path.name
        for line, ev in zip(shown, expected_refusals(sc), strict=True):
            assert line.startswith("Refused: " if lang == "en" else "Refusé à ")
            assert film.names[ev.fighter] in line and f"— {ev.rule}" in line  # who, then the rule
            assert depth(line) <= 1, line  # no brackets inside brackets


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lesson_refusal_reads_as_the_match_windows_log_line_for_it(tmp_path, lang):
    _win, lesson = open_lesson("push", tmp_path / "progress.json", lang)
    assert lesson.ctrl is not None
    walker = lesson.ctrl.state.active.id
    lesson.apply(ACTION_ADAPTER.validate_python({"kind": "walk", "to": (6, 5)}))
    # the same walk, refused by the core as a scenario expecting it: the event the window's log words
    ev = lesson.ctrl.match.play({"kind": "walk", "to": (6, 5)}, expect_refused="R2.1")[0]
    assert isinstance(ev, ActionRefused) and ev.fighter == walker
    assert lesson.refusal is not None
    assert lesson.refusal == window_line(ev, lesson.ctrl.names(), lang)
    assert depth(lesson.refusal) <= 1 and lesson.ctrl.names()[walker] in lesson.refusal
    assert "<a href='rule:R2.1'>R2.1</a>" in lesson.panel_html()  # the rule still opens the rules screen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lesson_refusal_from_a_mode_names_the_modes_action(tmp_path, lang):
    """A click the attack mode refuses before the core sees an action: the panel names the
    attack, as the log would name the attack the core refused."""
    from arena_game.i18n import t

    _win, lesson = open_lesson("push", tmp_path / "progress.json", lang)
    assert lesson.ctrl is not None
    lesson.press_button("attack")
    assert lesson.mode.name == "attack"
    err = IllegalAction("R0.4", "no fighter at (1, 1) to attack", code="attack_no_one_there", fields={"square": (1, 1)})
    lesson.do(Refused(err))
    assert has("log.kind_attack", lang)
    assert lesson.refusal is not None and t("log.kind_attack", lang) in lesson.refusal
    names = lesson.ctrl.names()
    ev = ActionRefused(fighter=lesson.ctrl.state.active.id, kind="attack", rule="R0.4", code=err.code or "",
                       fields=err.fields)
    assert lesson.refusal == window_line(ev, names, lang)
