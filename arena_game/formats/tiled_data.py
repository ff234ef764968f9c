"""A Tiled tile layer's squares: CSV, a JSON list, or Base64 (raw, zlib, gzip or Zstandard).

The size is checked before anything is unpacked: the layer must declare the map's size,
which is within the map limits, and no decompressor may produce more than the 4 bytes a
square needs, so a 100 KB "decompression bomb" costs a few milliseconds, never 100 MB.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from pathlib import Path

import zstandard

from arena_game.formats.problems import Word, fault_words, keyed
from arena_game.formats.tiled_model import GID_LIMIT, Layer, ascii_digits

COMPRESSIONS = ("", "zlib", "gzip", "zstd")


def layer_gids(path: Path, layer: Layer, width: int, height: int) -> list[int]:
    """The raw gids of `layer` (flip bits included), row by row: exactly width × height of them."""
    where = fault_words("tiled_layer", label=repr(layer.name))
    if layer.chunks is not None:
        raise keyed(path, "tiled_chunks", field=where)
    if (layer.width, layer.height) != (width, height):
        raise keyed(path, "tiled_layer_size", field=where, layer_width=layer.width, layer_height=layer.height,
                    width=width, height=height)
    count = width * height
    data = layer.data
    if data is None or (isinstance(data, str) and not data.strip()):
        raise keyed(path, "tiled_no_data", field=where)
    if isinstance(data, list) and layer.encoding in ("csv", ""):
        gids = data
    elif isinstance(data, list) and layer.encoding == "base64":  # Tiled reads a Base64 layer's text alone
        raise keyed(path, "tiled_base64_list", field=where)
    elif isinstance(data, list):
        raise keyed(path, "tiled_encoding", field=where, encoding=repr(layer.encoding))
    elif layer.encoding == "base64":
        gids = _from_base64(path, where, data, layer.compression, count)
    elif layer.encoding in ("csv", ""):
        gids = _from_csv(path, where, data, count)
    else:
        raise keyed(path, "tiled_encoding", field=where, encoding=repr(layer.encoding))
    if len(gids) != count:
        raise keyed(path, "tiled_tile_count", field=where, n=len(gids), width=width, height=height, count=count)
    return gids


def _from_csv(path: Path, where: Word, text: str, count: int) -> list[int]:
    # "4294967295," per square, with room to spare; the white space around the rows is not
    # counted: a tool that indents them (flame's test maps) writes more of it than digits on a
    # small map (the file's byte cap bounds it)
    if len(text) - sum(map(text.count, " \t\r\n")) > count * 12:
        raise keyed(path, "tiled_csv_long", field=where, n=count)
    gids = []
    # a line break is white space around an item, never nothing: "1\n1" is two numbers without
    # their comma (a row's end left out), which Tiled refuses, not the tile 11
    for i, item in enumerate(text.split(",")):
        item = item.strip()
        if not item and i == count:  # a trailing comma
            continue
        if not ascii_digits(item) or int(item) >= GID_LIMIT:
            rows = item.split()
            two_rows = len(rows) > 1 and all(map(ascii_digits, rows)) and ("\n" in item or "\r" in item)
            key = "tiled_csv_no_comma" if two_rows else "tiled_csv_item"
            raise keyed(path, key, field=where, item=i + 1, found=repr(item[:20]))
        gids.append(int(item))
    return gids


def _from_base64(path: Path, where: Word, text: str, compression: str, count: int) -> list[int]:
    if compression not in COMPRESSIONS:
        raise keyed(path, "tiled_compression", field=where, compression=repr(compression))
    try:
        packed = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise keyed(path, "tiled_base64", field=where) from None
    need = 4 * count
    if len(packed) > need + 1024:  # no compressor makes tile data much larger than it was
        raise keyed(path, "tiled_data_bytes", field=where, size=len(packed), count=count)
    raw = packed if not compression else _unpack(path, where, packed, compression, need)
    if len(raw) != need:
        raise keyed(path, "tiled_tiles_needed", field=where, n=len(raw) // 4, count=count)
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, need, 4)]


def _unpack(path: Path, where: Word, packed: bytes, compression: str, need: int) -> bytes:
    """The unpacked data as Tiled reads it (`Tiled::decompress`): for zlib and gzip one stream,
    either header taken whatever the file says (zlib's 15 + 32 window bits), nothing after it;
    for Zstandard every frame, back to back (ZSTD_decompress). A stream cut short, or bytes
    after it, is refused, never half read; more than `need` bytes is refused, never unpacked."""
    try:
        if compression == "zstd":
            return _unpack_zstd(path, where, packed, need)
        stream = zlib.decompressobj(zlib.MAX_WBITS | 32)
        out = stream.decompress(packed, need + 1)
    except (zlib.error, zstandard.ZstdError):
        raise keyed(path, "tiled_packed_damaged", field=where, compression=compression) from None
    if len(out) > need:
        raise keyed(path, "tiled_packed_large", field=where, compression=compression, need=need)
    if not stream.eof:  # cut short: its end, and the check sum that ends it, are missing
        raise keyed(path, "tiled_packed_damaged", field=where, compression=compression)
    if stream.unused_data:  # a second gzip member, or bytes of anything: Tiled refuses the layer
        raise keyed(path, "tiled_packed_trailing", field=where, compression=compression, n=len(stream.unused_data))
    return out


_ZSTD_STEP = 64  # input bytes fed at a time: a few RLE blocks, so at most a few MB come out before the size check


def _unpack_zstd(path: Path, where: Word, packed: bytes, need: int) -> bytes:
    """Every Zstandard frame of `packed`, at most need + 1 bytes of them."""
    out = bytearray()
    pos = 0
    while pos < len(packed):
        frame = zstandard.ZstdDecompressor().decompressobj()
        while not frame.eof:
            if pos >= len(packed):  # the frame is cut short
                raise keyed(path, "tiled_packed_damaged", field=where, compression="zstd")
            chunk = packed[pos:pos + _ZSTD_STEP]
            pos += len(chunk)
            out += frame.decompress(chunk)
            if len(out) > need:
                raise keyed(path, "tiled_packed_large", field=where, compression="zstd", need=need)
        pos -= len(frame.unused_data)  # the next frame starts there
    return bytes(out)
