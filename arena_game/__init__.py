"""Arena: a tabletop simulator for a French arena-combat ruleset.

`arena_game.core` is the rules core (pure Python, never imports pygame);
`arena_game.formats` reads and validates files; `arena_game.ui` draws.
"""

import os as _os

__version__ = "0.1.0"

# pygame prints a banner on stdout when imported; it is noise in the CLI's output.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
