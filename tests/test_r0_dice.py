"""R0.1, R0.2: dice, rolls and their breakdowns; seeded and scripted dice."""

import pytest

from arena_game.core.dice import (
    Roll,
    RollModifier,
    ScriptedDice,
    ScriptedFaceError,
    SeededDice,
    Term,
    chance_at_least,
    meets,
    roll,
    wins_opposed,
)
from arena_game.core.resolution import Resolution
from arena_game.core.settings import DiceSettings, RulesSettings
from tests.builders import tiny_match


def test_r0_1_natural_20_is_a_critical_success():
    r = roll(ScriptedDice([20]), "Test", 20, [Term(name="Agilité", value=3)],
             crit_success=(20,), crit_failure=(1,))
    assert (r.face, r.total, r.critical) == (20, 23, "success")
    assert r.text() == "Test : d20 20 + Agilité 3 = 23 [réussite critique]"


def test_r0_1_natural_1_is_a_critical_failure():
    r = roll(ScriptedDice([1]), "Test", 20, [Term(name="Agilité", value=3)],
             crit_success=(20,), crit_failure=(1,))
    assert (r.face, r.total, r.critical) == (1, 4, "failure")
    assert r.text().endswith("= 4 [échec critique]")


def test_r0_1_other_faces_are_not_critical():
    r = roll(ScriptedDice([19]), "Test", 20, crit_success=(20,), crit_failure=(1,))
    assert r.critical is None


def test_r0_1_roll_breakdown_names_every_term_and_modifier():
    r = roll(
        ScriptedDice([14]), "Course", 20,
        [Term(name="Physique", value=5), Term(name="Course", value=3)],
        [RollModifier(source="arrêt volontaire", value=-2, rule="R4.5"),
         RollModifier(source="nothing", value=0)],
    )
    assert r.total == 20
    assert [m.source for m in r.modifiers] == ["arrêt volontaire"]  # zero modifiers are dropped
    assert r.text() == "Course : d20 14 + Physique 5 + Course 3 − malus 2 (arrêt volontaire) = 20"


def test_r0_1_die_size_and_critical_faces_are_settings():
    settings = RulesSettings(dice=DiceSettings(die=12, critical_success=(11, 12), critical_failure=(1, 2)))
    state, dice = tiny_match("...", {"a": {"team": "red", "at": (0, 0)},
                                     "b": {"team": "blue", "at": (2, 0)}},
                             faces=[11, 2], settings=settings)
    r = Resolution(state, dice)
    hi = r.check_roll(state.fighters["a"], "Test", ("agilite",), "test")
    lo = r.check_roll(state.fighters["a"], "Test", ("agilite",), "test")
    assert (hi.die, hi.critical, lo.critical) == (12, "success", "failure")
    assert [e.type for e in r.events] == ["dice_rolled", "dice_rolled"]


def test_r0_1_dice_settings_refuse_faces_off_the_die():
    with pytest.raises(ValueError, match="face 20 is not on a d12"):
        DiceSettings(die=12)


def test_r0_2_difficulty_is_met_at_equal_total():
    assert meets(15, 15) and meets(16, 15) and not meets(14, 15)


def test_r0_2_opposed_tie_goes_to_the_defender():
    assert not wins_opposed(12, 12)
    assert wins_opposed(13, 12)
    assert not wins_opposed(11, 12)


def test_r0_2_chance_at_least_is_exact():
    assert chance_at_least(15, 3, 20) == 9 / 20  # faces 12..20
    assert chance_at_least(1, 0, 20) == 1.0
    assert chance_at_least(30, 0, 20) == 0.0


def test_seeded_dice_same_seed_same_faces():
    a, b, c = SeededDice(7), SeededDice(7), SeededDice(8)
    fa = [a.face(20) for _ in range(30)]
    assert fa == [b.face(20) for _ in range(30)]
    assert fa != [c.face(20) for _ in range(30)]
    assert all(1 <= f <= 20 for f in fa)


def test_scripted_dice_use_faces_in_order_then_the_seed():
    scripted = ScriptedDice([3, 4], seed=5)
    seeded = SeededDice(5)
    assert [scripted.face(20), scripted.face(6)] == [3, 4]
    assert scripted.exhausted
    assert [scripted.face(20) for _ in range(5)] == [seeded.face(20) for _ in range(5)]


def test_scripted_face_error_names_the_face_and_the_die():
    dice = ScriptedDice([9])
    with pytest.raises(ScriptedFaceError, match=r"^scripted face #1 is 9, but the die rolled is a d8$"):
        dice.face(8)
    assert dice.position == 0
    assert dice.face(20) == 9


@pytest.mark.parametrize("make", [lambda: SeededDice(3), lambda: ScriptedDice([5, 6], seed=3)])
def test_checkpoint_restore_rewinds_the_dice(make):
    dice = make()
    dice.face(20)
    mark = dice.checkpoint()
    first = [dice.face(20) for _ in range(4)]
    dice.restore(mark)
    assert [dice.face(20) for _ in range(4)] == first


def test_roll_round_trips_through_json():
    r = roll(ScriptedDice([7]), "Nage", 20, [Term(name="Nage", value=2)])
    assert Roll.model_validate_json(r.model_dump_json()) == r
