"""Shared by the file tests: the one line a refused file gives, and the fuzzer's modules."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

from arena_game.cli import main

ROOT = Path(__file__).resolve().parent.parent


def play_fault(capsys, path: Path) -> str:
    """The one line `play` gives for `path` (exit code 2), without the `arena-game: FILE` head
    (a line and column stay: `:2:7: …`)."""
    code = main(["play", "--frames", "0", str(path)])
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert code == 2 and len(err) == 1, err
    head = f"arena-game: {path}"
    assert err[0].startswith(head), err
    return err[0][len(head):].removeprefix(": ")


def fuzz_tools() -> tuple[ModuleType, ModuleType]:
    """`tools/fuzz.py` and `tools/fuzz_cases.py`, imported (the tools folder is no package)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fuzz
        import fuzz_cases
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return fuzz, fuzz_cases
