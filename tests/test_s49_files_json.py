"""Session 49: the JSON check walks 2,000,000 numbers without building a place for each (a
4 MB save or map of numbers took 5 to 6 s before its line; CPU figures in the session's
report, not timed here). What it refuses stays refused, at the same place."""

from __future__ import annotations

import pytest

from arena_game.formats.problems import FileProblem, shorten
from arena_game.formats.safe_read import parse_json, parse_toml


def test_s49_plain_numbers_at_the_depth_limit_are_still_too_deep():
    # 49 lists deep, the numbers inside are at depth 49: refused, at the same one as before
    with pytest.raises(FileProblem) as e:
        parse_json("t.json", "[" * 49 + "1, 2" + "]" * 49)
    assert (e.value.fault, e.value.field) == ("nested more than 48 levels deep", shorten("[0]" * 48 + "[1]"))


def test_s49_numbers_one_level_above_the_limit_are_read():
    assert parse_json("t.json", "[" * 48 + "1, 2.5, null, true" + "]" * 48) is not None


def test_s49_a_nan_after_a_million_numbers_is_still_found():
    with pytest.raises(FileProblem, match=r"^s.json: dice\[1000000\]: should be a finite number, not NaN$"):
        parse_json("s.json", '{"dice": [' + "1, " * 1_000_000 + "NaN]}")


def test_s49_a_21_digit_number_after_a_million_numbers_is_still_found():
    with pytest.raises(FileProblem, match=r"^s.json: dice\[1000000\]: a number of 21 digits \(at most 20\)$"):
        parse_json("s.json", '{"dice": [' + "1, " * 1_000_000 + "1" * 21 + "]}")


def test_s49_a_long_run_of_digits_in_a_text_is_only_text():
    assert parse_json("s.json", '{"name": "' + "1" * 30 + '", "seed": 12}') == {"name": "1" * 30, "seed": 12}


def test_s49_a_25_digit_toml_number_in_a_list_is_still_found():
    # TOML numbers come whole from tomllib: the tree walk is what bounds them
    with pytest.raises(FileProblem) as e:
        parse_toml("r.toml", "faces = [" + "1, " * 1000 + "1" * 25 + "]\n")
    assert e.value.field == "faces[1000]"
