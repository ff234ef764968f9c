"""What a crowded label's search for a smaller shape costs (s52): its shapes are measured, not
drawn, with one font for every size (a font made per size cost ~1.5 ms on its first words), and
the row-by-row search for a free place finds the place the grid search of every spot found."""

from __future__ import annotations

import random

import pygame
import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.anim import captions, measure, spots
from arena_game.ui.anim.captions import draw_labels
from arena_game.ui.anim.fit import two_rows
from arena_game.ui.anim.timeline import Effect

pytestmark = pytest.mark.usefixtures("fresh_pygame")

TILE = 40


def _to_screen(x: float, y: float) -> tuple[float, float]:
    return x * TILE, y * TILE


def _crowded(surface: pygame.Surface) -> tuple[pygame.Rect, int]:
    """The tackle's "−2 to all rolls" between two crates 10 px narrower than it: laid in a
    smaller shape; its box and its smallest text's size."""
    label = Effect("label", 0.0, 2.0, at=(10.5, 8.5), text="−2 to all rolls", data={"sub": "tackled, R4.7, 1 turn"})
    usual = measure.text_size(label.text, captions.label_sizes(TILE)[0])[0] + 2 * captions.PILL_PAD
    band = pygame.Rect(0, 0, usual - 10, 600)
    band.centerx = int(10.5 * TILE)
    soft = [pygame.Rect(0, 0, band.left, 600), pygame.Rect(band.right, 0, 800 - band.right, 600)]
    own = pygame.Rect(10 * TILE, 8 * TILE, TILE, TILE + 14)
    record_text_boxes(True)
    try:
        draw_labels(surface, [(label, 0.5)], _to_screen, TILE, tokens=[own], soft=soft)
        ((box, size),) = [(rect, size) for what, rect, size, *_ in text_boxes() if what == "anim_label"]
    finally:
        record_text_boxes(False)
    assert box.w < usual and box.collidelist(soft) < 0, "the label took no smaller shape: the test shows nothing"
    return box, size


def test_s52_a_crowded_label_draws_only_the_shape_it_takes(monkeypatch: pytest.MonkeyPatch):
    pygame.font.init()
    captions.reset_caches()
    drawn: list[tuple[str, int]] = []
    render = captions.text_surface

    def noted(text: str, size: int, colour: tuple[int, int, int], outline: bool = True) -> pygame.Surface:
        drawn.append((text, size))
        return render(text, size, colour, outline)

    monkeypatch.setattr(captions, "text_surface", noted)
    box, size = _crowded(pygame.Surface((800, 600)))
    sizes = {s for _, s in drawn}
    # its main line and sub-line (each maybe on two rows) at the one size each of its shape: no
    # other shape was drawn (seven were, at five sizes, before s52's measuring)
    assert len(sizes) <= 2 and min(sizes) == size, drawn
    assert len(drawn) <= 4, drawn


def test_s52_a_crowded_labels_trials_make_no_font(monkeypatch: pytest.MonkeyPatch):
    """Its shapes are measured with one font set to their sizes in turn: fonts are made for
    its usual sizes and the ones it is drawn at, and that one (a font made for each of its
    trials' sizes, five more, cost ~1.5 ms each before)."""
    pygame.font.init()
    captions.reset_caches()
    made: list[tuple[int, pygame.font.Font]] = []
    drawn: list[int] = []
    real, render = pygame.font.Font, captions.text_surface

    def counted(path: object, size: int) -> pygame.font.Font:
        made.append((size, real(path, size)))  # type: ignore[arg-type]
        return made[-1][1]

    def noted(text: str, size: int, colour: tuple[int, int, int], outline: bool = True) -> pygame.Surface:
        drawn.append(size)
        return render(text, size, colour, outline)

    monkeypatch.setattr(pygame.font, "Font", counted)
    monkeypatch.setattr(captions, "text_surface", noted)
    _crowded(pygame.Surface((800, 600)))
    kept = set(drawn) | set(captions.label_sizes(TILE))
    others = [size for size, font in made if size not in kept and font not in measure._RULER]
    assert not others and len(made) <= len(kept) + 1, (made, drawn)


def test_s52_captions_make_no_more_fonts_than_they_keep(monkeypatch: pytest.MonkeyPatch):
    """Rolls in windows of many sizes: past `measure.FONTS` fonts, one is set to the next size
    rather than another made (each made costs ~1.5 ms), and the text drawn is the same."""
    pygame.font.init()
    captions.reset_caches()
    made: list[int] = []
    real = pygame.font.Font

    def counted(*args: object) -> pygame.font.Font:
        made.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.font, "Font", counted)
    drawn = []
    for size in range(11, 51):
        drawn.append(pygame.image.tobytes(captions.text_surface("Kael — d20 12 + 3 = 15", size, (240, 230, 200)), "RGBA"))
    assert len(made) == measure.FONTS
    captions.reset_caches()
    monkeypatch.setattr(pygame.font, "Font", real)
    for size in range(11, 51):  # each size from a font made for it alone
        alone = real(str(measure.window_font_file(bold=True)), size)
        measure._FONTS.clear()
        measure._FONTS[size] = alone
        again = pygame.image.tobytes(captions.text_surface("Kael — d20 12 + 3 = 15", size, (240, 230, 200)), "RGBA")
        assert again == drawn[size - 11], size


