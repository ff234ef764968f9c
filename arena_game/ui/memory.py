"""Keeping the window's memory flat over a long session (hours of bot-vs-bot play).

Two things made the resident memory climb by about 15 MiB a minute of bot play:
- the cycle collector's full passes over the window's long-lived objects (and what they
  kept): at a match's start, what the last match left is collected, and every object
  alive then is set aside from later passes (`gc.freeze`, which also spares a frame the
  ~25 ms of a full pass);
- freed memory the C allocator keeps: the log box and the animations allocate and free
  large pixel buffers, and glibc hands freed heap back to the system only when asked
  (`malloc_trim`), which `settle` does when a match starts.

Memory still grows while a match is played (bench/bench_memory.py prints it): what a
match holds is given back when the next one starts.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable

def _trimmer() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None on a system without it (the rest still works)."""
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


_TRIM = _trimmer()


def release() -> None:
    """Hand the memory the C allocator holds free back to the system (glibc only)."""
    if _TRIM is not None:
        _TRIM(0)


def settle() -> None:
    """A match was set up: collect what the last one left, give freed memory back, then set
    every object alive now aside from the cycle collector's passes."""
    gc.collect()
    release()
    gc.freeze()
