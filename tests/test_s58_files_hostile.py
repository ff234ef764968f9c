"""Session 58's hunt over hand-made files the mutator does not make (docs/fuzzing.md, "Found by
the hunt of 2026-12-07 (session 58)"):

- a key holding a character that shows as nothing (a zero-width space pasted from a web page, a
  no-break space, a soft hyphen) was named as it reads: `fighters[0].pv​: unknown key (did you
  mean `pv`?)`, the key and its slip printing alike; now quoted with the character escaped.
"""

from __future__ import annotations

import pytest

from tests.file_faults import cli_fault, teams_with


@pytest.mark.parametrize(("key", "shown"), [
    ("pv\u200b", "'pv\\u200b'"),
    ("pv\u00a0", "'pv\\xa0'"),
    ("p\u00adv", "'p\\xadv'"),
    ("pv\t", "'pv\\t'"),
])
def test_s58_an_unknown_key_with_an_unseen_character_is_shown_escaped(tmp_path, capsys, key, shown):
    p = teams_with(tmp_path, "pv = 30", f'"{key}" = 30'.replace("\t", "\\t"))
    assert cli_fault(capsys, "play", "--frames", "0", "--lang", "en", "--teams", p, "arene-classique") == (
        f"arena-game: {p}: teams[0].fighters[0].{shown}: unknown key (did you mean `pv`?)")


@pytest.mark.parametrize("key", ["pv x", "\u0440v", "pvé"])
def test_s58_a_key_of_visible_characters_is_shown_as_written(tmp_path, capsys, key):
    p = teams_with(tmp_path, "mana = 4", f'"{key}" = 30')
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", "--teams", p, "arene-classique")
    assert line.startswith(f"arena-game: {p}: teams[0].fighters[0].{key}: unknown key"), line


def test_s58_a_rules_key_with_a_zero_width_space_is_shown_escaped(tmp_path, capsys):
    p = tmp_path / "r.toml"
    p.write_text('[push]\n"squares\u200b" = 2\n', encoding="utf-8")
    line = cli_fault(capsys, "play", "--frames", "0", "--lang", "en", "--rules", p, "arene-classique")
    assert line.startswith(f"arena-game: {p}: push.'squares\\u200b': unknown key"), line
