"""Lessons and demo steps: scenario files with a goal, hints and captions (no pygame here).

A lesson is a scenario file (`scenarios/lessons/NN-name.toml`) whose `[goal]` says what
the learner's fighter must achieve; the CORE's events and state decide whether it did
(`goal_met`). The file's `actions` are a worked solution: the tests play them to prove
the lesson can be completed, the tutorial's "show me" plays them; the learner starts
from the initial state. A demo step (`scenarios/demo/NN-name.toml`) is a scenario whose
actions are played for the audience under its `caption`.

Texts in these files (`caption`, `goal.text`, `goal.hints`) are either a catalog key
(`"lesson.push_goal"`, or `{ key = "…" }`) or inline `{ fr = "…", en = "…" }` so a game
master can write their own without touching the catalog.

Progress (which lessons were completed) is a small JSON file in the platformdirs user
data folder, written atomically.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_game.core.actions import Action, EndTurn
from arena_game.core.events import Died, Event, Moved, Teleported
from arena_game.core.match import Match
from arena_game.core.state import MatchState
from arena_game.formats.atomic import write_atomic
from arena_game.formats.problems import FileProblem, keyed, validation_problem
from arena_game.formats.safe_read import read_json
from arena_game.formats.save import user_data_dir
from arena_game.formats.scenario import Scenario, check_text, load_scenario
from arena_game.formats.strict import validate
from arena_game.i18n import has, t
from arena_game.resources import scenarios_dir

Text = str | dict[str, str]


def text_of(value: Text | None, lang: str) -> str:
    """A file text in `lang`: a catalog key, `{key = …}`, or inline `{fr = …, en = …}`."""
    if value is None:
        return ""
    if isinstance(value, str):
        return t(value, lang) if has(value, lang) else value
    if "key" in value:
        return t(value["key"], lang)
    return value.get(lang) or value.get("fr") or next(iter(value.values()), "")


class Goal(BaseModel):
    """What the learner must achieve; every condition given must hold.

    `reach`: the fighter stands on this square, brought there `by` this kind of move
    (walk, run, swim, jump, teleport; "any" for any); `event`: an event of this `type`
    with these field values happened (e.g. `{ type = "died", fighter = "ysolde",
    cause = "push_into_hazard" }`); `avoid`: no such event happened (e.g. tackled).
    `setup`: how many of the file's actions set the scene before the learner plays.
    """

    model_config = ConfigDict(extra="forbid")
    fighter: str
    text: Text
    hints: list[Text] = []
    reach: tuple[int, int] | None = None
    by: Literal["any", "walk", "run", "swim", "jump", "teleport"] = "any"
    event: dict[str, Any] | None = None
    avoid: dict[str, Any] | None = None
    setup: int = Field(0, ge=0)  # the file's first N actions are played before the learner's turn


@dataclass
class Lesson:
    """A loaded lesson: its scenario and its goal."""

    id: str  # the file stem, e.g. "04-push-into-lava": the key of the progress file
    scenario: Scenario
    goal: Goal

    def title(self, lang: str) -> str:
        """The lesson's title (its `caption`, else the scenario title)."""
        return text_of(self.scenario.spec.caption or None, lang) or self.scenario.spec.title


def load_lesson(path: str | Path) -> Lesson:
    """Read a lesson file: a scenario with a valid `[goal]` naming one of its fighters."""
    p = Path(path)
    scenario = load_scenario(p)
    if scenario.spec.goal is None:
        raise keyed(p, "lesson_no_goal", field="goal")
    try:
        goal = validate(Goal, scenario.spec.goal)  # strict: `setup = "2"` or `reach = [1.0, 2]` is refused
    except ValidationError as e:
        raise validation_problem(p, e, "goal") from None
    check_text(p, goal.text, "goal.text")
    for i, hint in enumerate(goal.hints):
        check_text(p, hint, f"goal.hints[{i}]")
    if goal.fighter not in scenario.placements:
        raise keyed(p, "lesson_unknown_fighter", field="goal.fighter", fighter=repr(goal.fighter))
    if goal.reach is None and goal.event is None:
        raise keyed(p, "lesson_goal_needs", field="goal")
    if goal.reach is not None and not scenario.board.inside(goal.reach):
        raise keyed(p, "lesson_goal_outside", field="goal.reach", x=goal.reach[0], y=goal.reach[1])
    return Lesson(p.stem, scenario, goal)


