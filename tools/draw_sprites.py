"""Draw every sprite of `sprites/` with Pillow and write `sprites/manifest.toml`.

Deterministic and re-runnable: `python tools/draw_sprites.py` rewrites the same bytes
(textures use a seeded `random.Random`, never the global RNG). The art is ours, CC0
(see sprites/LICENSE). Shapes are drawn at 4× and scaled down for smooth edges.

Readability choices (players must tell squares apart at a glance, colour-blind too):
- wall: dark slate blocks filling the whole square (square corners, R2.2);
- pillar: a pale round column on floor, floor visible in the corners (round, R2.2);
- obstacle: a brown crate inset on floor, with an X brace;
- water: blue with wave lines; lava: red-orange crust with glowing cracks;
- acid: yellow-green with bubbles; hole: black pit with a stone rim.
Each hazard has its own pattern (waves, cracks, bubbles, rim) besides its colour.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

TILE = 64
SS = 4  # supersampling factor
BIG = TILE * SS
OUT = Path(__file__).resolve().parent.parent / "sprites"
ANIM_FRAMES = 4

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def canvas(fill: Colour = (0, 0, 0, 0)) -> Image.Image:
    """A supersampled RGBA canvas."""
    return Image.new("RGBA", (BIG, BIG), fill)


def finish(img: Image.Image) -> Image.Image:
    """Scale a supersampled canvas down to the tile size."""
    return img.resize((TILE, TILE), Image.Resampling.LANCZOS)


def save(img: Image.Image, rel: str) -> str:
    path = OUT / rel  # OUT may be changed by main(out=...)
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, format="PNG", optimize=True)
    return rel


def s(v: float) -> int:
    """Tile units (0..64) to supersampled pixels."""
    return round(v * SS)


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


# -- terrain ---------------------------------------------------------------------------

FLOOR = (200, 182, 146)
GROUT = (150, 132, 100)


def floor_image(seed: int = 1) -> Image.Image:
    img = canvas((*FLOOR, 255))
    d = ImageDraw.Draw(img)
    rnd = random.Random(seed)
    for _ in range(260):  # speckles: sandstone grain
        x, y = rnd.randrange(BIG), rnd.randrange(BIG)
        r = rnd.choice((2, 3, 4))
        c = mix(FLOOR, (120, 105, 80) if rnd.random() < 0.6 else (235, 222, 190), rnd.uniform(0.2, 0.5))
        d.ellipse((x - r, y - r, x + r, y + r), fill=(*c, 255))
    # a faint grout line on every edge so squares can be counted (tabletop grid)
    d.rectangle((0, 0, BIG - 1, BIG - 1), outline=(*GROUT, 255), width=s(1))
    d.line((s(1), s(1), BIG - s(2), s(1)), fill=(222, 206, 172, 255), width=s(0.75))
    return img


def wall_image() -> Image.Image:
    base = (70, 76, 92)
    img = canvas((*base, 255))
    d = ImageDraw.Draw(img)
    rnd = random.Random(7)
    rows = 4
    h = BIG // rows
    for r in range(rows):
        offset = 0 if r % 2 == 0 else BIG // 4
        for c in range(-1, 3):
            x0 = c * BIG // 2 + offset
            box = (x0 + s(1), r * h + s(1), x0 + BIG // 2 - s(1), (r + 1) * h - s(1))
            shade = mix(base, (110, 116, 134), rnd.uniform(0.1, 0.6))
            d.rectangle(box, fill=(*shade, 255))
            d.line((box[0], box[1], box[2], box[1]), fill=(140, 146, 164, 255), width=s(1))
            d.line((box[0], box[3], box[2], box[3]), fill=(40, 44, 56, 255), width=s(1))
    # a dark frame: walls read as solid blocks with square corners (R2.2)
    d.rectangle((0, 0, BIG - 1, BIG - 1), outline=(32, 34, 44, 255), width=s(1.5))
    return img


def pillar_image() -> Image.Image:
    img = floor_image(2)
    shadow = canvas()
    ImageDraw.Draw(shadow).ellipse((s(8), s(10), s(62), s(64)), fill=(40, 30, 20, 140))
    img.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(s(2))))
    d = ImageDraw.Draw(img)
    cx, cy, r = s(31), s(31), s(27)
    d.ellipse((cx - r - s(2), cy - r - s(2), cx + r + s(2), cy + r + s(2)), fill=(60, 56, 52, 255))
    steps = 40  # radial shading: lit from the top left
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - t * 0.92)
        ox, oy = -s(7) * t, -s(7) * t
        c = mix((150, 146, 140), (246, 244, 238), t)
        d.ellipse((cx + ox - rr, cy + oy - rr, cx + ox + rr, cy + oy + rr), fill=(*c, 255))
    d.ellipse((cx - s(19), cy - s(19), cx + s(19), cy + s(19)), outline=(120, 116, 110, 255), width=s(1))
    return img


def obstacle_image() -> Image.Image:
    img = floor_image(3)
    shadow = canvas()
    ImageDraw.Draw(shadow).rectangle((s(12), s(13), s(60), s(61)), fill=(40, 30, 20, 150))
    img.alpha_composite(shadow.filter(ImageFilter.GaussianBlur(s(2))))
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = s(8), s(8), s(56), s(56)
    wood, dark = (164, 108, 52), (84, 50, 22)
    d.rectangle((x0, y0, x1, y1), fill=(*wood, 255))
    for i in range(1, 4):  # planks
        y = y0 + (y1 - y0) * i // 4
        d.line((x0, y, x1, y), fill=(*mix(wood, dark, 0.5), 255), width=s(1))
    b = s(6)
    d.line((x0 + b, y0 + b, x1 - b, y1 - b), fill=(*dark, 255), width=s(5))
    d.line((x0 + b, y1 - b, x1 - b, y0 + b), fill=(*dark, 255), width=s(5))
    d.line((x0 + b, y0 + b, x1 - b, y1 - b), fill=(196, 140, 76, 255), width=s(2.5))
    d.line((x0 + b, y1 - b, x1 - b, y0 + b), fill=(196, 140, 76, 255), width=s(2.5))
    d.rectangle((x0, y0, x1, y1), outline=(*dark, 255), width=s(3))
    d.rectangle((x0 + s(3), y0 + s(3), x1 - s(3), y1 - s(3)), outline=(*mix(wood, dark, 0.35), 255), width=s(1))
    return img


def water_image(frame: int) -> Image.Image:
    base = (36, 104, 186)
    img = canvas((*base, 255))
    d = ImageDraw.Draw(img)
    phase = frame / ANIM_FRAMES * 2 * math.pi
    for row in range(4):
        y0 = (row + 0.5) * BIG / 4
        pts = []
        for i in range(0, 65):
            x = i * BIG / 64
            # one full period across the tile: waves join across neighbouring squares
            y = y0 + math.sin(x / BIG * 2 * math.pi * 2 + phase + row * 1.3) * s(3)
            pts.append((x, y))
        d.line(pts, fill=(24, 76, 150, 255), width=s(3.5))
        d.line([(x, y - s(2.5)) for x, y in pts], fill=(150, 200, 240, 255), width=s(2))
    return img


def lava_image(frame: int) -> Image.Image:
    img = canvas((255, 120, 20, 255))
    d = ImageDraw.Draw(img)
    rnd = random.Random(11)
    glow = 0.5 + 0.5 * math.sin(frame / ANIM_FRAMES * 2 * math.pi)
    # glowing bed under the crust
    for _ in range(18):
        x, y, r = rnd.randrange(BIG), rnd.randrange(BIG), rnd.randrange(s(6), s(14))
        d.ellipse((x - r, y - r, x + r, y + r), fill=(*mix((255, 150, 30), (255, 230, 90), glow), 255))
    # dark crust plates separated by bright cracks
    cells = 3
    cw = BIG / cells
    for gy in range(cells):
        for gx in range(cells):
            cx = (gx + 0.5) * cw + rnd.uniform(-cw * 0.15, cw * 0.15)
            cy = (gy + 0.5) * cw + rnd.uniform(-cw * 0.15, cw * 0.15)
            n = 6
            pts = []
            for k in range(n):
                a = k / n * 2 * math.pi + rnd.uniform(-0.3, 0.3)
                rr = cw * rnd.uniform(0.30, 0.42)
                pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
            d.polygon(pts, fill=(96, 26, 16, 255))
            inner = [(cx + (px - cx) * 0.6, cy + (py - cy) * 0.6) for px, py in pts]
            d.polygon(inner, fill=(*mix((128, 36, 20), (160, 50, 24), glow), 255))
    return img


def acid_image(frame: int) -> Image.Image:
    base = (150, 210, 40)
    img = canvas((*base, 255))
    d = ImageDraw.Draw(img)
    rnd = random.Random(23)
    for _ in range(10):  # darker swirls of the slime
        x, y, r = rnd.randrange(BIG), rnd.randrange(BIG), rnd.randrange(s(8), s(16))
        d.ellipse((x - r, y - r, x + r, y + r), fill=(104, 168, 24, 255))
    for i in range(9):  # bubbles rise a little each frame
        bx = rnd.randrange(s(6), BIG - s(6))
        by0 = rnd.randrange(BIG)
        br = rnd.randrange(s(3), s(7))
        by = (by0 - frame * BIG / ANIM_FRAMES / 2) % BIG
        grow = 1 + 0.25 * ((frame + i) % ANIM_FRAMES) / ANIM_FRAMES
        rr = br * grow
        d.ellipse((bx - rr, by - rr, bx + rr, by + rr), fill=(214, 246, 110, 255), outline=(60, 110, 10, 255), width=s(1.2))
        d.ellipse((bx - rr * 0.45, by - rr * 0.55, bx - rr * 0.05, by - rr * 0.15), fill=(250, 255, 220, 255))
    return img


def hole_image() -> Image.Image:
    img = canvas((56, 48, 40, 255))
    d = ImageDraw.Draw(img)
    steps = 24
    for i in range(steps):  # darker towards the middle: depth
        t = i / (steps - 1)
        m = s(4) + t * s(22)
        c = mix((70, 60, 50), (4, 4, 6), min(1.0, t * 1.3))
        d.rounded_rectangle((m, m, BIG - m, BIG - m), radius=s(10) * (1 - t) + s(2), fill=(*c, 255))
    d.rectangle((0, 0, BIG - 1, BIG - 1), outline=(120, 104, 84, 255), width=s(2.5))
    return img


# -- glyphs (tokens, icons) -------------------------------------------------------------


def glyph_layer(draw_mask, fill: Colour = (250, 250, 250, 255), outline: Colour = (20, 20, 24, 255), stroke: int = 9) -> Image.Image:
    """A white glyph with a dark outline from a mask drawing function (readable on any colour)."""
    mask = Image.new("L", (BIG, BIG), 0)
    draw_mask(ImageDraw.Draw(mask))
    ring = mask.filter(ImageFilter.MaxFilter(stroke * 2 + 1))
    out = canvas()
    out.paste(Image.new("RGBA", (BIG, BIG), outline), (0, 0), ring)
    out.paste(Image.new("RGBA", (BIG, BIG), fill), (0, 0), mask)
    return out


def token_base_image() -> Image.Image:
    """A grey disc the game multiplies by the team colour (light body, darker rim)."""
    img = canvas()
    d = ImageDraw.Draw(img)
    d.ellipse((s(5), s(7), s(61), s(63)), fill=(0, 0, 0, 110))  # shadow
    d.ellipse((s(4), s(4), s(60), s(60)), fill=(96, 96, 96, 255))
    d.ellipse((s(8), s(8), s(56), s(56)), fill=(236, 236, 236, 255))
    d.ellipse((s(13), s(11), s(38), s(26)), fill=(255, 255, 255, 255))
    return img


def sword(d: ImageDraw.ImageDraw) -> None:
    d.polygon([(s(44), s(14)), (s(50), s(14)), (s(50), s(20)), (s(26), s(44)), (s(20), s(38))], fill=255)
    d.line((s(16), s(34), s(30), s(48)), fill=255, width=s(5))  # guard
    d.line((s(22), s(42), s(14), s(50)), fill=255, width=s(5))  # grip


def axe(d: ImageDraw.ImageDraw) -> None:
    # a double-bit axe on a long haft (two-handed / very long weapons)
    d.line((s(32), s(8), s(32), s(58)), fill=255, width=s(4.5))
    d.pieslice((s(10), s(4), s(54), s(40)), 140, 220, fill=255)
    d.pieslice((s(10), s(4), s(54), s(40)), 320, 400, fill=255)


def bow(d: ImageDraw.ImageDraw) -> None:
    d.arc((s(12), s(12), s(52), s(52)), 200, 340, fill=255, width=s(4))
    d.line((s(14.5), s(38), s(49.5), s(38)), fill=255, width=s(1.5))  # string
    d.line((s(32), s(50), s(32), s(14)), fill=255, width=s(3))  # arrow
    d.polygon([(s(32), s(8)), (s(27), s(17)), (s(37), s(17))], fill=255)


def musket(d: ImageDraw.ImageDraw) -> None:
    d.line((s(12), s(48), s(52), s(14)), fill=255, width=s(4))  # barrel
    d.polygon([(s(10), s(44)), (s(24), s(40)), (s(22), s(52)), (s(10), s(56))], fill=255)  # stock
    d.line((s(26), s(40), s(30), s(46)), fill=255, width=s(3))  # trigger guard
    d.ellipse((s(48), s(10), s(56), s(18)), fill=255)


def thrown(d: ImageDraw.ImageDraw) -> None:
    # a throwing knife flying right, with speed lines
    d.polygon([(s(54), s(32)), (s(34), s(26)), (s(34), s(38))], fill=255)
    d.rectangle((s(26), s(29), s(34), s(35)), fill=255)
    for y, x0 in ((22, 10), (32, 6), (42, 10)):
        d.line((s(x0), s(y), s(x0 + 14), s(y)), fill=255, width=s(3))


FAMILY_GLYPHS = {"melee": sword, "two_handed": axe, "bow": bow, "firearm": musket, "thrown": thrown}


def token_glyph(draw) -> Image.Image:
    # glyphs sit inside the disc: draw at 0.7 scale around the centre
    full = glyph_layer(draw, stroke=s(2))
    small = full.resize((round(BIG * 0.8), round(BIG * 0.8)), Image.Resampling.LANCZOS)
    out = canvas()
    off = (BIG - small.width) // 2
    out.alpha_composite(small, (off, off))
    return out


# icons: simple pictograms, white with a dark outline


def icon_walk(d):
    for x, y in ((22, 38), (38, 22)):  # two footprints, one step apart
        d.ellipse((s(x - 6), s(y - 10), s(x + 6), s(y + 8)), fill=255)
        d.ellipse((s(x - 4), s(y + 10), s(x + 4), s(y + 16)), fill=255)


def icon_run(d):
    d.polygon([(s(58), s(32)), (s(40), s(18)), (s(40), s(46))], fill=255)
    d.rectangle((s(22), s(27), s(42), s(37)), fill=255)
    for y, x0 in ((18, 6), (32, 4), (46, 6)):
        d.line((s(x0), s(y), s(x0 + 12), s(y)), fill=255, width=s(3))


def icon_swim(d):
    d.ellipse((s(24), s(10), s(38), s(24)), fill=255)  # head
    for y in (34, 46):
        pts = [(s(x), s(y + 4 * math.sin(x / 64 * 4 * math.pi))) for x in range(6, 59, 2)]
        d.line(pts, fill=255, width=s(4))


def icon_jump(d):
    d.rectangle((s(24), s(40), s(40), s(56)), fill=255)  # the thing jumped over
    d.arc((s(8), s(12), s(56), s(68)), 190, 340, fill=255, width=s(4))
    d.polygon([(s(57.5), s(40)), (s(48), s(32.5)), (s(61), s(28))], fill=255)


def icon_attack(d):
    sword(d)


def icon_circle_attack(d):
    d.arc((s(8), s(8), s(56), s(56)), 30, 330, fill=255, width=s(5))
    d.polygon([(s(56), s(20)), (s(58), s(34)), (s(46), s(28))], fill=255)
    d.ellipse((s(26), s(26), s(38), s(38)), fill=255)


def icon_push(d):
    d.ellipse((s(36), s(18), s(60), s(42)), fill=255)  # pushed fighter
    d.rectangle((s(6), s(26), s(22), s(34)), fill=255)
    d.polygon([(s(34), s(30)), (s(20), s(18)), (s(20), s(42))], fill=255)


def icon_teleport(d):
    for i in range(3):
        m = 8 + i * 8
        d.arc((s(m), s(m), s(64 - m), s(64 - m)), 40 + i * 60, 300 + i * 60, fill=255, width=s(3.5))
    d.ellipse((s(29), s(29), s(35), s(35)), fill=255)


def icon_taunt(d):
    d.rounded_rectangle((s(6), s(8), s(58), s(44)), radius=s(10), fill=255)
    d.polygon([(s(16), s(42)), (s(14), s(58)), (s(30), s(42))], fill=255)
    d.rectangle((s(29), s(14), s(35), s(31)), fill=0)  # "!"
    d.rectangle((s(29), s(34), s(35), s(39)), fill=0)


def icon_stand_up(d):
    d.rectangle((s(8), s(50), s(56), s(56)), fill=255)  # the ground
    d.rectangle((s(27), s(20), s(37), s(44)), fill=255)
    d.polygon([(s(32), s(6)), (s(18), s(22)), (s(46), s(22))], fill=255)


def icon_end_turn(d):
    d.polygon([(s(14), s(8)), (s(50), s(8)), (s(34), s(32)), (s(50), s(56)), (s(14), s(56)), (s(30), s(32))], fill=255)
    d.polygon([(s(22), s(12)), (s(42), s(12)), (s(32), s(26))], fill=0)  # empty top bulb
    d.rectangle((s(10), s(4), s(54), s(9)), fill=255)
    d.rectangle((s(10), s(55), s(54), s(60)), fill=255)


ICONS = {
    "walk": icon_walk, "run": icon_run, "swim": icon_swim, "jump": icon_jump,
    "attack": icon_attack, "circle_attack": icon_circle_attack, "push": icon_push,
    "teleport": icon_teleport, "taunt": icon_taunt, "stand_up": icon_stand_up,
    "end_turn": icon_end_turn,
}


# -- effects -----------------------------------------------------------------------------


def teleport_frames(n: int = 6) -> list[Image.Image]:
    out = []
    for f in range(n):
        img = canvas()
        d = ImageDraw.Draw(img)
        t = f / (n - 1)
        alpha = round(255 * (1 - t * 0.7))
        for i in range(3):
            r = s(8 + 8 * i + 10 * t)
            c = (170, 110, 255) if i % 2 == 0 else (90, 220, 255)
            a0 = f * 40 + i * 90
            d.arc((s(32) - r, s(32) - r, s(32) + r, s(32) + r), a0, a0 + 240, fill=(*c, alpha), width=s(3))
        rnd = random.Random(100 + f)
        for _ in range(8):
            a = rnd.uniform(0, 2 * math.pi)
            rr = s(rnd.uniform(6, 28))
            x, y = s(32) + math.cos(a) * rr, s(32) + math.sin(a) * rr
            k = s(2.5)
            d.polygon([(x, y - k), (x + k / 3, y), (x, y + k), (x - k / 3, y)], fill=(255, 255, 255, alpha))
            d.polygon([(x - k, y), (x, y - k / 3), (x + k, y), (x, y + k / 3)], fill=(255, 255, 255, alpha))
        out.append(img)
    return out


def impact_frames(n: int = 4) -> list[Image.Image]:
    out = []
    for f in range(n):
        img = canvas()
        d = ImageDraw.Draw(img)
        t = (f + 1) / n
        alpha = round(255 * (1.1 - t))
        pts = []
        for k in range(16):
            a = k / 16 * 2 * math.pi
            rr = s(8 + 22 * t) if k % 2 == 0 else s(4 + 10 * t)
            pts.append((s(32) + math.cos(a) * rr, s(32) + math.sin(a) * rr))
        d.polygon(pts, fill=(255, 210, 60, alpha), outline=(200, 40, 20, alpha), width=s(2))
        d.ellipse((s(32 - 5 * t), s(32 - 5 * t), s(32 + 5 * t), s(32 + 5 * t)), fill=(255, 255, 240, alpha))
        out.append(img)
    return out


def dust_frames(n: int = 4) -> list[Image.Image]:
    out = []
    rnd = random.Random(5)
    puffs = [(rnd.uniform(0, 2 * math.pi), rnd.uniform(0.6, 1.0)) for _ in range(7)]
    for f in range(n):
        img = canvas()
        d = ImageDraw.Draw(img)
        t = (f + 1) / n
        alpha = round(240 * (1.15 - t * 0.8))
        for a, k in puffs:
            rr = s(8 + 16 * t * k)
            x, y = s(32) + math.cos(a) * rr, s(40) + math.sin(a) * rr * 0.5
            pr = s(5 + 5 * t)
            d.ellipse((x - pr, y - pr, x + pr, y + pr), fill=(196, 176, 140, alpha), outline=(120, 100, 76, alpha), width=s(1))
        out.append(img)
    return out


def fall_frames(n: int = 4) -> list[Image.Image]:
    out = []
    for f in range(n):
        img = canvas()
        d = ImageDraw.Draw(img)
        t = f / (n - 1)
        pts = []
        for i in range(120):  # a spiral that tightens as the fighter falls
            a = i / 120 * 3 * 2 * math.pi + f * 0.8
            rr = s(28 * (1 - t * 0.6)) * (1 - i / 130)
            pts.append((s(32) + math.cos(a) * rr, s(32) + math.sin(a) * rr))
        d.line(pts, fill=(30, 20, 40, 230), width=s(3))
        d.line(pts, fill=(230, 220, 255, 200), width=s(1))
        out.append(img)
    return out


# -- manifest ------------------------------------------------------------------------------


def main(out: Path | None = None) -> None:
    """Draw everything into `out` (default: the repo's sprites/ folder)."""
    global OUT
    if out is not None:
        OUT = Path(out)
    terrain: dict[str, list[str]] = {}
    terrain["floor"] = [save(finish(floor_image()), "terrain/floor.png")]
    terrain["wall"] = [save(finish(wall_image()), "terrain/wall.png")]
    terrain["pillar"] = [save(finish(pillar_image()), "terrain/pillar.png")]
    terrain["obstacle"] = [save(finish(obstacle_image()), "terrain/obstacle.png")]
    terrain["hole"] = [save(finish(hole_image()), "terrain/hole.png")]
    for name, fn in (("water", water_image), ("lava", lava_image), ("acid", acid_image)):
        terrain[name] = [save(finish(fn(f)), f"terrain/{name}_{f}.png") for f in range(ANIM_FRAMES)]
    tokens = {"base": save(finish(token_base_image()), "tokens/token_base.png")}
    for fam, fn in FAMILY_GLYPHS.items():
        tokens[fam] = save(finish(token_glyph(fn)), f"tokens/{fam}.png")
    icons = {k: save(finish(glyph_layer(fn, stroke=s(2))), f"icons/{k}.png") for k, fn in ICONS.items()}
    effects = {
        "teleport": [save(finish(im), f"effects/teleport_{i}.png") for i, im in enumerate(teleport_frames())],
        "impact": [save(finish(im), f"effects/impact_{i}.png") for i, im in enumerate(impact_frames())],
        "dust": [save(finish(im), f"effects/dust_{i}.png") for i, im in enumerate(dust_frames())],
        "fall": [save(finish(im), f"effects/fall_{i}.png") for i, im in enumerate(fall_frames())],
    }
    frame_ms = {"water": 300, "lava": 250, "acid": 220, "teleport": 70, "impact": 60, "dust": 80, "fall": 90}
    lines = [
        "# Sprite manifest: drawn by tools/draw_sprites.py (do not edit by hand; re-run the script).",
        "# Paths are relative to this folder. A PNG with the same file name in the user sprites",
        "# folder (platformdirs user data dir 'arena-game'/sprites) replaces the shipped one.",
        f"tile = {TILE}",
        'license = "CC0-1.0"',
        "",
    ]
    for name, files in terrain.items():
        lines.append(f"[terrain.{name}]")
        lines.append("frames = [" + ", ".join(f'"{f}"' for f in files) + "]")
        if name in frame_ms:
            lines.append(f"frame_ms = {frame_ms[name]}")
        lines.append("")
    lines.append("[tokens]")
    lines += [f'{k} = "{v}"' for k, v in tokens.items()]
    lines.append("")
    for name, files in effects.items():
        lines.append(f"[effects.{name}]")
        lines.append("frames = [" + ", ".join(f'"{f}"' for f in files) + "]")
        lines.append(f"frame_ms = {frame_ms[name]}")
        lines.append("")
    lines.append("[icons]")
    lines += [f'{k} = "{v}"' for k, v in icons.items()]
    (OUT / "manifest.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {sum(len(v) for v in terrain.values()) + len(tokens) + len(icons) + sum(len(v) for v in effects.values())} sprites to {OUT}")


if __name__ == "__main__":
    import sys

    main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
