"""Computer players: a bot that picks legal actions from the core's queries, and a match
runner that plays bot-vs-bot matches to the end (pure Python, no pygame)."""

from arena_game.bots.brain import Bot
from arena_game.bots.match import MatchRecord, MatchSetup, play_bot_match
from arena_game.bots.style import BotStyle

__all__ = ["Bot", "BotStyle", "MatchRecord", "MatchSetup", "play_bot_match"]
