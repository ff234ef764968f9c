"""A Tiled tile layer's squares: CSV, a JSON list, or Base64 (raw, zlib, gzip or Zstandard).

The size is checked before anything is unpacked: the layer must declare the map's size,
which is within the map limits, and no decompressor may produce more than the 4 bytes a
square needs, so a 100 KB "decompression bomb" costs a few milliseconds, never 100 MB.
"""

from __future__ import annotations

import base64
import binascii
import io
import zlib
from pathlib import Path

import zstandard

from arena_game.formats.problems import FileProblem
from arena_game.formats.tiled_model import GID_LIMIT, Layer

COMPRESSIONS = ("", "zlib", "gzip", "zstd")


def layer_gids(path: Path, layer: Layer, width: int, height: int) -> list[int]:
    """The raw gids of `layer` (flip bits included), row by row: exactly width × height of them."""
    where = f"layer {layer.name!r}"
    if layer.chunks is not None:
        raise FileProblem(path, "an infinite map's chunks are not supported (uncheck Map → Infinite)", field=where)
    if (layer.width, layer.height) != (width, height):
        raise FileProblem(path, f"is {layer.width}×{layer.height} tiles, the map {width}×{height}", field=where)
    count = width * height
    data = layer.data
    if data is None or (isinstance(data, str) and not data.strip()):
        raise FileProblem(path, "has no tile data", field=where)
    if isinstance(data, list):
        gids = data
    elif layer.encoding == "base64":
        gids = _from_base64(path, where, data, layer.compression, count)
    elif layer.encoding in ("csv", ""):
        gids = _from_csv(path, where, data, count)
    else:
        raise FileProblem(path, f"unknown tile data encoding {layer.encoding!r} (use CSV or Base64)", field=where)
    if len(gids) != count:
        raise FileProblem(path, f"holds {len(gids)} tiles where {width}×{height} = {count} are needed", field=where)
    return gids


def _from_csv(path: Path, where: str, text: str, count: int) -> list[int]:
    if len(text) > count * 12:  # "4294967295," per square, with room for white space
        raise FileProblem(path, f"its CSV data is longer than {count} tiles can be", field=where)
    gids = []
    for i, item in enumerate(text.replace("\n", "").replace("\r", "").split(",")):
        item = item.strip()
        if not item and i == count:  # a trailing comma
            continue
        if not item.isdigit() or int(item) >= GID_LIMIT:
            raise FileProblem(path, f"CSV item {i + 1} is not a tile number (found {item[:20]!r})", field=where)
        gids.append(int(item))
    return gids


def _from_base64(path: Path, where: str, text: str, compression: str, count: int) -> list[int]:
    if compression not in COMPRESSIONS:
        raise FileProblem(path, f"unknown compression {compression!r} (use none, zlib, gzip or zstd)", field=where)
    try:
        packed = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise FileProblem(path, "its Base64 tile data is damaged", field=where) from None
    need = 4 * count
    if len(packed) > need + 1024:  # no compressor makes tile data much larger than it was
        raise FileProblem(path, f"its tile data is {len(packed)} bytes, more than {count} tiles need", field=where)
    raw = packed if not compression else _unpack(path, where, packed, compression, need)
    if len(raw) != need:
        raise FileProblem(path, f"holds {len(raw) // 4} tiles where {count} are needed", field=where)
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, need, 4)]


def _unpack(path: Path, where: str, packed: bytes, compression: str, need: int) -> bytes:
    """At most need + 1 bytes of the unpacked data: more than `need` is refused, never unpacked."""
    try:
        if compression == "zstd":
            with zstandard.ZstdDecompressor().stream_reader(io.BytesIO(packed)) as reader:
                out = reader.read(need + 1)
        else:
            wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
            out = zlib.decompressobj(wbits).decompress(packed, need + 1)
    except (zlib.error, zstandard.ZstdError):
        raise FileProblem(path, f"its {compression} tile data is damaged", field=where) from None
    if len(out) > need:
        raise FileProblem(path, f"its {compression} tile data unpacks to more than {need} bytes", field=where)
    return out
