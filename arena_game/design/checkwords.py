"""`arena-game check`'s findings and figures in the reader's language (the `[check]` section
of the catalog). The analysis (`design.mapcheck`) keeps codes and plain data; this module
words them, with real plural forms and each language's decimal mark.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from arena_game.core.geometry import Square, fmt
from arena_game.formats.problems import FileProblem, Phrase, say, shorten
from arena_game.i18n import t, tn

if TYPE_CHECKING:
    from arena_game.design.mapcheck import Finding, MapReport

SQUARES_SHOWN = 4  # a pocket of 60 squares names its first few, then counts the rest

# fairness figure (the `--json` name) → its catalog key
_FIGURE_KEYS = {"first reach": "first_reach", "to centre": "to_centre", "to hazard": "to_hazard", "cover": "cover"}


def finding_text(finding: Finding, lang: str, beside: str | None = None) -> str:
    """One finding as a sentence in `lang`; a load fault of the file `beside` (the one the line
    names already) is said without that file: its place ("4:7") and fault."""
    f = finding.fields
    key = "check." + finding.code.replace("-", "_")
    if finding.code == "file-problem":
        problem = f["problem"]
        if not isinstance(problem, FileProblem):
            return str(problem)
        if beside is not None and os.path.normpath(problem.path) == os.path.normpath(beside):
            return problem.in_file(lang)
        return problem.in_language(lang)  # a fault of another file (a tileset the map reads) names it
    if finding.code == "unreachable-pocket":
        return tn(key, len(finding.squares), lang, squares=squares_text(finding.squares, lang))
    if finding.code == "trapped-spawn":
        return tn(key, len(finding.squares), lang, team=f["team"], squares=squares_text(finding.squares, lang))
    if finding.code == "dead-square-by-spawn":
        return t(key, lang, team=f["team"], spawn=_square(f["spawn"]), dead=_square(f["dead"]),
                 terrain=t(f"ui.terrain_{f['terrain']}", lang))
    if finding.code == "unequal-distance":
        means = [t("check.team_mean", lang, team=team, mean=_number(m)) for team, m in _items(f["means"])]
        return t(key, lang, teams=", ".join(means))
    if finding.code == "lopsided-spawns":
        spreads = f["spreads"]
        assert isinstance(spreads, list)
        return t(key, lang, spreads=t("check.separator", lang).join(_spread(s, lang) for s in spreads))
    if finding.code == "too-few-spawns":
        shown = [tn("check.team_has_spawns", _number(n), lang, team=team) for team, n in _items(f["short"])]
        return t(key, lang, size=f["size"], teams=", ".join(shown))
    if finding.code == "unequal-spawns":
        counts = [t("check.team_count", lang, team=team, n=n) for team, n in _items(f["counts"])]
        return t(key, lang, teams=", ".join(counts))
    if finding.code in _UNREAD:
        return shorten(_unread_text(finding, key, lang))  # names from the file: a line, never a page
    return t(key, lang, **f)


_UNREAD = ("layer-over-terrain", "terrain-layer-transparent", "terrain-layer-hidden", "objects-not-spawns")


def _unread_text(finding: Finding, key: str, lang: str) -> str:
    """What a Tiled map shows and the board does not read (`tiled.Unread`), in `lang`."""
    f = finding.fields
    if finding.code == "layer-over-terrain":
        layers = [_name(la) for la in _listed(f["layers"])]
        return tn(key, _number(f["n"]), lang, layers=_first_few(layers, lang, _number(f["n"])),
                  terrain=_name(f["terrain"]))
    if finding.code == "objects-not-spawns":
        shown = [_object(o, lang) for o in _listed(f["objects"])]
        return tn(key, _number(f["n"]), lang, objects=_first_few(shown, lang, _number(f["n"])))
    return t(key, lang, **{k: _name(v) for k, v in f.items()})


def _listed(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def _name(name: object) -> str:
    """A layer's name from the file, quoted as the loader's lines quote it, never too long."""
    return shorten(repr(str(name)))


def _first_few(items: list[str], lang: str, total: float | None = None) -> str:
    """The first `SQUARES_SHOWN` items, then how many more of `total` (all of `items` by default)."""
    shown = ", ".join(items[:SQUARES_SHOWN])
    more = int(len(items) if total is None else total) - min(len(items), SQUARES_SHOWN)
    return tn("check.and_more", more, lang, squares=shown) if more > 0 else shown


def _object(item: object, lang: str) -> str:
    """An object not read: its place (`layer 'spawns' object 4`), and its class when it has one."""
    assert isinstance(item, tuple)
    where, cls = item
    assert isinstance(where, Phrase)
    place = shorten(say(where, lang))
    return t("check.object_of_class", lang, object=place, cls=_name(cls)) if cls else place


def said_findings(findings: list[Finding], lang: str, beside: str | None = None) -> list[tuple[Finding, str]]:
    """Each finding of a report with its sentence (`finding_text`), in order; two or more
    unreachable pockets are said in one sentence, carried by the first of them: their count,
    their squares in all, and where each starts (a map of 40 pockets is one line, not 40)."""
    pockets = [f for f in findings if f.code == "unreachable-pocket"]
    said = []
    for f in findings:
        if f.code == "unreachable-pocket" and len(pockets) > 1:
            if f is pockets[0]:
                squares = tn("check.pocket_squares", sum(len(p.squares) for p in pockets), lang)
                places = squares_text([p.squares[0] for p in pockets], lang)  # each pocket's first square
                said.append((f, tn("check.unreachable_pockets", len(pockets), lang, squares=squares, places=places)))
            continue
        said.append((f, finding_text(f, lang, beside)))
    return said


def figure_lines(report: MapReport, lang: str) -> list[str]:
    """The figures behind the findings: one line per team slot, the corridor share, then
    the obstacles a jump over shortens a path past (R2.4), if any."""
    lines = []
    for team, fig in report.teams.items():
        parts = []
        if fig.nearest is not None:
            low, high = int(fig.nearest["min"]), int(fig.nearest["max"])
            parts.append(tn("check.fig_nearest_same", low, lang) if low == high else
                         t("check.fig_nearest", lang, min=low, max=high, mean=float(fig.nearest["mean"])))
        for name, value in fig.fairness.items():
            if value is None:
                continue
            key = f"check.fig_{_FIGURE_KEYS[name]}"
            # distances take a plural (1.5 squares; 1,5 case); shares and cover do not
            parts.append(tn(key, value, lang) if name in ("to centre", "to hazard") else t(key, lang, value=float(value)))
        if parts:
            lines.append(t("check.team_figures", lang, team=team, parts=t("check.separator", lang).join(parts)))
    if report.corridors is not None:
        lines.append(t("check.fig_corridors", lang, share=report.corridors))
    if report.shortcuts:
        over = report.shortcut_obstacles
        lines.append(tn("check.fig_shortcut_jumps", len(over), lang, squares=squares_text(over, lang)))
    return lines


def squares_text(squares: tuple[Square, ...] | list[Square], lang: str) -> str:
    """The first few squares as "(x, y)", then how many more."""
    shown = ", ".join(fmt(s) for s in squares[:SQUARES_SHOWN])
    more = len(squares) - SQUARES_SHOWN
    return tn("check.and_more", more, lang, squares=shown) if more > 0 else shown


def _spread(spread: object, lang: str) -> str:
    assert isinstance(spread, dict)
    name = _FIGURE_KEYS[str(spread["figure"])]
    values = [t(f"check.spread_{name}", lang, team=team, value=_number(v)) for team, v in _items(spread["values"])]
    return t("check.spread", lang, figure=t(f"check.name_{name}", lang), values=", ".join(values))


def _items(mapping: object) -> list[tuple[str, object]]:
    assert isinstance(mapping, Mapping)
    return [(str(k), v) for k, v in mapping.items()]


def _number(value: object) -> float:
    assert isinstance(value, int | float)
    return value


def _square(sq: object) -> str:
    assert isinstance(sq, tuple | list)
    return fmt((sq[0], sq[1]))
