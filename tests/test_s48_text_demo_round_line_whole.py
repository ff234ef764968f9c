"""The demo films' log column at 1280×720 broke every French round line in two ("— Tour de
table 3 :" / "Oruk —"): held together by no-break spaces, the line was still wider than the
column, so the wrap broke it at those spaces. A round line is now drawn whole on one row, in a
smaller font when it does not fit, even with the longest fighter name the game ships."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import demo_dir, ordered_files
from arena_game.render.text import noted_words, record_text_boxes, text_boxes
from arena_game.ui import showcase

pytestmark = pytest.mark.usefixtures("fresh_pygame")

ROOT = Path(__file__).resolve().parent.parent


def _fighter_names(node: object, inside: bool = False) -> list[str]:
    """The `name` of every table in a `fighters` list of a TOML document."""
    if isinstance(node, dict):
        own = [node["name"]] if inside and isinstance(node.get("name"), str) else []
        return own + [n for k, v in node.items() for n in _fighter_names(v, k == "fighters")]
    if isinstance(node, list):
        return [n for v in node for n in _fighter_names(v, inside)]
    return []


def longest_shipped_name() -> str:
    """The longest fighter name of the shipped scenarios and teams ("Maël (envoûté)")."""
    files = [*ROOT.joinpath("scenarios").rglob("*.toml"), *ROOT.joinpath("arena_game", "data").rglob("*.toml")]
    names = [n for p in files for n in _fighter_names(tomllib.loads(p.read_text(encoding="utf-8")))]
    return max(names, key=len)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_round_line_in_the_demo_log_column_is_drawn_whole_on_one_row(lang, size):
    pygame.init()
    pygame.display.set_mode((8, 8))
    name = longest_shipped_name()
    assert len(name) >= len("Maël (envoûté)")
    sc = next(load_scenario(p) for p in ordered_files(demo_dir()) if p.name == "08-mana-at-zero.toml")
    film = showcase.Film(sc, lang, size, fps=10)
    assert film.layout.beside  # the column beside the board, the narrow place
    film.names = {key: name if key in ("sielle", "oruk") else value for key, value in film.names.items()}
    for _ in film.frames():
        pass
    rounds = [line for line, _ in film.log if line.startswith("—")]
    assert len(rounds) >= 3 and all(name in line.replace("\u00a0", " ") for line in rounds)
    # the column with the round lines only, all in view: each drawn as one row, the whole line
    film.log = [(line, False) for line in rounds[-showcase.SIDE_LOG_ENTRIES:]]
    record_text_boxes()
    try:
        film._draw_log(pygame.Surface(film.size))
        rows = [(rect, font_size, band) for what, rect, font_size, band in text_boxes() if what == "demo_log"]
        words = noted_words()
    finally:
        record_text_boxes(False)
    whole = [line.replace("\u00a0", " ") for line, _ in film.log]
    assert [w.replace("\u00a0", " ") for w in words] == whole, f"round lines broken: {words}"
    for rect, font_size, band in rows:
        assert band.contains(rect) and font_size >= showcase.LOG_MIN_FONT
    assert all(b.top >= a.bottom for (a, *_), (b, *_) in zip(rows, rows[1:], strict=False))  # no row over another
