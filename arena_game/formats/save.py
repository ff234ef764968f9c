"""Saved matches: a readable JSON file of seed + map + rules + teams + actions.

Loading replays the actions from the start with the same dice, so a saved match comes
back exactly, event for event; since version 2 the save also holds where the dice stood
at the end, and a replay that does not end there is refused; since version 3 it holds the
digest of the match's event log, and a replay that gives other events (the same actions
played by another version of the game's rules) is refused too. Version 1 saves (before the
dice position and the digest) load only when asked (`--accept-edited`): nothing tells them
from an edited save. Nothing in a save can run code (no pickle, no eval).
Autosaves are written atomically (temporary file + `os.replace`) to the user data
folder, and the previous autosave is kept beside it, so a crash never loses both. An
autosave of another match (another game window, or the match before a loaded save) is
moved to the saves folder before this match's autosave takes its place, never overwritten.
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
from arena_game.core.events import EVENT_ADAPTER, Event
from arena_game.core.match import BoardChange, Match, MatchSetup, ReplayFailed
from arena_game.core.settings import DEFAULT_SETTINGS, MAX_DIE
from arena_game.core.terrain import Terrain
from arena_game.formats.atomic import (
    clean_stale_temporaries,
    sync_folder,
    temporary_beside,
    write_atomic,
    write_atomic_bytes,
    write_flushed,
)
from arena_game.formats.gc_pause import gc_paused
from arena_game.formats.mapfile import board_from_data
from arena_game.formats.problems import (
    ACTIONS_ADAPTER,
    FileProblem,
    action_fault,
    face_problem,
    fault,
    fault_words,
    found_words,
    keyed,
    unwritable,
    validation_problem,
)
from arena_game.formats.rulesfile import settings_from_data
from arena_game.formats.safe_read import RELAXED_JSON, ReadLimits, env_byte_cap, read_json
from arena_game.formats.setupcheck import check_placements, check_turn_order
from arena_game.formats.strict import validate
from arena_game.formats.teamfile import teams_from_data
from arena_game.resources import user_data_dir

SAVE_SUFFIX = ".arena.json"
SAVE_VERSIONS = (1, 2, 3)  # 2 added `dice_position`, 3 `events_digest`
MAX_FACE = MAX_DIE  # no die of the game has more faces: a larger scripted face is a damaged save
# A save is read with a larger cap than the 4 MB of the other files: a match of 10^5 actions
# writes about 3 MB (5 MB before saves held one action a line, refused then), and the game
# must read back every save it writes (about 4 x 10^5 actions here; a hostile file of this size
# still costs well under a GB to refuse).
SAVE_MAX_BYTES = 16 * 1024 * 1024


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
    version: Literal[1, 2, 3] = 3
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
    # version 3: the digest of the match's event log (`LogDigest`), so a game that plays the
    # same actions to other results (another version of its rules) is told on loading
    events_digest: str | None = None
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
                    board_changes: Sequence[BoardChange] = (), events_digest: str | None = None) -> SaveFile:
    """A save file for a match started from `setup` with `actions` applied, the dice at `dice`,
    the map reloads made along the way and the digest of its event log (`LogDigest`)."""
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
        events_digest=events_digest,
    )


class LogDigest:
    """The sha256 of a match's event log: each event's JSON and a line break, in order.

    Kept up to date as the log grows, so an autosave at every turn hashes only the new events
    (a log of 10^5 actions is 3 × 10^5 events, about 0.7 s to hash whole); `restart` when the
    log lost events (an undo) or is another match's."""

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        """Hash the log from its first event at the next `of`."""
        self._hash = hashlib.sha256()
        self._count = 0

    def of(self, log: Sequence[Event]) -> str:
        """The digest of `log`, whose first events (up to the last call) are the ones hashed then."""
        if len(log) < self._count:
            self.restart()
        for event in log[self._count:]:
            self._hash.update(EVENT_ADAPTER.dump_json(event))
            self._hash.update(b"\n")
        self._count = len(log)
        return self._hash.hexdigest()


