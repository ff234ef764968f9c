"""One module per `arena-game` subcommand: `register(subparsers)` and `run(args) -> int`."""
