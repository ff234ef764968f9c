"""`arena-game render MAP -o FILE.png|.jpg|.webp|.bmp [--tile N] [--overlay spawns,hazards,reach]`: draw a map
into a PNG, headless (SDL dummy driver). The image is exactly width×tile by height×tile.

Overlays: `spawns` (team rings with the team number), `hazards` (dead squares, R2.5,
cross-hatched), `reach` (each square in the pattern of the team that walks there first:
team 1 horizontal stripes, team 2 vertical stripes, a tie a grid; from `mapcheck.walk_first`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from arena_game.commands.arguments import PICTURE_FORMATS, picture_file, time_ms
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.resources import find_map

OVERLAYS = ("spawns", "hazards", "reach")
# team slot colours for overlays (the teams' own colours are not known from a map alone)
SLOT_COLOURS = ("#e74c3c", "#3498db", "#2ecc71", "#9b59b6", "#f39c12", "#1abc9c", "#e84393", "#95a5a6", "#ecf0f1")
REACH_STYLES = ("reach_a", "reach_b", "attack", "move")


def register(sub: Any) -> None:
    """Add the `render` subcommand."""
    p = sub.add_parser("render", help="draw a map into a picture (headless)")
    p.add_argument("map", help="map file or shipped map name")
    p.add_argument("-o", "--output", required=True, type=picture_file,
                   help="picture to write; its extension picks the format (.png, .jpg, .webp, .bmp)")
    p.add_argument("--tile", type=tile_size, default=64, help="square size in pixels (8–256, default 64)")
    p.add_argument("--overlay", type=parse_overlays, action="extend", default=[],
                   help=f"comma-separated, repeatable: {','.join(OVERLAYS)}")
    p.add_argument("--time", type=time_ms, default=0, help="animation time in ms (water, lava, acid frames)")
    p.add_argument("--heights", action="store_true", help="write obstacle heights (cm)")


def parse_overlays(text: str) -> list[str]:
    """The overlay names of `--overlay`; an unknown one is a usage error."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        if n not in OVERLAYS:
            raise argparse.ArgumentTypeError(f"unknown overlay {n!r} (choose from {', '.join(OVERLAYS)})")
    return names


def tile_size(text: str) -> int:
    """`--tile`: a whole number of pixels from 8 to 256."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 8 <= n <= 256:
        raise argparse.ArgumentTypeError("must be between 8 and 256")
    return n


def run(args: argparse.Namespace) -> int:
    """Render the map and write the PNG."""
    overlays = args.overlay
    board = load_map(find_map(args.map))
    out: Path = args.output
    render_png(board, out, args.tile, overlays, args.time, args.heights)
    print(f"{out}: {board.width * args.tile}×{board.height * args.tile} px")
    return 0


def render_png(board: Any, out: Path, tile: int, overlays: list[str], time_ms: int = 0, heights: bool = False) -> None:
    """Draw `board` with `overlays` and save it as PNG through Pillow."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from PIL import Image

    from arena_game.design.mapcheck import walk_first
    from arena_game.render.board import draw_board, draw_label, draw_overlay
    from arena_game.render.sprites import SpriteBook

    pygame.font.init()  # labels only: no audio or window needed
    book = SpriteBook(tile)
    surface = pygame.Surface((board.width * tile, board.height * tile), pygame.SRCALPHA)
    draw_board(surface, board, book, tile, time_ms=time_ms, heights=heights)
    slots = sorted(board.spawns)
    colour = {t: SLOT_COLOURS[i % len(SLOT_COLOURS)] for i, t in enumerate(slots)}
    if "reach" in overlays:
        first = walk_first(board)
        for i, t in enumerate(slots):
            draw_overlay(surface, [sq for sq, who in first.items() if who == t],
                         REACH_STYLES[i % len(REACH_STYLES)], tile, colour=colour[t])
        draw_overlay(surface, [sq for sq, who in first.items() if who == "tie"], "reach_tie", tile)
    if "hazards" in overlays:
        draw_overlay(surface, [sq for sq in board.squares() if board.terrain(sq).dead], "hazard", tile)
    if "spawns" in overlays:
        for t in slots:
            draw_overlay(surface, board.spawns[t], "spawn", tile, colour=colour[t])
            for sq in board.spawns[t]:
                draw_label(surface, sq, t, tile, colour=colour[t])
    data = pygame.image.tobytes(surface, "RGBA")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        picture = Image.frombytes("RGBA", surface.get_size(), data)
        fmt = PICTURE_FORMATS.get(out.suffix.lower(), "PNG")
        (picture if fmt in {"PNG", "WEBP"} else picture.convert("RGB")).save(out, format=fmt)
    except OSError as e:
        raise FileProblem(out, f"cannot be written ({e.strerror or e})") from None