def log_digest(log: Sequence[Event]) -> str:
    """The digest of a whole event log (`LogDigest`)."""
    return LogDigest().of(log)


def dump_save(save: SaveFile) -> str:
    """The save as readable JSON text, sealed with the digest of its content."""
    return save_text(save.model_dump(mode="json"))


def save_text(data: dict[str, Any]) -> str:
    """A save's fields as JSON text, sealed with their digest: one field a line (a map and its
    teams indented), one action or one face a line (a match of 10^5 actions stays a few MB).

    A text no UTF-8 file can hold (a map or roster file named with bytes that are not UTF-8,
    read from a Linux disk) is written with U+FFFD in their place: the save is written, and a
    roster file it then names no longer exists (which the load says), rather than no save at all.
    """
    try:
        sealed = seal(data)
    except UnicodeEncodeError:
        sealed = seal(_encodable(data))
    lines = []
    for key, value in sealed.items():
        name = json.dumps(key, ensure_ascii=False)
        if isinstance(value, list) and value and key in _ONE_A_LINE:
            items = ",\n".join(["  " + _ONE_LINE.encode(v) for v in value])
            lines.append(f" {name}: [\n{items}\n ]")
        else:
            lines.append(f" {name}: " + json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n "))
    return "{\n" + ",\n".join(lines) + "\n}\n"


_ONE_A_LINE = frozenset({"actions", "dice"})  # long lists of short items: one item a line
_ONE_LINE = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))


