"""The palette's colour codes survive colour blindness: they differ in lightness, not only hue."""

from __future__ import annotations

import pytest

from arena_game.core.terrain import Terrain
from arena_game.render import palette
from arena_game.render.colour_vision import deuteranopia, lightness, over


def test_deuteranopia_simulation_keeps_greys_and_merges_red_with_green():
    assert deuteranopia((128, 128, 128)) == pytest.approx((128, 128, 128), abs=2)
    red, green = deuteranopia((200, 60, 50)), deuteranopia((60, 160, 50))
    # the simulation does what it is for: red and green end up in the same hue family
    assert abs(red[0] - green[0]) < 40 and abs(red[1] - green[1]) < 40
    assert lightness((0, 0, 0)) == pytest.approx(0, abs=0.01)
    assert lightness((255, 255, 255)) == pytest.approx(100, abs=0.01)


@pytest.mark.parametrize("simulate", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
def test_chance_bands_get_darker_band_by_band_on_the_floor(simulate):
    floor = palette.TERRAIN[Terrain.FLOOR]
    seen = [lightness(simulate(over(band, palette.CHANCE_ALPHA, floor))) for band in palette.CHANCE_BANDS]
    steps = [a - b for a, b in zip(seen, seen[1:], strict=False)]
    assert all(step >= 6 for step in steps), [round(v, 1) for v in seen]


@pytest.mark.parametrize("simulate", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
def test_the_sure_band_never_reads_as_bare_floor(simulate):
    floor = palette.TERRAIN[Terrain.FLOOR]
    sure = simulate(over(palette.CHANCE_BANDS[0], palette.CHANCE_ALPHA, floor))
    bare = simulate(floor)
    assert lightness(sure) - lightness(bare) >= 10
    # and bluer than the beige floor: the blue–yellow contrast a deuteranope still sees
    assert (sure[2] - sure[0]) - (bare[2] - bare[0]) >= 60


def test_the_old_sure_band_was_a_beige_like_the_floor():
    floor = palette.TERRAIN[Terrain.FLOOR]
    old = deuteranopia(over((168, 246, 142), 170, floor))
    assert (old[2] - old[0]) - (deuteranopia(floor)[2] - deuteranopia(floor)[0]) < 60


def test_the_old_bands_would_have_failed_the_check():
    # green (sure) and orange (≥ 10 %) were as light as each other: the check catches that
    old = ((40, 170, 80), (150, 200, 60), (235, 205, 50), (240, 135, 40), (215, 60, 50))
    floor = palette.TERRAIN[Terrain.FLOOR]
    seen = [lightness(deuteranopia(over(band, 120, floor))) for band in old]
    assert not all(a - b >= 6 for a, b in zip(seen, seen[1:], strict=False))


def test_the_renderer_and_the_animations_take_every_colour_from_the_palette():
    import ast
    from pathlib import Path

    import arena_game

    root = Path(arena_game.__file__).parent
    files = [*sorted((root / "render").glob("*.py")), *sorted((root / "ui" / "anim").glob("*.py")),
             root / "ui" / "board_view.py"]
    found = []
    for path in files:
        if path.name in ("palette.py", "colour_vision.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Tuple) and len(node.elts) in (3, 4)
                    and all(isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts)):
                found.append(f"{path.name}:{node.lineno}")
    assert found == [], found


@pytest.mark.parametrize("simulate", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
def test_r1_beyond_range_looks_like_no_chance_band(simulate):
    """The attack mode shows range classes and targets' chance bands together: "beyond range, −8"
    must not take a band's colour (a yellow one was the 60 % band's twin for a deuteranope)."""
    floor = palette.TERRAIN[Terrain.FLOOR]
    far = simulate(over(palette.FAR_FILL[:3], palette.FAR_FILL[3], floor))
    for band in palette.CHANCE_BANDS:
        seen = simulate(over(band, palette.CHANCE_ALPHA, floor))
        assert sum((a - b) ** 2 for a, b in zip(far, seen, strict=True)) ** 0.5 >= 40, (band, far, seen)


@pytest.mark.parametrize("simulate", [lambda c: c, deuteranopia], ids=["normal", "deuteranopia"])
def test_r1_in_range_squares_never_read_as_bare_floor(simulate):
    """A pale teal was the floor's own lightness for a deuteranope: in range looked like nothing."""
    floor = palette.TERRAIN[Terrain.FLOOR]
    seen = simulate(over(palette.IN_RANGE_FILL[:3], palette.IN_RANGE_FILL[3], floor))
    assert abs(lightness(seen) - lightness(simulate(floor))) >= 6
    far = simulate(over(palette.FAR_FILL[:3], palette.FAR_FILL[3], floor))
    assert sum((a - b) ** 2 for a, b in zip(far, seen, strict=True)) ** 0.5 >= 30  # nor like beyond range
