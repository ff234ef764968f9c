"""`arena-game check`: each finding on a purpose-built bad map (tests/data/maps), exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.design.mapcheck import check_map, corridor_share, shortcut_jumps, walk_first
from arena_game.resources import maps_dir, shipped_maps
from tests.builders import tiny_board

BAD = Path(__file__).parent / "data" / "maps"


def findings(name: str) -> list:
    """The findings a purpose-built map shows. These maps are drawn to show one fault each and
    are not point-symmetric, so the spawn-fairness warning they all raise is left out here
    (it has its own tests below)."""
    return [f for f in check_map(BAD / name).findings if f.code != "lopsided-spawns"]


def codes(name: str) -> list[str]:
    return sorted(f.code for f in findings(name))


def test_pocket_no_fighter_can_reach_is_a_warning():
    report = check_map(BAD / "pocket.toml")
    report.findings = findings("pocket.toml")
    assert [f.code for f in report.findings] == ["unreachable-pocket"]
    assert report.findings[0].squares == ((7, 1), (8, 1))
    assert report.findings[0].severity == "warning"


def test_r2_2_diagonal_between_wall_corners_leaves_a_pocket():
    report = check_map(BAD / "diagonal-walls.toml")
    report.findings = findings("diagonal-walls.toml")
    assert [(f.code, f.squares) for f in report.findings] == [("unreachable-pocket", ((7, 1),))]


def test_r2_2_diagonal_between_round_pillars_is_open():
    assert codes("diagonal-pillars.toml") == []


def test_team_that_can_only_swim_to_the_other_is_warned():
    report = check_map(BAD / "swim-only.toml")
    report.findings = findings("swim-only.toml")
    assert [(f.code, f.message) for f in report.findings] == [
        ("no-walk-path", "team 1 cannot walk to team 2 (only by swimming or jumping)")
    ]


def test_sealed_teams_are_an_error():
    report = check_map(BAD / "sealed.toml")
    report.findings = findings("sealed.toml")
    assert [(f.code, f.severity) for f in report.findings] == [("sealed-teams", "error")]


def test_dead_square_next_to_a_spawn():
    report = check_map(BAD / "dead-by-spawn.toml")
    report.findings = findings("dead-by-spawn.toml")
    assert [f.code for f in report.findings] == ["dead-square-by-spawn"] * 2
    assert report.findings[0].squares == ((1, 1), (2, 1))
    assert "lava at (2, 1)" in report.findings[0].message


def test_unequal_distance_shows_the_figures():
    report = check_map(BAD / "unequal.toml")
    report.findings = findings("unequal.toml")
    assert [f.code for f in report.findings] == ["unequal-distance"]
    assert "team 1 4.0, team 2 6.5" in report.findings[0].message
    assert report.figures["team 2 nearest enemy"] == {"min": 4, "mean": 6.5, "max": 9}


def test_maze_without_labyrinth_flag():
    assert codes("maze-no-flag.toml") == ["maze-without-flag"]


def test_labyrinth_flag_on_open_map():
    assert codes("open-with-flag.toml") == ["flag-on-open-map"]


def test_corridor_share_counts_floor_outside_2x2_blocks():
    board = tiny_board("#####\n#...#\n#.#.#\n#...#\n#####")  # a ring of 1-wide corridor
    assert corridor_share(board) == 1.0
    board = tiny_board("####\n#..#\n#..#\n#.##\n####")  # a 2×2 room and one corridor square
    assert corridor_share(board) == pytest.approx(1 / 5)


def test_r2_4_jumps_that_shorten_a_path():
    # A crate across a corridor: the jump is the only way through, both ways.
    assert sorted(shortcut_jumps(tiny_board("#####\n#.x.#\n#####"))) == [
        ((1, 1), (2, 1), (3, 1)), ((3, 1), (2, 1), (1, 1))]
    # A free-standing crate: walked round in two squares straight across, so no jump there
    # shortens a path; corner to corner the way round takes three squares, the jump two.
    assert sorted(shortcut_jumps(tiny_board("...\n.x.\n..."))) == [
        ((0, 0), (1, 1), (2, 2)), ((0, 2), (1, 1), (2, 0)), ((2, 0), (1, 1), (0, 2)), ((2, 2), (1, 1), (0, 0))]
    assert shortcut_jumps(tiny_board("#####\n#...#\n#####")) == []


def test_walk_first_splits_the_floor_between_teams():
    board = tiny_board("#######\n#1...2#\n#######")
    first = walk_first(board)
    assert [first[(x, 1)] for x in range(1, 6)] == ["1", "1", "tie", "2", "2"]


def test_unloadable_map_is_an_error_exit_2(capsys):
    assert main(["check", str(BAD / "broken.toml")]) == 2
    assert capsys.readouterr().out == f"{BAD / 'broken.toml'}: error [file-problem] 4:3: unknown symbol 'Q' (not in the legend)\n"


DUO = str(BAD.parent / "teams" / "duo.toml")  # teams of 2: the test maps' spawns fit


def test_exit_codes_warning_1_clean_0(capsys):
    assert main(["check", str(BAD / "pocket.toml"), "--teams", DUO]) == 1
    assert main(["check", str(BAD / "symmetric.toml"), "--teams", DUO]) == 0
    assert main(["check", str(BAD / "diagonal-pillars.toml"), "--teams", DUO]) == 1  # lopsided spawns
    assert main(["check", str(BAD / "symmetric.toml"), str(BAD / "sealed.toml"), "--teams", DUO]) == 2


def test_check_json(capsys):
    assert main(["check", "--json", str(BAD / "unequal.toml"), str(BAD / "broken.toml")]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert [d["name"] for d in doc] == ["Unequal", ""]
    assert doc[0]["warnings"][0]["code"] == "unequal-distance"
    assert doc[1]["errors"][0]["code"] == "file-problem"


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.name)
def test_every_shipped_map_passes_check(path):
    report = check_map(path)
    assert report.errors == []
    assert report.warnings == []


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.name)
def test_every_shipped_map_has_a_french_and_an_english_description(path):
    # One language at a time (issue 13): the start screen shows the description in the player's language.
    from arena_game.formats.mapfile import load_map

    board = load_map(path)
    french, english = board.description_in("fr"), board.description_in("en")
    assert french.strip() and english.strip() and " / " not in french and " / " not in english
    assert any(c in french for c in "éèêàçù'")  # French first
    assert set(english.lower().split()) & {"the", "a", "an", "at", "to", "with", "in", "and"}  # English after


def test_check_module_does_not_import_pygame():
    code = "import sys, arena_game.design.mapcheck, arena_game.commands.check; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_shipped_map_set_has_six_distinct_maps_with_a_tiled_one():
    from arena_game.formats.mapfile import load_map
    from arena_game.resources import maps_dir

    boards = {p.name: load_map(p) for p in shipped_maps()}
    assert len(boards) >= 6
    assert len({b.name for b in boards.values()}) == len(boards)
    assert "arene-inondee.tmj" in boards and (maps_dir() / "arena-tiles.png").is_file()
    assert any(b.labyrinth for b in boards.values())
    terrains = {t for b in boards.values() for t in b.cells}
    assert {"lava", "acid", "hole", "water", "pillar", "obstacle"} <= {t.value for t in terrains}


def test_check_a_folder_or_a_glob_checks_the_maps_and_passes_over_tilesets(capsys):
    shipped = sorted(p for p in maps_dir().iterdir() if p.suffix in (".toml", ".tmj", ".tmx"))
    assert main(["check", str(maps_dir())]) == 0
    out = capsys.readouterr().out
    assert sum(1 for line in out.splitlines() if line.endswith(": ok")) == len(shipped)
    every_file = [str(p) for p in sorted(maps_dir().iterdir()) if p.is_file()]
    assert main(["check", *every_file]) == 0
    out = capsys.readouterr().out
    assert "arena-tiles.png: skipped" in out and "arena-tiles.tsj: skipped" in out
    assert "error" not in out


def test_too_few_spawns_for_the_roster_is_a_warning_with_the_counts(capsys):
    # unequal.toml: 2 spawns per team; the shipped teams bring 3 fighters each
    report = check_map(BAD / "unequal.toml", team_size=3)
    found = [f for f in report.findings if f.code == "too-few-spawns"]
    assert len(found) == 1 and "team 1 has 2 spawns, team 2 has 2 spawns" in found[0].message
    assert all(f.code != "too-few-spawns" for f in check_map(BAD / "unequal.toml", team_size=2).findings)
    # from the command line, the roster decides the team size
    main(["check", str(BAD / "unequal.toml"), "--teams", DUO])
    assert "too-few-spawns" not in capsys.readouterr().out
    main(["check", str(BAD / "unequal.toml")])
    assert "too-few-spawns" in capsys.readouterr().out


def test_16_walled_in_spawn_is_an_error(capsys):
    report = check_map(BAD / "walled-spawn.toml")
    trapped = [f for f in report.findings if f.code == "trapped-spawn"]
    assert [(f.severity, f.squares) for f in trapped] == [("error", ((10, 2),))]
    assert main(["check", str(BAD / "walled-spawn.toml")]) == 2
    assert "[trapped-spawn]" in capsys.readouterr().out


def test_16_lopsided_spawns_centre_against_corner_warned(capsys):
    report = check_map(BAD / "centre-and-corner.toml")
    lop = [f for f in report.findings if f.code == "lopsided-spawns"]
    assert len(lop) == 1 and lop[0].severity == "warning"
    assert "first reach team 1" in lop[0].message and "to centre" in lop[0].message
    fair1, fair2 = report.figures["team 1 fairness"], report.figures["team 2 fairness"]
    assert fair1["first reach"] > 0.7 > 0.2 > fair2["first reach"]
    assert fair1["to centre"] == 0 and fair2["to centre"] >= 4
    assert main(["check", str(BAD / "centre-and-corner.toml")]) == 1
    capsys.readouterr()
    assert main(["check", "--json", str(BAD / "centre-and-corner.toml")]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc[0]["figures"]["team 2 fairness"]["first reach"] == fair2["first reach"]


@pytest.mark.parametrize("name", ["symmetric.toml", "arene-inondee-natif.toml"])
def test_16_symmetric_maps_are_not_lopsided(name):
    assert "lopsided-spawns" not in codes(name)


@pytest.mark.parametrize("lang, words", [
    ("en", "3\u00a0teams do not fit: the map has spawns for 2\u00a0teams (scenarios must then place the others by hand)"),
    ("fr", "3\u00a0équipes n'y tiennent pas : la carte a des départs pour 2\u00a0équipes "
           "(les scénarios doivent alors placer les autres à la main)"),
])
def test_s50_check_warns_a_roster_with_more_teams_than_spawn_sides(tmp_path, capsys, lang, words):
    # `check --teams` said "ok" for a roster `play` then refused ("not enough spawn squares for
    # team 3"): the map's spawn sides were never counted against the roster's teams (s50).
    mirror = (Path(__file__).parent / "data" / "teams" / "mirror.toml").read_text(encoding="utf-8")
    third = mirror.split("[[teams]]")[1].replace('"rouges"', '"verts"').replace('"Rouges"', '"Verts"')
    for n in ("r1", "r2"):
        third = third.replace(f'"{n}"', f'"g{n}"')
    three = tmp_path / "three.toml"
    three.write_text(mirror + "\n[[teams]]" + third, encoding="utf-8")
    assert main(["check", str(BAD / "symmetric.toml"), "--teams", str(three), "--lang", lang]) == 1
    out = capsys.readouterr().out
    assert f"[too-many-teams] {words}" in out
    assert main(["check", str(BAD / "symmetric.toml"), "--teams", DUO, "--lang", lang]) == 0
    assert "too-many-teams" not in capsys.readouterr().out
