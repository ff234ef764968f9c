"""Each animation rendered headless as a strip of frames (PNG), as a person would look at it.

Set ARENA_ANIM_STRIPS=folder to keep the PNGs (they go to pytest's tmp_path otherwise).
"""

import os
from pathlib import Path

import pygame
import pytest

from arena_game.ui.anim.strips import render_strip
from tests.anim_scenes import SCENES

FRAMES = 6
TILE = 56


def out_dir(tmp_path: Path) -> Path:
    keep = os.environ.get("ARENA_ANIM_STRIPS")
    d = Path(keep) if keep else tmp_path
    d.mkdir(parents=True, exist_ok=True)
    return d


def frame(strip: pygame.Surface, i: int) -> pygame.Surface:
    w = (strip.get_width() + 6) // FRAMES - 6
    return strip.subsurface(pygame.Rect(i * (w + 6), 0, w, strip.get_height()))


def differs(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("name", sorted(SCENES))
def test_each_animation_renders_as_a_strip_of_changing_frames(name, tmp_path):
    before, after, events = SCENES[name]()
    strip, total = render_strip(events, before, after, frames=FRAMES, tile=TILE)
    path = out_dir(tmp_path) / f"anim_{name}.png"
    pygame.image.save(strip, str(path))
    assert path.stat().st_size > 0 and total > 0
    board_w = before.board.width * TILE
    assert strip.get_width() == FRAMES * (max(board_w, 620) + 6) - 6
    # something moves or appears: the frames are not all the same picture
    assert any(differs(frame(strip, 0), frame(strip, i)) for i in range(1, FRAMES))


def test_the_last_frame_shows_the_token_where_the_state_has_it(tmp_path):
    before, after, events = SCENES["walk"]()
    strip, _ = render_strip(events, before, after, frames=FRAMES, tile=TILE)
    last = frame(strip, FRAMES - 1)
    w = last.get_width()
    bw = before.board.width * TILE
    ox, oy = (w - bw) // 2, 130  # the strip's board origin (band above for banners)

    red = pygame.Color(after.teams["rouge"].colour)

    def team_red_share(sq):  # the part of the square painted in the red team's colour
        px = [last.get_at((ox + sq[0] * TILE + x, oy + sq[1] * TILE + y)) for x in range(TILE) for y in range(TILE)]
        return sum(abs(c.r - red.r) < 60 and c.r > c.b + 60 for c in px) / len(px)

    assert team_red_share(after.fighters["aldric"].position) > 0.2  # the red token on its new square
    assert team_red_share(before.fighters["aldric"].position) < 0.02  # and no longer on the old one
