"""The sprites a player dropped in the user sprites folder, read before a window opens or a
picture is drawn: a bad one is said at once in one line, not when the game first draws it (an
effect's frame in the middle of a match), and before the window's own start-up is spent."""

from __future__ import annotations


def check_user_sprites() -> None:
    """Read and check every user override of a manifest sprite (none: a few file lookups),
    pixels included but not decoded (the drawing decodes it); the first bad one is a FileProblem
    naming it."""
    from arena_game.formats.png_pixels import check_png_pixels
    from arena_game.render.sprites import SpriteBook, read_png

    book = SpriteBook()
    for rel in book.manifest.files():
        path = book.source(rel)
        if path != book.folder / rel:
            check_png_pixels(path, read_png(path))
