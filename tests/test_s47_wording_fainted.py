"""Film 8 (s47 review4 #3): a fainted target's dodge, and the log line that says why it was hit (R10.1)."""

from arena_game.i18n.narration import describe
from tests.builders import play, tiny_match

ROW = """
......
......
"""


def _sleeper_attacked(faces):
    fighters = {
        "a": {"team": "red", "at": (0, 0)},
        "b": {"team": "blue", "at": (1, 0), "attributes": {"agilite": 10}},
    }
    state, dice = tiny_match(ROW, fighters, faces=faces)
    state.fighters["b"].asleep_turns = 2
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    return [e for e in events if e.type == "attacked"][0]


def test_r10_1_the_attack_event_says_the_target_had_fainted():
    ev = _sleeper_attacked([2, 19, 3, 1, 2])
    assert ev.target_asleep is True and ev.hit is True
    assert ev.attack_total < ev.dodge_total  # the totals alone would say "dodged"


def test_r10_1_awake_target_attack_event_is_not_marked_asleep():
    fighters = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)}}
    state, dice = tiny_match(ROW, fighters, faces=[15, 2, 3, 1, 2])
    state, events = play(state, dice, {"kind": "attack", "target": "b"})
    assert [e for e in events if e.type == "attacked"][0].target_asleep is False


def test_log_line_says_a_fainted_target_dodges_only_on_a_critical():
    ev = _sleeper_attacked([2, 19, 3, 1, 2])
    en = describe(ev, {"a": "Oruk", "b": "Sielle"}, "en")
    fr = describe(ev, {"a": "Oruk", "b": "Sielle"}, "fr")
    assert en.startswith("Oruk attacks Sielle: ") and "— hit (fainted: only a critical success dodges, R10.1)" in en
    assert "— touché (évanouissement : seule une réussite critique esquive, R10.1)" in fr
    assert "évanouie" not in fr and "évanoui " not in fr  # no gender the game does not know


def test_log_line_names_the_critical_dodge_of_a_fainted_target():
    ev = _sleeper_attacked([2, 20])
    assert ev.hit is False
    assert describe(ev, {"a": "Oruk", "b": "Sielle"}, "en").endswith(
        "— dodged (a critical success, the only dodge while fainted, R10.1)")
    assert "réussite critique" in describe(ev, {"a": "Oruk", "b": "Sielle"}, "fr")
