"""The pygame-ce window (hot-seat play). pygame is imported only here and in `arena_game.render`.

`app.App` is the window; `controller.MatchController` owns the match and applies actions
through `arena_game.core.apply`; `modes` is the input state machine, whose highlights are
drawings of core queries; `hud` holds the pygame_gui widgets; `strings` every UI text.
"""
