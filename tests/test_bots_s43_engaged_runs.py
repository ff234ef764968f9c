"""A blade runs to strike (R4.8, at −8) only an enemy a friend already stands beside, or one a
hit likely kills (`BotStyle.engaged_runs`): on labyrinthe a third of the bot's first blows were
run attacks, 23% of them landed, and the runner then stood alone in reach of a blade and a bow
(docs/bots.md, "The fight after the first blow"). Off at every level: +1.7 points against greedy
on labyrinthe over 5,000 matches, and round-cap draws in self-play."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.context import Context
from arena_game.bots.runs import fresh_enemies
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core.actions import RunStart, Walk
from arena_game.core.queries import open_action_kinds
from tests.builders import tiny_match

BLADE = {"skills": {"corps_a_corps": 3, "course": 5}, "attributes": {"dexterite": 4, "physique": 5}}

# A corridor: the blade a on (2, 0), its friend f two squares behind, the enemy e 5 squares
# ahead, out of a walk and a blow, within a run and its blow.
CORRIDOR = "............\n"


def _bot(**changes: object) -> Bot:
    """The strong level with `engaged_runs` everywhere and always (no clock, open maps too) if
    on, then `changes`."""
    style = replace(LEVEL_STYLES["strong"], engaged_until=0, engaged_maze=False)
    return Bot(random.Random(0), replace(style, **changes))  # type: ignore[arg-type]


def _corridor(engaged: bool = False):
    fighters = {"a": {"team": "red", "at": (2, 0), **BLADE}, "f": {"team": "red", "at": (0, 0), **BLADE},
                "e": {"team": "blue", "at": (7, 0), **BLADE}}
    if engaged:
        fighters["g"] = {"team": "red", "at": (8, 0), **BLADE}
    state, _ = tiny_match(CORRIDOR, fighters, order=list(fighters))
    return state


def test_r4_8_no_run_to_strike_an_enemy_no_friend_holds():
    state = _corridor()
    # Without the switch the blade runs to (6, 0) to strike e at −8, alone in its reach (the
    # strong level has it on in labyrinths only, before round 13: test_bots_s45_engaged_clock).
    plain = _bot(engaged_runs=False)
    act = plain.choose(state)
    assert isinstance(act, RunStart) and plain.last_plan is not None and plain.last_plan.end == (6, 0)
    # With it, it walks a square and lets e come: its next blow is at full odds.
    bot = _bot(engaged_runs=True)
    assert bot.choose(state) == Walk(to=(3, 0))


def test_r4_8_the_run_still_strikes_an_enemy_held_or_likely_killed():
    held = _corridor(engaged=True)  # g beside e: the runner's blow joins a fight under way
    bot = _bot(engaged_runs=True)
    assert isinstance(bot.choose(held), RunStart) and bot.last_plan is not None and bot.last_plan.end == (6, 0)
    weak = _corridor()
    weak.fighters["e"].pv = 3  # a hit kills it
    assert fresh_enemies(Context(bot, weak, open_action_kinds(weak))) == []
    assert isinstance(_bot(engaged_runs=True).choose(weak), RunStart)
    assert [e.id for e in fresh_enemies(Context(bot, _corridor(), open_action_kinds(_corridor())))] == ["e"]
