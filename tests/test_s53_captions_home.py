"""A floating label stays by its fighter, off the tokens' initials and every other caption (s53).

Found left in s52: at 800×560 the French circle attack's "−6 PV" floated 6 tiles over Oruk, above
the three rolls held on screen (a label went round them whatever the distance), the tackle's
"−2 to all rolls" lay 5 tiles under Tarn, nearer Oruk; the circle's "Dodged" covered Sielle's
initials while she hopped back under it (a kept place was checked against her token, not her
initials); and in French at 1920×1080 the push's "Poussée" sat 4 px left of Tarn's initials "Ta",
reading as one line with them. Now a label laid astray is laid again near its fighter
(`anim/homing.py`): round the held rolls first, over their place when they can go elsewhere,
over a pillar (on the lighter plate) before far away; a kept place leaves the initials; a
label left of a token keeps a wider gap from them (`spots.INITIALS_GAP`)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from arena_game.render.text import initials, record_text_boxes, text_boxes
from arena_game.ui.anim.captions import draw_labels, reset_caches
from arena_game.ui.anim.timeline import Effect
from tests.ui_driver import demo_playing

pytestmark = pytest.mark.usefixtures("fresh_pygame")

REACH = 3  # tiles: the farthest a label may be from a token's square and still read as its fighter's

Frame = tuple[dict[str, list[pygame.Rect]], dict[str, tuple[pygame.Rect, pygame.Rect]], float]


def _frames(stem: str, index: int, lang: str, size: tuple[int, int]) -> Iterator[Frame]:
    """Each frame while the board plays the demo `stem`'s action `index` at real speed: the
    captions drawn by kind, each fighter's token square and its initials' letters (where
    they are drawn), and the square's size."""
    app, board = demo_playing(stem, index, lang, size)
    tile, (ox, oy) = board.camera.tile, board.camera.origin
    for _ in range(600):
        record_text_boxes(True)
        app.run(frames=1)
        drawn: dict[str, list[pygame.Rect]] = {}
        for what, rect, *_ in text_boxes():
            drawn.setdefault(what, []).append(pygame.Rect(rect))
        record_text_boxes(False)
        tokens = {}
        for fid, f in board.ctrl.state.fighters.items():
            pose = board.anim.token_pose(fid)
            if pose is None and not f.alive:
                continue
            x, y = (pose.x + pose.offset[0], pose.y + pose.offset[1]) if pose is not None and pose.visible else f.position
            square = pygame.Rect(int(ox + x * tile), int(oy + y * tile), int(tile), int(tile))
            ink = initials(f.sheet.name, int(tile)).get_bounding_rect().move(square.x, square.y - 1)
            tokens[f.sheet.name] = (square, ink)
        yield drawn, tokens, tile
        if not board.anim.active:
            return
    raise AssertionError("the animation never ended")


