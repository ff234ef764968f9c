"""Why `simulate` and `sweep` cannot play on a Dask cluster, in the player's language: Dask's
own sentences are English ("Timed out trying to connect…", "missing port number…"), so they
are read for what went wrong and said with the catalog's `[cluster]` words."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

CONNECT_SECONDS = 5  # how long a scheduler has to answer before the series gives up
# how long a scheduler without a worker is given for one to join: a worker started with the
# scheduler joins within a few seconds; with none, a series would wait for ever
WORKER_SECONDS = 15


class ClusterProblem(RuntimeError):
    """The Dask cluster cannot be used (not installed, not reachable, lost): the catalog's
    `cluster.<key>` with `fields`, said in the player's language by `in_language` (its
    `str` is the English line)."""

    def __init__(self, key: str, **fields: object) -> None:
        self.key = key
        self.fields = fields
        super().__init__(self.in_language("en"))

    def in_language(self, lang: str) -> str:
        """The one-line message in `lang`; a system's sentence (`why`) said in it too."""
        from arena_game.formats.problems import one_line, system_words
        from arena_game.i18n import t

        # an address or a module name from the command line or a worker: one line whatever it holds
        fields = {name: one_line(v) if isinstance(v, str) else v for name, v in self.fields.items()}
        if "why" in fields:
            fields["why"] = system_words(fields["why"], lang)
        return t(f"cluster.{self.key}", lang, **fields)


def unreachable(address: object, e: Exception) -> ClusterProblem:
    """Why `Client(address)` failed."""
    if isinstance(e, ValueError):  # no scheme, no port, a scheme Dask does not know
        return ClusterProblem("bad_address", address=str(address))
    if isinstance(e, OSError) and e.strerror:
        return ClusterProblem("unreachable", address=str(address), why=e.strerror)
    return ClusterProblem("no_answer", address=str(address), n=CONNECT_SECONDS)  # Dask retries until its timeout


def lost(e: Exception, done: int, matches: int) -> ClusterProblem:
    """Why a series stopped on the cluster after `done` of its `matches` were played."""
    if isinstance(e, ImportError):  # raised on a worker: the game (or what it needs) is not installed there
        return ClusterProblem("worker_import", module=e.name or "arena_game")
    return ClusterProblem("lost", done=done, n=matches)  # the scheduler or a worker went away


@contextmanager
def quiet_dask() -> Iterator[None]:
    """Dask's own log lines kept off the terminal while a series plays on a cluster: a lost
    scheduler gives tracebacks of its reconnection attempts (English, many lines), and what
    went wrong is said once, as a `ClusterProblem`. Each logger's level is put back after."""
    names = ["distributed", *(n for n in logging.root.manager.loggerDict if n.startswith("distributed."))]
    loggers = [logging.getLogger(n) for n in names]  # Dask's config gives some of them their own level
    before = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, level in zip(loggers, before, strict=True):
            lg.setLevel(level)
