"""A balance sweep: every map × rules file × teams file, one series each, one table.

Writes `sweep.csv` (one row a combination: win rates of each spawn side with 95% Wilson
intervals, draw rate, the verdict) and `sweep.png` (one bar a combination: side 1's share,
draws, side 2's share, with side 1's interval as a whisker). Series run through
`runner.run_series`, so a Dask scheduler spreads them over a cluster; the same seed gives
the same table whatever the backend.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from arena_game.bots.match import MatchSetup
from arena_game.design.simulation.heatmap import titled_png, ui_font
from arena_game.design.simulation.report import build_report, level_name
from arena_game.design.simulation.runner import run_series
from arena_game.i18n import t, tn
from arena_game.i18n.numbers import number


@dataclass(frozen=True)
class Combination:
    """One cell of the sweep: names for the table and the set-up to play."""

    map_name: str
    rules_name: str
    teams_name: str
    setup: MatchSetup


def run_sweep(
    combos: Sequence[Combination], matches: int, seed: int, jobs: int = 1, scheduler: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """One row per combination (same seed for each: the maps and rules are compared on the
    same dice stream). `progress(done, total)` counts the matches of the whole sweep."""
    rows = []
    total = len(combos) * matches
    for n, c in enumerate(combos):
        before = n * matches
        counted = None if progress is None else (lambda done, _n, before=before: progress(before + done, total))
        records = run_series(c.setup, matches, seed, jobs, counted, scheduler=scheduler)
        rep = build_report(c.setup, records, seed)
        row: dict[str, Any] = {"map": c.map_name, "rules": c.rules_name, "teams": c.teams_name,
                               "bots": c.setup.bot_level, "matches": rep["matches"]}
        for s in rep["sides"]:
            row[f"side {s['slot']} win rate"] = s["rate"]
            row[f"side {s['slot']} ci95 low"], row[f"side {s['slot']} ci95 high"] = s["ci95"]
        draws = rep["draws"]["count"]
        row["draw rate"] = round(draws / matches, 4) if matches else None
        row["unbalanced"] = rep["side_balance"]["significant"]
        row["p value"] = rep["side_balance"]["p_value"]
        rows.append(row)
    return rows


def write_csv(rows: list[dict[str, Any]], path: Path) -> None:
    """The table as CSV, columns in the order of the first row."""
    columns = list(dict.fromkeys(k for r in rows for k in r))
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


# Lightness differs between the three bands (not only hue), so they survive colour blindness.
_SIDE1, _DRAW, _SIDE2 = (40, 70, 140), (200, 200, 190), (230, 150, 40)
_INK, _BG = (30, 30, 36), (250, 248, 242)


def chart_title(rows: list[dict[str, Any]], lang: str) -> str:
    """The chart's title in `lang`: the matches per row and the bots' level every row rests on
    (its `bots`; levels joined by ", " if the rows differ), named as the text report names it."""
    title = t("sweep.title", lang, matches=tn("sweep.matches", int(rows[0]["matches"]) if rows else 0, lang))
    levels = list(dict.fromkeys(str(r["bots"]) for r in rows if r.get("bots")))
    if not levels:
        return title
    names = ", ".join(level_name(level, lang) for level in levels)
    return t("sweep.with_level", lang, title=title, level=names)


SHIPPED = "default"  # the table's name for the standard rules and the shipped teams (sweep's keyword)


def row_label(row: dict[str, Any], lang: str) -> str:
    """A row's map · rules · teams in `lang`: the table's `default` named as the report names it."""
    rules = t("sweep.rules_standard", lang) if row["rules"] == SHIPPED else row["rules"]
    teams = t("sweep.teams_shipped", lang) if row["teams"] == SHIPPED else row["teams"]
    return f"{row['map']} · {rules} · {teams}"


def write_chart(rows: list[dict[str, Any]], path: Path, lang: str) -> None:
    """One stacked bar per combination: side 1 | draws | side 2, side 1's interval as a whisker,
    side 1's share written after it; the chart is as wide as its title needs (never cut), which
    the PNG's `Title` text holds too."""
    font, small = ui_font(15), ui_font(13)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    labels = [row_label(r, lang) for r in rows]
    label_w = max((int(probe.textlength(s, font=small)) for s in labels), default=0) + 16
    bar_w, row_h, top = 420, 30, 58
    title = chart_title(rows, lang)
    width = max(label_w + bar_w + 90, int(probe.textlength(title, font=font)) + 16)
    img = Image.new("RGB", (width, top + row_h * len(rows) + 16), _BG)
    d = ImageDraw.Draw(img)
    d.text((8, 6), title, font=font, fill=_INK)
    x = 8
    for colour, key in ((_SIDE1, "sweep.side1"), (_DRAW, "sweep.draws"), (_SIDE2, "sweep.side2")):
        d.rectangle((x, 34, x + 14, 46), fill=colour, outline=_INK)
        d.text((x + 20, 40), t(key, lang), font=small, fill=_INK, anchor="lm")
        x += 34 + int(d.textlength(t(key, lang), font=small))
    for i, (r, label) in enumerate(zip(rows, labels, strict=True)):
        y = top + i * row_h
        d.text((8, y + row_h // 2), label, font=small, fill=_INK, anchor="lm")
        one = r.get("side 1 win rate") or 0.0
        draw = r.get("draw rate") or 0.0
        x0 = label_w
        x1 = x0 + round(bar_w * one)
        x2 = x1 + round(bar_w * draw)
        d.rectangle((x0, y + 6, x1, y + row_h - 6), fill=_SIDE1)
        d.rectangle((x1, y + 6, x2, y + row_h - 6), fill=_DRAW)
        d.rectangle((x2, y + 6, x0 + bar_w, y + row_h - 6), fill=_SIDE2)
        lo, hi = r.get("side 1 ci95 low"), r.get("side 1 ci95 high")
        if lo is not None and hi is not None:
            wl, wh, mid = x0 + round(bar_w * lo), x0 + round(bar_w * hi), y + row_h // 2
            d.line((wl, mid, wh, mid), fill=_BG, width=5)  # a light halo: the whisker shows on any band
            d.line((wl, mid, wh, mid), fill=_INK, width=2)
            d.line((wl, mid - 5, wl, mid + 5), fill=_INK, width=2)
            d.line((wh, mid - 5, wh, mid + 5), fill=_INK, width=2)
        d.line((x0 + bar_w // 2, y + 2, x0 + bar_w // 2, y + row_h - 2), fill=_INK)  # 50%
        d.text((x0 + bar_w + 8, y + row_h // 2), number(one, lang, ".0%"), font=small, fill=_INK, anchor="lm")
    img.save(path, format="PNG", pnginfo=titled_png(title))
