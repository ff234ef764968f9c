"""The cyclic garbage collector held off while a file is parsed and checked.

Parsing and validating a file makes many containers and no reference cycles, and each of the
collector's passes walks every container made so far: a hostile 1 MB TOML file of 71,000
tables (`[t0.a.b]`, `[t1.a.b]`…) spent two thirds of its CPU in those passes before it was
refused. The byte caps of `safe_read` bound what a file can make meanwhile; what it left
behind is collected once the collector runs again.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic collection inside the block; the collector as it was after it (a block inside
    another leaves it off for the outer one)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def without_gc(func: Callable[P, R]) -> Callable[P, R]:
    """`func` run inside `gc_paused`."""

    @wraps(func)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with gc_paused():
            return func(*args, **kwargs)

    return run
