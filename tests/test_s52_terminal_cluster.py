"""Session 52: `simulate --scheduler ADDRESS` (and `sweep`) on a Dask scheduler without workers
waited for ever; now it gives a worker `cluster.WORKER_SECONDS` to join, then says so in one
line in the player's language, exit code 2. A real scheduler without workers (a LocalCluster
with none) is used, with the wait cut to one second."""

from __future__ import annotations

import threading

import pytest

from arena_game.cli import main
from arena_game.design.simulation import cluster

distributed = pytest.importorskip("distributed")  # a test dependency: in `.[test]`

COMMANDS = {
    "simulate": ["simulate", "tutoriel", "--matches", "2", "--no-progress"],
    "sweep": ["sweep", "--maps", "tutoriel", "--matches", "2", "--no-progress"],
}
LINES = {
    "en": "arena-game: the Dask scheduler {a} has no worker: none joined within 1 second (start one with: dask worker {a})",
    "fr": "arena-game : l'ordonnanceur Dask {a} n'a aucune machine de calcul : aucune ne l'a rejoint en 1 seconde "
          "(lancez-en une avec : dask worker {a})",
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("lang", LINES)
def test_s52_a_scheduler_without_workers_is_one_line_exit_2(command, lang, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(cluster, "WORKER_SECONDS", 1)
    done: list[int] = []
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as empty:
        argv = [*COMMANDS[command], "--lang", lang, "--scheduler", empty.scheduler_address, "--out", str(tmp_path / "o")]
        # in a thread: without the bounded wait the command never returns, and the test says so
        runner = threading.Thread(target=lambda: done.append(main(argv)), daemon=True)
        runner.start()
        runner.join(timeout=30)
        assert done == [2], "the command still waits for a worker after 30 s"
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [LINES[lang].format(a=empty.scheduler_address)]
    assert not (tmp_path / "o").exists()  # refused before anything is written
