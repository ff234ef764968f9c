"""Argument types shared by every `arena-game` subcommand, so a size, an image file or a
time is read and refused the same way everywhere (one line, exit 2, never clamped silently)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from arena_game.i18n import pick_lang, t

# A window below this cannot lay out the board beside the side panel; above 4K nothing grows.
WINDOW_MIN, WINDOW_MAX = (800, 560), (3840, 2160)
# GIFs and pictures may be smaller (a thumbnail for a forum post).
IMAGE_MIN, IMAGE_MAX = (320, 240), (3840, 2160)

# Formats Pillow writes by extension; anything else would be PNG bytes under a lying name.
PICTURE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".bmp": "BMP"}


def size_type(smallest: tuple[int, int], largest: tuple[int, int]) -> Callable[[str], tuple[int, int]]:
    """An argparse type for `WIDTHxHEIGHT` within [smallest, largest]."""

    def parse(text: str) -> tuple[int, int]:
        parts = text.lower().split("x")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise argparse.ArgumentTypeError(t("usage.not_size", "en", text=repr(text)))
        w, h = (int(p) for p in parts)
        if not (smallest[0] <= w <= largest[0] and smallest[1] <= h <= largest[1]):
            raise argparse.ArgumentTypeError(t("usage.size_outside", "en", size=f"{w}x{h}",
                                                 smallest=f"{smallest[0]}x{smallest[1]}",
                                                 largest=f"{largest[0]}x{largest[1]}"))
        return w, h

    return parse


window_size = size_type(WINDOW_MIN, WINDOW_MAX)
image_size = size_type(IMAGE_MIN, IMAGE_MAX)


def file_name(text: str) -> str:
    """A file's name on the command line (a map, a save, a rules or teams file, an output
    folder): an empty one is refused, not read as the current folder or as "none given"."""
    if not text.strip():
        raise argparse.ArgumentTypeError(t("usage.empty_file_name", "en"))
    return text


def picture_file(text: str) -> Path:
    """An output picture whose extension says its format (.png, .jpg, .webp, .bmp)."""
    path = Path(file_name(text))
    if path.suffix.lower() not in PICTURE_FORMATS:
        raise argparse.ArgumentTypeError(t("usage.picture_suffix", "en", text=repr(text),
                                             suffixes=", ".join(sorted(PICTURE_FORMATS))))
    return path


def gif_file(text: str) -> Path:
    """An output animation: a `.gif` name."""
    path = Path(text)
    if path.suffix.lower() != ".gif":
        raise argparse.ArgumentTypeError(t("usage.gif_suffix", "en", text=repr(text)))
    return path


def time_ms(text: str) -> int:
    """A time in milliseconds: a whole number from 0 to one hour."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("usage.not_ms", "en", text=repr(text))) from None
    if not 0 <= n <= 3_600_000:
        raise argparse.ArgumentTypeError(t("usage.ms_outside", "en", n=str(n)))
    return n


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number of at least `low` (and at most `high`)."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("usage.not_whole", "en", text=repr(text))) from None
        if high is None and n < low:
            raise argparse.ArgumentTypeError(t("usage.at_least", "en", n=str(low)))
        if high is not None and not low <= n <= high:
            raise argparse.ArgumentTypeError(t("usage.between", "en", low=str(low), high=str(high)))
        return n

    return parse


positive = whole_number(1)  # counts: matches, rounds, worker processes


def terminal_lang(args: argparse.Namespace) -> str:
    """The language of a line on the terminal, the window's too (`i18n.pick_lang`): the
    command's --lang, else the locale's, else English."""
    return pick_lang(getattr(args, "lang", None))
