"""Visual weight: highlights let the terrain show through, a target's chance label leaves the
token's face in sight, the hover card leaves hazards in sight, and animation captions grow
with the tile, read on any ground and stack in the order things happened (top down)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import marks, palette
from arena_game.render.colour_vision import contrast_ratio
from arena_game.render.highlight import Highlight
from arena_game.render.marks import LOOKS
from arena_game.ui.anim import captions
from arena_game.ui.anim.timeline import Effect
from arena_game.ui.screens import hover_card


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


# -- highlights: see-through -------------------------------------------------------------------

def test_highlight_fills_are_see_through():
    """An opaque mint made the teleport map a grid (alpha 185), teal and violet covered a whole
    arena (120, 155), the run's chance bands read as opaque heat squares (200); the lightness
    gaps `test_render_colour_codes` measures hold at these."""
    assert palette.MOVE_FILL[3] <= 135
    assert palette.IN_RANGE_FILL[3] <= 90
    assert palette.FAR_FILL[3] <= 110
    assert palette.CHANCE_ALPHA <= 180


@pytest.mark.parametrize("tile", [35, 53])
def test_a_targets_chance_label_leaves_the_tokens_face_in_sight(tile):
    """The target look is drawn over the token: nothing of it in the square's upper middle."""
    s = pygame.Surface((tile, tile), pygame.SRCALPHA)
    for band in range(len(palette.CHANCE_BANDS)):
        for mark in LOOKS["target"].marks:
            mark(s, pygame.Rect(0, 0, tile, tile), Highlight((0, 0), "target", "34%", band=band), tile)
    face = pygame.Rect(tile // 4, tile // 6, tile // 2, tile // 3)
    covered = [(x, y) for x in range(face.left, face.right) for y in range(face.top, face.bottom) if s.get_at((x, y)).a]
    assert covered == []


@pytest.mark.parametrize("tile", [35, 53])
@pytest.mark.parametrize("label", ["34%", "7%", "100%"])
def test_a_targets_chance_figure_stays_in_its_square_big_enough_and_in_contrast(tile, label):
    """11 px figures outlined over the token's glyph read badly at 1280×720: the figure sits on
    an opaque pill inside the square, ≥ 11 px, white against the pill's ≥ 4.5:1, whatever
    the ground (a pale token, a band-coloured one, black)."""
    layout = marks.pill_layout(label, tile)
    assert layout is not None
    px, box, ink_box = layout
    square = pygame.Rect(0, 0, tile, tile)
    assert px >= 11 and square.contains(box) and box.contains(ink_box)
    assert ink_box.h >= 8  # the digits' inked height at 11 px and above
    for band in range(len(palette.CHANCE_BANDS)):
        for ground in [(255, 255, 255), palette.CHANCE_BANDS[band], (0, 0, 0), (200, 60, 50)]:
            s = pygame.Surface((tile, tile), pygame.SRCALPHA)
            s.fill((*ground, 255))
            for mark in LOOKS["target"].marks:
                mark(s, square, Highlight((0, 0), "target", label, band=band), tile)
            text = [s.get_at((x, y))[:3] for x in range(ink_box.left, ink_box.right)
                    for y in range(ink_box.top, ink_box.bottom)]
            assert palette.WHITE in text  # the figure was drawn where the layout says
            # what the figure sits on: the rows right above and below its inked pixels
            under = {s.get_at((x, y))[:3] for x in range(ink_box.left, ink_box.right)
                     for y in (ink_box.top - 1, ink_box.bottom)}
            assert min(contrast_ratio(palette.WHITE, c) for c in under) >= 4.5, (band, ground, under)


# -- the hover card ------------------------------------------------------------------------------

def test_the_hover_card_goes_where_it_covers_the_fewest_hazards():
    """Beside (12, 10) of the teleport map: to the left it covered a crate and two pits."""
    tile = 40
    room = pygame.Rect(0, 0, 20 * tile, 14 * tile)
    cursor = pygame.Rect(12 * tile, 10 * tile, tile, tile)

    def sq(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(x * tile, y * tile, tile, tile)

    hazards = [sq(3, 10), sq(5, 10), sq(6, 10), sq(16, 11), sq(12, 12), sq(13, 12)]
    box = hover_card.place((8 * tile, 2 * tile), cursor, room, sights=hazards)
    covered = [h for h in hazards if box.colliderect(h)]
    assert len(covered) <= 1, (box, covered)
    assert not box.colliderect(cursor)


def test_fighters_weigh_more_than_hazards_and_what_the_card_is_about_most():
    room, cursor = pygame.Rect(0, 0, 800, 600), pygame.Rect(380, 280, 40, 40)
    right, left = pygame.Rect(430, 285, 30, 30), pygame.Rect(330, 285, 30, 30)
    box = hover_card.place((200, 60), cursor, room, avoid=[right], sights=[left, pygame.Rect(300, 290, 20, 20)])
    assert not box.colliderect(right)
    box = hover_card.place((200, 60), cursor, room, avoid=[left], keep=[right], sights=[])
    assert not box.colliderect(right)


# -- captions --------------------------------------------------------------------------------------

def test_caption_sizes_grow_with_the_tile_within_bounds():
    small, large = captions.label_sizes(35), captions.label_sizes(54)
    assert large[0] > small[0] and large[1] > small[1]
    assert large[1] >= 16  # a sub-line stayed 13 px on 54 px squares at 1920×1080
    assert captions.label_sizes(400) == (30, 22) and captions.label_sizes(400, big=True)[0] == 38
    assert captions.label_sizes(10) == (17, 13)


def _labels(texts: list[tuple[str, str]], tile: int = 54, stage: pygame.Rect | None = None) -> list[pygame.Rect]:
    screen = pygame.Surface((800, 600))
    if stage is not None:
        screen.set_clip(stage)
    alive = [(Effect("label", 0.1 * i, 2.0, at=(5.5, 6.5), text=t, colour=palette.LABEL_ORANGE, data={"sub": sub}), 0.5)
             for i, (t, sub) in enumerate(texts)]
    return captions.draw_labels(screen, alive, lambda x, y: (x * tile, y * tile), tile)


def test_stacked_labels_read_in_the_order_things_happened_top_down():
    boxes = _labels([("Poussée! (pushed)", "by Oruk"), ("Swallowed (lava)", "into the lava: a dead square (R2.5)"),
                     ("Dead", "")])
    assert boxes[0].bottom <= boxes[1].top and boxes[1].bottom <= boxes[2].top, boxes
    alone = _labels([("Dead", "")])[0]
    assert boxes[2].bottom == alone.bottom  # the newest keeps the place over the fighter


def test_a_label_is_never_wider_than_the_board():
    stage = pygame.Rect(100, 100, 220, 300)
    (box,) = _labels([("Swallowed (lava)", "into the lava: a dead square (R2.5)")], tile=54, stage=stage)
    assert box.w <= stage.w and stage.contains(box)


def test_a_label_sits_on_a_dark_pill_so_orange_reads_on_lava():
    screen = pygame.Surface((400, 300))
    lava = palette.TERRAIN[Terrain.LAVA]
    screen.fill(lava)
    e = Effect("label", 0.0, 2.0, at=(3.5, 3.5), text="Englouti (lave)", colour=palette.LABEL_ORANGE, data={})
    (box,) = captions.draw_labels(screen, [(e, 0.5)], lambda x, y: (x * 54, y * 54), 54)
    for x in (box.left + 14, box.centerx, box.right - 15):  # beside and under the letters: the pill (its box, s60)
        assert sum(screen.get_at((x, box.bottom - 1))[:3]) < sum(lava) * 0.6, x
