"""R0.3: a weapon's damage is written NdM or NdM+K in ASCII digits, read whole, or refused in one line."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arena_game.core.sheets import DamageDice
from tests.test_loaders_words import one_line


@pytest.mark.parametrize("text", ["١d٨+١", "１d6", "2d6\n", "2d6+1\n", "2d6 +1\u00a0", "2d6+٣"])
def test_r0_3_damage_in_other_digits_or_with_a_line_break_is_refused(text):
    with pytest.raises(ValidationError) as got:
        DamageDice.model_validate(text)
    assert "is not of the form NdM or NdM+K" in str(got.value)


@pytest.mark.parametrize(("text", "count", "sides", "bonus"), [
    ("1d6", 1, 6, 0), ("0001d06+007", 1, 6, 7), ("1d6+" + "0" * 5000 + "5", 1, 6, 5), (" 2 d 8 + 3 ", 2, 8, 3), ("\t3d4-1", 3, 4, -1), ("20d100+999", 20, 100, 999)])
def test_r0_3_damage_as_written_is_read(text, count, sides, bonus):
    dice = DamageDice.model_validate(text)
    assert (dice.count, dice.sides, dice.bonus) == (count, sides, bonus)


def test_r0_3_a_5000_digit_bonus_in_a_teams_file_is_one_line(tmp_path, capsys):
    teams = tmp_path / "t.toml"
    teams.write_text("[[teams]]\nid = 'a'\nname = 'A'\n[[teams.fighters]]\nid = 'b'\nname = 'B'\npv = 5\n"
                     "weapon = { name = 'x', family = 'melee', damage = '1d6+" + "9" * 5000 + "' }\n", encoding="utf-8")
    line = one_line(capsys, "check", "arene-classique", "--teams", str(teams))
    assert line.startswith(f"arena-game: {teams}: teams[0].fighters[0]")
    assert line.endswith("weapon.damage.bonus: should be at most 999, not a very long number")
