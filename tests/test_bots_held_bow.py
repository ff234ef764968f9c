"""A bow held in a corridor teleports out (`BotStyle.teleport_unpin`, on in the strong level;
docs/bots.md, "A bow held in a corridor teleports out"): beside an enemy its shots take −8
(R1.7), and in a one-square corridor it stands in front of its own blade, which cannot pass
it. With a spell to spare (R6.2) it teleports to a square it shoots from."""

import random
from dataclasses import replace

from arena_game.bots import Bot
from arena_game.bots.style import LEVEL_STYLES
from arena_game.core import apply
from arena_game.core.geometry import chebyshev
from tests.builders import tiny_match

BOW = {"weapon": {"name": "Arc court", "family": "bow", "range": 6, "damage": "1d8"},
       "skills": {"weapons": {"bow": 4}}, "attributes": {"magie": 6, "physique": 3, "dexterite": 5}, "mana": 12}
SWORD = {"weapon": {"name": "Épée", "family": "melee", "damage": "1d8+1"}, "skills": {"weapons": {"melee": 4}},
         "attributes": {"dexterite": 5, "physique": 5}}


def _bow_turn(style):
    """The red bow at (7, 0) between its own sword (6, 0) and a blue sword (8, 0), in a
    corridor; what it does in its turn."""
    state, dice = tiny_match(
        "..............",
        {"bow": {"team": "red", "at": (7, 0), **BOW}, "sword": {"team": "red", "at": (6, 0), **SWORD},
         "foe": {"team": "blue", "at": (8, 0), **SWORD}},
        labyrinth=True, seed=3,
    )
    state.round = 5
    bot = Bot(random.Random(0), style)
    kinds = []
    while state.active.id == "bow":
        action = bot.choose(state)
        kinds.append(action)
        state, _ = apply(state, action, dice)
    return kinds, state


def test_the_strong_bow_held_in_front_of_its_sword_teleports_to_a_square_it_shoots_from():
    actions, state = _bow_turn(LEVEL_STYLES["strong"])
    teleports = [a for a in actions if a.kind == "teleport"]
    assert len(teleports) == 1 and teleports[0].means == "spell"
    bow, foe = state.fighters["bow"], state.fighters["foe"]
    assert bow.mana == 7  # 12 less the spell's 5 (R6.2)
    assert chebyshev(bow.position, foe.position) > 1  # no longer held: no −8 on its next shot
    assert chebyshev(bow.position, foe.position) <= 3 + 6  # in range of it (R1.2: Physique + 6)
    assert state.fighters["sword"].position == (6, 0)


def test_without_the_switch_the_held_bow_stays_and_shoots_at_minus_8():
    actions, state = _bow_turn(replace(LEVEL_STYLES["strong"], teleport_unpin=False, iso_strike=0.0))
    assert not [a for a in actions if a.kind == "teleport"]
    assert [a.kind for a in actions if a.kind != "end_turn"] == ["attack"]
    assert state.fighters["bow"].position == (7, 0)
