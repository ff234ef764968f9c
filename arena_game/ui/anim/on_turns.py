"""Animations of turns, dice and match-wide news: banners and floating labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena_game.core.events import (
    Attacked,
    DiceRolled,
    Event,
    FighterSpared,
    LostForGood,
    ManaChanged,
    MatchEnded,
    MatchStarted,
    ModifierAdded,
    RenownGained,
    TackleChecked,
    TurnOrderSet,
    TurnSkipped,
    TurnStarted,
)
from arena_game.i18n import t as catalog_text
from arena_game.i18n.narration import applies_to_words, dice_line
from arena_game.i18n.terms import mana_reason, modifier_source, signed
from arena_game.render.palette import LABEL_BLUE as BLUE
from arena_game.render.palette import LABEL_GOLD as GOLD
from arena_game.render.palette import LABEL_GREEN as GREEN
from arena_game.render.palette import LABEL_GREY as GREY
from arena_game.render.palette import LABEL_ORANGE as ORANGE
from arena_game.render.palette import LABEL_RED as RED
from arena_game.render.palette import LABEL_WHITE as WHITE
from arena_game.ui.anim.pacing import DICE_SHOWN, TUMBLING
from arena_game.ui.anim.registry import animates

if TYPE_CHECKING:
    from arena_game.ui.anim.choreography import Choreographer


@animates(MatchStarted)
def match_started(c: Choreographer, e: MatchStarted, rest: list[Event]) -> None:
    c.effect("banner", 1.2, text=c.tr("match_started"), sub=c.tr("match_started_sub"), colour=GOLD)
    c.cursor += 0.9


@animates(TurnOrderSet)
def turn_order_set(c: Choreographer, e: TurnOrderSet, rest: list[Event]) -> None:
    order = " · ".join(c.name(f) for f in e.order)
    c.effect("banner", 1.4, text=c.tr("turn_order"), sub=order, colour=WHITE, small=True)
    c.cursor += 0.8


@animates(TurnStarted)
def turn_started(c: Choreographer, e: TurnStarted, rest: list[Event]) -> None:
    banner = c.effect("banner", 1.0, text=c.tr("turn_started", round=e.round, name=c.name(e.fighter)),
                sub=c.tr("turn_started_sub", team=c.team_names.get(c.team_of.get(e.fighter, ""), "")), colour=GOLD,
                fighter=e.fighter)
    c.told = banner.start + 0.15  # the log's "— Round 2: Oruk —" comes with its banner, not after it
    c.cursor += 0.8


@animates(TurnSkipped)
def turn_skipped(c: Choreographer, e: TurnSkipped, rest: list[Event]) -> None:
    label = c.label(e.fighter, c.tr("turn_skipped"), GREY,
                    sub=c.tr("turn_skipped_sub", reason=catalog_text(f"log.skip_{e.reason}", c.lang)))
    c.told = label.start + 0.1  # its log line with its label
    c.cursor += 1.0  # the next turn's banner once this label fades: not both at once


@animates(MatchEnded)
def match_ended(c: Choreographer, e: MatchEnded, rest: list[Event]) -> None:
    team = c.team_names.get(e.winner, e.winner) if e.winner else None
    key = "match_won" if team else "match_no_winner"
    c.effect("banner", 2.2, text=c.tr(key, team=team), sub=c.tr(f"{key}_sub", team=team),
                colour=GOLD, final=True)
    c.cursor += 2.2


@animates(DiceRolled)
def dice_rolled(c: Choreographer, e: DiceRolled, rest: list[Event]) -> None:
    r = e.roll
    shown = c.effect("dice", DICE_SHOWN, text=dice_line(e, c.names, c.lang, drawn=True), colour=WHITE, fighter=e.fighter,
                     who=c.name(e.fighter), die=r.die, face=r.face, total=r.total, critical=r.critical,
                     rolling=dice_line(e, c.names, c.lang, hidden=True, drawn=True))
    # the log line and what follows from the roll wait for the die to settle (`captions.TUMBLING`)
    c.reveal = shown.start + DICE_SHOWN * TUMBLING
    if rest and isinstance(rest[0], Attacked) and rest[0].mode == "circle":
        # a dodge in a circle attack (R8): the swing starts while the die settles, and reaches
        # the foe (its impact, its "dodged") just after
        c.cursor = max(c.cursor + 0.1, c.reveal - 0.1)
    elif rest and isinstance(rest[0], TackleChecked) and not rest[0].tackled:
        pass  # a tackle roll the runner survives: shown while it runs on
    else:
        c.cursor = c.reveal  # the action's outcome plays once the die has settled


@animates(ManaChanged)
def mana_changed(c: Choreographer, e: ManaChanged, rest: list[Event]) -> None:
    c.label(e.fighter, c.tr("mana", delta=signed(e.delta)), BLUE, sub=mana_reason(e.reason, c.lang), duration=1.1)
    c.cursor += 0.15


@animates(ModifierAdded)
def modifier_added(c: Choreographer, e: ModifierAdded, rest: list[Event]) -> None:
    colour = GREEN if e.value > 0 else ORANGE
    what = applies_to_words(e.applies_to, c.lang)
    c.label(e.fighter, c.tr("modifier", value=signed(e.value), what=what), colour,
               sub=c.tr_count("modifier_sub", e.turns, source=modifier_source(e.source, c.lang), rule=e.rule, turns=e.turns), duration=1.3)
    c.cursor += 0.2


@animates(RenownGained)
def renown_gained(c: Choreographer, e: RenownGained, rest: list[Event]) -> None:
    team = c.team_names.get(e.team, e.team)
    c.effect("banner", 1.2, text=c.tr("renown", amount=e.amount, team=team), sub=c.tr("renown_sub", pr=e.pr),
                colour=GOLD, small=True)
    c.cursor += 0.4


@animates(LostForGood)
def lost_for_good(c: Choreographer, e: LostForGood, rest: list[Event]) -> None:
    c.effect("banner", 1.4, text=c.tr("lost_for_good", name=c.name(e.fighter)),
                sub=c.tr("lost_for_good_sub"), colour=RED, small=True)
    c.cursor += 0.5


@animates(FighterSpared)
def fighter_spared(c: Choreographer, e: FighterSpared, rest: list[Event]) -> None:
    c.effect("banner", 1.4, text=c.tr("fighter_spared", name=c.name(e.fighter)),
                sub=c.tr("fighter_spared_sub"), colour=GOLD, small=True)
    c.cursor += 0.5
