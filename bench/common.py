"""Shared by the benches: CPU timers, min / median / p99, memory, and the result rows the
table of `bench/run_all.py` is made of (bench/README.md says how to read it)."""

from __future__ import annotations

import json
import os
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass


@dataclass
class Row:
    """One figure of a bench with its target: `met` is None when there is no target."""

    bench: str
    figure: str
    value: float
    unit: str
    target: str = ""
    met: bool | None = None

    def line(self) -> str:
        """The row as the benches print it."""
        verdict = "" if self.met is None else ("  met" if self.met else "  NOT MET")
        target = f"  (target {self.target})" if self.target else ""
        return f"  {self.figure:<58} {self.value:10.2f} {self.unit:<8}{target}{verdict}"


def cpu_ms(fn: Callable[[], object]) -> float:
    """The CPU time of one call of `fn` in this thread, in milliseconds."""
    t0 = time.thread_time()
    fn()
    return (time.thread_time() - t0) * 1000


def spread(samples: list[float]) -> tuple[float, float, float]:
    """(min, median, p99) of the samples (p99 by the nearest rank)."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, -(-99 * len(ordered) // 100) - 1))
    return ordered[0], statistics.median(ordered), ordered[rank]


def rss_mib() -> float:
    """This process's resident memory now, in MiB (Linux /proc, else the peak)."""
    try:
        with open(f"/proc/{os.getpid()}/statm") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def children_peak_rss_mib() -> float:
    """The largest peak resident memory of any finished child process, in MiB."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def machine_note() -> str:
    """The load on this (shared) machine, to read the wall-clock figures by."""
    load = os.getloadavg()
    return f"{os.cpu_count()} CPU(s), load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min)"


def cpu_ticks() -> tuple[int, int] | None:
    """(busy, all) CPU ticks of the whole machine since boot (Linux /proc/stat; None elsewhere)."""
    try:
        with open("/proc/stat") as fh:
            fields = [int(v) for v in fh.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields) - idle, sum(fields)


def busy_cores(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """How many CPUs were busy on average between two `cpu_ticks` samples. The load average
    lags a minute behind: judging "two cores free" by it judges by what ran a minute ago."""
    if before is None or after is None or after[1] == before[1]:
        return None
    return (os.cpu_count() or 1) * (after[0] - before[0]) / (after[1] - before[1])


JSON_MARK = "ROWS-JSON "


def print_rows(rows: list[Row], as_json: bool) -> None:
    """The rows as the benches print them, or as one JSON line for `run_all.py`."""
    if as_json:
        print(JSON_MARK + json.dumps([asdict(r) for r in rows]), flush=True)
    else:
        for row in rows:
            print(row.line(), flush=True)
