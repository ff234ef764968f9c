"""Saved matches: a readable JSON file of seed + map + rules + teams + actions.

Loading replays the actions from the start with the same dice, so a saved match comes
back exactly, event for event; since version 2 the save also holds where the dice stood
at the end, and a replay that does not end there is refused. Version 1 saves (before the
dice position and the digest) load only when asked (`--accept-edited`): nothing tells them
from an edited save. Nothing in a save can run code (no pickle, no eval).
Autosaves are written atomically (temporary file + `os.replace`) to the user data
folder, and the previous autosave is kept beside it, so a crash never loses both.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_game.core.actions import ACTION_ADAPTER, Action
from arena_game.core.board import Board
from arena_game.core.dice import DicePosition, NeedsFace, ScriptedFaceError
from arena_game.core.errors import IllegalAction
from arena_game.core.match import BoardChange, Match, MatchSetup, ReplayFailed
from arena_game.core.settings import DEFAULT_SETTINGS, MAX_DIE
from arena_game.core.terrain import Terrain
from arena_game.formats.atomic import clean_stale_temporaries, write_atomic
from arena_game.formats.mapfile import board_from_data
from arena_game.formats.problems import (
    FileProblem,
    face_problem,
    fault,
    fault_words,
    keyed,
    validation_problem,
)
from arena_game.formats.rulesfile import settings_from_data
from arena_game.formats.safe_read import read_json
from arena_game.formats.setupcheck import check_placements, check_turn_order
from arena_game.formats.strict import validate
from arena_game.formats.teamfile import teams_from_data
from arena_game.resources import user_data_dir

SAVE_SUFFIX = ".arena.json"
SAVE_VERSIONS = (1, 2)  # 2 added `dice_position`
MAX_FACE = MAX_DIE  # no die of the game has more faces: a larger scripted face is a damaged save


class SavedDice(BaseModel):
    """Where the dice stood when the match was saved (the seed and script are beside it)."""

    model_config = ConfigDict(extra="forbid")
    used: int = Field(ge=0)  # scripted faces shown
    drawn: int = Field(ge=0)  # 32-bit words drawn from the seeded generator


class SavedBoardChange(BaseModel):
    """A map reload during the match (`play --watch`): the new map, made after `after` actions."""

    model_config = ConfigDict(extra="forbid")
    after: int = Field(ge=0)
    map: dict[str, Any]


class EditedSave(FileProblem):
    """A save whose digest does not match its content: edited by hand, or damaged."""


class SaveFile(BaseModel):
    """The fields of a save file."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["arena-save"] = "arena-save"
    version: Literal[1, 2] = 2
    seed: int
    dice: list[Annotated[int, Field(ge=1, le=MAX_FACE)]] = []  # scripted faces used before the seed (scenarios)
    map_path: str | None = None  # where the map came from, for the reader; the inline map is used
    map: dict[str, Any]  # native map data (docs/maps.md), inline so the save stands alone
    rules: dict[str, Any] = {}
    teams: list[dict[str, Any]] = Field(min_length=1)
    placements: dict[str, tuple[int, int]]
    turn_order: list[str] | None = None
    actions: list[dict[str, Any]] = []
    roster: str | None = None  # R9.2: the user's roster file the teams came from (never a shipped one)
    dice_position: SavedDice | None = None  # version 2: where the dice stood at the end
    # who rolled: with dice at the table (physical, mixed) `dice` holds every face shown
    dice_mode: Literal["computer", "physical", "mixed"] = "computer"
    board_changes: list[SavedBoardChange] = []  # map reloads while designing, replayed in order
    digest: str | None = None  # sha256 of the rest, so a save edited by hand is told apart


_SYMBOLS = {
    Terrain.FLOOR: ".", Terrain.WALL: "#", Terrain.PILLAR: "O", Terrain.OBSTACLE: "x",
    Terrain.WATER: "~", Terrain.LAVA: "L", Terrain.ACID: "%", Terrain.HOLE: "_",
}


def board_to_data(board: Board) -> dict[str, Any]:
    """The board as native map data (grid + heights) that `board_from_data` reads back."""
    spawn_at = {sq: slot for slot, squares in board.spawns.items() for sq in squares if len(slot) == 1 and slot.isdigit()}
    rows = []
    for y in range(board.height):
        row = ""
        for x in range(board.width):
            t = board.terrain((x, y))
            row += spawn_at[(x, y)] if t is Terrain.FLOOR and (x, y) in spawn_at else _SYMBOLS[t]
        rows.append(row)
    return {
        "name": board.name or "map",
        "description": board.description,
        "labyrinth": board.labyrinth,
        "grid": "\n".join(rows),
        "heights": {f"{x},{y}": cm for (x, y), cm in sorted(board.heights.items())},
    }


