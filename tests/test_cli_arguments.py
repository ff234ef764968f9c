"""Issue 19, point 6: sizes, picture formats and times are read the same way by every command,
refused with one line and exit 2 (never clamped silently), and README lists every command and
option that `arena-game --help` knows."""

import argparse
import re
from pathlib import Path

import pytest

from arena_game.cli import COMMANDS, build_parser, main

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "argv, fault",
    [
        (["play", "--size", "100x100"], "100x100 is outside 800x560 to 3840x2160"),
        (["resume", "--size", "9000x9000"], "9000x9000 is outside"),
        (["tutorial", "--size", "640x480"], "640x480 is outside"),
        (["demo", "--size", "320x240"], "a window is at least 800x560"),
        (["play", "--size", "big"], "'big' is not WIDTHxHEIGHT"),
        (["scenario", "basics/swim", "--gif", "out.png"], "must end in .gif"),
        (["scenario", "basics/swim", "--gif", "o.gif", "--size", "100x100"], "100x100 is outside 320x240"),
        (["render", "tutoriel", "-o", "x.gif"], "must end in one of .bmp, .jpeg, .jpg, .png, .webp"),
        (["render", "tutoriel", "-o", "x.png", "--time", "-5"], "-5 ms is outside 0 to 3600000"),
    ],
)
def test_19_6_sizes_formats_and_times_refused_alike(argv: list[str], fault: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and fault in err[0] and err[0].startswith("arena-game: error:")


def test_19_6_render_writes_the_format_its_name_says(tmp_path: Path) -> None:
    for name, magic in (("m.jpg", b"\xff\xd8\xff"), ("m.png", b"\x89PNG"), ("m.webp", b"RIFF"), ("m.bmp", b"BM")):
        assert main(["render", "tutoriel", "-o", str(tmp_path / name), "--tile", "8"]) == 0
        assert (tmp_path / name).read_bytes().startswith(magic), name


def _options(parser: argparse.ArgumentParser) -> list[list[str]]:
    """Each documented option's spellings (`-o`, `--output`)."""
    return [
        a.option_strings
        for a in parser._actions
        if a.option_strings and a.help != argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)
    ]


def _named(spellings: list[str], text: str) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text) for s in spellings)


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_19_6_readme_lists_every_command_and_option_of_help() -> None:
    missing = []
    commands = _subparsers()
    assert set(commands) == set(COMMANDS)
    for name, parser in commands.items():
        section = re.search(rf"^- `arena-game {name}\b.*?(?=^- `arena-game |^\S|\Z)", README, re.M | re.S)
        if section is None:
            missing.append(f"command {name}")
            continue
        missing += [f"{name} {opt[-1]}" for opt in _options(parser) if not _named(opt, section.group(0))]
    assert missing == []


def test_19_6_readme_names_no_option_help_does_not_know() -> None:
    commands = _subparsers()
    for name, parser in commands.items():
        section = re.search(rf"^- `arena-game {name}\b.*?(?=^- `arena-game |^\S|\Z)", README, re.M | re.S)
        assert section is not None, name
        known = {s for a in parser._actions for s in a.option_strings}
        named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", section.group(0)))
        assert named - known == set(), name


def test_19_6_bench_and_tool_docstrings_name_paths_a_clone_has() -> None:
    root = Path(__file__).parent.parent
    stale = [
        f"{p.relative_to(root)}: {line.strip()}"
        for p in sorted([*root.glob("bench/*.py"), *root.glob("tools/*.py")])
        for line in p.read_text(encoding="utf-8").splitlines()
        if "/work/" in line or "venv/bin/python" in line and ".venv/bin/python" not in line
    ]
    assert stale == []