def _gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Pixels between two boxes, across or down (0 when they touch or overlap)."""
    return max(0, a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom)


CROWDED = [("circle", 0, "fr"), ("circle", 0, "en"), ("tackle", 4, "en"), ("tackle", 4, "fr")]


@pytest.mark.parametrize(("stem", "index", "lang"), CROWDED)
def test_s53_at_800_by_560_every_label_stays_within_three_tiles_of_a_token(stem, index, lang):
    """The circle's "−6 PV" floated 6 tiles over everyone, the tackle's "−2 to all rolls" 5."""
    astray = []
    for k, (drawn, tokens, tile) in enumerate(_frames(stem, index, lang, (800, 560))):
        for box in drawn.get("anim_label", []):
            nearest = min(_gap(box, square) for square, _ in tokens.values())
            if nearest > REACH * tile:
                astray.append((k, tuple(box), round(nearest / tile, 1)))
    assert astray == [], astray[:5]


@pytest.mark.parametrize(("lang", "size"), [("fr", (800, 560)), ("en", (1280, 720)), ("fr", (1280, 720))])
def test_s53_the_circles_labels_cover_no_initials_nor_any_roll(lang, size):
    """"Esquivé" covered Sielle's "Si" for 61 frames at 800×560, "Dodged" and "Esquivé" 6 at
    1280×720; a label laid over the rolls' place to stay by its fighter leaves no roll under it."""
    over = []
    for k, (drawn, tokens, _) in enumerate(_frames("circle", 0, lang, size)):
        for box in drawn.get("anim_label", []):
            over += [(k, name) for name, (_, ink) in tokens.items() if box.colliderect(ink)]
            over += [(k, what) for what in ("dice", "banner") for other in drawn.get(what, []) if box.colliderect(other)]
    assert over == [], over[:5]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s53_a_label_left_of_a_token_stands_clear_of_its_initials_at_1920_by_1080(lang):
    """The push's "Poussée / par Oruk" sat 4 px from Tarn's "Ta", level with it: one line."""
    gaps = []
    for drawn, tokens, _ in _frames("lava", 0, lang, (1920, 1080)):
        for box in drawn.get("anim_label", []):
            for _, ink in tokens.values():
                if box.right <= ink.left and box.top < ink.bottom and ink.top < box.bottom:  # level, on its left
                    gaps.append(ink.left - box.right)
    assert gaps, "no label beside a token's initials: the scene changed"
    assert min(gaps) >= 8, min(gaps)


def test_s53_a_label_under_a_band_of_held_rolls_stays_by_its_fighter():
    """Rolls held on screen fill the rows over the fighter (three lines, as the circle attack's
    at 800×560): the label goes beside its fighter, under them, rather than over all of them
    7 tiles up; it covers no roll."""
    held = [pygame.Rect(0, 200 + 90 * k, 800, 86) for k in range(3)]  # rows 5 to 11
    box, square, tokens = _held_band_scene(held, me=(10, 12))
    assert _gap(box, square) <= REACH * 40, box
    assert box.collidelist(held) < 0 and box.collidelist(tokens) < 0, box


def _held_band_scene(held: list[pygame.Rect], me: tuple[int, int] = (10, 7)
                     ) -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect]]:
    """A label for the fighter at `me` on a 800×600 board of 40 px squares, another fighter far
    off at (1, 13), with rolls held at `held`: its box, the fighter's square and the two tokens
    (a new label: none kept from a scene before)."""
    pygame.init()
    reset_caches()
    surface = pygame.Surface((800, 600))
    tile = 40
    surface.set_clip(pygame.Rect(0, 0, 800, 600))

    def to_screen(x: float, y: float) -> tuple[float, float]:
        return (x * tile, y * tile)

    tokens = [pygame.Rect(x * tile, y * tile, tile, int(tile * 1.45)) for x, y in (me, (1, 13))]
    label = Effect(kind="label", start=0.0, duration=1.0, at=(me[0] + 0.5, me[1] + 0.5), text="−6 PV",
                   data={"sub": "torso · 26 PV left", "fighter": "oruk"})
    box = draw_labels(surface, [(label, 0.5)], to_screen, tile, tokens=tokens, held=held)[0]
    return box, pygame.Rect(me[0] * tile, me[1] * tile, tile, tile), tokens


def test_s53_a_label_takes_the_held_rolls_place_only_when_they_can_go_elsewhere():
    """Three rolls held across the whole board round the fighter: no place near it is free of
    them, and stacked anew they would find none clear of the label: it stays over them rather
    than on them. The same rolls in a narrow column: they fit beside it, the label takes its
    place by its fighter (they move after it)."""
    wide = [pygame.Rect(0, 120 + 122 * k, 800, 116) for k in range(3)]
    box, _, _ = _held_band_scene(wide)
    assert box.collidelist(wide) < 0, box
    narrow = [pygame.Rect(270, 120 + 122 * k, 300, 116) for k in range(3)]
    box, square, _ = _held_band_scene(narrow)
    assert _gap(box, square) <= REACH * 40, box
