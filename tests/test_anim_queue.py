"""The animation queue on a fake clock: poses along a run, durations per speed, skip,
emptying, and that animating never changes the match state (issue 7)."""

import subprocess
import sys
from pathlib import Path

import pytest

from arena_game.core.events import Moved, RunEnded
from arena_game.core.summary import state_summary
from arena_game.ui.anim import INSTANT, AnimationQueue, pose_to_draw
from arena_game.ui.anim.pacing import RUN_SPEED
from arena_game.ui.anim.strips import FakeClock
from tests import anim_scenes
from tests.anim_scenes import SCENES

RUN_PATH = [(1, 4), (2, 4), (3, 4), (4, 3), (5, 3)]


def run_queue(speed: float = 1.0):
    before, _ = anim_scenes.duel(a=(1, 4), b=(7, 1))
    clock = FakeClock(100.0)
    q = AnimationQueue(clock=clock, speed=speed)
    q.push([
        Moved(fighter="aldric", path=RUN_PATH, mode="run"),
        RunEnded(fighter="aldric", path=RUN_PATH, reason="completed", squares_left=0),
    ], before)
    return q, clock


def at(q: AnimationQueue, clock: FakeClock, t: float):
    clock.now = 100.0 + t
    q.update()
    return q.token_pose("aldric")


# The run eases in over the first half square and out over the last one, at RUN_SPEED
# (6 squares a second) in between: square k (1..3) is reached at (k + 0.5) / 6 s.
@pytest.mark.parametrize(("k", "square"), [(1, (2, 4)), (2, (3, 4)), (3, (4, 3))])
def test_r4_run_token_reaches_each_square_of_its_path_in_turn(k, square):
    q, clock = run_queue()
    pose = at(q, clock, (k + 0.5) / RUN_SPEED)
    assert (pose.x, pose.y) == pytest.approx(square)


def test_r4_run_token_goes_straight_between_squares_never_cutting_a_corner():
    q, clock = run_queue()
    pose = at(q, clock, 3.0 / RUN_SPEED)  # 2.5 squares: midway from (3, 4) to (4, 3)
    assert (pose.x, pose.y) == pytest.approx((3.5, 3.5))
    q, clock = run_queue()
    pose = at(q, clock, 1.0 / RUN_SPEED)  # the ease-in done: half a square, midway to (2, 4)
    assert (pose.x, pose.y) == pytest.approx((1.5, 4.0))


def test_r4_run_starts_at_rest_and_ends_on_the_last_square():
    q, clock = run_queue()
    start = at(q, clock, 0.0)
    assert (start.x, start.y) == (1.0, 4.0)
    early = at(q, clock, 0.5 / RUN_SPEED)  # accelerating: a quarter of the first half square
    assert early.x == pytest.approx(1.125)
    total = 5.0 / RUN_SPEED  # 0.5 + 3 + 0.5 squares' worth of time for 4 squares
    end = at(q, clock, total - 1e-9)
    assert (end.x, end.y) == pytest.approx((5.0, 3.0))


def test_speed_2x_plays_the_same_poses_in_half_the_time():
    q1, c1 = run_queue(1.0)
    q2, c2 = run_queue(2.0)
    for t in (0.1, 0.3, 0.5, 0.7):
        p1, p2 = at(q1, c1, t), at(q2, c2, t / 2)
        assert (p1.x, p1.y) == pytest.approx((p2.x, p2.y))


@pytest.mark.parametrize("name", ["run", "attack_hit", "push_lava", "circle", "teleport"])
def test_total_duration_per_speed_setting(name):
    before, _, events = SCENES[name]()
    durations = {}
    for speed in (1.0, 2.0):
        q = AnimationQueue(clock=FakeClock(), speed=speed)
        q.push(events, before)
        durations[speed] = (q.remaining, q.remaining_drawn)
    assert durations[1.0][0] > 0.3
    assert durations[2.0][0] == pytest.approx(durations[1.0][0] / 2)
    assert durations[2.0][1] == pytest.approx(durations[1.0][1] / 2)
    q = AnimationQueue(clock=FakeClock(), speed=INSTANT)
    q.push(events, before)
    assert not q.busy and not q.active and q.remaining == 0.0
    assert q.token_pose("aldric") is None


def test_time_is_elapsed_time_not_frames():
    before, _, events = SCENES["walk"]()
    clock = FakeClock()
    many, one = AnimationQueue(clock=clock), AnimationQueue(clock=clock)
    many.push(events, before)
    one.push(events, before)
    for _ in range(50):
        many.update()  # frames without time passing do not advance anything
    assert many.now == 0.0
    for i in range(1, 11):
        clock.now = 0.02 * i
        many.update()
    one.update()
    assert many.now == pytest.approx(one.now) == pytest.approx(0.2)
    assert many.token_pose("aldric") == one.token_pose("aldric")


def test_skip_jumps_to_the_end():
    before, after, events = SCENES["run"]()
    clock = FakeClock()
    q = AnimationQueue(clock=clock)
    q.push(events, before)
    clock.now = 0.3
    q.update()
    assert q.busy and q.token_pose("aldric") is not None
    q.skip()
    assert not q.busy and not q.active and q.effects() == []
    assert q.token_pose("aldric") is None
    assert pose_to_draw(q, after.fighters["aldric"]).x == 6.0  # drawn where the state says


def test_the_queue_empties_once_everything_has_played():
    before, _, events = SCENES["attack_hit"]()
    clock = FakeClock()
    q = AnimationQueue(clock=clock)
    q.push(events, before)
    hold, drawn = q.remaining, q.remaining_drawn
    assert drawn >= hold > 0
    clock.now = hold + 1e-6
    q.update()
    assert not q.busy  # input accepted again…
    assert q.active and q.effects()  # …while the damage label and dice banners fade out
    clock.now = drawn + 1e-6
    q.update()
    assert not q.active and q.effects() == [] and q.remaining_drawn == 0.0


def test_pushing_while_busy_plays_after_what_is_queued():
    before, after, events = SCENES["walk"]()
    clock = FakeClock()
    q = AnimationQueue(clock=clock)
    q.push(events, before)
    first = q.remaining
    q.push([Moved(fighter="aldric", path=[(3, 3), (4, 3)], mode="walk")], after)
    assert q.remaining == pytest.approx(2 * first)
    clock.now = first * 1.5
    q.update()
    pose = q.token_pose("aldric")
    assert (pose.x, pose.y) == pytest.approx((3.5, 3.0))


@pytest.mark.parametrize("name", sorted(SCENES))
def test_animating_never_changes_the_state(name):
    before, after, events = SCENES[name]()
    snap_before, snap_after = state_summary(before), state_summary(after)
    clock = FakeClock()
    q = AnimationQueue(clock=clock)
    q.push(events, before)
    end = q.remaining_drawn
    for i in range(12):
        clock.now = end * i / 11
        q.update()
        for f in after.fighters.values():
            q.token_pose(f.id)
        q.effects()
    clock.now = end + 1e-6
    q.update()
    assert not q.active
    assert state_summary(before) == snap_before
    assert state_summary(after) == snap_after


def test_the_timeline_is_pure_python():
    code = "import sys, arena_game.ui.anim.queue; print('pygame' in sys.modules)"
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "False"