def lessons_dir() -> Path:
    """Folder of the shipped lessons."""
    return scenarios_dir() / "lessons"


def demo_dir() -> Path:
    """Folder of the shipped demo steps."""
    return scenarios_dir() / "demo"


def ordered_files(folder: Path) -> list[Path]:
    """The scenario files of a folder in play order (their `NN-` prefix sorts them); a folder
    named like one is not a lesson."""
    return sorted(p for p in folder.glob("*.toml") if p.is_file()) if folder.is_dir() else []


def shipped_lessons() -> list[Lesson]:
    """Every shipped lesson, in order."""
    return [load_lesson(p) for p in ordered_files(lessons_dir())]


def _matches(event: Event, wanted: dict[str, Any]) -> bool:
    data = event.model_dump(mode="json")
    return all(data.get(k) == (list(v) if isinstance(v, tuple) else v) for k, v in wanted.items())


def _arrival(events: Sequence[Event], fighter: str) -> str | None:
    """How the fighter made its last move: a Moved mode, or "teleport"."""
    for e in reversed(events):
        if isinstance(e, Moved) and e.fighter == fighter:
            return e.mode
        if isinstance(e, Teleported) and e.fighter == fighter:
            return "teleport"
    return None


def goal_met(goal: Goal, state: MatchState, events: Sequence[Event]) -> bool:
    """True when the state and the events since the lesson began fulfil every condition."""
    if goal.avoid is not None and any(_matches(e, goal.avoid) for e in events):
        return False
    if goal.event is not None and not any(_matches(e, goal.event) for e in events):
        return False
    if goal.reach is not None:
        f = state.fighters.get(goal.fighter)
        if f is None or not f.alive or f.position != tuple(goal.reach):
            return False
        if goal.by != "any" and _arrival(events, goal.fighter) != goal.by:
            return False
    return True


def goal_lost(goal: Goal, state: MatchState, events: Sequence[Event]) -> bool:
    """True when the lesson can no longer be won: the learner died, the match ended, or
    an event to avoid happened."""
    if goal.avoid is not None and any(_matches(e, goal.avoid) for e in events):
        return True
    if any(isinstance(e, Died) and e.fighter == goal.fighter for e in events):
        return not goal_met(goal, state, events)
    return state.over and not goal_met(goal, state, events)


# -- progress ----------------------------------------------------------------------------

def progress_path() -> Path:
    """The progress file in the user data folder."""
    return user_data_dir() / "lessons.json"


def load_progress(path: Path | None = None) -> set[str]:
    """Ids of the completed lessons; a missing or unreadable file is no progress (a damaged
    one is set aside, not overwritten, when the next lesson is completed: `mark_completed`)."""
    p = path or progress_path()
    try:
        data = read_json(p)
    except FileProblem:
        return set()
    done = data.get("completed", []) if isinstance(data, dict) else []
    return {x for x in done if isinstance(x, str)} if isinstance(done, list) else set()


def _damaged(path: Path) -> bool:
    """Whether a progress file is there but not one this module writes (edited, cut short,
    another program's): `{"completed": [ids]}` and nothing else."""
    if not path.is_file():
        return False
    try:
        data = read_json(path)
    except FileProblem:
        return True
    done = data.get("completed") if isinstance(data, dict) else None
    return set(data) != {"completed"} or not isinstance(done, list) or not all(isinstance(x, str) for x in done)


def _set_aside(path: Path) -> Path:
    """Move a damaged progress file beside itself, under the first free name
    (`lessons.damaged.json`, `lessons.damaged-2.json`, …), so that a player can mend it."""
    n = 1
    while True:
        aside = path.with_name(f"{path.stem}.damaged{'' if n == 1 else f'-{n}'}{path.suffix}")
        if not aside.exists():
            path.replace(aside)
            return aside
        n += 1


