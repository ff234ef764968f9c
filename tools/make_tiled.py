"""Tiled support files: the shipped tileset, and Tiled twins of native maps.

    python tools/make_tiled.py                       # maps/arena-tiles.png/.tsj/.tsx from sprites/
    python tools/make_tiled.py MAP.toml OUT.tmj      # write a native map as a Tiled map
    python tools/make_tiled.py MAP.toml OUT.tmx

The tileset image is built from the shipped sprites (terrain PNGs, first animation
frame), so re-running tools/draw_sprites.py then this script keeps them in step. A
Tiled map needs the tileset files in its own folder (paths may not leave it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.tiled import SHIPPED_TILES, tileset_tsj, tileset_tsx, write_twin  # noqa: E402

TILE = 64


def tileset_image() -> Image.Image:
    """One 64 px tile per SHIPPED_TILES entry; crates other than 100 cm carry their height."""
    img = Image.new("RGBA", (TILE * len(SHIPPED_TILES), TILE), (0, 0, 0, 0))
    for local, (terrain, cm) in SHIPPED_TILES.items():
        name = terrain.value if terrain.value not in ("water", "lava", "acid") else f"{terrain.value}_0"
        tile = Image.open(ROOT / "sprites" / "terrain" / f"{name}.png").convert("RGBA")
        if cm is not None and cm != 100:
            d = ImageDraw.Draw(tile)
            d.rectangle((36, 50, 63, 63), fill=(20, 20, 24, 220))
            d.text((38, 51), str(cm), fill=(255, 255, 255, 255))
        img.alpha_composite(tile, (local * TILE, 0))
    return img


def main(argv: list[str]) -> int:
    if len(argv) == 2:
        write_twin(load_map(argv[0]), Path(argv[1]))
        print(f"wrote {argv[1]}")
        return 0
    maps = ROOT / "maps"
    tileset_image().save(maps / "arena-tiles.png", format="PNG", optimize=True)
    (maps / "arena-tiles.tsj").write_text(json.dumps(tileset_tsj(), indent=1) + "\n", encoding="utf-8")
    (maps / "arena-tiles.tsx").write_text(tileset_tsx(), encoding="utf-8")
    print(f"wrote {maps}/arena-tiles.png, .tsj and .tsx")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
