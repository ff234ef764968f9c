"""`arena-game render MAP -o FILE.png|.jpg|.webp|.bmp [--tile N] [--overlay spawns,hazards,reach] [--lang fr|en]`:
draw a map into a PNG, headless (SDL dummy driver). The image is exactly width×tile by height×tile.

Overlays: `spawns` (team rings with the team number), `hazards` (dead squares, R2.5,
hatched as in the window), `reach` (each square in the stripes of the team that walks there
first: team 1 rows, team 2 columns, team 3 diagonals, a tie a grid; `mapcheck.walk_first`).
Drawn by the one board renderer, `render.board.picture`.
"""

from __future__ import annotations

import argparse
import io
import os
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import (
    PICTURE_FORMATS,
    file_name,
    picture_file,
    terminal_lang,
    time_ms,
    whole_number,
)
from arena_game.commands.user_sprites import check_user_sprites
from arena_game.formats.atomic import write_atomic_bytes
from arena_game.formats.mapfile import load_map, map_named
from arena_game.formats.problems import one_line, unwritable
from arena_game.i18n import t

OVERLAYS = ("spawns", "hazards", "reach")


def register(sub: Any) -> None:
    """Add the `render` subcommand."""
    p = sub.add_parser("render")
    p.add_argument("map", type=file_name)
    p.add_argument("-o", "--output", required=True, type=picture_file)
    p.add_argument("--tile", type=whole_number(8, 256), default=64)
    p.add_argument("--overlay", type=parse_overlays, action="extend", default=[])
    p.add_argument("--time", type=time_ms, default=0)
    p.add_argument("--heights", action="store_true")
    p.add_argument("--lang", choices=("fr", "en"), default=None)


def parse_overlays(text: str) -> list[str]:
    """The overlay names of `--overlay`; an unknown one is a usage error."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        if n not in OVERLAYS:
            raise argparse.ArgumentTypeError(t("usage.unknown_overlay", "en", name=repr(n), choices=", ".join(OVERLAYS)))
    return names



def run(args: argparse.Namespace) -> int:
    """Render the map and write the PNG."""
    overlays = args.overlay
    board = load_map(map_named(args.map))
    check_user_sprites({board.terrain(sq) for sq in board.squares()})  # the sprites this picture shows
    out: Path = args.output
    render_png(board, out, args.tile, overlays, args.time, args.heights)
    print(t("terminal.picture_written", terminal_lang(args), file=one_line(str(out)),
            w=board.width * args.tile, h=board.height * args.tile))
    return 0


def render_png(board: Any, out: Path, tile: int, overlays: list[str], time_ms: int = 0, heights: bool = False) -> None:
    """Draw `board` with `overlays` (the one board renderer) and save it through Pillow (format from the suffix)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from arena_game.design.mapcheck import walk_first
    from arena_game.render.board import map_highlights, picture, to_image
    from arena_game.render.sprites import SpriteBook

    pygame.font.init()  # labels only: no audio or window needed
    marks = map_highlights(board, spawns="spawns" in overlays, hazards="hazards" in overlays,
                           walk_first=walk_first(board) if "reach" in overlays else None)
    surface = picture(board, tile, SpriteBook(tile), marks, time_ms=time_ms, heights=heights)
    image = to_image(surface)
    fmt = PICTURE_FORMATS.get(out.suffix.lower(), "PNG")
    data = io.BytesIO()
    (image if fmt in {"PNG", "WEBP"} else image.convert("RGB")).save(data, format=fmt)
    try:  # replaced whole or not at all: a kill or a full disk never leaves half a picture
        write_atomic_bytes(out, data.getvalue())
    except OSError as e:
        raise unwritable(out, e) from None
