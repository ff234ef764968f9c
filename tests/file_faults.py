"""Shared by the file tests: the one line a refused file gives, and the fuzzer's modules."""

from __future__ import annotations

import json
import shutil
import sys
import zlib
from pathlib import Path
from types import ModuleType, SimpleNamespace

import zstandard

from arena_game.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_cli(capsys, *argv: object) -> tuple[int, list[str], str]:
    """Run the command line on `argv`: its exit code, its stderr lines that are not blank, its stdout."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, [line for line in err.splitlines() if line.strip()], out


def cli_fault(capsys, *argv: object) -> str:
    """The one whole line (`arena-game: FILE: …`, exit code 2) the command line gives for `argv`:
    never a traceback, never an exception's name."""
    code, lines, _ = run_cli(capsys, *argv)
    assert code == 2, lines
    assert len(lines) == 1, lines
    assert "Traceback" not in lines[0] and "Error" not in lines[0], lines
    return lines[0]


def play_fault(capsys, path: Path) -> str:
    """The one line `play` gives for `path` (exit code 2), without the `arena-game: FILE` head
    (a line and column stay: `:2:7: …`)."""
    line = cli_fault(capsys, "play", "--frames", "0", path)
    head = f"arena-game: {path}"
    assert line.startswith(head), line
    return line[len(head):].removeprefix(": ")


def said_once(path: Path | str, line: str) -> str:
    """The loader's `line` for a fault of `path` as `check` says it after naming `path`: without
    the file ("4:3: unknown symbol 'Q'", or the fault alone); a fault of another file keeps it."""
    rest = line.removeprefix(str(path))
    if rest == line or not rest.startswith(":"):
        return line
    return rest.removeprefix(":").removeprefix(" ")


def teams_with(tmp_path: Path, old: str, new: str) -> Path:
    """The shipped teams file with its first `old` replaced by `new`, written in `tmp_path`."""
    from arena_game.resources import default_teams_path

    text = default_teams_path().read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "t.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def fuzz_tools() -> tuple[ModuleType, ModuleType]:
    """`tools/fuzz.py` and `tools/fuzz_cases.py`, imported (the tools folder is no package)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fuzz
        import fuzz_cases
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return fuzz, fuzz_cases


FLOOR_TILESET = """<tileset firstgid="{first}" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="1">
  <tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>
 </tileset>"""


def spawn_map(tmp_path: Path, objects: str, first: int = 1) -> Path:
    """A 4×4 Tiled map of floor (32-pixel squares, its tileset embedded from gid `first`), a
    spawn of team 1 at (0, 0), and `objects` on its spawns layer."""
    row = ",".join([str(first)] * 4)
    p = tmp_path / "m.tmx"
    p.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32">
 {FLOOR_TILESET.format(first=first)}
 <layer id="1" name="terrain" width="4" height="4"><data encoding="csv">{",".join([row] * 4)}</data></layer>
 <objectgroup id="2" name="spawns">
  <object id="1" x="16" y="16"><properties><property name="team" type="int" value="1"/></properties><point/></object>
  {objects}
 </objectgroup>
</map>""", encoding="utf-8")
    return p


TILED_DATA = Path(__file__).resolve().parent / "data" / "tiled"


def folder_beside_maps(tmp_path: Path, **files: object) -> Path:
    """`tmp_path` holding a shipped Tiled map with its tileset, and each of `files` (name → JSON
    body) beside it as NAME.json: what `check FOLDER` meets in a game's folder."""
    for name in ("arene-inondee.tmx", "arena-tiles.tsx", "arena-tiles.png"):
        shutil.copy(TILED_DATA / name, tmp_path / name)
    for name, body in files.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(body), encoding="utf-8")
    return tmp_path


class _CountedUnpacking:
    """A decompressor that counts the bytes it gives out on its own line of `unpacked`."""

    def __init__(self, inner, unpacked: list[int]) -> None:
        self.inner, self.unpacked, self.line = inner, unpacked, len(unpacked)
        unpacked.append(0)

    def decompress(self, *args, **kwargs):
        out = self.inner.decompress(*args, **kwargs)
        self.unpacked[self.line] += len(out)
        return out

    def __getattr__(self, name):
        return getattr(self.inner, name)


def count_unpacking(monkeypatch) -> list[int]:
    """From now on in this test, the bytes each decompression stream gives out, one item a
    stream: the loader opens one per zlib or gzip stream, one per Zstandard frame. A bomb
    refused unread leaves it as it was; one stopped at its cap, each stream within it."""
    unpacked: list[int] = []
    zlib_stream, zstd_reader = zlib.decompressobj, zstandard.ZstdDecompressor
    monkeypatch.setattr(zlib, "decompressobj", lambda *a: _CountedUnpacking(zlib_stream(*a), unpacked))
    monkeypatch.setattr(zstandard, "ZstdDecompressor", lambda: SimpleNamespace(
        decompressobj=lambda: _CountedUnpacking(zstd_reader().decompressobj(), unpacked)))
    return unpacked
