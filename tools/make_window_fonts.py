"""Make the window's fonts, arena_game/render/fonts/ArenaSans-*.ttf: Noto Sans (pygame_gui's, SIL
Open Font License 1.1) with the arrows it lacks drawn in (→ ← ↔ ↑ ↓ ⇒), so a path reads
"(6, 6) → (5, 6)" rather than "(6, 6) –› (5, 6)" in the log, the captions and the help.

    python tools/make_window_fonts.py        (needs fontTools: pip install fonttools)

The arrows are plain polygons in each face's weight: a shaft as thick as its en dash, at the
height of its plus sign's bar, and a solid head; slanted as the italic faces are. The fonts are
renamed "Arena Sans" (a modified version, as the licence asks) and keep Noto's copyright and
licence (arena_game/render/fonts/OFL.txt). Run again after a pygame_gui upgrade changes Noto Sans.
"""

from __future__ import annotations

import math
import shutil
import sys
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arena_game.resources import ui_fonts_dir  # noqa: E402

OUT = ROOT / "arena_game" / "render" / "fonts"
FACES = ("Regular", "Bold", "Italic", "BoldItalic")
FAMILY = "Arena Sans"

Point = tuple[float, float]


def _bounds(font: TTFont, char: str) -> tuple[float, float, float, float]:
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap()[ord(char)]].draw(pen)
    assert pen.bounds is not None
    return pen.bounds


def _arrows(font: TTFont) -> dict[int, tuple[str, int, list[list[Point]]]]:
    """Each arrow's code point → (glyph name, advance, contours), upright, in font units."""
    _, dash_lo, _, dash_hi = _bounds(font, "–")
    _, plus_lo, _, plus_hi = _bounds(font, "+")
    t = dash_hi - dash_lo  # the shaft: as thick as the en dash
    cy = (plus_lo + plus_hi) / 2  # at the plus sign's bar
    head, half = 2.6 * t, 2.1 * t  # the head's length and half its height
    x0, x1, adv = 70.0, 830.0, 900
    adv_v = round(2 * half + 120)  # an upright arrow's advance: its head and a margin

    def right(y: float = cy, width: float = t) -> list[Point]:
        return [(x0, y + width / 2), (x1 - head, y + width / 2), (x1 - head, y + half), (x1, y),
                (x1 - head, y - half), (x1 - head, y - width / 2), (x0, y - width / 2)]

    def mirrored(points: list[Point]) -> list[Point]:
        return [(x0 + x1 - x, y) for x, y in reversed(points)]  # reversed: still clockwise

    def turned(points: list[Point], up: bool) -> list[Point]:  # the right arrow turned a quarter
        mx, cx, mid = (x0 + x1) / 2, adv_v / 2, 340.0  # round its middle, onto the vertical one's
        if up:
            return [(cx - (y - cy), mid + (x - mx)) for x, y in points]
        return [(cx + (y - cy), mid - (x - mx)) for x, y in points]

    both = [(x0, cy), (x0 + head, cy + half), (x0 + head, cy + t / 2), (x1 - head, cy + t / 2),
            (x1 - head, cy + half), (x1, cy), (x1 - head, cy - half), (x1 - head, cy - t / 2),
            (x0 + head, cy - t / 2), (x0 + head, cy - half)]
    gap = 1.6 * t  # the double arrow: two shafts and one head
    double = [[(x0, cy + gap / 2 + t / 2), (x1 - head * 0.6, cy + gap / 2 + t / 2),
               (x1 - head * 0.6, cy + gap / 2 - t / 2), (x0, cy + gap / 2 - t / 2)],
              [(x0, cy - gap / 2 + t / 2), (x1 - head * 0.6, cy - gap / 2 + t / 2),
               (x1 - head * 0.6, cy - gap / 2 - t / 2), (x0, cy - gap / 2 - t / 2)],
              [(x1 - head, cy + half * 1.2), (x1, cy), (x1 - head, cy - half * 1.2)]]
    return {
        0x2192: ("arrowright", adv, [right()]),
        0x2190: ("arrowleft", adv, [mirrored(right())]),
        0x2194: ("arrowboth", adv, [both]),
        0x2191: ("arrowup", adv_v, [turned(right(), True)]),
        0x2193: ("arrowdown", adv_v, [turned(right(), False)]),
        0x21D2: ("arrowdblright", adv, double),
    }


def _glyph(contours: list[list[Point]], slant: float) -> object:
    pen = TTGlyphPen(None)
    out = TransformPen(pen, (1, 0, math.tan(math.radians(slant)), 1, 0, 0))  # x += y·tan(slant)
    for points in contours:
        out.moveTo(points[0])
        for p in points[1:]:
            out.lineTo(p)
        out.closePath()
    return pen.glyph()


def make(face: str, source: Path, out: Path) -> None:
    """One face: Noto Sans `face` from `source`, its arrows added, renamed, saved at `out`."""
    font = TTFont(source)
    slant = -font["post"].italicAngle
    order = font.getGlyphOrder()
    for code, (name, adv, contours) in _arrows(font).items():
        if name not in font["glyf"].glyphs:
            order.append(name)
        font["glyf"][name] = _glyph(contours, slant)
        font["glyf"][name].recalcBounds(font["glyf"])
        font["hmtx"][name] = (adv, font["glyf"][name].xMin)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[code] = name
    font.setGlyphOrder(order)
    style = {"Regular": "Regular", "Bold": "Bold", "Italic": "Italic", "BoldItalic": "Bold Italic"}[face]
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 21):
            names.removeNames(nameID=record.nameID)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName(f"{FAMILY} {style}", 4, 3, 1, 0x409)
    names.setName(f"ArenaSans-{face}", 6, 3, 1, 0x409)
    names.setName(f"{FAMILY} {style}; Noto Sans with arrows", 3, 3, 1, 0x409)
    font.save(out)


def main() -> int:
    """Write the four faces and the licence beside them."""
    data = ui_fonts_dir()
    if data is None:
        print("pygame_gui is not installed: its Noto Sans is what the fonts are made from", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for face in FACES:
        make(face, data / f"NotoSans-{face}.ttf", OUT / f"ArenaSans-{face}.ttf")
    shutil.copyfile(data / "licenses" / "NotoSans-LICENSE.txt", OUT / "OFL.txt")
    print(f"fonts written to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