def save_from_match(setup: MatchSetup, actions: Sequence[Action], dice: DicePosition | None = None,
                    board_changes: Sequence[BoardChange] = ()) -> SaveFile:
    """A save file for a match started from `setup` with `actions` applied, the dice at `dice`,
    and the map reloads made along the way."""
    table = dice is not None and dice.table
    return SaveFile(
        seed=setup.seed,
        dice=list(dice.scripted) if dice is not None and table else list(setup.scripted),
        dice_mode=setup.dice_mode,
        map_path=setup.map_path,
        map=board_to_data(setup.board),
        rules=setup.settings.model_dump(mode="json"),
        teams=[t.model_dump(mode="json") for t in setup.teams],
        placements={k: (v[0], v[1]) for k, v in setup.placements.items()},
        turn_order=setup.turn_order,
        actions=[ACTION_ADAPTER.dump_python(a, mode="json", exclude_none=True) for a in actions],
        roster=setup.roster,
        dice_position=SavedDice(used=dice.used, drawn=dice.drawn) if dice is not None else None,
        board_changes=[SavedBoardChange(after=c.after, map=board_to_data(c.board)) for c in board_changes],
    )


def dump_save(save: SaveFile) -> str:
    """The save as readable JSON text, sealed with the digest of its content."""
    return json.dumps(seal(save.model_dump(mode="json")), ensure_ascii=False, indent=1) + "\n"


