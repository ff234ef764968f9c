"""Inputs for tools/fuzz.py: the shipped files of every format, mutated, plus the nasty cases
of issue 17. Each case is a folder of files, the command line that reads them, and the file
that holds the fault (the one a one-line refusal must name)."""

from __future__ import annotations

import json
import random
import tomllib
import xml.etree.ElementTree as ET
import zlib
from base64 import b64encode
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

FORMATS = ("native map", ".tmj", ".tmx", "tileset", "teams", "rules", "scenario", "save")
WEIGHTS = (12, 9, 9, 10, 12, 14, 17, 17)


@dataclass
class Link:
    """A symbolic link to write in the case folder instead of a file."""

    target: str


@dataclass
class Case:
    """One input: files written in a fresh folder, the command (run in that folder), the file at fault."""

    index: int
    fmt: str
    files: dict[str, bytes | Link]
    argv: list[str]
    target: str  # the file holding the fault, relative to the case folder
    note: str = ""
    must_refuse: bool = False  # a nasty case: exit code 0 is a fault too
    cwd: str = "."  # relative to the case folder


@dataclass
class Corpus:
    """The original files, read once before the workers fork."""

    maps: dict[str, bytes] = field(default_factory=dict)
    tmj: dict[str, bytes] = field(default_factory=dict)
    tmx: dict[str, bytes] = field(default_factory=dict)
    support: dict[str, bytes] = field(default_factory=dict)  # tilesets and their image
    teams: dict[str, bytes] = field(default_factory=dict)
    rules: dict[str, bytes] = field(default_factory=dict)
    scenarios: dict[str, bytes] = field(default_factory=dict)
    saves: dict[str, bytes] = field(default_factory=dict)
    nasty: list[Case] = field(default_factory=list)  # issue 17's hand-made inputs, first in every run


def build_corpus() -> Corpus:
    """Read the shipped maps, Tiled files, tilesets, teams and scenarios; make rules and saves."""
    from arena_game.core.settings import RulesSettings
    from arena_game.formats.mapfile import load_map
    from arena_game.formats.teamfile import dump_toml
    from arena_game.formats.tiled_write import board_to_tmj, board_to_tmx

    c = Corpus()
    natives = sorted((ROOT / "maps").glob("*.toml")) + sorted((ROOT / "tests/data/maps").glob("*.toml"))
    for p in natives:
        if p.name != "broken.toml":
            c.maps[p.name] = p.read_bytes()
    for name in ("arena-tiles.tsj", "arena-tiles.tsx", "arena-tiles.png"):
        c.support[name] = (ROOT / "maps" / name).read_bytes()
    c.tmj["arene-inondee.tmj"] = (ROOT / "maps/arene-inondee.tmj").read_bytes()
    c.tmx["arene-inondee.tmx"] = (ROOT / "tests/data/tiled/arene-inondee.tmx").read_bytes()
    for p in sorted((ROOT / "maps").glob("*.toml"))[:3]:  # Tiled twins of native maps
        board = load_map(p)
        c.tmj[p.stem + ".tmj"] = json.dumps(board_to_tmj(board), indent=1).encode()
        c.tmx[p.stem + ".tmx"] = board_to_tmx(board).encode()
    for p in [ROOT / "arena_game/data/teams/default.toml", *sorted((ROOT / "tests/data/teams").glob("*.toml"))]:
        c.teams[p.name] = p.read_bytes()
    c.rules["rules.toml"] = dump_toml(RulesSettings().model_dump(mode="json", exclude_none=True)).encode()
    c.rules["short.toml"] = b"[dice]\ndie = 20\n\n[run]\ntackle_die = 8\n"
    for p in sorted((ROOT / "scenarios").rglob("*.toml")):
        c.scenarios[f"{p.parent.name}-{p.name}"] = p.read_bytes()
    c.saves.update(_saves())
    c.nasty = nasty_cases(c)
    bind_corpus(c)
    return c


