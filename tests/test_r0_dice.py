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
from arena_game.i18n.terms import roll_line
from tests.builders import tiny_match


def test_r0_1_natural_20_is_a_critical_success():
    r = roll(ScriptedDice([20]), "dodge", 20, [Term(kind="attribute", key="agilite", value=3)],
             crit_success=(20,), crit_failure=(1,))
    assert (r.face, r.total, r.critical) == (20, 23, "success")
    assert roll_line(r, "fr") == "Esquive : d20 20 + Agilité 3 = 23 [réussite critique]"
    assert roll_line(r, "en") == "Esquive (dodge): d20 20 + Agilité (agility) 3 = 23 [critical success]"


def test_r0_1_natural_1_is_a_critical_failure():
    r = roll(ScriptedDice([1]), "dodge", 20, [Term(kind="attribute", key="agilite", value=3)],
             crit_success=(20,), crit_failure=(1,))
    assert (r.face, r.total, r.critical) == (1, 4, "failure")
    assert roll_line(r, "fr").endswith("= 4 [échec critique]")
    assert roll_line(r, "en").endswith("= 4 [critical failure]")


def test_r0_1_other_faces_are_not_critical():
    r = roll(ScriptedDice([19]), "Test", 20, crit_success=(20,), crit_failure=(1,))
    assert r.critical is None


def test_r0_1_roll_breakdown_names_every_term_and_modifier():
    r = roll(
        ScriptedDice([14]), "run", 20,
        [Term(kind="attribute", key="physique", value=5), Term(kind="skill", key="course", value=3)],
        [RollModifier(source="voluntary_stop", value=-2, rule="R4.5"),
         RollModifier(source="nothing", value=0)],
    )
    assert r.total == 20
    assert [m.source for m in r.modifiers] == ["voluntary_stop"]  # zero modifiers are dropped
    assert roll_line(r, "fr") == "Course : d20 14 + Physique 5 + Course 3 − 2 (malus : arrêt volontaire) = 20"
    assert roll_line(r, "en") == (
        "Course (run): d20 14 + Physique (strength) 5 + Course (run) 3 − 2 (penalty: voluntary stop) = 20"
    )


def test_r0_1_roll_is_data_keys_and_numbers_without_words():
    state, dice = tiny_match("...", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (2, 0)}},
                             faces=[14])
    r = Resolution(state, dice).check_roll(state.fighters["a"], "run", ("physique", "course"), "run",
                                           [RollModifier(source="voluntary_stop", value=-2, rule="R4.5")])
    dumped = r.model_dump()
    assert dumped == {
        "purpose": "run", "die": 20, "face": 14,
        "terms": [{"kind": "attribute", "key": "physique", "value": state.fighters["a"].sheet.attribute("physique")},
                  {"kind": "skill", "key": "course", "value": state.fighters["a"].sheet.skill("course")}],
        "modifiers": [{"source": "voluntary_stop", "value": -2, "rule": "R4.5", "count": None}],
        "total": r.total, "critical": None,
    }
    assert r.total == 14 - 2 + sum(t["value"] for t in dumped["terms"])


def test_r0_1_an_unknown_key_is_shown_as_it_is():
    r = roll(ScriptedDice([3]), "house_roll", 6, [Term(kind="bonus", value=2)],
             [RollModifier(source="blessing", value=1, rule="house")])
    assert roll_line(r, "en") == "house_roll: d6 3 + bonus 2 + 1 (bonus: blessing) = 6"


def test_r0_1_die_size_and_critical_faces_are_settings():
    settings = RulesSettings(dice=DiceSettings(die=12, critical_success=(11, 12), critical_failure=(1, 2)))
    state, dice = tiny_match("...", {"a": {"team": "red", "at": (0, 0)},
                                     "b": {"team": "blue", "at": (2, 0)}},
                             faces=[11, 2], settings=settings)
    r = Resolution(state, dice)
    hi = r.check_roll(state.fighters["a"], "dodge", ("agilite",), "test")
    lo = r.check_roll(state.fighters["a"], "dodge", ("agilite",), "test")
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
    r = roll(ScriptedDice([7]), "swim", 20, [Term(kind="skill", key="nage", value=2)],
             [RollModifier(source="run_squares", value=4, rule="R4.8", count=4)])
    assert Roll.model_validate_json(r.model_dump_json()) == r


def test_r0_1_seeded_faces_are_pythons_randint_draw_for_draw():
    """The seeded dice's own face draw gives `random.Random(seed).randint(1, sides)` face for
    face, counting the words drawn as the generator's `getrandbits` does (a save resumes there)."""
    import random

    from arena_game.core.dice import SeededDice, _CountedTwister

    for seed in range(30):
        dice, plain, counted = SeededDice(seed), random.Random(seed), _CountedTwister(seed)
        for i in range(400):
            sides = (i * 7 + seed) % 37 + 1  # d1 to d37: every rejection rate, powers of two included
            assert dice.face(sides) == plain.randint(1, sides) == counted.randint(1, sides), (seed, i, sides)
            assert dice._rng.words == counted.words
        for sides in (2**32 - 1, 2**32, 2**40 + 7, 3**50):  # more than one 32-bit word a draw
            assert dice.face(sides) == plain.randint(1, sides) == counted.randint(1, sides), (seed, sides)
            assert dice._rng.words == counted.words
    with pytest.raises(ValueError):
        SeededDice(1).face(0)


def test_r0_1_seeded_dice_report_where_they_stand_after_every_draw():
    from arena_game.core.dice import DicePosition

    dice = SeededDice(7)
    assert dice.where() == DicePosition(7, (), 0, 0)
    for sides in (20, 6, 4, 20, 8):
        kept = dice.where()
        assert dice.where() is kept  # nothing drawn since: the same frozen position
        dice.face(sides)
        now = dice.where()
        assert now == DicePosition(7, (), 0, dice._rng.words) != kept
        resumed = now.dice()
        assert [resumed.face(20) for _ in range(5)] == [dice.face(20) for _ in range(5)]
    mark = dice.checkpoint()
    dice.face(20)
    dice.restore(mark)
    assert dice.where().drawn == mark[1]
