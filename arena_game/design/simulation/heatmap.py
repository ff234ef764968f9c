"""Heatmap pictures over the map: where fighters stood (all, and per spawn side), where they
died, and which side holds each square (Pillow PNGs).

The colour scale is clipped at the 95th percentile of the non-empty squares (`robust_top`),
so one square where fighters stood all match (a spawn, a choke point) does not bleach the
rest of the map; squares above it take the top colour.

The map area is exactly the map's size times the square size, one square per map square,
at (0, TITLE_H): a title line above it (map, what is shown, matches), a colour scale below
(`SCALE_H`); the canvas is widened (map area still at the left) when the title needs it.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from arena_game.bots.match import MatchRecord
from arena_game.core.board import Board
from arena_game.core.terrain import Terrain
from arena_game.design.simulation.report import level_name
from arena_game.formats.problems import shorten
from arena_game.i18n import DEFAULT_LANG, t, tn
from arena_game.render import palette
from arena_game.render.glyphs import drawable, window_font_file

CELL = 32
TITLE_H = 28  # the title band above the map area
TITLE_FONT, SCALE_FONT = 15, 13  # font sizes of the title and of the scale's labels
SCALE_H = 30  # the colour scale band below it
_BAND = palette.LEGEND_BOX
_INK = palette.LEGEND_TITLE


def map_picture(board: Board, cell: int = CELL) -> Image.Image:
    """The map as the window draws it (`arena_game.render` sprites), or plainly if that fails."""
    try:
        return rendered_map(board, cell)
    except Exception:  # noqa: BLE001 - no display libraries or sprites: the plain picture will do
        return plain_map(board, cell)


def _pygame() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()


def rendered_map(board: Board, cell: int = CELL) -> Image.Image:
    """The map drawn with the shipped sprites (pygame, headless), without spawn numbers (RGBA)."""
    _pygame()
    from arena_game.render.board import picture, to_image
    from arena_game.render.sprites import SpriteBook

    return to_image(picture(board, cell, SpriteBook(cell)))


def plain_map(board: Board, cell: int = CELL) -> Image.Image:
    """The map drawn plainly, one flat colour per terrain, with a faint grid (RGBA)."""
    img = Image.new("RGBA", (board.width * cell, board.height * cell))
    draw = ImageDraw.Draw(img)
    for (x, y) in board.squares():
        t = board.terrain((x, y))
        box = (x * cell, y * cell, (x + 1) * cell - 1, (y + 1) * cell - 1)
        draw.rectangle(box, fill=(*palette.TERRAIN[t], 255), outline=(0, 0, 0, 40))
        if t is Terrain.PILLAR:
            draw.ellipse((box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3), fill=(*palette.PILLAR_STONE, 255))
    return img


def spawn_numbers(picture: Image.Image, board: Board, cell: int = CELL) -> Image.Image:
    """`picture` (RGBA, changed) with the spawn squares' side numbers laid over it, outlined as
    the window draws them, or plainly if that fails: over the colours, which hid them (a side's
    own spawns are the squares it holds most, its deepest colour). Drawn a square at a time, not
    as a layer the map's size (a third more time for a picture of the 64² map)."""
    for slot, squares in board.spawns.items():
        number = _spawn_number(slot, cell)
        for (x, y) in squares:
            picture.alpha_composite(number, (x * cell, y * cell))
    return picture


@cache
def _spawn_number(slot: str, cell: int) -> Image.Image:
    """A square's picture (RGBA, clear) holding side `slot`'s number."""
    try:
        _pygame()
        import pygame

        from arena_game.render.board import to_image
        from arena_game.render.text import draw_label

        surface = pygame.Surface((cell, cell), pygame.SRCALPHA)
        draw_label(surface, (0, 0), slot, cell)
        return to_image(surface)
    except Exception:  # noqa: BLE001 - no display libraries: the plain number will do
        square = Image.new("RGBA", (cell, cell), (0, 0, 0, 0))
        ImageDraw.Draw(square).text((3, 2), slot, fill=(60, 50, 40, 255))
        return square


