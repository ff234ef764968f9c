"""Rule families, one module each; `arena_game.core.engine` dispatches actions to them."""
