"""How a bot weighs things (`BotStyle`) and the levels it plays at (`LEVEL_STYLES`;
docs/bots.md "Levels"): plain data, so a bench or a test can change one weight and leave the
rest (`bench/bench_bots.py --style tempo=3`)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

LEVELS = ("easy", "normal", "strong", "fast", "deep")
# the difficulties of `play --bot`; `fast` is for long `simulate` series, `deep` (rollouts, tens of
# ms a decision) for `simulate` and `sweep` only: the window's frames would wait for it
PLAY_LEVELS = LEVELS[:3]
SIMULATE_LEVEL = "strong"  # the default of `simulate` and `sweep`: a verdict rests on the strongest bots
QUICK_LEVEL = "fast"  # `simulate --level fast`: about 2.8 times strong's speed, weaker (docs/bots.md)
STALL_ROUNDS = 20  # by this round a bot no longer minds the enemies' reach


@dataclass(frozen=True)
class BotStyle:
    """How a bot weighs things; the default plays a sound, fairly aggressive game."""

    caution: float = 0.35  # weight of the damage enemies could deal next turn
    closing: float = 1.0  # value of each square nearer the target
    push_risk: float = 0.35  # share of its PV a fighter risks beside a deadly square
    flee_below: float = 0.3  # PV fraction under which a fighter on a losing side flees
    focus: float = 1.0  # weight of a target's threat per PV left (focus fire)
    lookahead: int = 0  # candidates weighed again against the next opponents' replies
    noise: float = 0.0  # random spread added to scores (the easy level)
    teleport_attack: bool = False  # teleport beside a far target (R6); off: it lost matches in the bench
    ranged_caution: float = 0.7  # the same for bows and guns: in range of a shot they lose nothing by keeping back
    taunt_renown: bool = True  # try for the first success's renown when a failure would cost nothing (R7.3)
    # price a taunt's Dextérité by each striker's exact hit chances on the team's focus target
    # (R0.4: opposed d20s, so +5 and −5 do not move a chance by as much; R7.4: it replaces a
    # running taunt's modifier); off: one face of the d20 per point, the same up and down
    exact_taunts: bool = False
    step_after: bool = True  # weigh the walk that may follow an action (R0.6)
    # with `step_after`: a blade weighs that walk too; off, only a ranged weapon (bow, gun, thrown:
    # R1) does, its step back out of reach after a shot, and a blade that struck stays engaged
    step_after_blades: bool = True
    # weigh a push's step after it with the pushed enemy one square back (R5.1): held by a
    # blade, a fighter pushes it away and steps out of its reach, free of the flight roll (R3.1)
    push_room: bool = False
    # squares a fighter may lead its nearest friend toward the target (0: no limit; 3 was
    # even with 0 against greedy once runs weighed their forced stops, docs/bots.md)
    cohesion: int = 0
    # path squares: `cohesion` holds a fighter only while every enemy is farther than this from
    # it (the team gathers on the way and fights as it comes); 0: wherever the enemies stand
    # (docs/bots.md, "The fight after the first blow": with `cohesion` 3 and this 10, even with
    # the level against greedy in the maze over 4,000 fresh matches; off)
    cohesion_far: int = 0
    # path squares within which an enemy closing in (nearer the team than at its last turn,
    # every enemy at the match's first turn) is walked to, or run at only to strike (R4.8);
    # 0: off (docs/bots.md: it won on the small maps and lost as much on the open ones)
    wait_coming: int = 0
    # path squares within which every enemy stands for a run to be taken only to strike (R4.8):
    # with the whole enemy team that near, a run that does not strike takes the runner ahead of
    # its friends into the enemies' midst with its squares left as a malus on every roll
    # (R4.5), while walking keeps the team together and lets the enemy step into its reach
    # (docs/bots.md: strike runs); 0: off
    strike_runs: int = 0
    # weight of the first strike an enemy gets when the fighter ends its turn in that
    # enemy's reach (a walk and an attack, or a shot in sight after a step) without striking
    # from there, and the enemy has no other of the team in reach (docs/bots.md: tempo)
    tempo: float = 0.0
    tempo_strikes: bool = False  # charge the other enemies' first strikes on a square it strikes from too
    # rounds: the tempo's charge only while an enemy came nearer the team (`Bot.came`) or one of
    # the team came nearer the enemies (`Bot.went`) within that many; 0: always
    tempo_held: int = 0
    # a blow at a malus (a run's −8, R4.8; a jump's −15, R2.4) spares the struck enemy's
    # reply only by its share of a plain blow: the rest is a first strike given away
    tempo_weak: bool = False
    # weight of the replies of the opponents who act after the next friend and before the
    # fighter's own next turn (0: only those before the next friend, `bots/lookahead.py`)
    later_replies: float = 0.0
    # a run's squares left (R4.5, R4.6) cost more where enemies reach the runner: the malus
    # is on its dodge too (a point per square is a face of the d20 on every blow it takes)
    stop_threat: float = 0.0
    # bows and guns threaten by the core's range and sight (`range_grid` from their square
    # and the squares a step away) rather than by distance alone (R1.6)
    sighted_threat: bool = False
    # Speed (the `fast` level for long `simulate` series): check a run declaration's own
    # chance (R4) beside the first estimate, and how many squares in reach to weigh at each
    # step of a run under way and, for `direct_runs`, before declaring (0: all of them, 16
    # before declaring; else those nearest the target).
    run_checks: bool = True
    run_squares: int = 0
    direct_runs: bool = False  # declare runs straight along the shortest way to the target, not the best of the map
    follow_runs: bool = False  # keep to the route chosen after the run's roll (R4.3) instead of weighing every step
    # with an attack open, weigh the walks beside it (bows and guns only) but no run, jump or
    # swim (in 946 such turn starts of the fast level, on arene-classique, none was chosen)
    walks_by_attacks: bool = False
    # after the action, take the walk weighed with it (`Context.best_step`) while nobody moved,
    # died, fell or changed modifiers, instead of weighing every walk again; with no walk weighed
    # after it (`step_after`, `step_after_blades`) the action was weighed from where the fighter
    # stands, and the turn then ends there
    follow_steps: bool = False
    # path squares: while every enemy stands farther than this from every fighter of the team,
    # the team marches in file along one route (`Closing._march`): its blades first, the
    # one nearest the enemies leading, each other fighter closing on the one ahead of it in
    # that order rather than on the target by its own way (in a maze of loops the team's
    # shortest ways split, and its fighters arrive one by one by different corridors); 0: off
    march: int = 0
    march_slack: int = 3  # path squares the leader may get ahead of the next fighter in file
    march_hold: float = 1.5  # weight, per square past the slack, of the leader's lead
    march_near: bool = False  # the leader still holds within the slack once the enemies are near
    # a bow or gun is charged this much of the hits of the enemy blades that would reach its
    # square by a walk next turn, at full weight until `STALL_ROUNDS` (the caution fades before
    # that): it shoots and steps out of their reach, and blades that walk a square a turn never
    # catch it; after that round it stands (a bow kiting a blade round a maze's loops ran
    # matches out to the round cap); 0: off
    kite: float = 0.0
    # weight of the hits of every enemy that reaches a square next turn (strike zones) when no
    # friend stands within `iso_support` path squares of it: a fighter does not step alone
    # into the enemies' reach (it waits for its friends), until the caution fades
    iso: float = 0.0
    iso_support: int = 2
    # a bow or gun beside an enemy (its shots at −8, R1.7; in a maze corridor often in front
    # of its own blades, which cannot pass it) weighs teleport spells (R6.2; its potion is kept
    # for a real danger) to a square with a shot, as an escape is weighed (docs/bots.md: "A bow
    # held in a corridor teleports out")
    teleport_unpin: bool = False
    # play-outs of the next round per candidate, for the best few after the replies' reranking
    # (`bots/rollouts.py`, the `deep` level); 0: off
    rollouts: int = 0
    # an enemy blade's reach next turn counted from the squares it can walk to and strike
    # from (R1.1: the 8 neighbours, across a wall's corner too; `Navigator.strike_field`),
    # not as path squares ≤ 2, which misses a corridor's bend: the blade two squares before
    # the bend walks one and strikes across the corner (docs/bots.md, "Blows across a
    # corridor's bend")
    corner_reach: bool = False
    # a run declared to a square with no square beyond it (R4.6, a corridor's last square
    # before the enemy it strikes) weighs the forced stop's malus of the squares the roll
    # grants past it (`runs._forced_left`), as the steps after the roll do
    forced_runs: bool = False
    # an enemy bow or gun's strike zone (the tempo's, the alone-in-reach charge) holds the
    # squares it shoots from beside the foe too (R1.7: at −8, charged at that malus): greedy
    # bows walk a square to touch a fighter at a corridor's mouth and shoot (docs/bots.md,
    # "Point-blank shots")
    point_blank: bool = False
    # a blade runs to strike (R4.8, at −8) only an enemy that a friend already stands beside,
    # or one a hit likely kills: a fresh enemy it walks to or waits for, and strikes first at
    # full odds (the run's blow landed 23% of the time and left the runner alone in reach of
    # a blade and a bow); off: +1.7 points against greedy in the maze, and round-cap draws in
    # self-play, where neither side comes (docs/bots.md, "The fight after the first blow")
    engaged_runs: bool = False
    # the round from which `engaged_runs` no longer holds (the clock: two sides that run at no
    # fresh enemy wait each other out in self-play, and the match meets the round cap; greedy
    # comes before it); 0: no clock
    engaged_until: int = 0
    # `engaged_runs` holds on labyrinth maps only (`Board.labyrinth`, R4.4: one-square-wide
    # corridors, where the runner stands alone in reach of a blade and a bow); on the open maps
    # a run at a fresh enemy stays open (fosse-de-lave lost 3 points without it, docs/bots.md)
    engaged_maze: bool = False
    # an enemy blade's reach next turn (`EnemyReach.field`) is read with the fighter's friends
    # as obstacles (`Navigator.blocked_strike_field`; R2.1, R4.9: nobody walks or runs through a
    # fighter): in a one-square corridor the blade cannot pass the friend that faces it, so the
    # fighters behind that friend (a bow shooting over it, R1.6) are not charged its blows; off:
    # +1.1 points against greedy in the maze over 6,000 matches, under the bar (docs/bots.md,
    # "A body in the corridor")
    body_block: bool = False
    # `iso` reads a friend's support against an enemy blade as a blow, not a distance: a friend
    # supports the fighter's square only if it can strike, next turn, every square from which that
    # blade would strike the fighter there (a walk and a blow, with the fighter and its other
    # friends as obstacles, R2.1; a bow or gun by a shot from where it stands, R1.6). In a
    # one-square corridor the friend right behind the front blade strikes nobody, so the front
    # waits where the blade that comes meets two of the team (a corridor's mouth, a bend, a
    # junction); enemy bows and guns keep `iso`'s path-distance support. The weight of those
    # blades' hits, times `iso`'s; 0: off (every level), `iso` as it was. 5 in a labyrinth until
    # round 13 (with the clock below, session 47): +2.6 and +5.4 points against greedy in the maze on two fresh
    # series of 2,000, in the strong level (docs/bots.md, "Support read as a
    # blow")
    iso_strike: float = 0.0
    # `iso_strike` holds on labyrinth maps only (`Board.labyrinth`, one-square-wide corridors):
    # on fosse-de-lave it lost 2.5 points and the open maps played 11–15% slower
    iso_strike_maze: bool = False
    # the round from which `iso_strike` no longer holds and `iso` reads support by distance again:
    # without it two sides that wait where the enemy must come to them meet the round cap (3.5%
    # of self-play matches); 0: no clock (the strong level's since session 48, which holds
    # while the enemy comes instead)
    iso_strike_until: int = 0
    # rounds: `iso_strike` holds only while an enemy came nearer the team within that many rounds
    # (`Bot.came`): two sides that wait for each other stop waiting, greedy (always coming) keeps
    # meeting the hold; 0: off; 2 in the strong level (session 48, with the two below)
    iso_strike_coming: int = 0
    # while `iso_strike` holds: the weight of an engaged friend's plight (a friend beside an enemy
    # blade, that blade's expected hit on it) charged on every square the fighter may end on from
    # which it neither strikes back, next turn, where that blade would strike the friend from nor
    # leaves the friend a free step back to a square where it would (`FallBack.barring_at`). In a
    # one-square corridor the friend right behind the front blade steps round the bend or into a
    # side way so that the front blade can fall back to where the blade that follows meets two of
    # the team (the front blade's own step back is `iso_strike`'s); 0: off; 1 in the strong level:
    # +1.0 point alone against greedy in the maze, with `iso_strike_coming` 2 in place of the clock
    # +2.9, +1.7 and +2.0 on three fresh series of 2,000 (docs/bots.md, "Make way, fall back, and
    # the hold while the enemy comes")
    make_way: float = 0.0
    # while `iso_strike` holds, a blade beside an enemy blade where no friend strikes that blade
    # back is charged this much per path square between the square it ends on and the nearest
    # square (within `FALL_DEPTH` steps, its friends giving way) where the blade that follows it
    # meets two (`FallBack.fall_at`, `fall_dist`: a bend or a junction, where the
    # square it strikes from has a second free square beside it): the front blade of a file in a
    # straight corridor falls back toward the bend; with `make_way` the friends behind it give way
    # toward there too (an engaged friend's step back nearer such a square counts as room); 0: off;
    # 4 in the strong level: with `make_way` 1 and `iso_strike_coming` 2 in place of the clock it
    # won +4.0, +2.2 and +1.7 points over the level of session 47 on three fresh series of 2,000
    # (80.3% over the 6,000, +2.6); its own share over the same without it, +0.4 (docs/bots.md,
    # "Make way, fall back")
    fall_back: float = 0.0
    # a fighter's death priced apart from its expected damage: the caution and the replies price a
    # hit alike on a fighter it kills and on one it scratches, so a blade left at a few PV stays in
    # an enemy bow's line. A square the fighter may end on is charged this much times the chance
    # the enemies that reach it next turn kill it there (every one strikes once, a blade a walk and
    # a blow away or a run away at R4.8's malus, a bow or gun by its sighted zone; the blows'
    # exact outcomes added up, `strike_outcomes`) times its life's worth (the kill bonus and its
    # own blow), fading with the caution (`Danger.death_at`); 0: off, but 2 in the strong level's
    # labyrinths (`in_maze`, with the three below: session 59). Faded so it gained +0.2 points
    # against greedy in the maze over 4,000 matches (1, with `death_replies` 1); kept at 0.3 past
    # round 20 (`death_floor`) +1.9, but 11% of self-play matches met the round cap (docs/bots.md,
    # "A fighter's death priced apart")
    death: float = 0.0
    # the share of `death`'s weight kept once the match drags on (`STALL_ROUNDS`): the charge fades
    # from full at round 0 to this share, as the replies' weight does (`lookahead.LATE_FLOOR`); 0:
    # it fades out with the caution
    death_floor: float = 0.0
    # rounds: `death_floor` holds only while an enemy came nearer the team within that many rounds
    # (`Bot.came`, as `iso_strike_coming`): two sides that keep their wounded out of each other's
    # reach past round 20 meet the round cap (11% of self-play matches with the floor alone), while
    # greedy, always coming, keeps meeting it; 0: the floor always holds
    death_coming: int = 0
    # the round from which `death_floor` no longer holds (the charge is then off, as the caution
    # past round 20): a clock for the two sides that wait each other out; 0: no clock. At 28 (with
    # `death` 2, `death_replies` 2, `death_floor` 0.3): +1.3 points against greedy in the maze over
    # 4,000 matches, but 2.54% round-cap draws in self-play over 2,400 (the level 1.71%) and 8–9%
    # slower against greedy: off
    death_until: int = 0
    # `death` and `death_replies` hold on labyrinth maps only (`Board.labyrinth`, as
    # `iso_strike_maze`): open maps then play as without them
    death_maze: bool = False
    # the same for the strong level's replies (`bots/lookahead.py`): each opponent's reply on a
    # friend counts this much times the chance its blow kills that friend times the friend's
    # life's worth beside the blow's expected damage; 0: off
    death_replies: float = 0.0
    # the round from which every fighter presses (`Context.pressing`): the replies no longer count
    # (`lookahead.rerank`), no escaping teleport is weighed, and a bow or gun in range keeps its
    # ground after its shot (`PRESS_STAND`): past round 20 the replies' floor and the escapes kept a bow
    # a step ahead of a walking blade, and the match met the round cap; 0: off. At 25, with
    # `press_maze` and `press_behind`, a third fewer round-cap draws in maze self-play (1.04% against
    # 1.58% over 2,400) but −0.9 points against greedy over 6,000 (docs/bots.md, "Late kiting, and
    # the round cap"); 25 with `press_last` and `press_after_run` in the strong level's labyrinths
    # (session 60: "The round cap in the maze, again")
    press_from: int = 0
    # `press_from` holds on labyrinth maps only (`Board.labyrinth`, as `iso_strike_maze`)
    press_maze: bool = False
    # `press_from` holds only for a team that is not ahead (its fighters' PV together no more than
    # the enemies'): the side ahead may still keep a walking blade at a bow's length
    press_behind: bool = False
    # `press_from` holds only for the last fighter of its team: in maze self-play the matches that
    # met the round cap ended one against one or two, a lone bow a step ahead of a walking blade or
    # both trading blows, while against greedy the bot is seldom down to its last fighter
    press_last: bool = False
    # `press_from` holds only once an enemy was seen to move farther than a walk between two of the
    # team's turns (`Bot.saw_run`: a run, R4, or a teleport, R6): a bow a step ahead keeps off a
    # blade that only walks (greedy's) and wins; against one that runs it only runs out the clock
    press_after_run: bool = False
    # the jam (`bots/jam.py`): a bow or gun at the front of its own file in a one-square corridor,
    # an enemy near, its friends' blades barred behind it (R2.1: nobody walks through a fighter),
    # is charged this much times the blow of each such blade still barred from where it ends its
    # turn: it steps aside at a junction (or, held, teleports out) so that a blade can strike. Not
    # faded with the round (self-play matches jammed so met the round cap); 0: off; 1 in a
    # labyrinth in the strong level (session 51): +1.05 and +0.8 points against greedy in the maze
    # on two fresh series of 2,000 (+0.9 paired over the 4,000), fewer round-cap draws in maze
    # self-play (docs/bots.md, "The jam: a bow makes way")
    jam: float = 0.0
    # `jam` holds on labyrinth maps only (`Board.labyrinth`, as `iso_strike_maze`)
    jam_maze: bool = False
    # the round from which `jam` holds (0: from the first); it then holds to the round cap
    jam_from: int = 0
    # other values of some fields on labyrinth maps (`Board.labyrinth`): (field name, value)
    # pairs, a dict accepted too and kept sorted by name; the bot plays `on_board(True)` there
    # (`Bot.style_on`, once per board), so a level can carry weights tuned for the maze and
    # leave the open maps as they are. The strong level's: `ranged_caution` 0.35 and `tempo` 4
    # (+1.27 points [+0.49, +2.06] against greedy over 8,000 matches the choice never saw; with
    # `caution` 0.7 as well, +0.97 [−0.41, +2.36] and twice the self-play round-cap draws):
    # docs/bots.md, "Weights tuned for the maze"; `death` 2, `death_replies` 2, `death_floor` 0.3
    # and `death_until` 28 (+1.67 points [+0.34, +3.00] over 3,000 fresh matches, session 59):
    # "A wounded fighter kept out of the lethal reach in the maze"
    in_maze: tuple[tuple[str, float], ...] = ()
    # a bonus on the final score of a plan of a family in `brain.TRIED_FAMILIES` (plain and water
    # pushes, jumps) that the team has not played yet this match: each is played about once a
    # match where it costs little, so a map's water or crates are seen in play (issue 20's mix)
    try_bonus: float = 0.0

    def __post_init__(self) -> None:
        """Check `in_maze`'s names and values against the fields (a typo would be silently ignored)."""
        if not self.in_maze:
            return
        pairs = self.in_maze.items() if isinstance(self.in_maze, dict) else self.in_maze
        kinds = {f.name: f.type for f in fields(self) if f.name != "in_maze"}
        seen: dict[str, Any] = {}
        for name, value in pairs:
            kind = kinds.get(name)
            if kind is None:
                raise ValueError(f"BotStyle.in_maze: no field {name!r} to set in a labyrinth")
            if name in seen:
                raise ValueError(f"BotStyle.in_maze: {name!r} given twice")
            if kind in ("bool", bool):
                ok = isinstance(value, bool)
            elif kind in ("int", int):
                ok = isinstance(value, int) and not isinstance(value, bool)
            else:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
                value = float(value) if ok else value
            if not ok:
                article = "an" if str(kind) == "int" else "a"
                raise ValueError(f"BotStyle.in_maze: {name!r} takes {article} {kind}, not {value!r}")
            seen[name] = value
        object.__setattr__(self, "in_maze", tuple(sorted(seen.items())))

    def on_board(self, labyrinth: bool) -> BotStyle:
        """The style played on a board: with the `in_maze` values on a labyrinth, else itself."""
        if not labyrinth or not self.in_maze:
            return self
        values: dict[str, Any] = dict(self.in_maze)  # each checked against its field's type
        return replace(self, in_maze=(), **values)


