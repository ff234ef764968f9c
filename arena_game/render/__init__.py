"""The one board renderer: how the board, its highlights and its fighters look, for every caller.

May import `arena_game.core` and `arena_game.formats`; never `ui`. `highlight` (the highlight
vocabulary) and `palette` (every colour) import no pygame, so input modes and plain pictures
can use them; `board` (terrain layer, `picture`), `marks` (how each highlight kind is drawn),
`tokens` (fighters), `text` (labels), `sprites` (SpriteBook) and `glyphs` draw with pygame.
`colour_vision` checks colour codes against colour blindness.
"""
