"""Session 51: `simulate` and `sweep` say why a Dask cluster cannot be used in the player's
language (`--lang`, else the locale's, else English), never in Dask's own English words."""

from __future__ import annotations

import logging
import sys
from types import SimpleNamespace

import pytest

from arena_game.cli import main
from arena_game.design.simulation.cluster import CONNECT_SECONDS, ClusterProblem, unreachable

COMMANDS = {
    "simulate": ["simulate", "tutoriel", "--matches", "2", "--jobs", "1", "--no-progress"],
    "sweep": ["sweep", "--maps", "tutoriel", "--matches", "2", "--jobs", "1", "--no-progress"],
}


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path) -> str:
    code = main([*argv, "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1, err
    assert not (tmp_path / "out").exists()  # refused before anything is written
    return err[0]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("locale", "line"), [
    ("fr_FR.UTF-8", "arena-game : impossible de joindre l'ordonnanceur Dask nonsense : ce n'est pas une "
                    "adresse d'ordonnanceur (par exemple tcp://hôte:8786)"),
    ("C", "arena-game: cannot reach the Dask scheduler nonsense: not a scheduler address (e.g. tcp://host:8786)"),
])
def test_s51_a_bad_scheduler_address_is_said_in_the_locales_language(command, locale, line, monkeypatch, capsys,
                                                                    tmp_path):
    distributed = pytest.importorskip("distributed")

    class Client:
        def __init__(self, address: str, timeout: str = "") -> None:
            # what Dask raises for "nonsense" (a real Client is not made: Dask's loop runner hangs
            # or fails an assertion when one process makes several that fail)
            raise ValueError(f"missing port number in address {address!r}")

    monkeypatch.setattr(distributed, "Client", Client)
    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    # Dask's own words are English: not passed on
    assert _refused([*COMMANDS[command], "--scheduler", "nonsense"], capsys, tmp_path) == line


@pytest.mark.parametrize("command", COMMANDS)
def test_s51_no_dask_installed_is_said_in_french_under_a_french_locale(command, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    assert _refused([*COMMANDS[command], "--scheduler", "tcp://127.0.0.1:1"], capsys, tmp_path) == (
        "arena-game : Dask n'est pas installé ici : pip install 'arena-game[cluster]' "
        "(sur chaque machine de calcul aussi)")


def test_s51_lang_en_wins_over_a_french_locale_for_the_cluster_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert _refused([*COMMANDS["simulate"], "--scheduler", "x", "--lang", "en"], capsys, tmp_path) == (
        "arena-game: Dask is not installed here: pip install 'arena-game[cluster]' (on every worker too)")


def test_s51_a_scheduler_that_never_answers_is_counted_in_seconds_with_plural_forms():
    # what Dask raises after its connect timeout: an OSError with no system sentence
    said = unreachable("tcp://127.0.0.1:1", OSError(f"Timed out trying to connect to tcp://127.0.0.1:1 after "
                                                    f"{CONNECT_SECONDS} s"))
    assert said.in_language("fr") == ("impossible de joindre l'ordonnanceur Dask tcp://127.0.0.1:1 : "
                                      f"pas de réponse en {CONNECT_SECONDS} secondes")
    assert str(said) == f"cannot reach the Dask scheduler tcp://127.0.0.1:1: no answer within {CONNECT_SECONDS} seconds"
    one = ClusterProblem("no_answer", address="a:1", n=1)
    assert one.in_language("en").endswith("no answer within 1 second")
    assert one.in_language("fr").endswith("pas de réponse en 1 seconde")


def test_s51_a_system_sentence_from_the_connection_is_said_in_french():
    said = unreachable("tcp://h:1", OSError(13, "Permission denied"))
    assert said.in_language("fr") == "impossible de joindre l'ordonnanceur Dask tcp://h:1 : accès refusé"
    assert said.in_language("en") == "cannot reach the Dask scheduler tcp://h:1: permission denied"


def test_s51_an_address_with_a_line_break_stays_one_line():
    line = ClusterProblem("bad_address", address="tcp://a\n\x1b[31mb:1").in_language("fr")
    assert "\n" not in line and "\x1b" not in line

DASK_WOULD_LOG: list[bool] = []


class _Future:
    def __init__(self, chunk: list[int], fault: Exception | None) -> None:
        self.chunk, self.fault = chunk, fault

    def result(self) -> list[SimpleNamespace]:
        if self.fault is not None:
            # Dask logs tracebacks on its own logger while it tries the lost scheduler again
            # (its handler holds the stderr of its import: read whether it would write)
            DASK_WOULD_LOG.append(logging.getLogger("distributed.client").isEnabledFor(logging.ERROR))
            raise self.fault
        return [SimpleNamespace(index=i) for i in self.chunk]


def _cluster_failing_on_its_second_task(monkeypatch, fault: Exception) -> None:
    """A Dask client whose first task comes back (its matches played) and whose second raises `fault`."""
    distributed = pytest.importorskip("distributed")

    class Client:
        def __init__(self, address: str, timeout: str = "") -> None:
            self.tasks = 0

        def scheduler_info(self) -> dict[str, dict[str, object]]:
            return {"workers": {"w": {}}}

        def scatter(self, value: object, broadcast: bool = False) -> object:
            return value

        def submit(self, fn: object, setup: object, seed: int, chunk: list[int], pure: bool = True) -> _Future:
            self.tasks += 1
            return _Future(chunk, None if self.tasks == 1 else fault)

        def close(self) -> None:
            pass

    monkeypatch.setattr(distributed, "Client", Client)
    monkeypatch.setattr(distributed, "as_completed", iter)


@pytest.mark.parametrize(("locale", "line"), [
    ("fr_FR.UTF-8", "arena-game : la grappe Dask s'est arrêtée avant la fin de la série : 5 matchs joués sur 20"),
    ("C", "arena-game: the Dask cluster stopped before the series ended: 5 of 20 matches played"),
])
def test_s51_a_cluster_lost_during_the_series_is_one_line_in_the_locales_language(locale, line, monkeypatch, capsys,
                                                                                  tmp_path):
    from distributed.comm.core import CommClosedError

    _cluster_failing_on_its_second_task(monkeypatch, CommClosedError("in <TCP (closed)>: Stream is closed"))
    monkeypatch.setenv("LANG", locale)
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    argv = ["simulate", "tutoriel", "--matches", "20", "--no-progress", "--scheduler", "tcp://h:1"]
    DASK_WOULD_LOG.clear()
    assert _refused(argv, capsys, tmp_path) == line  # 20 matches on one worker: a first task of 5
    assert DASK_WOULD_LOG == [False]  # Dask's own lines kept off the terminal while the series played
    assert logging.getLogger("distributed.client").isEnabledFor(logging.ERROR)  # and put back after


def test_s51_a_worker_without_the_game_says_to_install_it_in_french(monkeypatch, capsys, tmp_path):
    _cluster_failing_on_its_second_task(monkeypatch, ModuleNotFoundError("No module named 'arena_game'",
                                                                         name="arena_game"))
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)  # the locale is LANG's alone
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    argv = ["sweep", "--maps", "tutoriel", "--matches", "20", "--no-progress", "--scheduler", "tcp://h:1"]
    assert _refused(argv, capsys, tmp_path) == (
        "arena-game : une machine de calcul Dask ne peut pas importer arena_game : installez arena-game sur "
        "chacune aussi (pip install 'arena-game[cluster]')")


def test_s51_a_match_lost_on_one_match_is_counted_in_the_singular():
    assert ClusterProblem("lost", done=1, n=1).in_language("fr").endswith(": 1 match joué sur 1")
    assert ClusterProblem("lost", done=0, n=1).in_language("en").endswith(": 0 of 1 match played")
