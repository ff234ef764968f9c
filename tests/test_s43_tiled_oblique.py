"""Tiled 1.12's oblique maps: an orthogonal grid drawn sheared (`skewx`, `skewy`). Their rows,
columns and object pixels are an orthogonal map's (Tiled's ObliqueRenderer is an orthogonal
renderer with a shear on screen), so they load as the same Arena map, drawn straight."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats.mapfile import load_map
from arena_game.formats.tiled_write import board_to_tmj, board_to_tmx
from tests.builders import write_tiled

PILLARS = Path(__file__).parent / "data" / "maps" / "diagonal-pillars.toml"


@pytest.mark.parametrize(("skewx", "skewy"), [(16, 0), (0, -12), (24, 8)])
def test_an_oblique_tmj_map_loads_as_the_orthogonal_map_it_shears(tmp_path, skewx, skewy):
    doc = board_to_tmj(load_map(PILLARS))
    doc.update(orientation="oblique", skewx=skewx, skewy=skewy, tiledversion="1.12.0")
    p = write_tiled(tmp_path, doc, "m.tmj", image=False)
    board = load_map(p)
    assert board == load_map(PILLARS)
    assert board.spawns  # the spawn objects' squares are read in the unsheared pixels


def test_an_oblique_tmx_map_loads_and_checks(tmp_path):
    text = board_to_tmx(load_map(PILLARS)).replace('orientation="orthogonal"',
                                                   'orientation="oblique" skewx="16" skewy="0"')
    assert 'orientation="oblique"' in text
    p = write_tiled(tmp_path, text, "m.tmx", image=False)
    assert load_map(p) == load_map(PILLARS)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", str(p)])
    assert code in (0, 1), out.getvalue()  # design warnings at most, never a refusal
