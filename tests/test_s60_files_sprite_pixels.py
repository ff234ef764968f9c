"""A player's sprite PNG whose pixel data is not what its header says: Pillow drew one that
stops early (a 4096×4096 header over three rows of pixels: the rest blank) and said the others
in its own words ("unrecognized data stream contents when reading image file", "cannot load
this image", "image file is truncated (0 bytes not processed)"); a palette picture without its
palette was drawn in greys. libpng refuses them all. And a bad override of a sprite the first
frame does not draw (an effect, an icon) passed `play` and stopped the window when first drawn,
mid-match: every override is now read before the window opens (`commands/user_sprites.py`)."""

from __future__ import annotations

import random
import struct
import zlib

import pytest

from arena_game.cli import main
from tests.file_faults import cli_fault

SIG = b"\x89PNG\r\n\x1a\n"
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _ihdr(w: int, h: int, depth: int = 8, colour: int = 6, interlace: int = 0) -> bytes:
    return _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, interlace))


def _rgba_rows(w: int, h: int, filter_type: int = 0) -> bytes:
    return (bytes([filter_type]) + b"\x80" * (4 * w)) * h


def _png(w: int, h: int, pixels: bytes, before_idat: bytes = b"", **header: int) -> bytes:
    return SIG + _ihdr(w, h, **header) + before_idat + _chunk(b"IDAT", zlib.compress(pixels)) + _chunk(b"IEND", b"")


def _packed(samples: list[int], depth: int) -> bytes:
    if depth >= 8:
        return b"".join(s.to_bytes(depth // 8, "big") for s in samples)
    bits = "".join(format(s, f"0{depth}b") for s in samples)
    bits += "0" * (-len(bits) % 8)
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))


def _any_png(w: int, h: int, depth: int, colour: int, interlace: int) -> bytes:
    """A valid PNG of random pixels, written row by row (Adam7's seven passes when interlaced)."""
    rng = random.Random(w * 1000 + h)
    top = (1 << depth) - 1
    px = [[[rng.randint(0, top) for _ in range(CHANNELS[colour])] for _ in range(w)] for _ in range(h)]
    data = b""
    for x0, y0, dx, dy in ADAM7 if interlace else ((0, 0, 1, 1),):
        for y in range(y0, h, dy):
            if x0 < w:
                data += b"\x00" + _packed([s for x in range(x0, w, dx) for s in px[y][x]], depth)
    palette = _chunk(b"PLTE", bytes(rng.randint(0, 255) for _ in range(3 * (top + 1)))) if colour == 3 else b""
    return _png(w, h, data, palette, depth=depth, colour=colour, interlace=interlace)


def _render_line(tmp_path, capsys, monkeypatch, body: bytes, name: str = "wall.png") -> str:
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    sprite = tmp_path / "sprites" / name
    sprite.parent.mkdir(exist_ok=True)
    sprite.write_bytes(body)
    line = cli_fault(capsys, "render", "arene-classique", "-o", tmp_path / "o.png", "--tile", "16")
    head = f"arena-game: {sprite}: "
    assert line.startswith(head), line
    return line[len(head):]


def test_s60_a_sprite_whose_pixels_stop_before_its_header_says_is_refused(tmp_path, capsys, monkeypatch):
    said = _render_line(tmp_path, capsys, monkeypatch, _png(4096, 4096, _rgba_rows(4096, 3)))
    assert said == ("holds less pixel data than its header says: its IDAT unpacks to 49155 bytes where "
                    "4096×4096 pixels (colour type 6, 8-bit) need 67112960 (a picture cut short or resized "
                    "by hand: save it again from a drawing program)")


def test_s60_a_sprite_with_more_pixels_than_its_header_says_is_refused_by_size(tmp_path, capsys, monkeypatch):
    said = _render_line(tmp_path, capsys, monkeypatch, _png(16, 16, _rgba_rows(64, 64)))
    assert said == ("holds more pixel data than its header says: its IDAT unpacks to more than the 1040 bytes "
                    "16×16 pixels (colour type 6, 8-bit) need (a header edited by hand: save it again from a "
                    "drawing program)")


def test_s60_an_interlaced_sprite_short_of_pixels_counts_adam7s_passes(tmp_path, capsys, monkeypatch):
    said = _render_line(tmp_path, capsys, monkeypatch, _png(64, 64, _rgba_rows(16, 16), interlace=1))
    assert said.startswith("holds less pixel data than its header says: its IDAT unpacks to 1040 bytes where "
                           "64×64 pixels (colour type 6, 8-bit) need 16504 ")  # 16,384 bytes of pixels, 120 rows over 7 passes


