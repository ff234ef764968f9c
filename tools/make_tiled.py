"""Tiled support files: the shipped tileset and project file, and maps both ways.

    python tools/make_tiled.py                    # maps/arena-tiles.png/.tsj/.tsx and maps/arena.tiled-project
    python tools/make_tiled.py MAP.toml OUT.tmj   # a native map as a Tiled map (or OUT.tmx)
    python tools/make_tiled.py MAP.tmj OUT.toml   # a Tiled map (.tmj, .tmx or .json) as a native map

A Tiled map is written with its tileset beside it (paths may not leave the map's folder):
the shipped `arena-tiles` when its tiles cover the map, else `NAME-tiles` with one
generated crate tile per extra height. The tileset image is built from the shipped sprites
(terrain PNGs, first animation frame), so re-running tools/draw_sprites.py then this
script keeps them in step. Suffixes are read in any case (MAP.TMX), as by the game's loader.
A fault is one line and exit code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from arena_game.core.board import Board  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.problems import FileProblem  # noqa: E402
from arena_game.formats.tiled_project import project_file  # noqa: E402
from arena_game.formats.tiled_write import (  # noqa: E402
    SHIPPED_TILES,
    SHIPPED_TILESET,
    TileKind,
    board_to_tmj,
    board_to_tmx,
    board_to_toml,
    dump_tmj,
    tiles_for,
    tileset_tsj,
    tileset_tsx,
)

TILE = 64
TILED = (".tmj", ".tmx")  # what a Tiled map is written as
TILED_SOURCES = (*TILED, ".json")  # what the loader reads as one (a .json saved from Tiled too)
NATIVE = (".toml",)


def _suffix(path: Path) -> str:
    """The file's suffix in lower case: MAP.TMX is a Tiled map, as for the loader."""
    return path.suffix.lower()


def tileset_image(tiles: dict[int, TileKind] = SHIPPED_TILES) -> Image.Image:
    """One 64 px tile per entry; crates other than 100 cm carry their height."""
    img = Image.new("RGBA", (TILE * len(tiles), TILE), (0, 0, 0, 0))
    for local, (terrain, cm) in tiles.items():
        name = terrain.value if terrain.value not in ("water", "lava", "acid") else f"{terrain.value}_0"
        tile = Image.open(ROOT / "sprites" / "terrain" / f"{name}.png").convert("RGBA")
        if cm is not None and cm != 100:
            d = ImageDraw.Draw(tile)
            d.rectangle((34, 50, 63, 63), fill=(20, 20, 24, 220))
            d.text((36, 51), str(cm), fill=(255, 255, 255, 255))
        img.alpha_composite(tile, (local * TILE, 0))
    return img


def write_tileset(folder: Path, name: str, tiles: dict[int, TileKind]) -> None:
    """`name`.png/.tsj/.tsx in `folder`."""
    tileset_image(tiles).save(folder / f"{name}.png", format="PNG", optimize=True)
    (folder / f"{name}.tsj").write_text(dump_tmj(tileset_tsj(f"{name}.png", TILE, tiles, name)), encoding="utf-8")
    (folder / f"{name}.tsx").write_text(tileset_tsx(f"{name}.png", TILE, tiles, name), encoding="utf-8")


def write_tiled(board: Board, out: Path) -> list[Path]:
    """`board` as the Tiled map `out`, with its tileset beside it; the files written."""
    tiles = tiles_for(board)
    name = SHIPPED_TILESET if tiles == SHIPPED_TILES else f"{out.stem}-tiles"
    write_tileset(out.parent, name, tiles)
    if _suffix(out) == ".tmx":
        out.write_text(board_to_tmx(board, TILE, f"{name}.tsx", tiles), encoding="utf-8")
    else:
        out.write_text(dump_tmj(board_to_tmj(board, TILE, f"{name}.tsj", tiles)), encoding="utf-8")
    return [out, *(out.parent / f"{name}{ext}" for ext in (".tsj", ".tsx", ".png"))]


def convert(source: Path, target: Path) -> list[Path]:
    """Native → Tiled or Tiled → native, chosen by the two names; FileProblem on a mismatch."""
    src, dst = _suffix(source), _suffix(target)
    if src in NATIVE and dst in TILED:
        return write_tiled(load_map(source), target)
    if src in TILED_SOURCES and dst in NATIVE:
        board = load_map(source)
        try:
            text = board_to_toml(board)
        except ValueError as e:
            raise FileProblem(source, str(e)) from None
        target.write_text(text, encoding="utf-8")
        return [target]
    wanted = ".tmj or .tmx" if src in NATIVE else ".toml"
    if src not in NATIVE + TILED_SOURCES:
        raise FileProblem(source, "make_tiled reads a native map (.toml) or a Tiled map (.tmj, .tmx, .json)")
    raise FileProblem(target, f"a {src} map is written as {wanted}: the name must end in it")


def main(argv: list[str]) -> int:
    if len(argv) == 2:
        try:
            written = convert(Path(argv[0]), Path(argv[1]))
        except FileProblem as e:
            print(e.one_line(), file=sys.stderr)
            return 2
        except OSError as e:
            print(f"{e.filename}: cannot be written ({e.strerror})", file=sys.stderr)
            return 2
        print("wrote " + ", ".join(str(p) for p in written))
        return 0
    if argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    maps = ROOT / "maps"
    write_tileset(maps, SHIPPED_TILESET, SHIPPED_TILES)
    (maps / "arena.tiled-project").write_text(json.dumps(project_file(), indent=4) + "\n", encoding="utf-8")
    print(f"wrote {maps}/arena-tiles.png, .tsj, .tsx and arena.tiled-project")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
