"""Where shipped data lives: maps, sprites, scenarios, default teams and rules.

From a source checkout the top-level `maps/`, `sprites/` and `scenarios/` folders are used; from an
installed wheel, the copies packed into `arena_game/_shipped/`.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_REPO = _PACKAGE.parent


def _shipped(name: str) -> Path:
    packed = _PACKAGE / "_shipped" / name
    if packed.is_dir():
        return packed
    return _REPO / name


def maps_dir() -> Path:
    """Folder of the shipped maps."""
    return _shipped("maps")


def sprites_dir() -> Path:
    """Folder of the shipped sprites."""
    return _shipped("sprites")


def scenarios_dir() -> Path:
    """Folder of the shipped example scenarios (`basics/*.toml`, …)."""
    return _shipped("scenarios")


def docs_dir() -> Path:
    """Folder of the shipped documents (the rules reference in English and French)."""
    return _shipped("docs")


def rules_document(lang: str) -> Path:
    """The rules as the game plays them, R0–R13, in `lang` (French unless English is asked)."""
    return docs_dir() / ("rules-reference.md" if lang == "en" else "regles.md")


def is_file(p: Path) -> bool:
    """`p.is_file()`, but a name too long or holding a NUL is just not a file (no exception)."""
    try:
        return p.is_file()
    except (OSError, ValueError):
        return False


def exists(p: Path) -> bool:
    """`p.exists()`, but a name too long or holding a NUL just does not exist (no exception)."""
    try:
        return p.exists()
    except (OSError, ValueError):
        return False


def find_scenario(name_or_path: str) -> Path:
    """A scenario path: an existing file, or a shipped scenario's name ('basics/swim')."""
    p = Path(name_or_path)
    if is_file(p):
        return p
    for cand in (scenarios_dir() / name_or_path, scenarios_dir() / f"{name_or_path}.toml"):
        if is_file(cand):
            return cand
    return p  # let the loader report "file not found" with the name the user gave


def shipped_scenarios() -> list[Path]:
    """Every shipped scenario file, sorted by path."""
    d = scenarios_dir()
    return sorted(p for p in d.rglob("*.toml") if p.is_file()) if d.is_dir() else []


DATA_DIR_ENV = "ARENA_GAME_DATA"  # overrides the user data folder (tests, portable installs)


def user_data_dir() -> Path:
    """The player's data folder (saves, autosave, lesson progress, sprite overrides, teams):
    $ARENA_GAME_DATA, else the platform's user data folder (platformdirs)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("arena-game", appauthor=False))


def data_dir() -> Path:
    """Folder of the shipped default teams and rules."""
    return _PACKAGE / "data"


def default_teams_path() -> Path:
    """The default pair of teams."""
    return data_dir() / "teams" / "default.toml"


DEFAULT_MAP = "arene-classique"
# What a map file's name ends in, in any case (MAP.TMX too). A `.json` file is a map only when
# it is a Tiled map (not a tileset or an atlas): `check FOLDER` looks into it (`tiled.file_kind`).
MAP_SUFFIXES = (".toml", ".tmj", ".tmx", ".json")
SHIPPED_MAP_SUFFIXES = (".toml", ".tmj", ".tmx")  # the shipped maps hold no .json


def shipped_maps() -> list[Path]:
    """Every shipped map file, sorted by name."""
    d = maps_dir()
    return sorted(p for p in d.iterdir() if p.suffix.lower() in SHIPPED_MAP_SUFFIXES and p.is_file()) if d.is_dir() else []


def find_map(name_or_path: str) -> Path:
    """A map path: an existing file, or the name of a shipped map (with or without suffix)."""
    p = Path(name_or_path)
    if is_file(p):
        return p
    d = maps_dir()
    for suffix in ("", *MAP_SUFFIXES):
        cand = d / f"{name_or_path}{suffix}"
        if is_file(cand):
            return cand
    return p  # let the loader report "file not found" with the name the user gave


def ui_fonts_dir() -> Path | None:
    """The folder of the UI's fonts (Noto Sans, shipped with pygame_gui, as the window's
    widgets draw them), found without importing pygame_gui; None when it is not installed."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "data"
