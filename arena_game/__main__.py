"""`python -m arena_game`: the same as the `arena-game` command."""

from arena_game.cli import main

raise SystemExit(main())
