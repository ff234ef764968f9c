"""The sprite manifest (`sprites/manifest.toml`): which PNG draws which terrain, token,
effect and icon. Validated with pydantic; no pygame here, so tools and tests can check it.

Every Terrain (R13) and every WeaponFamily (R0.3) must have a sprite, and every action
icon listed in `ICON_KINDS`. Paths are relative to the manifest's folder and may not
leave it.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from arena_game.core.sheets import WeaponFamily
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import keyed, validation_problem
from arena_game.formats.safe_read import read_toml
from arena_game.formats.strict import validate

ICON_KINDS: tuple[str, ...] = (
    "walk", "run", "swim", "jump", "attack", "circle_attack", "push", "teleport", "taunt",
    "stand_up", "end_turn",
)
EFFECT_NAMES: tuple[str, ...] = ("teleport", "impact", "dust", "fall")
ANIMATED_TERRAIN = (Terrain.WATER, Terrain.LAVA, Terrain.ACID)


def _relative_png(value: str) -> str:
    p = PurePosixPath(value)
    if p.is_absolute() or ".." in p.parts or "\\" in value:
        raise ValueError(f"{value!r} must be a path inside the sprites folder")
    if p.suffix.lower() != ".png":
        raise ValueError(f"{value!r} is not a .png file")
    return value


class Animation(BaseModel):
    """One or more frames; `frame_ms` is how long each frame shows."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    frames: list[str] = Field(min_length=1)
    frame_ms: int = Field(200, ge=10, le=10_000)

    @field_validator("frames")
    @classmethod
    def _paths(cls, v: list[str]) -> list[str]:
        return [_relative_png(x) for x in v]


class Tokens(BaseModel):
    """A grey disc tinted with the team colour, and one glyph per weapon family."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    base: str
    melee: str
    two_handed: str
    bow: str
    firearm: str
    thrown: str

    @field_validator("*")
    @classmethod
    def _paths(cls, v: str) -> str:
        return _relative_png(v)

    def glyph(self, family: WeaponFamily) -> str:
        """The glyph file of a weapon family."""
        return str(getattr(self, family.value))


class SpriteManifest(BaseModel):
    """The whole manifest."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    tile: int = Field(64, ge=8, le=512)
    license: str = Field(min_length=1)
    terrain: dict[Terrain, Animation]
    tokens: Tokens
    effects: dict[str, Animation]
    icons: dict[str, str]

    @field_validator("icons")
    @classmethod
    def _icon_paths(cls, v: dict[str, str]) -> dict[str, str]:
        return {k: _relative_png(p) for k, p in v.items()}

    @model_validator(mode="after")
    def _complete(self) -> SpriteManifest:
        missing = [t.value for t in Terrain if t not in self.terrain]
        if missing:
            raise ValueError(f"no sprite for terrain {', '.join(missing)}")
        still = [t.value for t in ANIMATED_TERRAIN if len(self.terrain[t].frames) < 2]
        if still:
            raise ValueError(f"terrain {', '.join(still)} must be animated (2 frames or more)")
        missing = [e for e in EFFECT_NAMES if e not in self.effects]
        if missing:
            raise ValueError(f"no effect {', '.join(missing)}")
        missing = [k for k in ICON_KINDS if k not in self.icons]
        if missing:
            raise ValueError(f"no icon for {', '.join(missing)}")
        return self

    def files(self) -> list[str]:
        """Every PNG the manifest names, each once, in manifest order."""
        out: list[str] = []
        for anim in (*self.terrain.values(), *self.effects.values()):
            out += anim.frames
        out += [self.tokens.base, *(self.tokens.glyph(f) for f in WeaponFamily)]
        out += list(self.icons.values())
        return list(dict.fromkeys(out))


def load_manifest(folder: str | Path) -> SpriteManifest:
    """Read and check `folder/manifest.toml`; a fault is a one-line FileProblem."""
    path = Path(folder) / "manifest.toml"
    data = read_toml(path)
    try:
        manifest = validate(SpriteManifest, data)
    except ValidationError as e:
        raise validation_problem(path, e, schema=SpriteManifest) from None
    for rel in manifest.files():
        if not (Path(folder) / rel).is_file():
            raise keyed(path, "sprite_missing", name=repr(rel))
    return manifest