def _saves() -> dict[str, bytes]:
    """A few saves the game writes: a hot-seat match, a scenario's match, a labyrinth."""
    import tempfile

    from arena_game.core.queries import walk_options
    from arena_game.formats.scenario import load_scenario
    from arena_game.ui.controller import MatchController, setup_for_map

    out: dict[str, bytes] = {}
    starts = [
        ("classique", lambda: MatchController(setup_for_map("arene-classique", None, seed=3))),
        ("labyrinthe", lambda: MatchController(setup_for_map("labyrinthe", None, seed=8))),
        ("scenario", lambda: MatchController(load_scenario(ROOT / "scenarios/combat/push-into-lava.toml").setup())),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for name, start in starts:
            ctrl = start()
            for _ in range(4):
                if ctrl.state.over:
                    break
                legal = [sq for sq, err in walk_options(ctrl.state).items() if err is None]
                if legal:
                    ctrl.apply({"kind": "walk", "to": legal[0]})
                ctrl.apply({"kind": "end_turn"})
            out[f"{name}.arena.json"] = ctrl.save(Path(tmp) / "s.arena.json").read_bytes()
    return out


# -- mutations ----------------------------------------------------------------------------

NASTY_VALUES: list[Any] = [
    0, -1, 1, 2, 7, 255, 2**31, 2**63, 10**30, -(10**30), 1.5, -0.5, float("nan"), float("inf"),
    "", "x", "0", "-1", "1e9", "../../../../etc/passwd", "/dev/zero", "é" * 5, "A" * 5000, "\u202e",
    True, False, None, [], {}, [1, 2], [[1]], {"a": 1}, {"kind": "walk"}, "9" * 60, [0] * 50,
]
NASTY_TOKENS = [
    '"', "'", "[", "]", "{", "}", ",", "=", ":", "\n", "\x00", "\ufeff", "NaN", "-1", "0",
    "1e999", "9" * 5000, "é", "\\", "<", ">", "&amp;", "&xxe;", "]]>", "..", "#", "\t", "true",
]


def mutate(rng: random.Random, name: str, raw: bytes) -> tuple[bytes, str]:
    """`raw` (the file `name`) changed once or a few times; returns the bytes and what was done."""
    if rng.random() < 0.55:
        try:
            return _mutate_structure(rng, name, raw)
        except (ValueError, TypeError, KeyError, IndexError, ET.ParseError, tomllib.TOMLDecodeError, RecursionError):
            pass
    return _mutate_text(rng, raw)


def _mutate_text(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    text = raw.decode("utf-8", "replace")
    notes = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        n = len(text)
        i, j = sorted((rng.randrange(n + 1), rng.randrange(n + 1)))
        j = min(j, i + rng.choice((1, 2, 8, 40, 400)))
        op = rng.choice(("flip", "delete", "duplicate", "insert", "truncate", "swap_lines", "number"))
        if op == "flip" and n:
            text = text[:i] + rng.choice(NASTY_TOKENS)[:1] + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "insert":
            text = text[:i] + rng.choice(NASTY_TOKENS) + text[i:]
        elif op == "truncate":
            text = text[:i]
        elif op == "swap_lines":
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        else:
            digits = [k for k, ch in enumerate(text) if ch.isdigit()]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + str(rng.choice(NASTY_VALUES[:10])) + text[k + 1:]
        notes.append(op)
    return text.encode("utf-8", "surrogatepass"), "text: " + ", ".join(notes)


def _mutate_structure(rng: random.Random, name: str, raw: bytes) -> tuple[bytes, str]:
    text = raw.decode("utf-8")
    if text.lstrip().startswith("<"):
        return _mutate_xml(rng, text)
    if name.endswith((".json", ".tmj", ".tsj")):
        data = json.loads(text)
        where = _mutate_tree(rng, data, allow_none=True)
        return json.dumps(data, ensure_ascii=rng.random() < 0.5).encode(), f"json: {where}"
    from arena_game.formats.teamfile import dump_toml

    data = tomllib.loads(text)
    where = _mutate_tree(rng, data, allow_none=False)
    return dump_toml(data).encode(), f"toml: {where}"


def _nodes(data: Any, path: str = "") -> list[tuple[Any, Any, str]]:
    """(container, key, path) of every value in a parsed tree."""
    out: list[tuple[Any, Any, str]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        p = f"{path}.{k}" if isinstance(k, str) else f"{path}[{k}]"
        out.append((data, k, p))
        out.extend(_nodes(v, p))
    return out


def _mutate_tree(rng: random.Random, data: Any, allow_none: bool) -> str:
    nodes = _nodes(data)
    if not nodes:
        raise ValueError("empty")
    notes = []
    for _ in range(rng.choice((1, 1, 2))):
        parent, key, path = rng.choice(nodes)
        op = rng.choice(("replace", "replace", "replace", "delete", "add", "wrap", "duplicate"))
        if op == "replace":
            value = rng.choice([v for v in NASTY_VALUES if allow_none or v is not None])
            parent[key] = json.loads(json.dumps(value)) if isinstance(value, list | dict) else value
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(parent, dict):
            parent[rng.choice(("zzz", "kind", "id", "source", "template", "version", "1"))] = rng.choice(NASTY_VALUES[:12])
        elif op == "wrap":
            parent[key] = [parent[key]] if rng.random() < 0.5 else {"x": parent[key]}
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        notes.append(f"{op} {path}")
        nodes = _nodes(data)
        if not nodes:
            break
    return ", ".join(notes)


def _mutate_xml(rng: random.Random, text: str) -> tuple[bytes, str]:
    root = ET.fromstring(text)
    elements = list(root.iter())
    notes = []
    for _ in range(rng.choice((1, 1, 2))):
        el = rng.choice(elements)
        op = rng.choice(("attr", "attr", "drop_attr", "drop", "duplicate", "text"))
        if op == "attr" or (op == "drop_attr" and not el.attrib):
            key = rng.choice([*el.attrib, "source", "template", "id", "width", "gid", "encoding", "compression"])
            el.set(key, str(rng.choice(NASTY_VALUES)))
        elif op == "drop_attr":
            del el.attrib[rng.choice(list(el.attrib))]
        elif op in ("drop", "duplicate") and el is not root:
            parent = next(p for p in root.iter() if el in list(p))
            if op == "drop":
                parent.remove(el)
            else:
                parent.insert(list(parent).index(el), ET.fromstring(ET.tostring(el)))
        else:
            el.text = str(rng.choice(NASTY_VALUES))
        notes.append(f"{op} <{el.tag}>")
        elements = list(root.iter())
    return ET.tostring(root, encoding="unicode").encode(), "xml: " + ", ".join(notes)


# -- cases ----------------------------------------------------------------------------------


def make_case(corpus: Corpus, seed: int, index: int, formats: tuple[str, ...] = FORMATS) -> Case:
    """Case number `index` of the run with `seed` (the same pair always gives the same case)."""
    nasty = [c for c in corpus.nasty if c.fmt in formats]
    if index < len(nasty):
        case = nasty[index]
        case.index = index
        return case
    rng = random.Random(f"{seed}:{index}")
    weights = [w if f in formats else 0 for f, w in zip(FORMATS, WEIGHTS, strict=True)]
    fmt = rng.choices(FORMATS, weights)[0]
    return _CASE_MAKERS[fmt](corpus, rng, index)


def _pick(rng: random.Random, files: dict[str, bytes]) -> tuple[str, bytes]:
    name = rng.choice(sorted(files))
    return name, files[name]


def _native(c: Corpus, rng: random.Random, i: int) -> Case:
    name, raw = _pick(rng, c.maps)
    body, note = mutate(rng, name, raw)
    return Case(i, "native map", {name: body}, ["check", name], name, note)


def _tiled(fmt: str, files: dict[str, bytes]) -> Any:
    def make(c: Corpus, rng: random.Random, i: int) -> Case:
        name, raw = _pick(rng, files)
        body, note = mutate(rng, name, raw)
        return Case(i, fmt, {**c.support, name: body}, ["check", name], name, note)

    return make


def _tileset(c: Corpus, rng: random.Random, i: int) -> Case:
    tsj = rng.random() < 0.5
    ts_name = "arena-tiles.tsj" if tsj else "arena-tiles.tsx"
    maps = {k: v for k, v in (c.tmj if tsj else c.tmx).items()}
    name, raw = _pick(rng, maps)
    body, note = mutate(rng, ts_name, c.support[ts_name])
    return Case(i, "tileset", {**c.support, name: raw, ts_name: body}, ["check", name], ts_name, note)


def _teams(c: Corpus, rng: random.Random, i: int) -> Case:
    name, raw = _pick(rng, c.teams)
    body, note = mutate(rng, name, raw)
    if rng.random() < 0.5:
        argv = ["check", "arene-classique", "--teams", name]
    else:
        argv = ["play", "arene-classique", "--teams", name, "--seed", "1", "--frames", "0"]
    return Case(i, "teams", {name: body}, argv, name, note)


def _rules(c: Corpus, rng: random.Random, i: int) -> Case:
    name, raw = _pick(rng, c.rules)
    body, note = mutate(rng, name, raw)
    if rng.random() < 0.5:
        return Case(i, "rules", {name: body}, ["play", "arene-classique", "--rules", name, "--seed", "2", "--frames", "0"], name, note)
    sc_name, sc = _pick(rng, c.scenarios)
    scenario = f'rules_file = "{name}"\n'.encode() + sc
    return Case(i, "rules", {name: body, "s.toml": scenario}, ["scenario", "s.toml"], name, note)


def _scenario(c: Corpus, rng: random.Random, i: int) -> Case:
    name, raw = _pick(rng, c.scenarios)
    body, note = mutate(rng, name, raw)
    return Case(i, "scenario", {name: body}, ["scenario", name], name, note)


def _save(c: Corpus, rng: random.Random, i: int) -> Case:
    from arena_game.formats.save import seal

    name, raw = _pick(rng, c.saves)
    body, note = mutate(rng, name, raw)
    roll = rng.random()
    if roll < 0.3:  # sealed again: checked as if the game had written it
        try:
            data = json.loads(body)
            if isinstance(data, dict):
                body, note = json.dumps(seal(data)).encode(), note + " (sealed)"
        except (ValueError, RecursionError):
            pass
    argv = ["resume", name, "--frames", "0"]
    if 0.3 <= roll < 0.85:
        argv.insert(2, "--accept-edited")
    return Case(i, "save", {name: body}, argv, name, note)


_CASE_MAKERS = {
    "native map": _native, ".tmj": _tiled(".tmj", {}), ".tmx": _tiled(".tmx", {}), "tileset": _tileset,
    "teams": _teams, "rules": _rules, "scenario": _scenario, "save": _save,
}


def bind_corpus(c: Corpus) -> None:
    """Point the Tiled case makers at the corpus's Tiled maps."""
    _CASE_MAKERS[".tmj"] = _tiled(".tmj", c.tmj)
    _CASE_MAKERS[".tmx"] = _tiled(".tmx", c.tmx)


# -- the nasty cases of issue 17 --------------------------------------------------------------

DOTTED = ("a" + ".a" * 50_000 + " = 1\n").encode()
LONG_INT = ("seed = " + "9" * 5000 + "\n").encode()
DEEP_TOML = ("a = " + "[" * 2000 + "]" * 2000 + "\n").encode()
DEEP_JSON = ("[" * 2000 + "]" * 2000).encode()


def nasty_cases(c: Corpus) -> list[Case]:
    """Issue 17's hand-made inputs, each in every format it applies to (all must be refused)."""
    out: list[Case] = []

    def add(fmt: str, files: dict[str, bytes | Link], argv: list[str], target: str, note: str, cwd: str = ".") -> None:
        out.append(Case(0, fmt, files, argv, target, note, must_refuse=True, cwd=cwd))

    toml_runs = {
        "native map": ("m.toml", ["check", "m.toml"]),
        "teams": ("t.toml", ["check", "arene-classique", "--teams", "t.toml"]),
        "rules": ("r.toml", ["play", "arene-classique", "--rules", "r.toml", "--frames", "0"]),
        "scenario": ("s.toml", ["scenario", "s.toml"]),
    }
    for fmt, (name, argv) in toml_runs.items():
        for body, note in ((DOTTED, "50,000-part dotted key"), (LONG_INT, "5,000-digit integer"), (DEEP_TOML, "nested 2,000 deep")):
            add(fmt, {name: body}, argv, name, note)
        add(fmt, {name: Link("/dev/zero")}, argv, name, "a link to /dev/zero")
    save_argv = ["resume", "s.arena.json", "--accept-edited", "--frames", "0"]
    for body, note in ((DEEP_JSON, "nested 2,000 deep"), (b'{"seed": ' + b"7" * 5000 + b"}", "5,000-digit integer")):
        add("save", {"s.arena.json": body}, save_argv, "s.arena.json", note)
    add("save", {"s.arena.json": Link("/dev/zero")}, save_argv, "s.arena.json", "a link to /dev/zero")
    base = json.loads(next(iter(c.saves.values())))
    fighters = list(base["placements"])
    for change, note in (
        ({"placements": {**base["placements"], fighters[0]: [0, 0]}}, "a placement on a wall"),
        ({"turn_order": fighters[:-1]}, "a turn order that leaves a fighter out"),
        ({"dice": [0]}, "a scripted face 0"), ({"dice": [-3]}, "a negative scripted face"),
        ({"dice": [10**12]}, "a huge scripted face"), ({"dice": [50], "turn_order": None, "actions": []}, "a face the first die cannot show"),
    ):
        from arena_game.formats.save import seal

        add("save", {"s.arena.json": json.dumps(seal({**base, **change})).encode()}, ["resume", "s.arena.json", "--frames", "0"], "s.arena.json", note)
    add("save", {"s.arena.json": json.dumps({**base, "seed": base["seed"] + 1}).encode()}, ["resume", "s.arena.json", "--frames", "0"],
        "s.arena.json", "an edited seed")
    old_shape = {k: v for k, v in base.items() if k not in ("digest", "dice_position", "dice_mode", "board_changes")}
    for posing, note in (({**old_shape, "version": 1, "seed": base["seed"] + 1}, "an edited save posing as version 1"),
                         ({**base, "version": 1, "seed": base["seed"] + 1}, "version 1 holding version 2 fields")):
        add("save", {"s.arena.json": json.dumps(posing).encode()}, ["resume", "s.arena.json", "--frames", "0"], "s.arena.json", note)
    _nasty_tiled(c, add)
    return out


def _nasty_tiled(c: Corpus, add: Any) -> None:
    tmj = json.loads(c.tmj["arene-inondee.tmj"])
    tmx = c.tmx["arene-inondee.tmx"].decode()

    def tmj_with(**changes: Any) -> bytes:
        return json.dumps({**tmj, **changes}).encode()

    files = dict(c.support)
    run = ["check", "m.tmj"]
    cases: list[tuple[bytes, str]] = [
        (tmj_with(tilesets=5), '"tilesets": 5'), (tmj_with(layers=None), '"layers": null'),
        (tmj_with(tilewidth=0), "tilewidth 0"), (tmj_with(width="wide"), "a width that is not a number"),
        (tmj_with(tilesets=[{"firstgid": 1, "source": "m.tmj"}]), "a tileset whose source is the map itself"),
        (tmj_with(tilesets=[{"firstgid": 1, "source": "../outside.tsj"}]), "a tileset outside the folder"),
    ]
    layers = [dict(layer) for layer in tmj["layers"]]
    tile_layer = next(layer for layer in layers if layer.get("type") == "tilelayer")
    cases.append((tmj_with(layers=[{**tile_layer, "data": ["1"] * len(tile_layer["data"])}]), "layer data items that are strings"))
    cases.append((tmj_with(layers=[{**tile_layer, "data": [1.5] * len(tile_layer["data"])}]), "layer data items that are floats"))
    packer = zlib.compressobj(9)
    chunk = b"\x01\x00\x00\x00" * (256 * 1024)
    packed = b"".join(packer.compress(chunk) for _ in range(100)) + packer.flush()
    bomb = b64encode(packed).decode()
    cases.append((tmj_with(layers=[{**tile_layer, "data": bomb, "encoding": "base64", "compression": "zlib"}]), "a zlib bomb (100 MB unpacked)"))
    objects = [layer for layer in layers if layer.get("type") == "objectgroup"]
    if objects:
        group = objects[0]
        first = dict(group["objects"][0])
        for bad, note in (({"x": "left"}, "an object x that is a string"), ({"template": "../outside/spawn.tj"}, "a template outside the folder")):
            cases.append((tmj_with(layers=[tile_layer, {**group, "objects": [{**first, **bad}]}]), note))
    for body, note in cases:
        add(".tmj", {**files, "m.tmj": body}, run, "m.tmj", note)
    add(".tmj", {**files, "sub/m.tmj": tmj_with(tilesets=[{"firstgid": 1, "source": "../outside.tsj"}]),
                 "outside.tsj": c.support["arena-tiles.tsj"]}, ["check", "sub/m.tmj"], "sub/m.tmj",
        "a tileset outside the folder, path typed from the parent folder")
    passwd = tmx.replace("<object ", '<object template="../../../../../../etc/passwd" ', 1)
    add(".tmx", {**files, "m.tmx": passwd.encode()}, ["check", "m.tmx"], "m.tmx", "a template at /etc/passwd")
    tsj = json.loads(c.support["arena-tiles.tsj"])
    for bad, note in ((dict(tiles=5), '"tiles": 5'), (dict(tiles=[{"id": "0"}]), 'tile "id": "0"')):
        add("tileset", {**files, "m.tmj": c.tmj["arene-inondee.tmj"], "arena-tiles.tsj": json.dumps({**tsj, **bad}).encode()},
            ["check", "m.tmj"], "arena-tiles.tsj", note)