def _encodable(value: Any) -> Any:
    """`value` with every half UTF-16 pair (a non-UTF-8 byte of a file name) in its texts as U+FFFD."""
    if isinstance(value, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
    if isinstance(value, dict):
        return {_encodable(k): _encodable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_encodable(v) for v in value]
    return value


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


def write_new_save(folder: str | Path, stem: str, save: SaveFile) -> Path:
    """Write a save under a name no file has yet, and return it: `folder/STEM.arena.json`, or
    `STEM-2.arena.json`, `STEM-3…` when that is taken (Ctrl+S twice in one second, two game
    windows): a save never replaces a file it did not write itself.

    Atomic as `write_save`: the text is flushed to the disk in a temporary file beside, then
    given its name by a hard link, which fails rather than replace a file of that name (so two
    writers cannot both take one name); where the disk has no hard links (FAT), it is renamed to
    a name found free. A write that fails raises `OSError` and leaves no file behind.
    """
    return write_new_save_bytes(folder, stem, dump_save(save).encode("utf-8"))  # made before the disk is touched


def write_new_save_bytes(folder: str | Path, stem: str, data: bytes) -> Path:
    """`write_new_save` of a save's text already made (an autosave archived by a copy)."""
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    first = where / f"{stem}{SAVE_SUFFIX}"
    clean_stale_temporaries(where, first.name)
    tmp = temporary_beside(first)
    try:
        write_flushed(tmp, data)
        target = _claim_free_name(tmp, where, stem)
    finally:
        tmp.unlink(missing_ok=True)  # its content now has its name (a hard link), or it failed
    sync_folder(where)
    return target


def _claim_free_name(tmp: Path, folder: Path, stem: str) -> Path:
    """Give the written file `tmp` the first free name of `STEM`, `STEM-2`, `STEM-3`… in `folder`."""
    n = 1
    while True:
        target = folder / (f"{stem}{SAVE_SUFFIX}" if n == 1 else f"{stem}-{n}{SAVE_SUFFIX}")
        n += 1
        try:
            os.link(tmp, target)  # never replaces: a name taken (a file, a link, a folder) fails
            return target
        except FileExistsError:
            continue
        except OSError:  # no hard links on this disk: a rename to a name free now
            if target.exists() or target.is_symlink():
                continue
            os.replace(tmp, target)
            return target


def read_save(path: str | Path, accept_edited: bool = False) -> tuple[MatchSetup, list[Action]]:
    """Read and check a save file: the match set-up and the actions to replay (`read_save_dice`
    adds where the dice stood at the end)."""
    loaded = read_save_dice(path, accept_edited)
    return loaded.setup, loaded.actions


def save_limits() -> ReadLimits:
    """What a save file may cost: `SAVE_MAX_BYTES`, or the byte cap of the environment if set."""
    cap = env_byte_cap()
    return ReadLimits(max_bytes=SAVE_MAX_BYTES if cap is None else cap)


class LoadedSave(NamedTuple):
    """A checked save: what starts the match, the actions to replay, where the dice stood at
    the end (None in a version 1 save), the map reloads made along the way and the digest of
    the events they gave (None before version 3)."""

    setup: MatchSetup
    actions: list[Action]
    dice: DicePosition | None
    board_changes: list[BoardChange]
    events_digest: str | None = None


def _not_a_tiled_file(p: Path, data: dict[str, Any]) -> None:
    """A Tiled file (a map, a tileset…) given as a save is said to be one, not its first key's fault."""
    from arena_game.formats.tiled import TILED_KINDS, json_kind, kind_words

    kind = json_kind(data)
    if kind in TILED_KINDS:
        raise keyed(p, "tiled_not_wanted", kind=kind_words(kind), wanted=fault_words("kind_save"))


def _not_a_toml_file(p: Path) -> None:
    """A TOML file of the game's (a scenario, a map…) given as a save is said to be one."""
    from arena_game.formats.file_kinds import wrong_kind
    from arena_game.formats.safe_read import read_toml

    try:
        data = read_toml(p)
    except FileProblem:
        return
    other = wrong_kind(p, data, "save")
    if other is not None:
        raise other from None


def read_save_dice(path: str | Path, accept_edited: bool = False) -> LoadedSave:
    """Read and check a save file: the match set-up, the actions to replay, where the
    dice stood at the end (None in a version 1 save) and the map reloads.

    Every fault is a one-line `FileProblem` naming the file and the field; a save edited
    after the game wrote it is an `EditedSave` unless `accept_edited`.
    """
    p = Path(path)
    _WRITTEN.clear()  # a save loaded: the next autosave checks what is on disk (`write_autosave`)
    try:
        data = read_json(p, save_limits())
    except FileProblem as e:
        if e.key == "json_syntax" or e.key in RELAXED_JSON:  # TOML's `key = value` reads as a word without quotes
            _not_a_toml_file(p)  # a scenario, a map, a teams or a rules file given as a save
        raise
    if not isinstance(data, dict):
        raise keyed(p, "save_not_object")
    if "format" not in data:
        _not_a_tiled_file(p, data)
    version = data.get("version", 1)
    if isinstance(version, bool | float):  # JSON's true and 3.0 equal 1 and 3 to Python (and to pydantic's Literal)
        raise keyed(p, "expected", field="version", expected=fault_words("what_whole"), found=found_words(version))
    if data.get("format") == "arena-save" and version not in SAVE_VERSIONS:
        known = [str(v) for v in SAVE_VERSIONS]
        raise keyed(p, "save_version", field="version", version=repr(version),
                    versions=fault_words("either", names=", ".join(known[:-1]), last=known[-1]))
    if data.get("version") == 1:
        check_version_1_shape(p, data)
    try:
        save = validate(SaveFile, data)
    except ValidationError as e:
        raise validation_problem(p, e, schema=SaveFile) from None
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
    actions = _checked_actions(p, save.actions)
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
    return LoadedSave(setup, actions, position, changes, save.events_digest)


def _checked_actions(p: Path, raw: list[dict[str, Any]]) -> list[Action]:
    """A save's actions, checked all at once; a fault is found again action by action, to be
    named as in a scenario (`actions[3].to`, not `actions[3].walk.to`)."""
    try:
        return validate(ACTIONS_ADAPTER, raw)
    except ValidationError as together:
        first = next((fault for i, a in enumerate(raw) if (fault := action_fault(p, i, a)) is not None), None)
        raise first or validation_problem(p, together, "actions") from None


def match_from_save(source: str | Path, setup: MatchSetup, actions: Sequence[Action],
                    dice: DicePosition | None = None, board_changes: Sequence[BoardChange] = (),
                    events_digest: str | None = None, digest: LogDigest | None = None) -> Match:
    """Replay a save's actions; a refused action, a replay that leaves the dice anywhere but
    where the save says they stood, or one whose events are not those the save's digest
    says (`events_digest`, when given) is a one-line `FileProblem`. `digest`: the log's
    digest kept by the caller, brought up to the replayed log (hashed once, not again at the
    first autosave)."""
    try:
        with gc_paused():  # a replay makes no garbage cycles: the collector's passes only cost (a third of a long one)
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
    if events_digest is not None and (digest or LogDigest()).of(match.log) != events_digest:
        raise keyed(source, "save_events_differ", field="events_digest", n=len(actions))
    return match


# -- the user data folder and the autosave ------------------------------------------------


def autosave_path() -> Path:
    """The autosave of the last match."""
    return user_data_dir() / f"autosave{SAVE_SUFFIX}"


def previous_autosave_path() -> Path:
    """The autosave before the last one (kept so a bad write never loses both)."""
    return user_data_dir() / f"autosave.previous{SAVE_SUFFIX}"


def write_autosave(save: SaveFile) -> Path:
    """Write the autosave atomically; the one it replaces becomes the previous autosave.

    The autosave there is replaced only when it is an earlier point of this match: the same
    match (its seed, map, rules, teams and placements) and actions that all lead to this
    save's, or this process's own last autosave of this match (actions taken back since are
    not kept) when no save was loaded since. Any other — another game window's match, the last match when a save was loaded,
    a later point of this match when an earlier save of it was loaded, a damaged file — is
    moved to the saves folder first (`archive_autosave`). A write that fails raises `OSError`
    and leaves every file as it was; `autosave_fault` says so until a write succeeds.
    """
    global _FAULT
    path = autosave_path()
    data = save.model_dump(mode="json")
    try:
        text = save_text(data)
        mine = _Known(None, match_identity(data), data["actions"])
        there = _known_there(path)
        # this process's own autosave of this match, no save loaded since: an action taken back
        # (undo) may leave this save short of it, and what was taken back is not to be kept
        own = there is not None and there is _WRITTEN.get(path) and there.identity == mine.identity
        if there is not None and not own and not mine.follows(there):
            _archive(path, there)
        write_atomic(path, text, keep_previous=previous_autosave_path())
    except OSError as e:
        _FAULT = unwritable(path, e)
        raise
    _FAULT = None
    _WRITTEN[path] = _Known(_stamp(path), mine.identity, mine.actions)
    return path


def autosave_holds(save: SaveFile) -> bool:
    """True when the autosave file holds exactly `save` (nothing played since it was written)."""
    try:
        return autosave_path().read_bytes() == dump_save(save).encode("utf-8")
    except (OSError, UnicodeEncodeError):
        return False


def autosave_fault() -> FileProblem | None:
    """Why the last autosave could not be written (None when it was): the terminal says it
    when the window closes (`commands.play.open_window`)."""
    return _FAULT


def forget_autosave_fault() -> None:
    """A new window: no autosave of it has failed yet."""
    global _FAULT
    _FAULT = None


class _Known(NamedTuple):
    """A save file as the autosave keeper knows it: what changes when it is written again (its
    stamp), its match (None: no readable save) and its actions (None: unreadable)."""

    stamp: tuple[int, ...] | None
    identity: str | None
    actions: list[Any] | None

    def follows(self, earlier: _Known) -> bool:
        """This save goes on from `earlier`: the same match, and its actions start with earlier's."""
        return (self.identity is not None and self.identity == earlier.identity and self.actions is not None
                and earlier.actions is not None and self.actions[: len(earlier.actions)] == earlier.actions)


_FAULT: FileProblem | None = None
_WRITTEN: dict[Path, _Known] = {}  # the autosave this process wrote last, by path
# per match identity, the copy of an autosave this process archived last: a later point of the
# same match replaces that copy rather than adding a file each turn (two game windows)
_ARCHIVED: dict[str, tuple[Path, _Known]] = {}
# the fields that tell one match from another (not its actions, nor where its dice stand)
_IDENTITY_FIELDS = ("seed", "map", "rules", "teams", "placements", "turn_order", "dice_mode", "map_path", "roster")


def match_identity(data: dict[str, Any]) -> str:
    """What tells a match from another in a save's fields: the digest of its start (seed, map,
    rules, teams, placements, turn order, dice mode, files, scripted faces with computer dice)."""
    start = {k: data.get(k) for k in _IDENTITY_FIELDS}
    if data.get("dice_mode", "computer") == "computer":
        start["dice"] = data.get("dice", [])
    text = json.dumps(_encodable(start), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What changes whenever a file is written again (`os.replace` makes a new file)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _known_there(path: Path) -> _Known | None:
    """The save at `path` (None when there is none): as this process wrote it last, else read."""
    stamp = _stamp(path)
    if stamp is None:
        return None
    written = _WRITTEN.get(path)
    if written is not None and written.stamp == stamp:
        return written
    try:
        data = read_json(path, save_limits())
    except FileProblem:
        return _Known(stamp, None, None)
    if not isinstance(data, dict):
        return _Known(stamp, None, None)
    actions = data.get("actions")
    return _Known(stamp, match_identity(data), actions if isinstance(actions, list) else None)


def archive_autosave() -> Path | None:
    """Move the autosave of an earlier match into the saves folder (before a new match's
    first autosave replaces it), so starting a new match never loses the last one."""
    global _FAULT
    current = autosave_path()
    there = _known_there(current)
    if there is None:
        return None
    try:
        return _archive(current, there)
    except OSError as e:  # the new match's autosave will not be written over it: said as the autosave's fault
        _FAULT = unwritable(current, e)
        raise


def _archive(current: Path, there: _Known) -> Path | None:
    """Move `current` to `saves/autosave-YYYYmmdd-HHMMSS.arena.json` under a name no file has
    (or over this process's copy of an earlier point of the same match); where the saves
    folder cannot take it (a file, another disk, read-only), beside the autosave. None when
    `current` is gone (another game window moved it); raises OSError when it cannot be moved
    at all (it then stays where it was)."""
    import datetime

    try:
        stamp = datetime.datetime.fromtimestamp(current.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
    except FileNotFoundError:
        return None
    earlier = _ARCHIVED.get(there.identity) if there.identity else None
    try:
        folder = user_data_dir() / "saves"
        folder.mkdir(parents=True, exist_ok=True)
        if earlier is not None and earlier[0].parent == folder and there.follows(earlier[1]) and earlier[0].exists():
            target = earlier[0]
            (_copy_of if current.is_symlink() else os.replace)(current, target)
        else:
            target = _move_to_free_name(current, folder, stamp)
    except OSError:
        if not current.exists():
            return None
        target = _move_to_free_name(current, current.parent, stamp)
    if there.identity is not None:
        _ARCHIVED[there.identity] = (target, there)
    return target


def _copy_of(current: Path, target: Path) -> None:
    """Archive what a link to the autosave points to, by a copy (written through, it is replaced)."""
    write_atomic_bytes(target, current.read_bytes())


def _move_to_free_name(current: Path, folder: Path, stamp: str) -> Path:
    """Move `current` to `folder/autosave-STAMP.arena.json`, or `…-2`, `…-3` if taken: an archive
    never replaces a file, even one another game window archives in the same second (the name is
    claimed by a hard link, `_claim_free_name`). A link the player made to the autosave stays in
    place: what it points to is copied."""
    if current.is_symlink():
        return write_new_save_bytes(folder, f"autosave-{stamp}", current.read_bytes())
    target = _claim_free_name(current, folder, f"autosave-{stamp}")
    current.unlink(missing_ok=True)  # its content now has the new name (or it was renamed there)
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
