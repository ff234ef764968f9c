"""The window's memory between matches.

When the window opens (`set_aside_for_good`): every object alive then (the modules'
functions, classes and tables, pygame_gui's theme and fonts: ~44,000 objects) is set aside
from the cycle collector's passes for the window's life (`gc.freeze`); a full pass over them
took 15–20 ms in one frame, and they live as long as the window. A later window takes back
what the one before set aside, so a closed window's objects are collected then.

When a match is set up (`settle`): the shadows of the last match's windows are dropped
(`forget_shadows`), what the last match left is collected (a pass over the ~10,000 objects
made since the window opened: ~3 ms), and the freed heap the C allocator keeps is handed
back to the system (glibc's `malloc_trim`: the window allocates and frees large pixel
buffers). Nothing is set aside per match: a match's objects become garbage at the next one.

During play (`tidy`, every few seconds in a quiet frame): the garbage cycles made since are
collected and freed memory handed back again.

Within a frame the collector's own passes are held (`App.step`: `gc_paused`) and the young pass
they call for runs at the frame's end (`collect_young`), its older half (1.6-4 ms) in a frame
with room: left to the collector, it landed wherever allocation crossed its threshold, the
frames that build a screen (8-13 ms at 1920×1080) included. The oldest generation's pass is
`tidy`'s.

pygame_gui's shape cache (`bound_shape_cache`) keeps the one page of 1024×1024 pixels it
starts with: left alone it adds up to two more (4 MiB each) as the shapes of one session pile
up (a scroll bar's handle has a new height at every length of the log), a step in the
resident memory a few matches apart. bench/bench_memory.py prints the memory over ten minutes
and over more matches.
"""

from __future__ import annotations

import ctypes
import functools
import gc
from collections.abc import Callable

import pygame_gui
from pygame_gui.core.surface_cache import SurfaceCache


@functools.cache
def _trimmer() -> Callable[[int], int] | None:
    """glibc's malloc_trim from the running program's own symbols, or None where there is
    none (another C library, another system): the rest works the same without it."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
BIG_BLOCK = 1 << 20  # pixel buffers from a MiB up get memory of their own from the system


@functools.cache
def keep_big_blocks_apart() -> bool:
    """Have the C allocator map every block from a MiB up on its own, given back when freed
    (glibc's `mallopt(M_MMAP_THRESHOLD)`; False where there is none). By default glibc
    raises that threshold to the largest block freed so far: the log's and the panels' text
    surfaces (tens of MiB each when the log is trimmed) then come from the heap, and the
    small objects made between them keep its pages from ever going back."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, BIG_BLOCK))


def release() -> None:
    """Hand the memory the C allocator holds free back to the system (glibc only)."""
    trim = _trimmer()
    if trim is not None:
        trim(0)


def tidy() -> None:
    """Collect the garbage cycles made since the last pass and hand freed memory back (~3 ms
    with the program's objects set aside by `set_aside_for_good`): pygame_gui's text layouts hold their
    rows and surfaces in reference cycles, so the pixels of a box's replaced text stay until
    a full collection, which the window's allocations alone seldom start."""
    gc.collect()
    release()


YOUNG_ROOM_MS = 8.0  # a frame that has used more than this passes the young generation's older half on
YOUNG_LATE = 4  # ...unless it is this many times its threshold late


def collect_young(elapsed_ms: float) -> None:
    """The young pass the collector's thresholds call for now, as its own would have run it:
    the first generation's (~0.2 ms), or both young ones (1.6-4 ms) when they are due and the
    frame has used at most `YOUNG_ROOM_MS` so far (or they are `YOUNG_LATE` times due)."""
    young, older, _ = gc.get_count()
    young_limit, older_limit, _ = gc.get_threshold()
    if young <= young_limit:
        return
    both = older > older_limit and (elapsed_ms <= YOUNG_ROOM_MS or older > YOUNG_LATE * older_limit)
    gc.collect(1 if both else 0)


def set_aside_for_good() -> None:
    """The window opened: collect, then set every object alive now aside from the cycle
    collector's passes for good (the program's modules and the window's theme and fonts).

    What an earlier window set aside is taken back first (`gc.unfreeze`): a program that opens
    one window after another (the gallery, the tests) would otherwise keep every closed
    window's objects, never collected (about 64 MB each at 1920×1080)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def settle(manager: pygame_gui.UIManager | None = None) -> None:
    """A match was set up: collect what the last one left (with `manager`, the shadows its
    windows were drawn with: `forget_shadows`) and give freed memory back."""
    if manager is not None:
        forget_shadows(manager)
    gc.collect()
    release()


def forget_shadows(manager: pygame_gui.UIManager) -> None:
    """Drop the window shadows pygame_gui keeps by size for as long as its theme lives (the
    match-over window's: ~3 MiB, made at a match's end and kept into the next one, where it
    is seldom shown again at the same size); a window shown again has its shadow drawn anew
    (a few ms, once). The windows closed since the last frame leave the list of what is drawn
    now, not at the next frame, and their pixels with them."""
    manager.get_theme().get_shadow_generator().clear_short_term_caches()
    manager.get_sprite_group().update_visibility()


class OnePageShapeCache(SurfaceCache):
    """pygame_gui's cache of drawn shapes held to the page it has: when it is full, the shapes
    used once and shown no more make room (pygame_gui's own purge) rather than a new page; a
    shape with no room left is drawn again when next needed."""

    def _expand_lt_cache(self) -> None:
        self.low_on_space = True


def bound_shape_cache(manager: pygame_gui.UIManager) -> None:
    """Give `manager`'s theme a one-page shape cache (before any widget is made: a widget's
    shapes keep the cache they were made with)."""
    manager.get_theme().shape_cache = OnePageShapeCache()
