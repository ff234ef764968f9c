"""Session 53: the `simulate` heatmaps' titles and the `sweep` chart name the bots' level the
figures rest on, in the report's language, as the text report names it ("fort (strong)"),
and the picture is as wide as its title (never cut). Each PNG keeps its title as `Title` text."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from arena_game.cli import main
from arena_game.design.simulation.heatmap import CELL, TITLE_FONT, TITLE_H, framed, ui_font
from arena_game.formats.mapfile import load_map
from arena_game.i18n import t
from arena_game.resources import find_map


def _title_and_width(path):
    with Image.open(path) as img:
        return img.text.get("Title"), img.width


def _fits(title: str, width: int, size: int) -> bool:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return probe.textlength(title, font=ui_font(size)) + 8 <= width


@pytest.mark.parametrize("lang, level, words", [("fr", "strong", "bots : niveau fort (strong)"),
                                                ("en", "fast", "bots: level fast"),
                                                ("fr", "easy", "bots : niveau facile (easy)")])
def test_s53_simulate_heatmap_titles_name_the_bots_level(tmp_path, capsys, lang, level, words):
    out = tmp_path / "out"
    assert main(["simulate", "tutoriel", "--matches", "1", "--rounds", "2", "--level", level, "--jobs", "1",
                 "--out", str(out), "--no-progress", "--lang", lang]) == 0
    report = capsys.readouterr().out
    assert t(f"simulate.level_name_{level}", lang) in report.splitlines()[1]  # the text report's own name
    pictures = sorted(out.glob("*.png"))
    assert [p.name for p in pictures] == ["died.png", "held.png", "stood-side-1.png", "stood-side-2.png", "stood.png"]
    for p in pictures:
        title, width = _title_and_width(p)
        assert title is not None and title.endswith(" — " + words), (p.name, title)
        assert _fits(title, width, TITLE_FONT), (p.name, width)
    # the title drawn is that one: the band above the map, pixel for pixel
    board = load_map(find_map("tutoriel"))
    expected = t("heatmap.with_level", lang, title=t("heatmap.died", lang, map=board.name,
                                                      matches=t("heatmap.matches_one", lang, n=1)),
                 level=t(f"simulate.level_name_{level}", lang))
    blank = Image.new("RGBA", (board.width * CELL, board.height * CELL))
    band = framed(blank, expected, 0, "").convert("RGB")
    with Image.open(out / "died.png") as img:
        drawn = img.convert("RGB")
    assert drawn.width == band.width
    assert drawn.crop((0, 0, drawn.width, TITLE_H)).tobytes() == band.crop((0, 0, band.width, TITLE_H)).tobytes()


@pytest.mark.parametrize("lang, words", [("fr", "bots : niveau profond (deep)"), ("en", "bots: level easy")])
def test_s53_sweep_chart_title_names_the_bots_level_and_is_never_cut(tmp_path, capsys, lang, words):
    level = "deep" if lang == "fr" else "easy"
    out = tmp_path / "sw"
    assert main(["sweep", "--maps", "tutoriel", "--matches", "1", "--rounds", "1", "--level", level, "--jobs", "1",
                 "--no-progress", "--out", str(out), "--lang", lang]) == 0
    capsys.readouterr()
    title, width = _title_and_width(out / "sweep.png")
    assert title is not None and title.endswith(" — " + words), title
    assert title.startswith(t("sweep.title", lang, matches=t("sweep.matches_one", lang, n=1)))
    assert _fits(title, width, 15), width  # the chart is widened for its title (a short map name: 538 px wide before)