def save_progress(done: Iterable[str], path: Path | None = None) -> Path:
    """Write the completed lesson ids atomically."""
    doc = {"completed": sorted(set(done))}
    return write_atomic(path or progress_path(), json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def mark_completed(lesson_id: str, path: Path | None = None) -> set[str]:
    """Record a completed lesson (replaying one keeps it completed). A progress file that
    cannot be written (a full disk, a read-only folder) leaves the old one as it was: the
    lesson is completed on screen, and the tutorial goes on rather than closing. A damaged
    file is set aside first (`_set_aside`), never overwritten: it may hold progress a hand
    edit broke."""
    p = path or progress_path()
    done = load_progress(p) | {lesson_id}
    with contextlib.suppress(OSError):
        if _damaged(p):
            _set_aside(p)
        save_progress(done, p)
    return done


# -- playing a lesson ----------------------------------------------------------------------

class LessonRun:
    """A lesson being played: the match, the events since the learner took over, the verdict.

    The learner plays `goal.fighter`; every other fighter passes its turn (`passes`) so a
    lesson stays about one rule. `apply` raises the core's IllegalAction unchanged: the
    tutorial shows its rule and reason. The tutorial window plays the same `LessonRun`
    through its own match controller (`match` given), so the rules of a lesson live here.
    """

    def __init__(self, lesson: Lesson, match: Match | None = None, *, pass_now: bool = True) -> None:
        self.lesson = lesson
        sc = lesson.scenario
        self.match = match if match is not None else Match.replay(sc.setup(), sc.actions[: lesson.goal.setup])
        self.mark = len(self.match.log)  # the learner takes over here
        if pass_now:
            self.pass_others()

    @property
    def goal(self) -> Goal:
        """The lesson's goal."""
        return self.lesson.goal

    @property
    def state(self) -> MatchState:
        """The match state now."""
        return self.match.state

    @property
    def setup_events(self) -> list[Event]:
        """The events that set the scene (the match's start and the file's `setup` actions)."""
        return self.match.log[: self.mark]

    @property
    def events(self) -> list[Event]:
        """The events since the learner took over."""
        return self.match.log[self.mark:]

    def solution(self) -> list[Action]:
        """The file's worked solution (the actions after the setup, other fighters' turns included)."""
        return list(self.lesson.scenario.actions[self.goal.setup:])

    def apply(self, action: Action, auto_pass: bool = True) -> list[Event]:
        """Apply one action (raises IllegalAction and changes nothing if refused)."""
        out = list(self.match.play(action))
        if auto_pass:
            out.extend(self.pass_others())
        return out

    def passes(self) -> Iterator[Action]:
        """The turn ends to play, one at a time, until the learner plays again (the caller
        plays each one before asking for the next: the window animates them)."""
        while not self.state.over and self.state.active.id != self.goal.fighter and not self.done:
            yield EndTurn()

    def pass_others(self) -> list[Event]:
        """End the turns of every fighter but the learner's, until the learner plays again."""
        return [e for action in self.passes() for e in self.match.play(action)]

    def goal_kind(self) -> str | None:
        """The kind of action the goal needs ("push", "run_start"): the worked solution's
        action that meets it, played from the start in a match of its own; None when the
        solution does not play (the tests say which file). The tutorial opens the lesson in
        that action's mode: the push lesson opened in Walk, its hint a walk (s47 review4)."""
        run = LessonRun(self.lesson, pass_now=False)  # the solution plays the other fighters' turns
        for action in self.solution():
            try:
                run.apply(action, auto_pass=False)
            except ValueError:  # refused (IllegalAction is one) or a die the file lacks
                return None
            if run.done:
                return action.kind
        return None

    @property
    def done(self) -> bool:
        """The goal is met."""
        return goal_met(self.goal, self.state, self.events)

    @property
    def lost(self) -> bool:
        """The lesson can no longer be won (restart it)."""
        return goal_lost(self.goal, self.state, self.events)

    def why_lost(self) -> str:
        """The catalog key of why the lesson is lost: the learner died, else the match
        ended, else an event to avoid happened."""
        if any(isinstance(e, Died) and e.fighter == self.goal.fighter for e in self.events):
            return "tutorial.failed_died"
        if self.state.over:
            return "tutorial.failed_over"
        return "tutorial.failed_avoid"
