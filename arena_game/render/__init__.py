"""Drawing with pygame: sprites and the board. Never imported by `arena_game.core`.

`sprites.SpriteBook` loads the sprite manifest (with user overrides); `board` draws a
Board, highlight overlays and fighter tokens onto any pygame Surface.
"""
