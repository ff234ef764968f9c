"""Floating labels stay by their own fighter and keep their place from frame to frame (s47
review4, major 2: film 7 drew Kael's "−5 PV (HP)" over Oruk, under Oruk's "−6", then moved
it beside Kael; film 3's "−2 all rolls" jumped from Tarn's left to his right the frame
"Tackled!" faded; film 6's taunt label flipped sides while Kael's token hopped)."""

from __future__ import annotations

import math

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render import palette
from arena_game.ui import showcase
from arena_game.ui.anim import captions
from arena_game.ui.anim.timeline import Effect

pytestmark = pytest.mark.usefixtures("fresh_pygame")
TILE = 46


def _to_screen(x: float, y: float) -> tuple[float, float]:
    return x * TILE, y * TILE


def _token(x: float, y: float) -> pygame.Rect:
    """A token's box as the films note it: the disc and the name tag under it."""
    cx, cy = _to_screen(x, y)
    return pygame.Rect(int(cx) - TILE // 2, int(cy) - TILE // 2, TILE, int(TILE * 1.45))


def _label(text: str, sub: str, at: tuple[float, float], start: float) -> Effect:
    return Effect("label", start, 2.0, at=at, text=text, colour=palette.LABEL_RED, data={"sub": sub})


def _gap(box: pygame.Rect, point: tuple[float, float]) -> float:
    x, y = point
    return math.hypot(max(box.left - x, 0, x - box.right), max(box.top - y, 0, y - box.bottom))


# film 7, frame 66: Oruk, Brakka under him, Kael beside Brakka, Sielle down to the left
ORUK, BRAKKA, KAEL, SIELLE = (5.5, 9.5), (5.5, 10.5), (6.5, 10.5), (4.5, 11.5)
TOKENS = [_token(*at) for at in (ORUK, BRAKKA, KAEL, SIELLE)]


def test_a_label_sits_nearer_its_own_fighter_than_any_other() -> None:
    pygame.init()
    screen = pygame.Surface((800, 700))
    oruk = _label("−6 PV (HP)", "torso · 26 PV (HP) left", ORUK, 0.0)
    kael = _label("−5 PV (HP)", "torso · 19 PV (HP) left", KAEL, 0.1)
    boxes = captions.draw_labels(screen, [(oruk, 0.5), (kael, 0.4)], _to_screen, TILE, tokens=TOKENS)
    own = _to_screen(*KAEL)
    others = [t.center for t in TOKENS if not t.collidepoint(own)]
    assert all(_gap(boxes[1], c) >= _gap(boxes[1], own) for c in others), boxes
    assert not boxes[0].colliderect(boxes[1])


def test_a_label_keeps_its_place_when_the_label_beside_it_fades() -> None:
    pygame.init()
    screen = pygame.Surface((800, 700))
    tarn, nyssa = (3.5, 3.5), (4.5, 2.5)  # Nyssa up to the right of Tarn
    tokens = [_token(*tarn), _token(*nyssa)]
    tackled = _label("Tackled!", "tackled by Nyssa", tarn, 0.0)
    minus = _label("−2 all rolls", "tackled (R4.7), 1 turn", tarn, 0.0)
    captions.reset_caches()
    both = captions.draw_labels(screen, [(tackled, 0.6), (minus, 0.6)], _to_screen, TILE, tokens=tokens)
    alone = captions.draw_labels(screen, [(minus, 0.65)], _to_screen, TILE, tokens=tokens)
    assert alone == [both[1]]
    # with nothing kept (a new label of its own) it is laid afresh: where it goes alone
    captions.reset_caches()
    fresh = captions.draw_labels(screen, [(minus, 0.65)], _to_screen, TILE, tokens=tokens)
    assert fresh != [both[1]]


def test_a_kept_place_taken_by_a_newer_label_is_left() -> None:
    pygame.init()
    screen = pygame.Surface((800, 700))
    first = _label("Tackled!", "tackled by Nyssa", (3.5, 4.5), 0.0)
    captions.reset_caches()
    (box,) = captions.draw_labels(screen, [(first, 0.5)], _to_screen, TILE)
    # a wall of labels now over that place: the kept one does not go under any
    blocker = _label("Dead", "on lava", (3.5, 4.5), -1.0)
    boxes = captions.draw_labels(screen, [(blocker, 0.5), (first, 0.55)], _to_screen, TILE)
    assert not boxes[0].colliderect(boxes[1])


def test_no_demo_film_label_jumps_between_two_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each label's box, frame after frame, while its square is the same: it moves only as it
    pops up (a few pixels), never to another side of its fighter."""
    pygame.init()
    pygame.display.set_mode((8, 8))
    painted: list[tuple[tuple[object, ...], object, pygame.Rect]] = []
    paint = captions._paint

    def noted(surface: pygame.Surface, item: captions._Laid, stage: pygame.Rect | None = None) -> None:
        painted.append(((item.e.text, str(item.e.data.get("sub", "")), item.e.start), item.e.at, pygame.Rect(item.box)))
        paint(surface, item, stage)

    monkeypatch.setattr(captions, "_paint", noted)
    jumps = []
    seen = 0
    files = ordered_files(demo_dir())
    for lang in ("en", "fr"):
        for i, path in enumerate(files, 1):
            film = showcase.Film(load_scenario(path), lang, (1280, 720), fps=10, step=(i, len(files)))
            before: dict[tuple[object, ...], tuple[object, pygame.Rect]] = {}
            for k, _ in enumerate(film.frames()):
                now = {key: (at, box) for key, at, box in painted}
                painted.clear()
                seen += len(now)
                for key, (at, box) in now.items():
                    if key in before and before[key][0] == at:
                        last = before[key][1]
                        if abs(last.x - box.x) > 12 or abs(last.y - box.y) > 16:
                            jumps.append((lang, path.name, k, key[0], last.topleft, box.topleft))
                before = now
    assert seen > 200 and jumps == []