LEVEL_STYLES = {
    "easy": BotStyle(caution=0.15, focus=0.0, noise=3.0),
    "normal": BotStyle(teleport_unpin=True),  # a held bow teleports out (docs/bots.md)
    # the tempo, the squares left priced by the threat, runs only to strike with the enemy
    # team near, bows kiting blades, no fighter alone in the enemies' reach, pushes weighed with
    # the step after them, taunts priced on exact odds, enemy blades' reach across a corridor's bend:
    # docs/bots.md "Where it stands", "Taunts on exact odds", "Blows across a corridor's bend"
    # and in a labyrinth, until round 13, no run to strike an enemy no friend holds: "The team
    # meets on one way, and a clock on the runs"; and there, until round 13, support against an
    # enemy blade read as a friend's blow where it would strike from ("Support read as a blow"),
    # held while an enemy came nearer within two rounds, the friends behind a front blade making
    # way and the front blade falling back toward a bend: "Make way, fall back, and the hold
    # while the enemy comes"; and a bow or gun at the front of its file stepping aside for the blades
    # barred behind it, whatever the round: "The jam: a bow makes way"; and there a bow or gun half
    # as careful and twice the tempo's charge: "Weights tuned for the maze"; and there a fighter's
    # death priced apart, held at a floor past round 20 until round 28: "A wounded fighter kept out
    # of the lethal reach in the maze"; and there, from round 25, the last fighter of a team presses
    # once an enemy was seen to run: "The round cap in the maze, again"; and there the tempo's
    # charge only while someone came nearer within two rounds: "The fight starts sooner in the maze";
    # and a plain push, a water push and a jump each tried once a match where it costs little (3
    # points, 0.75 in a labyrinth): "Every family played once a match"
    "strong": BotStyle(lookahead=4, tempo=2.0, stop_threat=0.1, strike_runs=10, kite=1.0, iso=1.0, push_room=True,
                        teleport_unpin=True, exact_taunts=True, corner_reach=True, engaged_runs=True,
                        engaged_until=13, engaged_maze=True, iso_strike=5.0, iso_strike_maze=True,
                        iso_strike_coming=2, make_way=1.0, fall_back=4.0, jam=1.0, jam_maze=True,
                        in_maze=(("death", 2.0), ("death_floor", 0.3), ("death_replies", 2.0), ("death_until", 28),
                                 ("press_after_run", True), ("press_from", 25), ("press_last", True),
                                 ("ranged_caution", 0.35), ("tempo", 4.0), ("tempo_held", 2), ("try_bonus", 0.75)),
                        try_bonus=3.0),
    # `normal`'s scores, runs planned along one way and followed: `simulate --level fast`, for long series (docs/bots.md)
    # (no walk weighed after a blade's action: docs/bots.md "Speed", session 57)
    "fast": BotStyle(run_checks=False, run_squares=8, follow_runs=True, direct_runs=True, walks_by_attacks=True,
                     follow_steps=True, step_after_blades=False),
}
# `strong`, its best candidates played forward a round: docs/bots.md "Rollouts of the next round";
# without the strong level's maze weights, which were measured for `strong` only (its `try_bonus`
# kept, as small in a labyrinth: "Every family played once a match")
LEVEL_STYLES["deep"] = replace(LEVEL_STYLES["strong"], rollouts=6, in_maze=(("try_bonus", 0.75),))
