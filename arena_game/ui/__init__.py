"""The pygame-ce window (hot-seat play). pygame is imported here and in `arena_game.render`; elsewhere
only inside the functions that draw or open a window (`commands.play`, `commands.render`,
`design.simulation.heatmap`), so the rules core, bots and formats never load it.

`app.App` runs the loop over a stack of screens (`screens/`: the match board, the hand-off
curtain, match over, dialogs, the start screen, the tutorial, the demo); `windows` opens the
match window; `controller.MatchController` owns the match and applies actions through
`arena_game.core.apply`; `modes` is the board's input state machine, whose highlights are
drawings of core queries; `hud` holds the widgets around the board; `strings` every UI text.
"""

# The catalog's `{keys[...]}` fields are filled from the key table: registering it here makes
# every template that names a key work whichever UI module is imported first.
from arena_game.ui import keys as _keys  # noqa: E402,F401
