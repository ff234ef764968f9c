"""The sprites a player dropped in the user sprites folder, read before a window opens or a
picture is drawn: a bad one is said at once in one line, not when the game first draws it (an
effect's frame in the middle of a match), and before the window's own start-up is spent."""

from __future__ import annotations

from collections.abc import Collection

from arena_game.core.terrain import Terrain


def check_user_sprites(terrains: Collection[Terrain] | None = None) -> None:
    """Read and check the user overrides of the manifest's sprites — every one, or only the
    frames of `terrains` (what a map's picture shows) — pixels included but not decoded (the
    drawing decodes them); no override costs a few file lookups. The first bad one is a
    FileProblem naming it."""
    from arena_game.formats.png_pixels import check_png_pixels
    from arena_game.render.sprites import SpriteBook, read_png

    book = SpriteBook()
    if terrains is None:
        files = book.manifest.files()
    else:
        files = [rel for t in terrains for rel in book.manifest.terrain[t].frames]
    for rel in files:
        path = book.source(rel)
        if path != book.folder / rel:
            check_png_pixels(path, read_png(path))
