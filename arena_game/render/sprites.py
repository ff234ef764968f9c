"""SpriteBook: the shipped sprites (plus user overrides), scaled to a tile size and cached.

    book = SpriteBook(tile=48)
    book.terrain(Terrain.LAVA, frame)            # frame wraps around
    book.terrain_at(Terrain.LAVA, time_ms)       # the frame showing at that time
    book.token(WeaponFamily.BOW, "#c0392b")      # disc tinted with the team colour + glyph
    book.effect("teleport", frame); book.effect_frames("teleport")
    book.icon("circle_attack", size=32)

Overrides: a PNG in the user sprites folder (`sprites/` in the user data folder: $ARENA_GAME_DATA,
else platformdirs' `arena-game` folder) with the same relative path (`terrain/lava_0.png`) or the same
file name (`lava_0.png`) replaces the shipped one. A bad PNG is a FileProblem.
"""

from __future__ import annotations

import importlib
import io
import re
import struct
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pygame

from arena_game.core.kept import Kept
from arena_game.core.sheets import WeaponFamily
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import keyed
from arena_game.formats.safe_read import read_bytes
from arena_game.formats.spritemanifest import SpriteManifest, load_manifest
from arena_game.resources import sprites_dir, user_data_dir

ColourLike = str | tuple[int, int, int] | tuple[int, int, int, int]


MAX_PNG_SIDE = 4096  # a sprite is 64 px; a larger picture would only cost memory
KEPT_SIDE = 256
"""The largest side a loaded sprite is kept at: the largest anything draws one (`render --tile
256`; the window's squares are at most 128 px, its effects 1.1 of that). A 4096×4096 override
was kept whole: 64 MiB for a 64 px square."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# colour type → the bit depths PNG allows with it (PNG spec, 11.2.2 IHDR)
PNG_DEPTHS = {0: frozenset({1, 2, 4, 8, 16}), 2: frozenset({8, 16}), 3: frozenset({1, 2, 4, 8}),
              4: frozenset({8, 16}), 6: frozenset({8, 16})}
# Pillow names its own objects in some faults ("cannot identify image file <_io.BytesIO object at 0x7f…>")
_OBJECT_AT = re.compile(r"\s*<[^<>]* object at 0x[0-9a-fA-F]+>")


def read_png(path: Path) -> bytes:
    """A PNG file's bytes (a regular file within the byte cap), refused before decoding if it
    is not a PNG, declares a side over MAX_PNG_SIDE pixels (a decompression bomb), or its
    chunks are cut short, fail their CRC or never reach IEND (`check_png_chunks`): libpng would
    print a line of its own on stderr for those, so they never reach it."""
    raw = read_bytes(path)
    if raw[:8] != PNG_SIGNATURE or len(raw) < 24 or raw[12:16] != b"IHDR":
        raise keyed(path, "png_not_png")
    width, height = struct.unpack(">II", raw[16:24])
    if not (0 < width <= MAX_PNG_SIDE and 0 < height <= MAX_PNG_SIDE):
        raise keyed(path, "png_too_big", width=width, height=height, side=MAX_PNG_SIDE)
    depth, colour, compression, filtering, interlace = raw[24:29]
    if depth not in PNG_DEPTHS.get(colour, frozenset()) or compression or filtering or interlace > 1:
        raise keyed(path, "png_bad_header", depth=depth, colour=colour,
                    methods=f"{compression}, {filtering}, {interlace}")
    check_png_chunks(path, raw)
    return raw


def check_png_chunks(path: Path, raw: bytes) -> None:
    """Walk the chunks after the signature: each must fit in the file and match its CRC, and
    IEND must come (a file cut short, or a flipped byte, is one FileProblem)."""
    at = len(PNG_SIGNATURE)
    while True:
        if at + 8 > len(raw):
            raise keyed(path, "png_cut_short", at=at)
        length = struct.unpack(">I", raw[at:at + 4])[0]
        kind = raw[at + 4:at + 8]
        name = kind.decode("latin-1") if kind.isalpha() else repr(kind)
        end = at + 12 + length
        if end > len(raw):
            raise keyed(path, "png_chunk_cut", chunk=name, at=at)
        crc = struct.unpack(">I", raw[end - 4:end])[0]
        if zlib.crc32(raw[at + 4:end - 4]) != crc:
            raise keyed(path, "png_bad_crc", chunk=name, at=at)
        if kind == b"IEND":
            return
        at = end


def decode_png(path: Path, raw: bytes, max_side: int | None = None) -> pygame.Surface:
    """`raw` (checked by `read_png`) decoded by Pillow, its pixels handed to pygame: libpng never
    sees a user's file, so a fault in the compressed data is our one line, not libpng's too. A
    picture with a side over `max_side` is scaled down to it first, its proportions kept."""
    from PIL import Image  # Pillow is only needed once a sprite is drawn

    try:
        with Image.open(io.BytesIO(raw), formats=["PNG"]) as img:
            img.load()
            rgba = img.convert("RGBA")
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError, zlib.error) as e:
        if "MAX_TEXT_CHUNK" in str(e):  # a zTXt, iTXt or iCCP chunk unpacking past Pillow's 1 MB
            raise keyed(path, "png_text_large") from None
        raise keyed(path, "png_unreadable", detail=_OBJECT_AT.sub("", str(e)) or type(e).__name__) from None
    if max_side is not None and max(rgba.size) > max_side:
        rgba.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)  # alpha-weighted, halved in steps first
    return pygame.image.frombytes(rgba.tobytes(), rgba.size, "RGBA")


DECODER_MODULES = ("PIL.Image", "PIL.BmpImagePlugin", "PIL.GifImagePlugin", "PIL.JpegImagePlugin",
                   "PIL.PpmImagePlugin", "PIL.PngImagePlugin")
"""What the session's first `decode_png` imports (`Image.open` registers five formats first):
~19 ms, 9 of them Pillow's Image module."""


