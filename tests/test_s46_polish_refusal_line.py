"""A refused action's log line names its kind as the rest of the log does: "Kai's Course (run)",
never "(Course, run)" nor nested brackets "(Course (run))" (s45 review, scenario running/tacle)."""

from __future__ import annotations

import re

import pytest

from arena_game.core.actions import ACTION_KINDS
from arena_game.core.events import ActionRefused
from arena_game.formats.scenario import load_scenario, play
from arena_game.i18n.narration import describe
from arena_game.resources import find_scenario


@pytest.mark.parametrize("lang, line", [
    ("en", "Refused: Kai's Course (run) — R4.3: Kai's run is over (tackled)"),
    ("fr", "Refusé à Kai : Course — R4.3 : la Course de Kai est finie (tacle)"),
])
def test_a_refused_run_step_names_the_fighter_and_the_course_plainly(lang, line):
    r = play(load_scenario(find_scenario("running/tacle")))
    [refused] = [e for e in r.events if e.type == "action_refused"]
    names = {f.id: f.name for tm in load_scenario(find_scenario("running/tacle")).teams for f in tm.fighters}
    assert describe(refused, names, lang) == line


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", ACTION_KINDS)
def test_every_refused_kind_reads_without_a_comma_gloss_or_nested_brackets(kind, lang):
    ev = ActionRefused(fighter="k", kind=kind, rule="R0.6", code="kind_unavailable", fields={"kind": kind})
    line = describe(ev, {"k": "Oruk"}, lang)
    head = line.split(" — ")[0]  # who and what, before the rule
    assert "(" not in head or re.fullmatch(r"[^()]*\([a-z ]+\)", head), head  # at most an English gloss, at the end
    assert not re.search(r"\([^()]*,[^()]*\)", head), head  # "(Course, run)"
    depth = 0
    for ch in line:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        assert depth <= 1, line
    assert head.startswith({"en": "Refused: Oruk's ", "fr": "Refusé à Oruk : "}[lang]), head
