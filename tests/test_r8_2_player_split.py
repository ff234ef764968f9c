"""R8.2 with `combat.circle_split = "player"`: the player shares the damage once it is rolled.

At the table the attacker's player sees the damage roll, then gives its own non-increasing
split; the match waits for it (`MatchState.split_pending`, the `CircleSplit` action).
"""

import pytest

from arena_game.core import IllegalAction
from arena_game.core.events import CircleSplitAwaited, Damaged
from arena_game.core.queries import (
    halving_shares,
    kind_refusal,
    open_action_kinds,
    pending_split,
    split_refusal,
)
from arena_game.core.settings import RulesSettings
from arena_game.core.state import PendingSplit
from arena_game.i18n import refusal_line
from arena_game.i18n.narration import describe
from tests.builders import play, types
from tests.test_combat_circle import ring

PLAYER = RulesSettings.model_validate({"combat": {"circle_split": "player"}})
ORDER = [(1, 2), (3, 1), (2, 0)]  # d, then c (an ally of a), then b
# attack 19; d dodges 1 + 4, c 1, b 1: all three hit; location 12; damage 2d6+1 = 6 + 6 + 1 = 13
FACES = [19, 1, 1, 1, 12, 6, 6]


def awaiting():
    state, dice = ring(FACES, settings=PLAYER)
    state, events = play(state, dice, {"kind": "circle_attack", "order": ORDER})
    return state, dice, events


def test_r8_2_player_split_the_match_waits_for_the_split_after_the_roll():
    state, _dice, events = awaiting()
    assert types(events) == [
        "dice_rolled", "dice_rolled", "attacked", "dice_rolled", "attacked", "dice_rolled", "attacked",
        "dice_rolled", "dice_rolled", "circle_split_awaited",
    ]
    assert events[-1] == CircleSplitAwaited(attacker="a", total=13, hit=["d", "c", "b"])
    assert pending_split(state) == PendingSplit(attacker="a", total=13, hit=("d", "c", "b"), location="bras")
    assert [state.fighters[f].pv for f in "bcd"] == [20, 20, 20]  # nothing dealt yet
    assert open_action_kinds(state) == {"circle_split"}
    assert kind_refusal(state, "circle_split") is None


def test_r8_2_player_split_nothing_else_goes_on_while_it_waits():
    state, dice, _ = awaiting()
    for action in ({"kind": "end_turn"}, {"kind": "walk", "to": (2, 2)}, {"kind": "attack", "target": "b"}):
        with pytest.raises(IllegalAction) as refused:
            play(state, dice, action)
        assert refused.value.code == "split_pending"
        assert str(refused.value) == "R8.2: A first shares the circle attack's 13 damage among the fighters hit"
    assert state.split_pending is not None and state.active.id == "a"
    assert refusal_line(kind_refusal(state, "end_turn"), "fr") == (  # type: ignore[arg-type]
        "R8.2 : A répartit d'abord les 13 dégâts de son attaque circulaire entre les combattants touchés")


def test_r8_2_player_split_deals_the_split_in_the_declared_order():
    state, dice, _ = awaiting()
    state, events = play(state, dice, {"kind": "circle_split", "split": [7, 6, 0]})
    assert [e for e in events if isinstance(e, Damaged)] == [
        Damaged(fighter="d", amount=7, location="bras", pv=13, by="a"),
        Damaged(fighter="c", amount=6, location="bras", pv=14, by="a"),
    ]
    assert state.split_pending is None and state.fighters["b"].pv == 20
    assert dice.position == len(FACES)  # the split rolls nothing
    assert "end_turn" in open_action_kinds(state) and "circle_split" not in open_action_kinds(state)
    state, events = play(state, dice, {"kind": "end_turn"})
    assert "turn_ended" in types(events)


@pytest.mark.parametrize(("split", "code"), [
    ([6, 7, 0], "split_not_decreasing"),
    ([13, 0], "split_total"),
    ([7, 5, 0], "split_total"),
    ([7, 7, -1], "split_negative"),
])
def test_r8_2_player_split_a_split_that_does_not_fit_is_refused_and_changes_nothing(split, code):
    state, dice, _ = awaiting()
    before = dice.position
    assert split_refusal(state, split).code == code  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as refused:
        play(state, dice, {"kind": "circle_split", "split": split})
    assert refused.value.rule == "R8.2" and refused.value.code == code
    assert dice.position == before and state.split_pending is not None
    assert [state.fighters[f].pv for f in "bcd"] == [20, 20, 20]


