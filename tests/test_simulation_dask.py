"""Balance series beyond one machine (issue 16): the same seed gives the byte-identical report
on a Dask cluster as in local processes."""

import json

import pytest

from arena_game.bots.match import MatchSetup
from arena_game.cli import main
from arena_game.design.simulation.report import build_report
from arena_game.design.simulation.runner import run_series
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams
from arena_game.resources import default_teams_path, find_map

distributed = pytest.importorskip("distributed")  # a test dependency: in `.[test]`


def _setup() -> MatchSetup:
    teams = tuple(load_teams(default_teams_path()))
    return MatchSetup(load_map(find_map("tutoriel")), teams, round_cap=8)


def test_16_simulate_on_a_local_dask_cluster_gives_the_local_report() -> None:
    setup = _setup()
    local = build_report(setup, run_series(setup, 12, seed=5, jobs=1), 5)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        seen: list[int] = []
        records = run_series(setup, 12, seed=5, scheduler=client, progress=lambda d, n: seen.append(d))
        on_dask = build_report(setup, records, 5)
    assert json.dumps(on_dask, sort_keys=True) == json.dumps(local, sort_keys=True)
    assert [r.index for r in records] == list(range(12))
    assert seen[-1] == 12


def test_16_unreachable_scheduler_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    # Port 9 (discard) on loopback: nothing listens there.
    code = main(["simulate", "tutoriel", "--matches", "2", "--no-progress",
                 "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and err[0].startswith("arena-game: cannot reach the Dask scheduler tcp://127.0.0.1:9")


def test_16_sweep_two_maps_by_two_rules_files_writes_table_and_chart(tmp_path, capsys) -> None:
    rules = tmp_path / "no-crit-push.toml"
    rules.write_text("[push]\ncritical_always_succeeds = false\n", encoding="utf-8")
    out = tmp_path / "sweep"
    argv = ["sweep", "--maps", "tutoriel", "arene-classique", "--rules", "default", str(rules),
            "--matches", "4", "--rounds", "6", "--out", str(out), "--no-progress", "--lang", "en"]
    assert main(argv) == 0
    import csv

    from PIL import Image

    rows = list(csv.DictReader((out / "sweep.csv").open(encoding="utf-8")))
    assert [(r["map"], r["rules"]) for r in rows] == [
        ("tutoriel", "default"), ("arene-classique", "default"),
        ("tutoriel", "no-crit-push"), ("arene-classique", "no-crit-push"),
    ]
    assert {r["bots"] for r in rows} == {"strong"}  # simulate's default level, named in the table
    for r in rows:
        shares = float(r["side 1 win rate"]) + float(r["side 2 win rate"]) + float(r["draw rate"])
        assert shares == pytest.approx(1.0, abs=1e-3)
        assert float(r["side 1 ci95 low"]) <= float(r["side 1 win rate"]) <= float(r["side 1 ci95 high"])
    chart = Image.open(out / "sweep.png")
    assert chart.format == "PNG" and chart.height > 4 * 30
    # the same seed gives the same table: run again into another folder
    argv[argv.index(str(out))] = str(tmp_path / "again")
    assert main(argv) == 0
    assert (tmp_path / "again" / "sweep.csv").read_bytes() == (out / "sweep.csv").read_bytes()


@pytest.mark.parametrize(("lang", "said"), [("en", "1 combination × 1 match"), ("fr", "1 combinaison × 1 match"),
                                            ("en", "2 combinations × 2 matches"), ("fr", "2 combinaisons × 2 matchs")])
def test_19_6_sweeps_closing_line_counts_in_the_language(tmp_path, capsys, lang, said):
    maps = ["tutoriel"] if said.startswith("1") else ["tutoriel", "tutoriel"]
    matches = said.split(" × ")[1].split()[0]
    argv = ["sweep", "--maps", *maps, "--matches", matches, "--rounds", "3", "--jobs", "1",
            "--out", str(tmp_path), "--no-progress", "--lang", lang]
    assert main(argv) == 0
    assert capsys.readouterr().out.strip().endswith(f": {said}")


def test_sweeps_progress_counts_the_matches_of_every_series(tmp_path):
    from arena_game.commands.sweep import combinations
    from arena_game.design.simulation.sweep import run_sweep

    args = type("Args", (), {"rules": ["default"], "maps": ["tutoriel", "tutoriel"], "teams": ["default"],
                             "rounds": 3, "level": "strong"})()
    seen: list[tuple[int, int]] = []
    run_sweep(combinations(args), 3, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, 6) for k in range(1, 7)]
