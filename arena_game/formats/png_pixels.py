"""A player's sprite PNG held against its own header: the pixel data (its IDAT chunks, unpacked)
must be exactly what the header's size, bit depth and colour type need, every row's filter one
PNG has, and a palette picture must carry its palette. Pillow draws a picture whose data stops
early (the rest left blank) and says one that lies the other way in its own words
("unrecognized data stream contents"); libpng refuses both. A text chunk unpacking past
Pillow's 1 MB, for which Pillow refuses the picture, is said too. No pygame, no Pillow here.

Call it on bytes `render.sprites.read_png` has checked (signature, header fields, chunks whole,
CRCs right, IEND reached).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from arena_game.formats.problems import keyed

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type → samples per pixel (PNG spec, 11.2.2)
FILTERS = 5  # filter types 0 (none) to 4 (Paeth)
PIECE = 1 << 20  # bytes unpacked at a time
TEXT_LIMIT = 1 << 20  # Pillow refuses a zTXt, iTXt or iCCP chunk unpacking past this (MAX_TEXT_CHUNK)
PACKED_TEXT = (b"zTXt", b"iTXt", b"iCCP")
# Adam7's seven passes: first column, first row, column step, row step (PNG spec, 8.2)
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def check_png_pixels(path: Path, raw: bytes) -> None:
    """Refuse `raw` (a PNG `read_png` took) whose pixels are not what its header says: one
    line naming the file and the chunk at fault."""
    width, height = struct.unpack(">II", raw[16:24])
    depth, colour, interlace = raw[24], raw[25], raw[28]
    idat, seen_plte = _chunks(path, raw)
    if not idat:
        raise keyed(path, "png_no_pixels")
    rows = _rows(width, height, depth, colour, interlace)
    need = sum(count * (1 + stride) for count, stride in rows)
    got, bad_filter = _unpack_checking_rows(path, b"".join(idat), need, rows)
    if got != need:  # said first: rows of another size than the header's read as junk filters
        raise keyed(path, "png_pixels_short" if got < need else "png_pixels_long", found=got,
                    need=need, width=width, height=height, depth=depth, colour=colour)
    if bad_filter:
        raise keyed(path, "png_bad_filter", row=bad_filter[0], filter=bad_filter[1])
    if colour == 3 and not seen_plte:
        raise keyed(path, "png_no_palette")


def _unpack_checking_rows(path: Path, packed: bytes, need: int, rows: list[tuple[int, int]]) -> tuple[int, tuple[int, int] | None]:
    """How many bytes `packed` unpacks to (at most `need` + 1), and the first row whose filter
    byte PNG lacks (its number and that byte), if any: a piece at a time, so a 4096×4096 picture
    never sits unpacked twice in memory."""
    strides = (stride for count, stride in rows for _ in range(count))  # each row's length after its filter byte
    row, next_row, got = 0, 0, 0
    bad_filter = None
    unpacker = zlib.decompressobj()
    try:
        while got <= need:
            piece = unpacker.decompress(packed, min(PIECE, need + 1 - got))  # b"": nothing more to come
            packed = unpacker.unconsumed_tail
            if not piece:
                break
            while next_row < got + len(piece) and next_row < need:
                if bad_filter is None and piece[next_row - got] >= FILTERS:
                    bad_filter = (row + 1, piece[next_row - got])
                row, next_row = row + 1, next_row + 1 + next(strides)
            got += len(piece)
    except zlib.error:
        raise keyed(path, "png_pixels_damaged") from None
    return got, bad_filter


def _chunks(path: Path, raw: bytes) -> tuple[list[bytes], bool]:
    """The IDAT chunks' data (one run of them, as PNG wants), and whether a PLTE came before."""
    idat: list[bytes] = []
    seen_plte = ended = False
    at = 8 + 25  # past the signature and IHDR (read_png checked both)
    while True:
        length = struct.unpack(">I", raw[at:at + 4])[0]
        kind = raw[at + 4:at + 8]
        if kind == b"IEND":
            return idat, seen_plte
        if kind == b"IHDR":
            raise keyed(path, "png_second_header", at=at)
        if kind in PACKED_TEXT and _text_too_large(kind, raw[at + 8:at + 8 + length]):
            raise keyed(path, "png_text_large")
        if kind == b"IDAT":
            if ended:
                raise keyed(path, "png_pixels_split", at=at)
            idat.append(raw[at + 8:at + 8 + length])
        elif idat:
            ended = True
        if kind == b"PLTE" and not idat:
            seen_plte = True
        at += 12 + length


def _text_too_large(kind: bytes, data: bytes) -> bool:
    """Whether a zTXt, iTXt or iCCP chunk's packed text unpacks past `TEXT_LIMIT`, read as Pillow
    reads it (an iTXt is packed only when its flag says so; text it cannot unpack, it skips)."""
    _, _, rest = data.partition(b"\0")
    if kind == b"iTXt":
        parts = rest[2:].split(b"\0", 2)
        if len(rest) < 2 or rest[0] == 0 or rest[1] != 0 or len(parts) < 3:
            return False
        packed = parts[2]
    else:
        packed = rest[1:]  # after the compression method's byte
    unpacker = zlib.decompressobj()
    try:
        unpacker.decompress(packed, TEXT_LIMIT)
    except zlib.error:
        return False
    return bool(unpacker.unconsumed_tail)


def _rows(width: int, height: int, depth: int, colour: int, interlace: int) -> list[tuple[int, int]]:
    """(how many rows, bytes a row holds after its filter byte) for each image the data holds:
    the picture itself, or Adam7's seven reduced pictures (an empty one holds no rows)."""
    bits = depth * CHANNELS[colour]
    if not interlace:
        return [(height, (width * bits + 7) // 8)]
    out = []
    for x0, y0, dx, dy in ADAM7:
        w, h = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if w > 0 and h > 0:
            out.append((h, (w * bits + 7) // 8))
    return out
