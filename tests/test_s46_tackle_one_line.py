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


def _tackle_events():
    from arena_game.formats.scenario import load_scenario, play

    scenario = load_scenario(ROOT / "scenarios" / "running" / "tacle.toml")
    names = {f.id: f.name for t in scenario.teams for f in t.fighters}
    return play(scenario).events, names


def test_r4_7_the_window_log_shows_a_tackle_once():
    from tests.ui_driver import board, open_app, ui_match

    events, names = _tackle_events()
    app = open_app(ui_match("....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}}), lang="en")
    hud = board(app).hud
    for fill in (lambda: hud.reset_log(events, names), lambda: hud.append_log(events, names)):
        hud.reset_log([], names)
        fill()
        assert sum("is tackled by Bo" in line for line in hud.log_lines) == 1
        assert not [line for line in hud.log_lines if "tackled!" in line]


def test_r4_7_the_hand_off_curtain_sums_up_a_tackle_once():
    from arena_game.formats.scenario import load_scenario
    from arena_game.ui.controller import MatchController
    from arena_game.ui.screens.handoff import HandoffScreen
    from tests.ui_driver import board, open_app, top

    scenario = load_scenario(ROOT / "scenarios" / "running" / "tacle.toml")
    app = open_app(MatchController(scenario.setup()), lang="en", handoff=True)
    for action in ({"kind": "run_start", "declared": [(2, 2), (3, 2), (4, 2)]}, {"kind": "run_step", "to": (2, 2)},
                   {"kind": "run_step", "to": (3, 2)}, {"kind": "run_step", "to": (4, 2)},
                   {"kind": "run_step", "to": (5, 2)}, {"kind": "end_turn"}):
        board(app).apply(action)
        app.run(frames=2)
    for _ in range(600):  # the run's animation, then the curtain
        if top(app, HandoffScreen) is not None:
            break
        app.run(frames=5)
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    assert [line for line in curtain.summary if "is tackled by Bo" in line]
    assert not [line for line in curtain.summary if "tackled!" in line]
