"""R4.7: a tackle reads as one line wherever a log is printed (the check that tackles and its
`Tackled` event give the same news: "passes Bo: tackled!" then "is tackled by Bo")."""

from pathlib import Path

from arena_game.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_r4_7_the_scenario_command_prints_a_tackle_once(capsys):
    assert main(["scenario", str(ROOT / "scenarios" / "running" / "tacle.toml"), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Kai is tackled by Bo at (4, 2)" in out
    assert not [line for line in out if "tackled!" in line]
