"""A player's sprite whose PNG header (IHDR) no PNG has, or whose text chunk is a decompression
bomb, was said with Pillow's words: "cannot identify image file <_io.BytesIO object at 0x7f…>"
(a Python object, its address changing run to run), "Decompressed data too large for
PngImagePlugin.MAX_TEXT_CHUNK", in English in a French window too."""

from __future__ import annotations

import struct
import zlib

import pytest

from arena_game.resources import sprites_dir
from tests.file_faults import cli_fault


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _wall() -> bytes:
    return (sprites_dir() / "terrain" / "wall.png").read_bytes()


def _with_header(raw: bytes, **fields: int) -> bytes:
    ihdr = bytearray(raw[16:29])
    for i, name in enumerate(("depth", "colour", "compression", "filtering", "interlace"), start=8):
        if name in fields:
            ihdr[i] = fields[name]
    return raw[:8] + _chunk(b"IHDR", bytes(ihdr)) + raw[33:]


@pytest.mark.parametrize(("fields", "said"), [
    ({"colour": 7}, "bit depth 8 with colour type 7, and methods 0, 0, 0"),
    ({"depth": 16, "colour": 3}, "bit depth 16 with colour type 3, and methods 0, 0, 0"),
    ({"compression": 1}, "bit depth 8 with colour type 6, and methods 1, 0, 0"),
    ({"interlace": 2}, "bit depth 8 with colour type 6, and methods 0, 0, 2"),
])
def test_s57_a_sprite_whose_header_no_png_has_is_said_in_words(tmp_path, capsys, monkeypatch, fields, said):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    sprite = tmp_path / "sprites" / "wall.png"
    sprite.parent.mkdir()
    sprite.write_bytes(_with_header(_wall(), **fields))
    line = cli_fault(capsys, "render", "arene-classique", "-o", tmp_path / "o.png", "--tile", "16")
    assert line == (f"arena-game: {sprite}: cannot be read as a PNG image: its header (IHDR) gives {said}, "
                    "which no PNG has (save it again from a drawing program)")


def test_s57_a_sprite_whose_text_chunk_unpacks_past_a_megabyte_is_said_in_words(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    sprite = tmp_path / "sprites" / "wall.png"
    sprite.parent.mkdir()
    raw = _wall()
    sprite.write_bytes(raw[:33] + _chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"A" * (8 << 20), 9)) + raw[33:])
    line = cli_fault(capsys, "render", "arene-classique", "-o", tmp_path / "o.png", "--tile", "16")
    assert line == (f"arena-game: {sprite}: cannot be read as a PNG image: a text or colour profile chunk "
                    "(zTXt, iTXt or iCCP) unpacks to more than 1 MB")