def _ramp(v: float) -> tuple[int, int, int, int]:
    """0 → clear, low → yellow, high → deep red; always see-through enough to read the map."""
    lo, hi = palette.HEAT_LOW, palette.HEAT_HIGH
    r, g, b = (int(a + (z - a) * v) for a, z in zip(lo, hi, strict=True))
    return r, g, b, int(35 + 175 * v)


CLIP_PERCENTILE = 95


def robust_top(counts: Sequence[int], percentile: int = CLIP_PERCENTILE) -> int:
    """The scale's top: the `percentile`-th percentile of the non-empty squares (nearest rank)."""
    filled = sorted(c for c in counts if c > 0)
    if not filled:
        return 0
    rank = max(1, -(-percentile * len(filled) // 100))  # ceil(p × n / 100)
    return filled[rank - 1]


def top_label(counts: Sequence[int]) -> str:
    """The scale's top as written: '12', or '12+' where squares above it were clipped."""
    top = robust_top(counts)
    return f"{top}+" if max(counts, default=0) > top else str(top)


def heatmap(board: Board, counts: Sequence[int], cell: int = CELL, marker: str = "fill",
            base: Image.Image | None = None) -> Image.Image:
    """`counts` (one per square, row by row) over the map; `marker` "fill" or "dot"; `base`
    the map picture when the caller already drew it (it is not changed)."""
    base = base if base is not None else map_picture(board, cell)
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    top = robust_top(counts)
    if top > 0:
        for i, c in enumerate(counts):
            if c <= 0:
                continue
            x, y = i % board.width, i // board.width
            v = min(1.0, c / top)
            box = (x * cell, y * cell, (x + 1) * cell - 1, (y + 1) * cell - 1)
            if marker == "dot":
                pad = int(cell * (0.42 - 0.3 * v))
                draw.ellipse((box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad), fill=_ramp(v), outline=(*palette.HEAT_DOT_EDGE, 255))
            else:
                draw.rectangle(box, fill=_ramp(v))
    return spawn_numbers(Image.alpha_composite(base, layer), board, cell)


@cache  # two sizes, loaded once, not twice per picture
def ui_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The window's font (Arena Sans, `window_font_file`: Noto Sans with arrows), else Pillow's
    own scalable font."""
    with contextlib.suppress(OSError):
        return ImageFont.truetype(str(window_font_file()), size)
    return ImageFont.load_default(size=size)


def prepare(board: Board, cell: int = CELL) -> Image.Image:
    """What `write_heatmaps` needs before any match is played (the map picture under every
    heatmap, the fonts): for a caller to do while its workers play."""
    ui_font(TITLE_FONT), ui_font(SCALE_FONT)
    return map_picture(board, cell)


def framed(picture: Image.Image, title: str, top: int | str, scale_label: str, cell: int = CELL,
           paint: Callable[[float], tuple[int, int, int, int]] | None = None, low: str = "") -> Image.Image:
    """`picture` (the map area) under a title line and over a colour scale `low` … `top`
    painted with `paint` (default: the heat ramp from clear to deep red)."""
    paint = paint or _ramp
    title, scale_label, low = drawable(title), drawable(scale_label), drawable(low)  # as the window draws them
    f = ui_font(TITLE_FONT)
    small = ui_font(SCALE_FONT)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = max(picture.width, int(probe.textlength(title, font=f)) + 16, 320)
    canvas = Image.new("RGBA", (width, TITLE_H + picture.height + SCALE_H), (*_BAND, 255))
    canvas.paste(picture, (0, TITLE_H))
    draw = ImageDraw.Draw(canvas)
    draw.text((8, TITLE_H // 2), title, font=f, fill=_INK, anchor="lm")
    y0 = TITLE_H + picture.height
    mid = y0 + SCALE_H // 2
    label = f"{scale_label} {low}".strip()
    draw.text((8, mid), label, font=small, fill=_INK, anchor="lm")
    x = 8 + int(draw.textlength(label, font=small)) + 6
    bar_w, bar_h = 160, 12
    floor = (*palette.TERRAIN[Terrain.FLOOR], 255)
    bar = Image.new("RGBA", (bar_w, bar_h), floor)
    ramp = Image.new("RGBA", (bar_w, bar_h), (0, 0, 0, 0))
    rd = ImageDraw.Draw(ramp)
    for i in range(bar_w):  # the very colours of the squares, over plain floor
        rd.line((i, 0, i, bar_h - 1), fill=paint((i + 1) / bar_w))
    canvas.paste(Image.alpha_composite(bar, ramp), (x, mid - bar_h // 2))
    draw.rectangle((x - 1, mid - bar_h // 2 - 1, x + bar_w, mid + bar_h - bar_h // 2), outline=(0, 0, 0, 255))
    draw.text((x + bar_w + 6, mid), str(top), font=small, fill=_INK, anchor="lm")
    return canvas


def _summed(rows: Sequence[Sequence[int]], cells: int) -> list[int]:
    out = [0] * cells
    for row in rows:
        for i, v in enumerate(row):
            out[i] += v
    return out


def _hold_ramp(v: float) -> tuple[int, int, int, int]:
    """0 → side 1 holds (dark blue), 0.5 → shared (clear), 1 → side 2 (light orange): the two
    ends differ in lightness, so they stay apart for colour-blind eyes."""
    if v < 0.5:
        k = (0.5 - v) * 2
        return 25, 55, 150, int(40 + 185 * k)
    k = (v - 0.5) * 2
    return 255, 175, 40, int(40 + 185 * k)


def held_map(board: Board, side_counts: Sequence[Sequence[int]], cell: int = CELL,
             base: Image.Image | None = None) -> Image.Image:
    """Which of two sides stood on each square more: (side 2 − side 1) / both, coloured with
    `_hold_ramp`; squares where few turns ended (under 1/20 of the clipped top) stay clear."""
    base = base if base is not None else map_picture(board, cell)
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    one, two = side_counts
    total = [a + b for a, b in zip(one, two, strict=True)]
    floor = max(1, robust_top(total) // 20)
    for i, n in enumerate(total):
        if n < floor:
            continue
        x, y = i % board.width, i // board.width
        share = two[i] / n  # 0: all side 1, 1: all side 2
        if abs(share - 0.5) < 0.05:
            continue
        draw.rectangle((x * cell, y * cell, (x + 1) * cell - 1, (y + 1) * cell - 1), fill=_hold_ramp(share))
    return spawn_numbers(Image.alpha_composite(base, layer), board, cell)


PNG_COMPRESSION = 3


def _heat_picture(board: Board, counts: list[int], cell: int, marker: str, base: Image.Image, title: str,
                  scale: str) -> Image.Image:
    return framed(heatmap(board, counts, cell, marker, base), title, top_label(counts), scale, cell)


def _held_picture(board: Board, sides: list[list[int]], cell: int, base: Image.Image, title: str,
                  by_first: str, by_second: str) -> Image.Image:
    return framed(held_map(board, sides, cell, base), title, by_second, "", cell, _hold_ramp, low=by_first)


def level_title(title: str, level: str | None, lang: str = DEFAULT_LANG) -> str:
    """`title` followed by the bots' level the figures rest on, named in `lang` as the text
    report names it ("fort (strong)"); `title` alone when no level is given."""
    if level is None:
        return title
    return t("heatmap.with_level", lang, title=title, level=level_name(level, lang))


def write_heatmaps(board: Board, records: Sequence[MatchRecord], out_dir: str | Path, cell: int = CELL,
                   lang: str = DEFAULT_LANG, base: Image.Image | None = None, threads: int = 1,
                   level: str | None = None) -> list[Path]:
    """Write, in `out_dir`, titled in `lang`: `stood.png` and `died.png` (all fighters), one
    `stood-side-N.png` per spawn side, and `held.png` (which of the first two sides held each
    square). Each title names the bots' `level` when given, and is kept whole in the PNG's
    `Title` text too. `base`: the map picture from `prepare`, when the caller drew it already;
    `threads`: how many pictures to draw and write at once (a series on two cores writes its
    five pictures on two: zlib lets other threads run while it compresses)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    cells = board.width * board.height
    # the map's own name, from its file: one line (Pillow cannot measure a title with a line break)
    name = shorten(board.name) if board.name else "?"
    scale = t("heatmap.scale", lang)
    played = tn("heatmap.matches", len(records), lang)  # "1 match", "50 matches"
    if base is None:
        base = map_picture(board, cell)  # drawn once: it is the slow part, and the same under every picture
    pictures: list[tuple[str, str, Callable[[], Image.Image]]] = []  # (file stem, title, drawing)
    for kind, marker in (("stood", "fill"), ("died", "dot")):
        counts = _summed([getattr(r, kind) for r in records], cells)
        title = level_title(t(f"heatmap.{kind}", lang, map=name, matches=played), level, lang)
        pictures.append((kind, title, partial(_heat_picture, board, counts, cell, marker, base, title, scale)))
    sides = sorted({s for r in records for s in r.stood_by_slot}, key=lambda k: (len(k), k))
    per_side = {s: _summed([r.stood_by_slot.get(s, [0] * cells) for r in records], cells) for s in sides}
    for s in sides:
        title = level_title(t("heatmap.stood_side", lang, map=name, side=s, matches=played), level, lang)
        pictures.append((f"stood-side-{s}", title,
                         partial(_heat_picture, board, per_side[s], cell, "fill", base, title, scale)))
    if len(sides) >= 2:
        a, b = sides[:2]
        title = level_title(t("heatmap.held", lang, map=name, a=a, b=b, matches=played), level, lang)
        pictures.append(("held", title, partial(_held_picture, board, [per_side[a], per_side[b]], cell, base, title,
                                                t("heatmap.held_by", lang, side=a), t("heatmap.held_by", lang, side=b))))

    def write(item: tuple[str, str, Callable[[], Image.Image]]) -> Path:
        stem, title, draw = item
        p = out / f"{stem}.png"
        # zlib level 3: a twentieth bigger than the default 6 and two and a half times faster
        # to write (5 pictures at the end of every series, which no worker can share)
        draw().convert("RGB").save(p, compress_level=PNG_COMPRESSION, pnginfo=titled_png(title))
        return p

    if threads <= 1:
        return [write(item) for item in pictures]
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(write, pictures))


def titled_png(title: str) -> PngInfo:
    """PNG text chunks giving the picture's title (the standard `Title` keyword, as UTF-8), so
    an image viewer, a script or a test reads what the picture says without reading pixels."""
    info = PngInfo()
    info.add_itxt("Title", title)
    return info


PICTURE_NAME = re.compile(r"(?:stood|died|held|stood-side-[0-9]+)\.png")
"""The name of every picture `write_heatmaps` may write (`stood-side-N.png`: one per spawn side)."""


def remove_stale_pictures(folder: str | Path, written: Sequence[str | Path]) -> list[Path]:
    """Remove from `folder` the pictures an earlier series left there that this one did not
    write (`written`, by name): a series on a map with fewer sides leaves no `stood-side-3.png`
    of the last one to read as its own. Only files named as `write_heatmaps` names its pictures
    go; every other file, and a folder of such a name, stays. Returns what was removed (a file
    that cannot be removed stays, and is not returned)."""
    keep = {Path(p).name for p in written}
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if entry.name in keep or not PICTURE_NAME.fullmatch(entry.name):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
