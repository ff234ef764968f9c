"""Every bad file or argument: ONE line on stderr, exit code 2, never a traceback.

The bad files live in tests/data/bad/; each test runs the real command in a subprocess.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BAD = "tests/data/bad"

CASES = [
    # maps (R13, docs/maps.md)
    ("play {bad}/map_unknown_symbol.toml", "{bad}/map_unknown_symbol.toml:5:3: unknown symbol 'Q' (not in the legend)"),
    ("play {bad}/map_ragged_row.toml", "{bad}/map_ragged_row.toml:5:5: ragged row: 4 squares where the first row has 5"),
    ("play {bad}/map_spawn_on_wall.toml", "{bad}/map_spawn_on_wall.toml:5:3: spawn '1' must be on floor, not wall"),
    ("play {bad}/map_no_spawns_team2.toml", "{bad}/map_no_spawns_team2.toml: grid: no spawns for team 2 (put '2' on floor squares)"),
    ("play {bad}/map_too_large.toml", "{bad}/map_too_large.toml: grid: map is 130×3, larger than the 128×128 limit"),
    ("play {bad}/map_bad_syntax.toml", "{bad}/map_bad_syntax.toml:2:13: TOML syntax error: Invalid value"),
    ("play {bad}/map_not_utf8.toml", "{bad}/map_not_utf8.toml:1:11: is not UTF-8 text (byte 10)"),
    ("play {bad}/map_unknown_key.toml", "{bad}/map_unknown_key.toml: colour: unknown key"),
    ("play {bad}/map_bad_height.toml", "{bad}/map_bad_height.toml: heights: height given for (2, 0), which is not an obstacle"),
    ("play {bad}/map_bad_legend.toml", "{bad}/map_bad_legend.toml: legend.A.terrain: should be 'floor', 'wall', 'pillar', 'obstacle', 'water', 'lava', 'acid' or 'hole', not the text 'magma'"),
    ("play {bad}/no_such_map.toml", "{bad}/no_such_map.toml: file not found"),
    ("play {bad}", "{bad}: is a folder, not a file"),
    # teams and fighter sheets (R0.3, R12.1)
    ("play --teams {bad}/teams_bad_value.toml", "{bad}/teams_bad_value.toml: teams[0].fighters[0].pv: should be at least 1, not the number 0"),
    ("play --teams {bad}/teams_unknown_key.toml", "{bad}/teams_unknown_key.toml: teams[0].fighters[0].strength: unknown key"),
    ("play --teams {bad}/teams_chest_over_limit.toml", "{bad}/teams_chest_over_limit.toml: teams[0].chest: R12.1: team 'lions' has 5 animals or slaves in its chest, the limit is 4"),
    ("play --teams {bad}/teams_duplicate_fighter.toml", "{bad}/teams_duplicate_fighter.toml: teams[1].fighters[0].id: fighter id 'brakka' appears twice"),
    ("play --teams {bad}/teams_duplicate_team.toml", "{bad}/teams_duplicate_team.toml: teams[1]: team id 'lions' appears twice"),
    ("play --teams {bad}/teams_huge_run.toml", "{bad}/teams_huge_run.toml: teams[0].fighters[0].skills.course: should be at most 99, not the number 1000000000"),
    ("play --teams {bad}/teams_huge_range.toml", "{bad}/teams_huge_range.toml: teams[0].fighters[0].weapon.range: should be at most 99, not the number 100000000000"),
    ("play --teams {bad}/teams_bad_damage.toml", "{bad}/teams_bad_damage.toml: teams[0].fighters[0].weapon.damage: damage 'two dice' is not of the form NdM or NdM+K"),
    # rules settings
    ("play --rules {bad}/rules_unknown_key.toml", "{bad}/rules_unknown_key.toml: flee.fail_face: unknown key (did you mean `fail_faces`?)"),
    ("play --rules {bad}/rules_unknown_section.toml", "{bad}/rules_unknown_section.toml: magic_missiles: unknown key"),
    ("play --rules {bad}/rules_huge_declaration.toml", "{bad}/rules_huge_declaration.toml: run.declared_squares: should be at most 8, not the number 1000000000"),
    ("play --rules {bad}/rules_huge_run_table.toml", "{bad}/rules_huge_run_table.toml: run.table[0].squares: should be at most 128, not the number 1000000000"),
    ("play --rules {bad}/rules_bad_value.toml", "{bad}/rules_bad_value.toml: dice.die: should be at least 2, not the number 1"),
    ("play --rules {bad}/rules_bad_attribute.toml", "{bad}/rules_bad_attribute.toml: turns.initiative_attribute: should be 'physique', 'sensoriel', 'magie', 'charisme', 'dexterite' or 'agilite', not the text 'strength'"),
    # scenarios
    ("scenario {bad}/scenario_bad_action.toml", "{bad}/scenario_bad_action.toml: actions[1]: unknown kind 'fly' (expected one of: end_turn, walk, swim, jump, stand_up, run_start, run_step, run_stop, run_attack, attack, circle_attack, circle_split, push, teleport, taunt, suicide_verdict)"),
    ("scenario {bad}/scenario_action_missing_field.toml", "{bad}/scenario_action_missing_field.toml: actions[0].to: required key is missing"),
    ("scenario {bad}/scenario_unknown_fighter.toml", "{bad}/scenario_unknown_fighter.toml: placements.gandalf: placement for unknown fighter 'gandalf'"),
    ("scenario {bad}/scenario_bad_turn_order.toml", "{bad}/scenario_bad_turn_order.toml: turn_order: unknown fighter 'gandalf' (fighters: brakka, sielle, tarn, oruk, nyssa, kael)"),
    ("scenario {bad}/scenario_bad_dice_face.toml", "{bad}/scenario_bad_dice_face.toml: dice[1]: should be at least 1, not the number 0"),
    ("scenario {bad}/scenario_face_off_the_die.toml", "{bad}/scenario_face_off_the_die.toml: actions[0] (dice): scripted face #1 is 7, but the die rolled is a d4"),
    ("scenario --lang en {bad}/scenario_refused_action.toml", "{bad}/scenario_refused_action.toml: actions[0]: refused: R2.2: diagonal step blocked by the wall at (2, 1)"),
    ("scenario {bad}/scenario_expect_wrong.toml", "{bad}/scenario_expect_wrong.toml: actions[0]: expected a refusal under R2.2, but the action was applied"),
    ("scenario {bad}/scenario_unknown_key.toml", "{bad}/scenario_unknown_key.toml: speed: unknown key (did you mean `seed`?)"),
    ("scenario {bad}/scenario_missing_map.toml", "{bad}/scenario_missing_map.toml: map: no map file or shipped map named 'no-such-map'"),
    ("scenario {bad}/scenario_bad_rules.toml", "{bad}/scenario_bad_rules.toml: rules.movement.swim_squares_per: should be at least 1, not the number 0"),
    ("scenario {bad}/scenario_bad_inline_map.toml", "{bad}/scenario_bad_inline_map.toml:7:3: unknown symbol '?' (not in the legend)"),
    ("scenario {bad}/scenario_bad_team.toml", "{bad}/scenario_bad_team.toml: teams[0].fighters[0].pv: should be at least 1, not the number -3"),
    # command line
    ("--bogus", "error: unrecognized arguments: --bogus (see arena-game --help)"),
    ("fly", "error: argument COMMAND: invalid choice: 'fly' (choose from 'play', 'scenario', …"),
    ("scenario", "error: the following arguments are required: file (see arena-game --help)"),
    ("scenario {bad}/scenario_unknown_key.toml --nope", "error: unrecognized arguments: --nope (see arena-game --help)"),
    ("play --seed x", "error: argument --seed: invalid int value: 'x' (see arena-game --help)"),
    ("play --size big", "error: argument --size: 'big' is not WIDTHxHEIGHT (e.g. 1280x800) (see arena-game --help)"),
]


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`python -m arena_game ARGS` in a subprocess, headless."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "arena_game", *args], cwd=cwd, env=env,
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


@pytest.mark.parametrize("args,message", CASES, ids=[c[0].split()[-1].rsplit("/", 1)[-1] for c in CASES])
def test_bad_input_gives_one_line_and_exit_code_2(args, message):
    proc = run_cli(*args.format(bad=BAD).split())
    expected = "arena-game: " + message.format(bad=BAD)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    if expected.endswith("…"):  # the list of commands grows as subcommands land
        [line] = proc.stderr.splitlines()
        assert line.startswith(expected[:-1])
    else:
        assert proc.stderr.splitlines() == [expected]


def test_every_bad_file_is_exercised():
    used = {a.format(bad=BAD).split()[-1] for a, _ in CASES} | {
        a.format(bad=BAD).split()[-2] for a, _ in CASES if len(a.split()) > 2
    }
    files = {f"{BAD}/{p.name}" for p in (ROOT / BAD).iterdir()}
    assert files <= used, files - used


def test_not_utf8_map_really_is_not_utf8():
    with pytest.raises(UnicodeDecodeError):
        (ROOT / BAD / "map_not_utf8.toml").read_bytes().decode("utf-8")


def test_grid_faults_point_at_the_exact_line_and_column(tmp_path):
    """The grid's first row sits on the line after `grid = \"\"\"` (TOML drops that newline);
    a grid that starts on the same line as the quotes keeps its column."""
    from arena_game.formats.mapfile import load_map
    from arena_game.formats.problems import FileProblem

    below = tmp_path / "below.toml"
    below.write_text('name = "x"\ngrid = """\n#1.2#\n#.Q.#\n"""\n', encoding="utf-8")
    same = tmp_path / "same.toml"
    same.write_text('name = "x"\ngrid = """#1.2#\n#1Q2#\n"""\n', encoding="utf-8")
    blank = tmp_path / "blank.toml"
    blank.write_text('name = "x"\ngrid = """\n\n#1Q2#\n"""\n', encoding="utf-8")
    for path, line, col in ((below, 4, 3), (same, 3, 3), (blank, 4, 3)):
        try:
            load_map(path)
        except FileProblem as e:
            assert (e.line, e.column) == (line, col), path.name
        else:
            raise AssertionError(f"{path.name} loaded")


def test_output_piped_into_a_reader_that_stops_early_is_no_traceback():
    # `arena-game check --json maps/ | head -1`: the reader closes the pipe before we write.
    root = ROOT
    proc = subprocess.Popen(
        [sys.executable, "-m", "arena_game", "scenario", str(root / "scenarios/combat/duel-to-the-end.toml"), "--json"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(root)},
    )
    proc.stdout.close()  # before the child has imported anything, let alone written
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert proc.returncode == 141
