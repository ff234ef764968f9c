"""tools/make_tiled.py both ways (issues 16 and 19): any crate height, the tileset beside
the map, the reverse direction, and a refusal when the target's extension does not fit."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arena_game.cli import main as arena_main
from arena_game.formats.mapfile import load_map, load_map_text
from arena_game.resources import shipped_maps
from tools import make_tiled

DOCS = Path(__file__).parent.parent / "docs"


def docs_example(tmp_path: Path) -> Path:
    text = re.search(r"```toml\n(.*?)```", (DOCS / "maps.md").read_text(encoding="utf-8"), re.S).group(1)
    p = tmp_path / "example.toml"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("path", shipped_maps(), ids=lambda p: p.name)
@pytest.mark.parametrize("tiled", [".tmj", ".tmx"])
def test_make_tiled_reverse_round_trips_every_shipped_map(tmp_path, path, tiled):
    board = load_map(path)
    if path.suffix == ".toml":
        assert make_tiled.main([str(path), str(tmp_path / f"twin{tiled}")]) == 0
        assert make_tiled.main([str(tmp_path / f"twin{tiled}"), str(tmp_path / "back.toml")]) == 0
    else:
        assert make_tiled.main([str(path), str(tmp_path / "native.toml")]) == 0
        assert make_tiled.main([str(tmp_path / "native.toml"), str(tmp_path / f"twin{tiled}")]) == 0
        assert make_tiled.main([str(tmp_path / f"twin{tiled}"), str(tmp_path / "back.toml")]) == 0
    assert load_map(tmp_path / f"twin{tiled}") == board
    assert load_map(tmp_path / "back.toml") == board


def test_19_5_make_tiled_writes_the_docs_example_with_its_80_cm_crate_and_the_tileset_beside(tmp_path, capsys):
    src = docs_example(tmp_path)
    out = tmp_path / "out" / "example.tmj"
    out.parent.mkdir()
    assert make_tiled.main([str(src), str(out)]) == 0
    assert {p.name for p in out.parent.iterdir()} == {"example.tmj", "example-tiles.tsj", "example-tiles.tsx", "example-tiles.png"}
    board = load_map(out)
    assert board == load_map_text(src, src.read_text(encoding="utf-8")) and board.height_at((9, 2)) == 80
    capsys.readouterr()
    assert arena_main(["check", str(out)]) in (0, 1)  # loads: at most design warnings
    assert "file-problem" not in capsys.readouterr().out


def test_make_tiled_uses_the_shipped_tileset_when_its_tiles_cover_the_map(tmp_path):
    shipped = next(p for p in shipped_maps() if p.name == "tutoriel.toml")
    assert make_tiled.main([str(shipped), str(tmp_path / "t.tmx")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["arena-tiles.png", "arena-tiles.tsj", "arena-tiles.tsx", "t.tmx"]
    assert load_map(tmp_path / "t.tmx") == load_map(shipped)


@pytest.mark.parametrize(("source", "target", "fault"), [
    ("m.tmj", "back.json", "a .tmj map is written as .toml: the name must end in it"),
    ("m.tmj", "again.tmx", "a .tmj map is written as .toml: the name must end in it"),
    ("example.toml", "copy.toml", "a .toml map is written as .tmj or .tmx: the name must end in it"),
    ("example.toml", "out.json", "a .toml map is written as .tmj or .tmx: the name must end in it"),
])
def test_make_tiled_refuses_a_target_whose_extension_does_not_fit(tmp_path, capsys, source, target, fault):
    src = docs_example(tmp_path)
    assert make_tiled.main([str(src), str(tmp_path / "m.tmj")]) == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    capsys.readouterr()
    assert make_tiled.main([str(tmp_path / source), str(tmp_path / target)]) == 2
    assert capsys.readouterr().err == f"{tmp_path / target}: {fault}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_make_tiled_bad_source_map_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    shutil.copy(Path(__file__).parent / "data" / "bad" / "map_unknown_symbol.toml", bad)
    assert make_tiled.main([str(bad), str(tmp_path / "x.tmj")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:") and err.count("\n") == 1
    assert not (tmp_path / "x.tmj").exists()
