"""The cycle collector's passes wait for a frame's end (`App.step`, `memory.collect_young`):
left to the collector, a pass of 1.6-4 ms landed wherever allocation crossed its threshold. At the end the
young pass the thresholds call for runs; its older half only in a frame with room for it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from arena_game.ui import memory
from arena_game.ui.screens.base import Screen
from tests.ui_driver import open_app


@contextmanager
def passes_seen(into: list[int], threshold: tuple[int, int, int] | None = None) -> Iterator[None]:
    """The generation of every collector pass started inside the block, with the collector's
    thresholds set to `threshold` meanwhile."""
    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            into.append(info["generation"])

    was = gc.get_threshold()
    if threshold is not None:
        gc.set_threshold(*threshold)
    gc.callbacks.append(seen)
    try:
        yield
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*was)


class Busy(Screen):
    """A see-through screen whose update makes many containers (as a screen's widgets do),
    noting the collector's passes started meanwhile."""

    opaque = False

    def __init__(self, app, passes: list[int]) -> None:
        super().__init__(app)
        self.passes = passes
        self.during: list[int] = []
        self.kept: list[list[int]] = []

    def update(self, dt_ms: int) -> None:
        before = len(self.passes)
        self.kept = [[i] for i in range(20_000)]
        self.during = self.passes[before:]

    def draw(self, surface: pygame.Surface) -> None:
        pass


def test_no_collector_pass_inside_a_frames_work_and_the_due_one_at_its_end():
    app = open_app(None)
    passes: list[int] = []
    busy = app.push(Busy(app, passes))
    with passes_seen(passes):
        app.step()
    assert busy.during == []  # 20,000 new containers: the collector's own would have run ~28 times
    assert passes and passes[0] in (0, 1)  # the young pass, at the frame's end
    assert gc.isenabled()  # the collector as it was after the frame


KEPT: list[list[int]] = []


def _due(older_passes: int) -> None:
    """Enough new containers for a young pass, after `older_passes` young ones since the last
    older pass (collector thresholds 50, 2, 10 as set by `passes_seen`)."""
    gc.collect(1)
    for _ in range(older_passes):
        gc.collect(0)
    KEPT.extend([i] for i in range(200))  # kept: their count is not taken back


def test_the_older_half_waits_for_a_frame_with_room():
    passes: list[int] = []
    was = gc.isenabled()
    gc.disable()
    try:
        with passes_seen(passes, (50, 2, 10)):
            _due(3)
            passes.clear()
            memory.collect_young(memory.YOUNG_ROOM_MS + 4)  # a busy frame: the first generation's only
            assert passes == [0]
            _due(3)
            passes.clear()
            memory.collect_young(memory.YOUNG_ROOM_MS - 4)  # room: both young generations
            assert passes == [1]
            _due(memory.YOUNG_LATE * 2 + 1)
            passes.clear()
            memory.collect_young(memory.YOUNG_ROOM_MS + 4)  # long due: both, busy or not
            assert passes == [1]
            gc.collect(1)
            passes.clear()
            memory.collect_young(0.0)  # nothing due: no pass
            assert passes == []
    finally:
        if was:
            gc.enable()
