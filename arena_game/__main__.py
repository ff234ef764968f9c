from arena_game.cli import main

raise SystemExit(main())