def test_r8_2_player_split_a_lone_hit_takes_the_whole_roll_without_waiting():
    # attack 19; d dodges 1 + 4 (hit), c 20 (dodged), b 20 (dodged)
    state, dice = ring([19, 1, 20, 20, 12, 6, 6], settings=PLAYER)
    state, events = play(state, dice, {"kind": "circle_attack", "order": ORDER})
    assert "circle_split_awaited" not in types(events)
    assert [(e.fighter, e.amount) for e in events if isinstance(e, Damaged)] == [("d", 13)]
    assert state.split_pending is None


def test_r8_2_player_split_given_with_the_attack_is_still_taken():
    state, dice = ring(FACES, settings=PLAYER)
    state, events = play(state, dice, {"kind": "circle_attack", "order": ORDER, "split": [11, 2, 0]})
    assert [(e.fighter, e.amount) for e in events if isinstance(e, Damaged)] == [("d", 11), ("c", 2)]
    assert state.split_pending is None


def test_r8_2_halving_setting_never_waits():
    state, dice = ring(FACES)
    state, events = play(state, dice, {"kind": "circle_attack", "order": ORDER})
    assert [(e.fighter, e.amount) for e in events if isinstance(e, Damaged)] == [("d", 7), ("c", 3), ("b", 3)]
    assert halving_shares(13, 3) == [7, 3, 3] and state.split_pending is None


def test_r8_2_a_split_with_nothing_waiting_is_refused():
    state, dice = ring(FACES, settings=PLAYER)
    with pytest.raises(IllegalAction) as refused:
        play(state, dice, {"kind": "circle_split", "split": [1]})
    assert refused.value.code == "no_split_pending" and refused.value.rule == "R8.2"
    assert kind_refusal(state, "circle_split").code == "no_split_pending"  # type: ignore[union-attr]


def test_r8_2_player_split_kills_are_credited_as_any_circle_hit():
    state, dice = ring(FACES, settings=PLAYER, b={"team": "blue", "at": (2, 0), "pv": 3})
    state, _ = play(state, dice, {"kind": "circle_attack", "order": ORDER})
    state, events = play(state, dice, {"kind": "circle_split", "split": [5, 5, 3]})
    died = [e for e in events if e.type == "died"]
    assert [(e.fighter, e.credited_team) for e in died] == [("b", "red")]
    assert "match_ended" not in types(events)


def test_r8_2_player_split_the_log_says_who_waits_in_both_languages():
    _, _, events = awaiting()
    names = {"a": "Brakka", "b": "Oruk", "c": "Kael", "d": "Sielle"}
    assert describe(events[-1], names, "en") == (
        "Brakka's circle attack deals 13 damage: Brakka's player shares it among Sielle, Kael and Oruk (R8.2)")
    assert describe(events[-1], names, "fr") == (
        "L'attaque circulaire de Brakka inflige 13 dégâts : le joueur de Brakka les répartit entre "
        "Sielle, Kael et Oruk (R8.2)")


def _setup(seed: int = 5):
    from arena_game.core.match import MatchSetup
    from arena_game.core.sheets import Team
    from tests.builders import COLOURS, sheet, tiny_board
    from tests.test_combat_circle import AXE, GRID

    fighters = {"a": ("red", (2, 1), {"weapon": AXE}), "b": ("blue", (2, 0), {}), "d": ("blue", (1, 2), {})}
    teams: dict[str, list] = {}
    for fid, (team, _at, extra) in fighters.items():
        teams.setdefault(team, []).append(sheet(fid, team, **extra))
    models = [Team(id=t, name=t, colour=COLOURS[i], fighters=fs) for i, (t, fs) in enumerate(teams.items())]
    return MatchSetup(board=tiny_board(GRID), teams=models, placements={f: at for f, (_t, at, _e) in fighters.items()},
                      seed=seed, settings=PLAYER, turn_order=list(fighters))


def test_r8_2_player_split_replays_byte_for_byte_and_the_split_can_be_taken_back():
    from arena_game.core.events import EVENT_LIST_ADAPTER
    from arena_game.core.match import Match

    for seed in range(40):  # seeds whose circle attack hits both and rolls damage
        match = Match(_setup(seed))
        match.play({"kind": "circle_attack", "order": [(2, 0), (1, 2)]})
        if match.state.split_pending is not None:
            break
    else:
        pytest.fail("no seed of 40 hit both fighters")
    pending = match.state.split_pending
    assert not match.can_undo()  # the attack rolled dice: it stands
    first = pending.total  # everything to the first fighter hit
    match.play({"kind": "circle_split", "split": [first, 0]})
    assert match.can_undo()  # the split rolls nothing: it may be changed
    match.undo()
    assert match.state.split_pending == pending
    match.play({"kind": "circle_split", "split": [first, 0]})
    again = Match.replay(_setup(seed), match.actions)
    assert EVENT_LIST_ADAPTER.dump_json(again.log) == EVENT_LIST_ADAPTER.dump_json(match.log)
    assert again.state.fighters[pending.hit[0]].pv == 20 - first