def content_digest(data: dict[str, Any]) -> str:
    """sha256 of a save's fields other than `digest`, in a canonical JSON form."""
    body = {k: v for k, v in data.items() if k != "digest"}
    canonical = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with its `digest` set (last, so a reader sees the content first)."""
    body = {k: v for k, v in data.items() if k != "digest"}
    return {**body, "digest": content_digest(body)}


def check_digest(path: str | Path, data: dict[str, Any]) -> None:
    """Refuse a save whose digest is missing or does not match: it was edited after the game wrote it."""
    digest = data.get("digest")
    if digest == content_digest(data):
        return
    if data.get("version") == 1:  # written before saves carried a digest, or made to look so
        why = "save_version_1_undigested"
    elif digest is None:
        why = "save_no_digest"
    else:
        why = "save_digest_mismatch"
    words, key, params = fault("save_edited", why=fault_words(why))
    raise EditedSave(path, words, key=key, params=params)


def write_save(path: str | Path, save: SaveFile) -> Path:
    """Write a save file atomically."""
    return write_atomic(path, dump_save(save))


def read_save(path: str | Path, accept_edited: bool = False) -> tuple[MatchSetup, list[Action]]:
    """Read and check a save file: the match set-up and the actions to replay (`read_save_dice`
    adds where the dice stood at the end)."""
    loaded = read_save_dice(path, accept_edited)
    return loaded.setup, loaded.actions


class LoadedSave(NamedTuple):
    """A checked save: what starts the match, the actions to replay, where the dice stood at
    the end (None in a version 1 save) and the map reloads made along the way."""

    setup: MatchSetup
    actions: list[Action]
    dice: DicePosition | None
    board_changes: list[BoardChange]


def read_save_dice(path: str | Path, accept_edited: bool = False) -> LoadedSave:
    """Read and check a save file: the match set-up, the actions to replay, where the
    dice stood at the end (None in a version 1 save) and the map reloads.

    Every fault is a one-line `FileProblem` naming the file and the field; a save edited
    after the game wrote it is an `EditedSave` unless `accept_edited`.
    """
    p = Path(path)
    data = read_json(p)
    if not isinstance(data, dict):
        raise keyed(p, "save_not_object")
    version = data.get("version", 1)
    if data.get("format") == "arena-save" and version not in SAVE_VERSIONS:
        known = [str(v) for v in SAVE_VERSIONS]
        raise keyed(p, "save_version", field="version", version=repr(version),
                    versions=fault_words("either", names=", ".join(known[:-1]), last=known[-1]))
    if data.get("version") == 1:
        check_version_1_shape(p, data)
    try:
        save = validate(SaveFile, data)
    except ValidationError as e:
        raise validation_problem(p, e) from None
    loaded = setup_from_save(p, save)
    # after the checks: a damaged field is named rather than just "edited"
    if not accept_edited:
        check_digest(p, data)
    return loaded


# The fields a version 1 save holds: the game wrote no other before version 2.
VERSION_1_FIELDS = frozenset({"format", "version", "seed", "dice", "map_path", "map", "rules", "teams",
                              "placements", "turn_order", "actions", "roster"})


def check_version_1_shape(path: str | Path, data: dict[str, Any]) -> None:
    """Refuse a file that says version 1 but holds a field only later versions write (an
    edited save claiming to be older to escape the digest check)."""
    later = sorted(set(data) - VERSION_1_FIELDS)
    known_later = [k for k in later if k in SaveFile.model_fields]
    if known_later:
        raise keyed(path, "save_version_1_later", field="version", name=f"`{known_later[0]}`")


def setup_from_save(p: Path, save: SaveFile) -> LoadedSave:
    """Validate the parts of a parsed save (map, rules, teams, actions, map reloads)."""
    settings = settings_from_data(p, save.rules, "rules") if save.rules else DEFAULT_SETTINGS
    board = board_from_data(p, save.map, None, settings.maps, key_prefix="map.", require_spawns=False)
    teams = teams_from_data(p, {"teams": save.teams}, settings)
    fighters = [f.id for t in teams for f in t.fighters]
    check_placements(p, save.placements, board, fighters)
    missing = [fid for fid in fighters if fid not in save.placements]
    if missing:
        raise keyed(p, "save_no_placement", field="placements", fighter=repr(missing[0]))
    if save.turn_order is not None:
        check_turn_order(p, save.turn_order, fighters)
    actions: list[Action] = []
    for i, a in enumerate(save.actions):
        try:
            actions.append(validate(ACTION_ADAPTER, a))
        except ValidationError as e:  # named as in a scenario: `actions[0].to`, not `actions[0].walk.to`
            kind = a.get("kind")
            raise validation_problem(p, e, f"actions[{i}]", tag=kind if isinstance(kind, str) else None) from None
    setup = MatchSetup(
        board=board, teams=teams, placements={k: (v[0], v[1]) for k, v in save.placements.items()},
        seed=save.seed, settings=settings, scripted=list(save.dice), turn_order=save.turn_order,
        map_path=save.map_path, roster=save.roster, dice_mode=save.dice_mode,
    )
    saved = save.dice_position
    table = save.dice_mode != "computer"
    position = None if saved is None else DicePosition(
        0 if table else save.seed, tuple(save.dice), saved.used, saved.drawn, table=table)
    changes = []
    for i, change in enumerate(save.board_changes):
        if change.after > len(actions):
            raise keyed(p, "save_reload_after", field=f"board_changes[{i}].after", after=change.after, n=len(actions))
        new = board_from_data(p, change.map, None, settings.maps, key_prefix=f"board_changes[{i}].map.",
                              require_spawns=False)
        changes.append(BoardChange(change.after, new))
    return LoadedSave(setup, actions, position, changes)


def match_from_save(source: str | Path, setup: MatchSetup, actions: Sequence[Action],
                    dice: DicePosition | None = None, board_changes: Sequence[BoardChange] = ()) -> Match:
    """Replay a save's actions; a refused action, or a replay that leaves the dice anywhere
    but where the save says they stood, is a one-line `FileProblem`."""
    try:
        match = Match.replay(setup, actions, board_changes=board_changes)
    except ReplayFailed as e:
        where = f"actions[{e.index}]"
        if isinstance(e.error, IllegalAction):
            raise keyed(source, "save_refused_on_replay", field=where, refusal=e.error) from None
        if isinstance(e.error, ScriptedFaceError):
            raise face_problem(source, e.error, where) from None
        raise FileProblem(source, str(e.error), field=where) from None
    except IllegalAction as e:  # the set-up itself: placements the rules refuse
        raise keyed(source, "save_cannot_start", refusal=e) from None
    except ScriptedFaceError as e:  # a scripted face the initiative die cannot show
        raise face_problem(source, e, "dice") from None
    except ValueError as e:  # anything else the replay refuses: its own words
        raise FileProblem(source, str(e), field="dice") from None
    except NeedsFace as e:  # dice rolled at the table: the save holds fewer faces than its actions roll
        raise keyed(source, "save_faces_run_out", field="dice", count=e.count, sides=e.sides) from None
    if dice is not None and match.dice_position != dice:
        raise keyed(source, "save_dice_position", field="dice_position", used=match.dice_position.used,
                    drawn=match.dice_position.drawn, saved_used=dice.used, saved_drawn=dice.drawn)
    return match


# -- the user data folder and the autosave ------------------------------------------------


def autosave_path() -> Path:
    """The autosave of the last match."""
    return user_data_dir() / f"autosave{SAVE_SUFFIX}"


def previous_autosave_path() -> Path:
    """The autosave before the last one (kept so a bad write never loses both)."""
    return user_data_dir() / f"autosave.previous{SAVE_SUFFIX}"


def write_autosave(save: SaveFile) -> Path:
    """Write the autosave atomically; the one it replaces becomes the previous autosave."""
    return write_atomic(autosave_path(), dump_save(save), keep_previous=previous_autosave_path())


def archive_autosave() -> Path | None:
    """Move the autosave of an earlier match into the saves folder (before a new match's
    first autosave replaces it), so starting a new match never loses the last one."""
    current = autosave_path()
    if not current.exists():
        return None
    import datetime

    stamp = datetime.datetime.fromtimestamp(current.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
    target = user_data_dir() / "saves" / f"autosave-{stamp}{SAVE_SUFFIX}"
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(current, target)
    return target


def clean_autosave_folder() -> list[Path]:
    """Remove temporary files a hard kill during an autosave left behind (on start)."""
    return clean_stale_temporaries(user_data_dir()) + clean_stale_temporaries(user_data_dir() / "saves")


def latest_autosave() -> Path:
    """The newest readable autosave path (the current one, else the previous one)."""
    current = autosave_path()
    if not current.exists() and previous_autosave_path().exists():
        return previous_autosave_path()
    return current