def decoder_steps() -> Iterator[None]:
    """Import each of `DECODER_MODULES` not imported yet, pausing after each: a window that is
    about to draw its first sprites spreads that work over frames of its own (the demo's first
    film: its board picture took 21 ms, most of it these imports)."""
    for name in DECODER_MODULES:
        if name not in sys.modules:
            importlib.import_module(name)
            yield


def user_sprites_dir() -> Path:
    """Where a player drops PNGs that replace shipped sprites."""
    return user_data_dir() / "sprites"


def to_colour(c: ColourLike) -> pygame.Color:
    """'#c0392b' or (r, g, b) as a pygame Color."""
    return pygame.Color(c)


TOKEN_PICTURES = 1024  # a few zoom levels of a full roster; a book's pictures start over past it


class SpriteBook:
    """Sprites from the manifest at one tile size; every scaled surface is cached."""

    def __init__(self, tile: int = 64, folder: Path | None = None, user_folder: Path | None = None,
                 use_user_folder: bool = True) -> None:
        self.tile = tile
        self.folder = Path(folder) if folder is not None else sprites_dir()
        self.user_folder = (Path(user_folder) if user_folder is not None else user_sprites_dir()) if use_user_folder else None
        self.manifest: SpriteManifest = load_manifest(self.folder)
        self._raw: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._tokens: dict[tuple[WeaponFamily, tuple[int, int, int], int], pygame.Surface] = {}
        self.pictures: Kept[tuple[object, int], pygame.Surface] = Kept(TOKEN_PICTURES)
        """Fighter token pictures drawn with this book (`render.tokens.token_image`), kept with
        this very book, not with its copies: they go when it goes (a board view's own copy
        takes its match's token pictures with it)."""

    def resized(self, tile: int) -> SpriteBook:
        """The same sprites at another tile size (raw images are shared), with token pictures
        of its own (none yet). `resized(book.tile)` is a copy of the book."""
        other = SpriteBook.__new__(SpriteBook)
        other.__dict__.update(self.__dict__)
        other.tile = tile
        other._scaled = self._scaled  # keyed by size: sharing is safe
        other._tokens = self._tokens
        other.pictures = Kept(TOKEN_PICTURES)
        return other

    # -- files -------------------------------------------------------------------

    def source(self, rel: str) -> Path:
        """The file that draws `rel`: a user override if there is one, else the shipped file."""
        if self.user_folder is not None:
            for cand in (self.user_folder / rel, self.user_folder / Path(rel).name):
                if cand.is_file():
                    return cand
        return self.folder / rel

    def _load(self, rel: str) -> pygame.Surface:
        surf = self._raw.get(rel)
        if surf is None:
            path = self.source(rel)
            surf = decode_png(path, read_png(path), KEPT_SIDE)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()  # fast blits once a window exists
            self._raw[rel] = surf
        return surf

    def image(self, rel: str, size: int | None = None) -> pygame.Surface:
        """A manifest file scaled to `size` px (the tile size by default)."""
        size = size or self.tile
        key = (rel, size)
        surf = self._scaled.get(key)
        if surf is None:
            raw = self._load(rel)
            surf = raw if raw.get_size() == (size, size) else pygame.transform.smoothscale(raw, (size, size))
            self._scaled[key] = surf
        return surf

    # -- what the game asks for ----------------------------------------------------

    def terrain_frames(self, t: Terrain) -> int:
        """How many animation frames a terrain has (1 when still)."""
        return len(self.manifest.terrain[t].frames)

    def terrain(self, t: Terrain, frame: int = 0) -> pygame.Surface:
        """The sprite of a terrain; `frame` wraps around."""
        frames = self.manifest.terrain[t].frames
        return self.image(frames[frame % len(frames)])

    def terrain_at(self, t: Terrain, time_ms: int, phase: int = 0) -> pygame.Surface:
        """The terrain frame showing at `time_ms` (`phase` offsets neighbouring squares)."""
        anim = self.manifest.terrain[t]
        return self.terrain(t, time_ms // anim.frame_ms + phase)

    def token(self, family: WeaponFamily | str, colour: ColourLike, size: int | None = None) -> pygame.Surface:
        """A fighter token: the base disc tinted with the team colour, the weapon glyph on top."""
        fam = WeaponFamily(family)
        size = size or self.tile
        c = to_colour(colour)
        key = (fam, (c.r, c.g, c.b), size)
        surf = self._tokens.get(key)
        if surf is None:
            surf = self.image(self.manifest.tokens.base, size).copy()
            surf.fill((c.r, c.g, c.b, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(self.image(self.manifest.tokens.glyph(fam), size), (0, 0))
            self._tokens[key] = surf
        return surf

    def effect_frames(self, name: str) -> int:
        """How many frames an effect has."""
        return len(self.manifest.effects[name].frames)

    def effect(self, name: str, frame: int, size: int | None = None) -> pygame.Surface:
        """One frame of an effect (teleport, impact, dust, fall); the last frame holds."""
        frames = self.manifest.effects[name].frames
        return self.image(frames[min(max(frame, 0), len(frames) - 1)], size)

    def icon(self, kind: str, size: int | None = None) -> pygame.Surface:
        """An action icon (walk, run, swim, jump, attack, circle_attack, push, teleport, taunt,
        stand_up, end_turn)."""
        return self.image(self.manifest.icons[kind], size)
