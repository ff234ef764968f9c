"""English glosses of the French names in the shipped data (`glosses.toml`).

The teams, scenarios and maps the game ships are written in French: a weapon is "Épée longue",
a map "Bassin". The data keeps them so (a file is one language, and old files keep loading);
the English window shows such a name with its translation beside it, as it shows the French
game terms ("Course (run)"): "Épée longue (long sword)". The French window shows it as
written, and so does either for a name without a gloss (one a player typed).

A catalog template glosses its fields named for what holds such a name (`NAME_FIELDS`:
"Weapon: {weapon}", "Arena — {map}"), so its caller passes the name as it is; no other field is
glossed, whatever it holds (a fighter a player named "Bassin", a copy's new name). Text built
without the catalog calls `glossed`.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

_FILE = Path(__file__).resolve().parent / "glosses.toml"

NAME_FIELDS = frozenset({"map", "team", "weapon"})
"""The template fields `fill` glosses: the ones whose name says they hold a map's, a team's or
a weapon's name. A field named otherwise ("{name}", "{label}") may hold anything a player typed."""


@cache
def glosses() -> dict[str, str]:
    """Every shipped French name → its English gloss, whatever its kind."""
    with _FILE.open("rb") as f:
        data = tomllib.load(f)
    return {name: gloss for table in data.values() for name, gloss in table.items()}


def glossed(name: str, lang: str) -> str:
    """`name` as the window of `lang` shows it: in English, a shipped French name with its
    gloss ("Épée longue (long sword)"); else as written."""
    if lang != "en":
        return name
    gloss = glosses().get(name)
    # "mule (mule)" says nothing: a name English writes the same way stands alone
    return f"{name} ({gloss})" if gloss and gloss.casefold() != name.casefold() else name
