"""A push's path and the square it ends on stay in sight while the pushed piece moves (s54).

Found in s53's gallery: mid-push the "Poussée"/"Push" pill covered about a quarter of the lava
square Tarn was pushed into, and at 1920×1080 the two held rolls lay over the lava rows 9–10
(the deadly squares were not among the squares captions keep off). Now the push lays a
"sight" effect over its squares till the piece has sunk or fallen: the labels go round them
as round a held roll, the rolls and banners as round a label; the rolls and banners keep off
the dead squares where a place (or a tighter shape) allows."""

from __future__ import annotations

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from tests.ui_driver import demo_playing

pytestmark = pytest.mark.usefixtures("fresh_pygame")

CAPTIONS = ("dice", "anim_label", "banner")


def _push_frames(lang: str, size: tuple[int, int]):
    """Each frame of the lava demo's push (Oruk pushes Tarn into the lava) at real speed: the
    captions drawn (what, box), whether Tarn is on the move (off his square or sinking), the
    boxes of the squares he goes through and into, and those of the dead squares."""
    app, board = demo_playing("lava", 0, lang, size)
    tile, (ox, oy) = board.camera.tile, board.camera.origin
    start = (6, 6)
    end = (5, 6)  # the lava square the demo's dice push him into (one square: no critical)

    def square(sq: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(int(ox + sq[0] * tile), int(oy + sq[1] * tile), int(tile), int(tile))

    b = board.ctrl.state.board
    assert b.terrain(end).dead, "the demo changed: Tarn no longer goes into lava"
    dead = [square((x, y)) for x, y in b.squares() if b.terrain((x, y)).dead]
    path = [square(start), square(end)]
    for _ in range(600):
        record_text_boxes(True)
        app.run(frames=1)
        drawn = [(what, pygame.Rect(rect)) for what, rect, *_ in text_boxes() if what in CAPTIONS]
        record_text_boxes(False)
        pose = board.anim.token_pose("tarn")
        moving = pose is not None and pose.visible and (pose.x, pose.y) != (float(start[0]), float(start[1]))
        yield drawn, moving, path, dead
        if not board.anim.active:
            return
    raise AssertionError("the animation never ended")


@pytest.mark.parametrize(("lang", "size"), [("en", (1920, 1080)), ("fr", (1920, 1080)),
                                            ("en", (1280, 720)), ("fr", (1280, 720))])
def test_s54_no_caption_covers_the_pushed_pieces_path_while_it_moves(lang, size):
    """The "Poussée (push)" pill covered up to 2,072 px² of the squares Tarn went through."""
    over, moving_frames = [], 0
    for k, (drawn, moving, path, _) in enumerate(_push_frames(lang, size)):
        if not moving:
            continue
        moving_frames += 1
        over += [(k, what, tuple(box)) for what, box in drawn for sq in path if box.colliderect(sq)]
    assert moving_frames > 20, "Tarn was never seen moving: the scene changed"
    assert over == [], over[:5]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s54_the_held_rolls_leave_the_lava_in_sight_at_1920_by_1080(lang):
    """The two rolls of the push lay over the lava rows 9–10 for 90 frames; a place at the board's
    top covers no lava (in a tighter shape)."""
    rolls, on_lava = 0, []
    for k, (drawn, _, _, dead) in enumerate(_push_frames(lang, (1920, 1080))):
        for what, box in drawn:
            if what == "dice":
                rolls += 1
                if box.collidelist(dead) >= 0:
                    on_lava.append((k, tuple(box)))
    assert rolls > 60, "the rolls were hardly shown: the scene changed"
    assert on_lava == [], on_lava[:5]


def test_s54_the_frame_a_second_roll_shows_in_finds_the_lines_measured():
    """Kept off the lava, the two rolls take a tighter shape: the frame the second one showed in
    measured the lines in three shapes (10 words measured, 15 ms in all at 1920×1080). They are
    measured ahead now, a shape a frame while the first roll shows (`captions.measure_ahead`)."""
    from arena_game.ui.anim import measure

    app, board = demo_playing("lava", 0, "en", (1920, 1080))
    lines, measured = 0, []
    while board.anim.active:
        misses = measure.text_size.cache_info().misses
        record_text_boxes(True)
        app.run(frames=1)
        shown = sum(1 for what, *_ in text_boxes() if what == "dice")
        record_text_boxes(False)
        if shown > lines:
            measured.append((shown, measure.text_size.cache_info().misses - misses))
        lines = shown
    assert [n for n, _ in measured] == [1, 2], measured
    assert measured[1][1] == 0, measured
