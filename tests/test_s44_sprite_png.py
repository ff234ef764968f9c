"""S44, task 1: a bad user sprite PNG gives ONE line on stderr naming the file and the fault, exit
code 2. Before, libpng printed "libpng error: …" of its own in front of the game's line (a file cut
short, a CRC that fails, broken compressed data): the chunks are now checked and the pixels decoded
by Pillow, so libpng never reads a user's file."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WALL = (ROOT / "sprites" / "terrain" / "wall.png").read_bytes()


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def ihdr(width: int, height: int) -> bytes:
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))


def _idat_at() -> tuple[int, int]:
    at = WALL.index(b"IDAT") - 4
    return at, struct.unpack(">I", WALL[at:at + 4])[0]


def _bad_crc() -> bytes:
    at, length = _idat_at()
    raw = bytearray(WALL)
    raw[at + 8 + length] ^= 0x01  # the IDAT chunk's CRC, one bit off
    return bytes(raw)


def _flipped_data() -> bytes:
    at, length = _idat_at()
    raw = bytearray(WALL)
    raw[at + 12] ^= 0xFF  # a byte of the compressed pixels: the CRC catches it
    return bytes(raw)


def _broken_zlib() -> bytes:
    """Chunks and CRCs all well formed, the compressed pixels not (said since session 60 before Pillow reads them)."""
    at, _ = _idat_at()
    return WALL[:at] + chunk(b"IDAT", b"\x78\x9c" + b"\xff" * 40) + chunk(b"IEND", b"")


def _png(width: int, height: int, body: bytes = b"") -> bytes:
    return b"\x89PNG\r\n\x1a\n" + ihdr(width, height) + body


CASES = {
    "truncated": (WALL[:300], "is cut short: chunk IDAT at byte 33 runs past the end of the file"),
    "no_iend": (WALL[:-12], "is cut short: no chunk header at byte"),
    "bad_crc": (_bad_crc(), "is damaged: chunk IDAT at byte 33 fails its CRC check"),
    "flipped_pixel_byte": (_flipped_data(), "is damaged: chunk IDAT at byte 33 fails its CRC check"),
    "broken_zlib": (_broken_zlib(), "is damaged: its pixel data (IDAT) does not unpack (broken zlib data)"),
    "zero_bytes": (b"", "cannot be read as a PNG image (it is not a PNG file)"),
    "text_renamed": (b"GIF89a not a png at all\n", "cannot be read as a PNG image (it is not a PNG file)"),
    "bomb_declared_size": (_png(100_000, 100_000, chunk(b"IDAT", zlib.compress(b"\0" * 100_000)) + chunk(b"IEND", b"")),
                           "is 100000×100000 pixels; a sprite may be at most 4096×4096"),
    "bomb_4g_by_4g": (_png(0xFFFFFFFF, 0xFFFFFFFF), "is 4294967295×4294967295 pixels"),
}


def run_render(data_dir: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """`arena-game render` in a child with the user data folder at `data_dir` (its sprites/ overrides)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "ARENA_GAME_DATA": str(data_dir)}
    return subprocess.run([sys.executable, "-m", "arena_game", "render", "arene-classique", "-o", str(out)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_bad_user_sprite_is_one_line_and_exit_2(tmp_path, name):
    raw, fault = CASES[name]
    (tmp_path / "sprites").mkdir()
    sprite = tmp_path / "sprites" / "wall.png"
    sprite.write_bytes(raw)
    done = run_render(tmp_path, tmp_path / "out.png")
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, lines  # no "libpng error: …" before it, no traceback
    assert lines[0].startswith(f"arena-game: {sprite}: {fault}"), lines
    assert not (tmp_path / "out.png").exists()


def test_a_good_user_sprite_still_draws_and_matches_pygames_own_decoding(tmp_path):
    import pygame

    from arena_game.core.terrain import Terrain
    from arena_game.render.sprites import SpriteBook

    (tmp_path / "sprites").mkdir()
    (tmp_path / "sprites" / "wall.png").write_bytes(WALL)
    done = run_render(tmp_path, tmp_path / "out.png")
    assert (done.returncode, done.stderr) == (0, "")
    book = SpriteBook(64, user_folder=tmp_path / "sprites")
    ours = book.image("terrain/wall.png", 64)
    theirs = pygame.image.load(str(ROOT / "sprites" / "terrain" / "wall.png"))
    assert ours.get_size() == theirs.get_size()
    assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
    assert book.terrain(Terrain.WALL).get_size() == (64, 64)


def test_every_shipped_sprite_passes_the_chunk_check():
    from arena_game.render.sprites import read_png

    for path in sorted((ROOT / "sprites").rglob("*.png")):
        assert read_png(path)