def test_s52_a_caption_is_measured_as_it_is_drawn():
    """Each line's measured size is the size of its drawing, on one row and on two, at every
    size a label's shapes take (the font set from size to size in any order)."""
    pygame.font.init()
    captions.reset_caches()
    words = ["−2 to all rolls", "tackled, R4.7, 1 turn", "−2 à tous les jets", "Tacle !", "−5 PV", "Désengagement (free)"]
    rnd = random.Random(52)
    for _ in range(60):
        text, size = rnd.choice(words), rnd.randint(11, 30)
        assert measure.text_size(text, size) == captions.text_surface(text, size, (250, 200, 40)).get_size(), (text, size)
        rows = two_rows(text)
        assert measure.rows_size(rows, size) == captions.text_rows(rows, size, (250, 200, 40)).get_size(), (rows, size)


def _grid_spot(box: pygame.Rect, cx: float, cy: float, tile: float, stage: pygame.Rect, placed: list[pygame.Rect],
               tokens: list[pygame.Rect], soft: list[pygame.Rect]) -> pygame.Rect | None:
    """`spots.free_spot` as s51 wrote it (then `captions._free_spot`): every spot of the grid made and tested;
    since s53 a label keeps 4 px beside the labels laid (as over and under them) and off the band left of a
    token's initials (`spots.beside_initials`)."""
    step, reach = max(4, round(tile / 2)), round(spots.FREE_REACH * tile)
    area = pygame.Rect(round(cx) - reach - box.w, round(cy) - reach - box.h, 2 * reach + box.w + 1, 2 * reach + box.h + 1)
    soft = [r for r in soft if r.colliderect(area)]
    shy = [spots.beside_initials(t, tile) for t in tokens]
    near = [r for r in (*soft, *tokens, *shy) if r.colliderect(area)]
    xs = set(range(area.left, area.right, step)) | {x for r in near for x in (r.right, r.left - box.w)}
    ys = set(range(area.top, area.bottom, step)) | {y for r in near for y in (r.bottom, r.top - box.h)}
    xs |= {x for r in placed if r.colliderect(area) for x in (r.right + 5, r.left - box.w - 5)}
    ys |= {y for r in placed if r.colliderect(area) for y in (r.bottom + 5, r.top - box.h - 5)}
    grid = [pygame.Rect(x, y, box.w, box.h) for x in xs if area.left <= x < area.right for y in ys if area.top <= y < area.bottom]
    edge = stage.inflate(2 * step, 2 * step)
    inside = [r for r in grid if stage.contains(r)]
    pushed = [r.clamp(stage) for r in grid if not stage.contains(r) and edge.contains(r)]
    for places in (inside, pushed if stage.w >= box.w and stage.h >= box.h else []):
        free = [r for r in places if r.collidelist([*tokens, *shy, *soft]) < 0 and r.collidelist([q.inflate(8, 8) for q in placed]) < 0]
        free.sort(key=lambda r: (spots.gap(r, cx, cy), abs(r.centerx - cx), r.x, r.y))
        tie = next((r for r in free if spots.near_own(r, cx, cy, tokens, ties=True)), None)
        own = next((r for r in free if spots.near_own(r, cx, cy, tokens)), None)
        if own or tie:
            return own or tie
    return None


def _square(rnd: random.Random, stage: pygame.Rect, t: int) -> pygame.Rect:
    return pygame.Rect(stage.left + rnd.randrange(30) * t, stage.top + rnd.randrange(20) * t, t, t)


def test_s52_the_row_search_finds_the_grid_searchs_free_place():
    """Random boards: pillars and crates on squares (an empty box among them), tokens, labels
    already laid, the fighter anywhere (near the board's edges too): the same place or none;
    asked again, the same answer, whatever was done to the first one."""
    rnd = random.Random(5251)
    found = 0
    for _ in range(400):
        tile = rnd.choice([18, 27.5, 36, 54])
        t = int(tile)
        stage = pygame.Rect(rnd.randint(0, 40), rnd.randint(0, 40), rnd.randint(150, 900), rnd.randint(120, 600))
        cx, cy = stage.left + rnd.uniform(-20, stage.w + 20), stage.top + rnd.uniform(-20, stage.h + 20)
        box = pygame.Rect(0, 0, rnd.randint(20, 240), rnd.randint(14, 70))
        soft = [_square(rnd, stage, t) for _ in range(rnd.randint(0, 200))] + [pygame.Rect(rnd.randint(0, 500), rnd.randint(0, 500), 0, 10)]
        tokens = [pygame.Rect(int(cx - t / 2), int(cy - t / 2), t, t + 10)] + [_square(rnd, stage, t).inflate(0, 10) for _ in range(rnd.randint(0, 8))]
        placed = [pygame.Rect(rnd.randint(stage.left, stage.right), rnd.randint(stage.top, stage.bottom),
                              rnd.randint(20, 200), rnd.randint(14, 60)) for _ in range(rnd.randint(0, 5))]
        want = _grid_spot(box, cx, cy, tile, stage, placed, tokens, soft)
        got = spots.free_spot(box, cx, cy, tile, stage, placed, tokens, soft)
        assert got == want, (box.size, cx, cy, tile, stage)
        if got is not None:
            found += 1
            got.move_ip(7, 7)
            assert spots.free_spot(box, cx, cy, tile, stage, placed, tokens, soft) == want
    assert 100 < found < 390, found  # boards with a free place and boards with none