@pytest.mark.parametrize(("body", "said"), [
    (_png(8, 8, _rgba_rows(8, 8, filter_type=9)),
     "is damaged: pixel row 1 starts with filter type 9, which PNG does not have (0 to 4)"),
    (SIG + _ihdr(8, 8) + _chunk(b"IDAT", b"\x78\x9c" + b"\xff" * 40) + _chunk(b"IEND", b""),
     "is damaged: its pixel data (IDAT) does not unpack (broken zlib data)"),
    (SIG + _ihdr(8, 8) + _chunk(b"IEND", b""),
     "cannot be read as a PNG image: it holds no pixel data (no IDAT chunk)"),
    (_png(8, 8, (b"\x00" + b"\x00" * 8) * 8, colour=3),
     "cannot be read as a PNG image: it is a palette picture without its palette (no PLTE chunk before its pixels)"),
    (_png(8, 8, _rgba_rows(8, 8), before_idat=_ihdr(4096, 4096)),
     "is damaged: a second header (IHDR) at byte 33 (a PNG has one, first)"),
    (SIG + _ihdr(8, 8) + _chunk(b"IDAT", zlib.compress(_rgba_rows(8, 8))[:10]) + _chunk(b"tEXt", b"a\x00b")
     + _chunk(b"IDAT", zlib.compress(_rgba_rows(8, 8))[10:]) + _chunk(b"IEND", b""),
     "is damaged: its pixel data (IDAT) goes on at byte 70, after another chunk (a PNG keeps its IDAT chunks together)"),
], ids=["filter-9", "broken-zlib", "no-idat", "palette-without-plte", "two-ihdr", "idat-split"])
def test_s60_a_sprite_whose_pixel_data_is_broken_is_said_in_words(tmp_path, capsys, monkeypatch, body, said):
    assert _render_line(tmp_path, capsys, monkeypatch, body) == said


@pytest.mark.parametrize(("colour", "depths"), [(0, (1, 2, 4, 8, 16)), (2, (8, 16)), (3, (1, 2, 4, 8)), (4, (8, 16)),
                                                (6, (8, 16))])
@pytest.mark.parametrize("interlace", [0, 1])
def test_s60_every_kind_of_valid_sprite_still_draws(tmp_path, capsys, monkeypatch, colour, depths, interlace):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    folder = tmp_path / "sprites"
    folder.mkdir()
    for depth in depths:
        for w, h in ((1, 1), (1, 9), (9, 1), (3, 5), (33, 17)):
            (folder / "wall.png").write_bytes(_any_png(w, h, depth, colour, interlace))
            assert main(["render", "arene-classique", "-o", str(tmp_path / "o.png"), "--tile", "16"]) == 0, (depth, w, h)
            capsys.readouterr()


@pytest.mark.parametrize("name", ["impact_2.png", "teleport_3.png", "walk.png"])
def test_s60_play_refuses_a_bad_sprite_the_first_frame_does_not_draw_before_the_window(
        tmp_path, capsys, monkeypatch, name):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    sprite = tmp_path / "sprites" / name
    sprite.parent.mkdir()
    sprite.write_text("not a picture\n")
    opened = []
    monkeypatch.setattr("arena_game.ui.windows.match_window", lambda *a, **k: opened.append(a))
    line = cli_fault(capsys, "play", "arene-classique", "--frames", "0")
    assert line == f"arena-game: {sprite}: cannot be read as a PNG image (it is not a PNG file)"
    assert not opened


def test_s60_play_refuses_an_effect_sprite_whose_text_chunk_pillow_refuses_before_the_window(
        tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    sprite = tmp_path / "sprites" / "impact_2.png"
    sprite.parent.mkdir()
    bomb = _chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"A" * (2 << 20), 9))
    sprite.write_bytes(_png(8, 8, _rgba_rows(8, 8), before_idat=bomb))
    opened = []
    monkeypatch.setattr("arena_game.ui.windows.match_window", lambda *a, **k: opened.append(a))
    line = cli_fault(capsys, "play", "arene-classique", "--frames", "0")
    assert line == (f"arena-game: {sprite}: cannot be read as a PNG image: a text or colour profile chunk "
                    "(zTXt, iTXt or iCCP) unpacks to more than 1 MB")
    assert not opened


def test_s60_render_reads_the_overrides_of_the_terrains_it_shows_every_frame(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    folder = tmp_path / "sprites"
    folder.mkdir()
    (folder / "walk.png").write_text("not a picture\n")  # an icon: no map picture shows it
    (folder / "lava_3.png").write_text("not a picture\n")  # a lava frame --time 0 does not show
    assert main(["render", "arene-classique", "-o", str(tmp_path / "o.png"), "--tile", "16"]) == 0  # no lava there
    capsys.readouterr()
    line = cli_fault(capsys, "render", "fosse-de-lave", "-o", tmp_path / "o.png", "--tile", "16")
    assert line == f"arena-game: {folder / 'lava_3.png'}: cannot be read as a PNG image (it is not a PNG file)"


def test_s60_simulate_refuses_a_bad_override_of_a_terrain_its_heatmaps_show_before_the_series(
        tmp_path, capsys, monkeypatch):
    """`simulate` drew its heatmaps over a plain map, saying nothing, when an override of a
    terrain the map shows was bad: it says the file at once, before playing, as `render` does."""
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    folder = tmp_path / "sprites"
    folder.mkdir()
    (folder / "lava_3.png").write_text("not a picture\n")
    out = tmp_path / "sim"
    line = cli_fault(capsys, "simulate", "fosse-de-lave", "--matches", "1", "--jobs", "1", "--no-progress",
                     "--out", out)
    assert line == f"arena-game: {folder / 'lava_3.png'}: cannot be read as a PNG image (it is not a PNG file)"
    assert not out.exists()  # refused before any match was played or picture written
