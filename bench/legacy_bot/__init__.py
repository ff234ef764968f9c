"""The bot as it played before issue 20 (frozen copy of arena_game/bots at b3a1e20), for
bench/bench_bots.py to measure the new bot against. Not part of the package."""

from legacy_bot.brain import Bot

__all__ = ["Bot"]
