"""Session 59: what slow refusals cost (docs/fuzzing.md, "Found by the hunt of 2026-12-07
(session 59)"):

- a save at the 16 MiB cap holding 26,000 map reloads spent most of its refusal reading each
  map's grid a square at a time in Python: a row is now read a square at a time only for a
  symbol that is more than a terrain (an obstacle, a spawn) or one the legend lacks;
- a hostile TOML file of 100,000 teams missing their keys ran, after pydantic's lax check, a
  strict check whose fault was then not said (a key missing or unknown is said alike in both).

The CPU figures are in docs/fuzzing.md; these tests check that nothing said or built changed,
and that the strict check is not run where it cannot change the line.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arena_game.core.terrain import Terrain
from arena_game.formats import strict
from arena_game.formats.mapfile import load_map_text
from arena_game.formats.teamfile import TeamsFile
from tests.file_faults import cli_fault, run_cli

LEGEND_MAP = """name = "Salle"
grid = \"\"\"
#######
#1.x.A#
#.~O.B#
#2.y..#
#######
\"\"\"
heights = { "3,1" = 40 }

[legend]
A = { terrain = "floor", spawn = "1" }
B = { terrain = "water", spawn = "2" }
y = { terrain = "obstacle", height_cm = 70 }
"""


def test_s59_a_grid_read_by_rows_gives_every_square_height_and_spawn():
    board = load_map_text("m.toml", LEGEND_MAP.replace('B = { terrain = "water", spawn = "2" }',
                                                       'B = { terrain = "floor", spawn = "2" }'))
    assert (board.width, board.height) == (7, 5)
    assert board.terrain((3, 1)) is Terrain.OBSTACLE and board.terrain((3, 3)) is Terrain.OBSTACLE
    assert board.terrain((2, 2)) is Terrain.WATER and board.terrain((3, 2)) is Terrain.PILLAR
    assert board.heights == {(3, 1): 40, (3, 3): 70}
    assert board.spawns == {"1": ((1, 1), (5, 1)), "2": ((5, 2), (1, 3))}
    assert [board.terrain((x, 0)) for x in range(7)] == [Terrain.WALL] * 7


@pytest.mark.parametrize(("grid", "said"), [
    # a spawn on water (the legend's B) in row 2, an unknown symbol in row 3: the first in reading order
    ("#######\n#1.x.A#\n#.~O.B#\n#2.yQ.#\n#######", "5:6: spawn '2' must be on floor, not water"),
    ("#######\n#1.x.A#\n#.~O..#\n#2.yQ.#\n#######", "6:5: unknown symbol 'Q' (not in the legend)"),
    # a ragged row before a row holding an unknown symbol: the ragged row
    ("#######\n#1.x.A#\n#.~O.#\n#2.yQ.#\n#######", "5:7: ragged row: 6 squares where the first row has 7"),
    # an unknown symbol in a ragged row: the symbol, at its column
    ("#######\n#1.x.A#\n#.~O\t#\n#2.y..#\n#######", "5:5: unknown symbol '\\t' (not in the legend)"),
])
def test_s59_a_grids_first_fault_is_said_as_before(tmp_path, capsys, grid, said):
    path = tmp_path / "m.toml"
    path.write_text(LEGEND_MAP.replace(LEGEND_MAP.split('"""')[1], "\n" + grid + "\n"), encoding="utf-8")
    code, _, out = run_cli(capsys, "check", "--lang", "en", path)
    assert code == 2 and f"{path}: error [file-problem] {said}" in out, out


def test_s59_the_strict_check_is_not_run_where_its_fault_could_not_be_said(monkeypatch):
    runs: list[object] = []
    real = strict._strict_fault

    def spy(schema, data):
        runs.append(schema)
        return real(schema, data)

    monkeypatch.setattr(strict, "_strict_fault", spy)
    team = {"id": "a", "name": "A", "fighters": [{"id": "a1", "name": "Ana", "pv": 9, "team": "a"}]}
    for data in ({"teams": [{}] * 3}, {"teams": [team], "colours": 1}, {"teams": "x"}):
        with pytest.raises(ValidationError):  # each refused by the lax check's own fault
            strict.validate(TeamsFile, data)
    assert runs == []
    # where lax mode converted the value before refusing it, the strict fault is still said
    data = {"teams": [{"id": "a", "name": "A", "fighters": [{"id": "a1", "name": "Ana", "pv": "-3", "team": "a"}]}]}
    with pytest.raises(ValidationError) as e:
        strict.validate(TeamsFile, data)
    assert runs == [TeamsFile] and e.value.errors()[0]["type"] == "int_type"


def test_s59_a_hostile_teams_file_of_teams_missing_their_keys_is_said_as_before(tmp_path, capsys):
    path = tmp_path / "t.toml"
    path.write_text("[[teams]]\n" * 2000, encoding="utf-8")
    line = cli_fault(capsys, "check", "--lang", "en", "--teams", path, "arene-classique")
    assert line == f"arena-game: {path}: teams[0].id: required key is missing (and 3999 more)"
