"""A picture as a deuteranope sees it (red–green colour blindness), to check colour codes by eye.

    python tools/colour_blind.py IN.png OUT.png

Uses `arena_game.render.colour_vision.deuteranopia` (Machado et al. 2009, severity 1.0) on
every pixel; the chance bands and other codes must still read apart in OUT.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena_game.render.colour_vision import deuteranopia  # noqa: E402


def simulate(img: Image.Image) -> Image.Image:
    """`img` (any mode) as a deuteranope sees it, RGB."""
    rgb = img.convert("RGB")
    seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    out = []
    pixels = rgb.get_flattened_data() if hasattr(rgb, "get_flattened_data") else rgb.getdata()
    for px in pixels:
        c = seen.get(px)
        if c is None:
            c = seen[px] = deuteranopia(px)
        out.append(c)
    sim = Image.new("RGB", rgb.size)
    sim.putdata(out)
    return sim


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    simulate(Image.open(argv[0])).save(argv[1])
    print(f"{argv[1]}: {argv[0]} as a deuteranope sees it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
