"""Arena: a tabletop simulator for a French arena-combat ruleset.

`arena_game.core` is the rules core (pure Python, never imports pygame);
`arena_game.formats` reads and validates files; `arena_game.ui` draws.
"""

__version__ = "0.1.0"
