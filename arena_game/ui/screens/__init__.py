"""The window's screens: each one draws itself and answers input while it is on top.

`arena_game.ui.app.App` keeps a stack of `Screen`s and runs the loop; nothing else. The match
is `board.BoardScreen` (with its input modes from `arena_game.ui.modes`); the hand-off
curtain, the match-over panel, dialogs and the start screen are pushed over it; the tutorial
and the demo are screens of their own. Screens may import core, formats, render and the other
`ui` modules; the App imports none of them.

Adding a screen (see `handoff.HandoffScreen`, the smallest one, to copy from):
1. a module here with a `Screen` subclass; build its widgets in `enter()`, remove them in
   `leave()` (and rebuild them in `relayout()` when the window is resized);
2. answer input in `handle(event)` (the App gives events to the top screen only; call
   `self.widgets_see(event)` first if the screen has pygame_gui widgets), per-frame work in
   `update(dt_ms)`, drawing in `draw(surface)` (an `opaque` screen paints the whole window;
   a see-through one only adds to what the screens under it drew);
3. open it with `app.push(MyScreen(app, ...))`; it closes itself with `self.close()`.
Widgets too many to make in one frame (16.7 ms) are made a part a frame, hidden till whole:
subclass `base.BuiltOverFrames` (a panel) or `dialog.WindowScreen` (a window) and write `_build`
(another kind of screen mixes in `base.MadeOverFrames`, as `tutorial.LessonScreen` does).
This package's `__init__` imports nothing, so a window launch loads only the screens it opens.
"""
