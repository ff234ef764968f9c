"""The demo films' name tags keep off the other fighters' tokens where a free place exists
(s47 review4, minor 4: "Oruk" sat on Brakka's disc, "Tarn" covered the top of Oruk's, and
"Brakka" and "Kael" touched as "BrakkaKael")."""

from __future__ import annotations

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.ui import showcase

pytestmark = pytest.mark.usefixtures("fresh_pygame")
TILE = 46
STAGE = pygame.Rect(0, 0, 800, 600)


def _disc(x: int, y: int) -> pygame.Rect:
    return pygame.Rect(x * TILE, y * TILE, TILE, TILE)


def _round(disc: pygame.Rect) -> pygame.Rect:
    return disc.inflate(-disc.w // 5, -disc.h // 5)


def test_a_name_tag_goes_above_its_token_when_another_stands_under_it() -> None:
    # film 3: Tarn with Oruk right under him; film 7: Oruk over Brakka, Kael beside Brakka
    tags = [((40, 16), _disc(5, 3)), ((40, 16), _disc(5, 4))]
    tarn, oruk = showcase.name_places(tags, [], STAGE)
    assert tarn is not None and oruk is not None
    assert not tarn.colliderect(_round(_disc(5, 4))) and tarn.bottom <= _disc(5, 3).centery
    assert oruk.top >= _disc(5, 4).centery  # under its own token as usual


def test_two_tags_side_by_side_are_a_space_apart() -> None:
    tags = [((62, 16), _disc(5, 4)), ((40, 16), _disc(6, 4))]
    brakka, kael = showcase.name_places(tags, [], STAGE)
    assert brakka is not None and kael is not None
    assert kael.left - brakka.right >= 4 or brakka.left - kael.right >= 4
    assert not brakka.colliderect(_round(_disc(6, 4))) and not kael.colliderect(_round(_disc(5, 4)))


def test_a_token_ringed_by_others_keeps_only_its_initials() -> None:
    ring = [_disc(5 + dx, 5 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    places = showcase.name_places([((90, 16), _disc(5, 5))] + [((10, 8), d) for d in ring], [], STAGE)
    assert places[0] is None


def test_no_demo_film_draws_a_name_over_another_fighters_token(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    pygame.display.set_mode((8, 8))
    over = []
    seen = 0
    place = showcase.name_places

    def checked(tags, labels, stage):  # type: ignore[no-untyped-def]
        nonlocal seen
        out = place(tags, labels, stage)
        for n, at in enumerate(out):
            if at is None:
                continue
            seen += 1
            others = [_round(d) for k, (_, d) in enumerate(tags) if k != n]
            if at.collidelist(others) >= 0:
                over.append((at, tags[n][1]))
        return out

    monkeypatch.setattr(showcase, "name_places", checked)
    files = ordered_files(demo_dir())
    for i, path in enumerate(files, 1):
        film = showcase.Film(load_scenario(path), "en", (1280, 720), fps=10, step=(i, len(files)))
        for _ in film.frames():
            pass
    assert seen > 1000 and over == []
