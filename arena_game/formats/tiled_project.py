"""The Tiled project file shipped with the maps (`maps/arena.tiled-project`).

Opened in Tiled (File → Open File or Project), it declares the game's custom types, so a
designer picks from lists instead of typing:
- `terrain`, an enum of the terrain names (stored as text, as the loader reads it);
- the class `arena-tile` (tiles): `terrain` and `height_cm`;
- the class `spawn` (objects): `team`, an int;
- the class `arena-map` (maps): `name`, `description`, `labyrinth`, `teams`.

Tiled leaves out of the file a class member still at its default, so the loader fills
those in from CLASS_DEFAULTS, the same table that writes the project file.
"""

from __future__ import annotations

from typing import Any

from arena_game.core.terrain import Terrain

TERRAIN_ENUM = "terrain"
TILE_CLASS = "arena-tile"
SPAWN_CLASS = "spawn"
MAP_CLASS = "arena-map"

# class → member → (Tiled type, default)
CLASS_MEMBERS: dict[str, dict[str, tuple[str, Any]]] = {
    TILE_CLASS: {"terrain": ("terrain", Terrain.FLOOR.value), "height_cm": ("int", 100)},
    SPAWN_CLASS: {"team": ("int", 1)},
    MAP_CLASS: {"name": ("string", ""), "description": ("string", ""), "description_en": ("string", ""), "labyrinth": ("bool", False), "teams": ("int", 2)},
}
CLASS_USE = {TILE_CLASS: ["tile"], SPAWN_CLASS: ["object"], MAP_CLASS: ["map"]}
CLASS_DEFAULTS: dict[str, dict[str, Any]] = {
    cls: {name: default for name, (_, default) in members.items() if default != ""}
    for cls, members in CLASS_MEMBERS.items()
}


def _member(name: str, kind: str, default: Any) -> dict[str, Any]:
    if kind == TERRAIN_ENUM:
        return {"name": name, "type": "string", "propertyType": TERRAIN_ENUM, "value": default}
    return {"name": name, "type": kind, "value": default}


def project_file() -> dict[str, Any]:
    """The project file's JSON: the folder it sits in, the terrain enum and the three classes."""
    types: list[dict[str, Any]] = [{
        "id": 1, "name": TERRAIN_ENUM, "type": "enum", "storageType": "string",
        "values": [t.value for t in Terrain], "valuesAsFlags": False,
    }]
    for i, (cls, members) in enumerate(CLASS_MEMBERS.items(), start=2):
        types.append({
            "id": i, "name": cls, "type": "class", "useAs": CLASS_USE[cls], "color": "#ffa0a0a4",
            "drawFill": True, "members": [_member(n, k, d) for n, (k, d) in members.items()],
        })
    return {
        "automappingRulesFile": "", "commands": [], "compatibilityVersion": 1100, "extensionsPath": "extensions",
        "folders": ["."], "properties": [], "propertyTypes": types,
    }
