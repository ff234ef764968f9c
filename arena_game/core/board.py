"""The board: an immutable grid of terrain with obstacle heights and team spawns (R13)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from arena_game.core.geometry import Square, corner_squares, fmt
from arena_game.core.terrain import Terrain


@dataclass(frozen=True)
class Board:
    """A map as the rules see it. Shared between states, never mutated."""

    width: int
    height: int
    cells: tuple[Terrain, ...]  # row-major, y * width + x
    heights: Mapping[Square, int] = field(default_factory=dict)  # obstacle heights in cm
    spawns: Mapping[str, tuple[Square, ...]] = field(default_factory=dict)
    labyrinth: bool = False
    name: str = ""
    description: str = ""  # in French, the game's own language
    description_en: str = ""  # the same in English ("" when the map has none)

    def description_in(self, lang: str) -> str:
        """The map's description in `lang` (the French one where the map has no English one)."""
        return self.description_en if lang == "en" and self.description_en else self.description

    def __post_init__(self) -> None:
        if len(self.cells) != self.width * self.height:
            raise ValueError("cells do not match width × height")

    @classmethod
    def from_rows(cls, rows: list[list[Terrain]], **kw: object) -> Board:
        """Build a board from rows of terrain (all rows the same length)."""
        height = len(rows)
        width = len(rows[0]) if rows else 0
        cells = tuple(t for row in rows for t in row)
        return cls(width=width, height=height, cells=cells, **kw)  # type: ignore[arg-type]

    def inside(self, sq: Square) -> bool:
        """True when the square lies on the map."""
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def terrain(self, sq: Square) -> Terrain:
        """Terrain at a square; outside the map counts as wall."""
        x, y = sq
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.cells[y * self.width + x]
        return Terrain.WALL

    def height_at(self, sq: Square) -> int:
        """Obstacle height in cm (0 where there is none)."""
        return self.heights.get(sq, 0)

    def squares(self) -> Iterator[Square]:
        """Every square of the map, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def diagonal_blocker(self, a: Square, b: Square) -> Square | None:
        """R2.2: the wall or dead square that forbids the diagonal step a→b, if any."""
        corners = corner_squares(a, b)
        if corners is None:
            return None
        for c in corners:
            if self.terrain(c).blocks_diagonal:
                return c
        return None

    def describe_square(self, sq: Square) -> str:
        """'the wall at (3, 4)' style text for messages."""
        return f"the {self.terrain(sq).value} at {fmt(sq)}"
