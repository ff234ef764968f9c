"""Inputs for tools/fuzz.py: the shipped files of every format, mutated, plus the nasty cases
of issue 17. Each case is a folder of files, the command line that reads them, and the file
that holds the fault (the one a one-line refusal must name)."""

from __future__ import annotations

import json
import random
import struct
import tomllib
import xml.etree.ElementTree as ET
import zlib
from base64 import b64encode
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

FORMATS = ("native map", ".tmj", ".tmx", "tileset", "teams", "rules", "scenario", "save", "sprite")
WEIGHTS = (12, 9, 9, 10, 12, 14, 17, 17, 6)
USER_DATA = "../case.data"
"""The user data folder of a case, relative to its folder (tools/fuzz.py sets ARENA_GAME_DATA to
it): a sprite case writes its PNG in `sprites/` there, where the game looks for overrides."""
SPRITE_ARGV = ["render", "arene-classique", "-o", "out.png", "--tile", "16"]


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
    must_load: bool = False  # a hand-made valid case (Tiled reads it so): a refusal is a fault
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
    sprites: dict[str, bytes] = field(default_factory=dict)  # shipped terrain PNGs (user overrides by name)
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
    for p in sorted((ROOT / "sprites" / "terrain").glob("*.png")):
        c.sprites[p.name] = p.read_bytes()
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

# Session 46: flags and bools as Tiled reads them (`visible="2"` shows a layer, `visible="yes"` is
# refused; a `bool` property is true/false in any case, 1/0 or empty, anything else refused)
FLAG_WORDS = ["2", "-1", "yes", " 1", "1 ", "", "0", "1", "true", "01", "+1", "1.0", "٢", "9" * 30]
BOOL_WORDS = ["no", "off", "yes", "TRUE", "False", "1", "0", "", " false", "0.0", "-0", "\u00a0true"]


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
        op = rng.choice(("replace", "replace", "replace", "delete", "add", "wrap", "duplicate", "float"))
        if op == "float":  # a whole number written with a fraction point (Tiled reads 16.0 as 16), or a fraction
            value = parent[key]
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
                parent[key] = value + rng.choice((0.0, 0.0, 0.5, -0.5))
        elif op == "replace":
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
        op = rng.choice(("attr", "attr", "drop_attr", "drop", "duplicate", "text", "flag", "bool", "data"))
        datas = [(e, d) for e in root.iter("layer") if (d := e.find("data")) is not None]
        props = [e for e in root.iter("property") if e.get("type") == "bool"]
        if op == "data" and datas:  # a second <data> in a layer (Tiled writes one)
            el, data = rng.choice(datas)
            el.append(ET.fromstring(ET.tostring(data)))
        elif op == "bool" and props:
            el = rng.choice(props)
            el.set("value", rng.choice(BOOL_WORDS))
        elif op in ("flag", "bool", "data"):  # a layer's or the map's flag, written oddly
            el = rng.choice([e for e in elements if e.tag in ("layer", "objectgroup", "group", "object", "map")] or [root])
            el.set("infinite" if el.tag == "map" and rng.random() < 0.7 else "visible", rng.choice(FLAG_WORDS))
        elif op == "attr" or (op == "drop_attr" and not el.attrib):
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


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_chunks(raw: bytes) -> list[tuple[bytes, bytes]]:
    """(kind, data) of each whole chunk after the signature."""
    out, at = [], 8
    while at + 12 <= len(raw):
        length = struct.unpack(">I", raw[at:at + 4])[0]
        out.append((raw[at + 4:at + 8], raw[at + 8:at + 8 + length]))
        at += 12 + length
    return out


def mutate_png(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    """A PNG's bytes broken once: cut, a byte flipped or junk put in (the CRCs then fail), or a
    chunk dropped, a field of the header or a byte of the pixels changed with the CRCs made right
    again (the decoder itself has to see it)."""
    op = rng.choice(("truncate", "flip", "insert", "header", "header", "pixels", "pixels", "drop_chunk"))
    i = rng.randrange(len(raw))
    if op == "truncate":
        return raw[:i], f"png: truncate at {i}"
    if op == "flip":
        return raw[:i] + bytes([raw[i] ^ (1 << rng.randrange(8))]) + raw[i + 1:], f"png: flip byte {i}"
    if op == "insert":
        return raw[:i] + rng.choice((b"\0", b"IEND", b"\xff" * 16)) + raw[i:], f"png: insert at {i}"
    chunks = _png_chunks(raw)
    if op == "drop_chunk":
        k = rng.randrange(len(chunks))
        kept = b"".join(_png_chunk(*ch) for j, ch in enumerate(chunks) if j != k)
        return b"\x89PNG\r\n\x1a\n" + kept, f"png: drop chunk {k}"
    k = 0 if op == "header" else next((j for j, ch in enumerate(chunks) if ch[0] == b"IDAT"), 0)
    kind, data = chunks[k]
    if data:
        j = rng.randrange(len(data))
        value = rng.choice((0, 1, 2, 3, 4, 6, 8, 16, 255)) if op == "header" else rng.randrange(256)
        data = data[:j] + bytes([value]) + data[j + 1:]
        if op == "header" and j < 8 and rng.random() < 0.5:  # a width or height of extremes
            side = rng.choice((0, 1, 4096, 4097, 65_535, 2**31 - 1, 2**32 - 1))
            data = data[:j // 4 * 4] + struct.pack(">I", side) + data[j // 4 * 4 + 4:]
    chunks[k] = (kind, data)
    body = b"".join(_png_chunk(*ch) for ch in chunks)
    return b"\x89PNG\r\n\x1a\n" + body, f"png: {op} changed in chunk {k} (CRC made right)"


def _sprite(c: Corpus, rng: random.Random, i: int) -> Case:
    name, raw = _pick(rng, c.sprites)
    body, note = mutate_png(rng, raw)
    target = f"{USER_DATA}/sprites/{name}"
    return Case(i, "sprite", {target: body}, list(SPRITE_ARGV), target, note)


_CASE_MAKERS = {
    "native map": _native, ".tmj": _tiled(".tmj", {}), ".tmx": _tiled(".tmx", {}), "tileset": _tileset,
    "teams": _teams, "rules": _rules, "scenario": _scenario, "save": _save, "sprite": _sprite,
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

    def add(fmt: str, files: dict[str, bytes | Link], argv: list[str], target: str, note: str, cwd: str = ".",
            refuse: bool = True) -> None:
        out.append(Case(0, fmt, files, argv, target, note, must_refuse=refuse, must_load=not refuse, cwd=cwd))

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
        add(fmt, {name: Link("loop.toml"), "loop.toml": Link(name)}, argv, name, "a symlink loop")
    save_argv = ["resume", "s.arena.json", "--accept-edited", "--frames", "0"]
    for body, note in ((DEEP_JSON, "nested 2,000 deep"), (b'{"seed": ' + b"7" * 5000 + b"}", "5,000-digit integer")):
        add("save", {"s.arena.json": body}, save_argv, "s.arena.json", note)
    add("save", {"s.arena.json": Link("/dev/zero")}, save_argv, "s.arena.json", "a link to /dev/zero")
    add("save", {"s.arena.json": Link("s.arena.json")}, save_argv, "s.arena.json", "a link to itself")
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
    _nasty_s43(c, add)
    _nasty_s44(c, add)
    _nasty_s46(c, add)
    _nasty_s49(c, add)
    _nasty_s50(c, add)
    _nasty_s51(add)
    _nasty_s52(c, add)
    _nasty_s53(c, add)
    _nasty_s54(c, add)
    _nasty_s55(c, add)
    _nasty_s56(c, add)
    _nasty_s58(c, add)
    _nasty_s59(c, add)
    _nasty_s60(c, add)
    _nasty_s61(c, add)
    _nasty_s62(c, add)
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


# -- session 43: real Tiled folders and odd digits; session 44: bad sprites, extreme rule values --

PILLARS = ('name = "Salle des piliers"\ngrid = """\n#####################\n#1.................2#\n'
           '#1.O.O.O.O.O.O.O.O.2#\n#1.................2#\n#####################\n"""\n')
OBJECT_TYPES = [{"color": "#ffa0a0a4", "name": "Enemy", "properties": [{"name": "hp", "type": "int", "value": 10}]}]
PROPERTY_TYPES = [{"id": 2, "name": "Colour", "type": "enum", "storageType": "string", "values": ["red", "blue"],
                   "valuesAsFlags": False}]


def _small_tmj(data: Any = None, tilesets: Any = None, team: Any = 1, first_object: Any = None) -> bytes:
    """A 4×4 JSON map on the shipped tileset, teams on (0, 0) and (2, 2) (as tests/test_s43_files_hostile.py)."""
    def spawn(i: int, x: int, value: Any) -> dict[str, Any]:
        kind = "string" if isinstance(value, str) else "int"
        return {"id": i, "x": x, "y": x, "point": True, "visible": True,
                "properties": [{"name": "team", "type": kind, "value": value}]}

    terrain: dict[str, Any] = {"type": "tilelayer", "name": "terrain", "visible": True, "width": 4, "height": 4,
                               "data": [1] * 16 if data is None else data}
    if isinstance(data, str):
        terrain["encoding"] = "csv"
    doc = {"type": "map", "orientation": "orthogonal", "infinite": False, "width": 4, "height": 4,
           "tilewidth": 16, "tileheight": 16,
           "tilesets": tilesets if tilesets is not None else [{"firstgid": 1, "source": "arena-tiles.tsj"}],
           "layers": [terrain, {"type": "objectgroup", "name": "spawns", "visible": True,
                                "objects": [first_object or spawn(1, 8, team), spawn(2, 40, 2)]}]}
    return json.dumps(doc, ensure_ascii=False).encode()


def _nasty_s43(c: Corpus, add: Any) -> None:
    """Session 43's hostile files (tests/test_s43_files_hostile.py, tests/test_s43_files_tiled.py)."""
    files = dict(c.support)
    run = ["check", "m.tmj"]
    for item in ("²", "١", "1²"):
        add(".tmj", {**files, "m.tmj": _small_tmj(data=",".join(["1"] * 15 + [item]))}, run, "m.tmj",
            f"a CSV item {item!r}")
    for team in ("²", "-²", "--1", "١"):
        add(".tmj", {**files, "m.tmj": _small_tmj(team=team)}, run, "m.tmj", f"a team {team!r}")
    add(".tmj", {**files, "m.tmj": _small_tmj(tilesets=[{"firstgid": 1, "source": "arena\x00tiles.tsj"}])}, run, "m.tmj",
        "a tileset path holding a NUL")
    add(".tmj", {**files, "m.tmj": _small_tmj(first_object={"id": 1, "x": 8, "y": 8, "template": "t\x00.tj"})}, run,
        "m.tmj", "a template path holding a NUL")
    add(".tmj", {**files, "m.tmj": _small_tmj(first_object={"id": 1, "x": 8, "y": 8, "template": "arena-tiles.tsj"})},
        run, "m.tmj", "a template path naming a tileset")
    add(".tmj", {**files, "m.tmj": Link("b.tmj"), "b.tmj": Link("m.tmj")}, run, "m.tmj", "a map that is a link loop")
    add("tileset", {**files, "m.tmj": _small_tmj(tilesets=[{"firstgid": 1, "source": "loop.tsj"}]),
                    "loop.tsj": Link("loop.tsj")}, run, "loop.tsj", "a tileset that is a link loop")
    floor = {"terrain": "floor"}
    for key, note in (("²", "a Tiled 1.0 tile key '²'"), ("9" * 5000, "a Tiled 1.0 tile key of 5,000 digits")):
        for table in ("tiles", "tileproperties"):
            entries = {"0": {"properties": floor}, key: {"properties": floor}} if table == "tiles" else {"0": floor, key: floor}
            add(".tmj", {**files, "m.tmj": _small_tmj(tilesets=[{"firstgid": 1, "name": "old", table: entries}])}, run,
                "m.tmj", f"{note} in {table} (no tile: the map loads)", refuse=False)
    entries = {"0": {"properties": floor}, "9" * 5000: {"properties": 5}}
    add(".tmj", {**files, "m.tmj": _small_tmj(tilesets=[{"firstgid": 1, "name": "old", "tiles": entries}])}, run, "m.tmj",
        "a fault under a Tiled 1.0 tile key of 5,000 digits")
    tmx = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16">\n'
           ' <tileset firstgid="1" source="arena-tiles.tsx"/>\n'
           ' <layer id="1" name="terrain" width="2" height="2"><data encoding="csv">1,1,\n1,²</data></layer>\n</map>\n')
    add(".tmx", {**files, "m.tmx": tmx.encode()}, ["check", "m.tmx"], "m.tmx", "a CSV item '²' in a .tmx")
    for name, types in (("objecttypes.json", OBJECT_TYPES), ("propertytypes.json", PROPERTY_TYPES)):
        body = json.dumps(types).encode()
        add(".tmj", {name: body}, ["play", name, "--frames", "0"], name, f"{name} given as a map")
        add(".tmj", {**files, "m.tmj": c.tmj["arene-inondee.tmj"], name: body}, ["check", "."], "m.tmj",
            f"{name} in a checked folder (skipped)", refuse=False)
    native = ["check", "m.toml"]
    heights = 'name = "m"\ngrid = """\n#####\n#1x2#\n#####\n"""\n[heights]\n"{key}" = 80\n'
    for key, note in (("9" * 5000 + ",1", "a heights key of 5,000 digits"), ("٢,1", "a heights key in Arabic-Indic digits"),
                      ("²,1", "a heights key '²,1'")):
        add("native map", {"m.toml": heights.format(key=key).encode()}, native, "m.toml", note)
    add("native map", {"m.toml": PILLARS.encode()}, native, "m.toml", "a grid row of pillars 1.O.O.O (no dotted key)",
        refuse=False)
    add("native map", {"m.toml": PILLARS.replace('"""', "'''").encode()}, native, "m.toml",
        "a literal grid row of pillars 1.O.O.O", refuse=False)
    for key, line in (("map", 'map = "s.toml"'), ("teams", 'map = "tutoriel"\nteams = "s.toml"'),
                      ("rules_file", 'map = "tutoriel"\nrules_file = "./s.toml"')):
        add("scenario", {"s.toml": f'title = "t"\n{line}\n'.encode()}, ["scenario", "s.toml"], "s.toml",
            f"a scenario naming itself as its {key}")


def _nasty_s44(c: Corpus, add: Any) -> None:
    """Session 44: user sprites that are no PNG or a broken one; rules values at 64-bit extremes."""
    wall = c.sprites["wall.png"]
    idat = wall.index(b"IDAT") - 4
    length = struct.unpack(">I", wall[idat:idat + 4])[0]
    crc_at = idat + 8 + length
    bad_crc = wall[:crc_at] + bytes([wall[crc_at] ^ 1]) + wall[crc_at + 1:]
    header = b"\x89PNG\r\n\x1a\n"

    def sized(w: int, h: int, body: bytes = b"") -> bytes:
        return header + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) + body

    sprites = [
        (wall[:300], "a PNG cut short in its IDAT chunk"), (wall[:-12], "a PNG without IEND"),
        (bad_crc, "a PNG whose IDAT CRC fails"), (b"", "a zero-byte PNG"), (b"GIF89a\x01\x00", "a GIF renamed .png"),
        (wall[:idat] + _png_chunk(b"IDAT", b"\x78\x9c" + b"\xff" * 40) + _png_chunk(b"IEND", b""),
         "a PNG with broken compressed pixels (CRCs right)"),
        (sized(100_000, 100_000, _png_chunk(b"IDAT", zlib.compress(b"\0" * 100_000)) + _png_chunk(b"IEND", b"")),
         "a decompression bomb: 100,000×100,000 declared"),
        (sized(2**32 - 1, 2**32 - 1), "a PNG declaring 4,294,967,295 pixels a side"),
        (sized(0, 16) + _png_chunk(b"IEND", b""), "a PNG 0 pixels wide"),
    ]
    target = f"{USER_DATA}/sprites/wall.png"
    for body, note in sprites:
        add("sprite", {target: body}, list(SPRITE_ARGV), target, note)
    argv = ["play", "arene-classique", "--rules", "r.toml", "--frames", "0"]
    low, high = -(2**63), 2**63 - 1
    for text in (f"[movement]\njump_attack_malus = {low}\n", f"[run]\nvoluntary_stop_turns = {high}\n",
                 f"[push]\nsquares = {high}\n", f"[taunt]\nsimple_difficulty = {low}\n",
                 f"[magic]\nteleport_spell_mana = {high}\n", f"[teams]\nchest_limit = {high}\n",
                 f"[flee]\nfail_faces = [{high}]\n", f"[run]\ntackle_faces = [{low}]\n",
                 f"[[combat.locations]]\nname = 'tete'\nlow = 1\nhigh = 20\ndamage_bonus = {low}\n"):
        add("rules", {"r.toml": text.encode()}, argv, "r.toml", "a 64-bit extreme: " + text.split("\n")[-2][:60])
    add("scenario", {"s.toml": f'title = "t"\nmap = "tutoriel"\n[rules.run]\nforced_stop_turns = {high}\n'.encode()},
        ["scenario", "s.toml"], "s.toml", "a scenario's [rules] table with a 64-bit extreme")


# -- session 46: the Tiled loader read as Tiled reads it ----------------------------------------

_SMALL_TMX = ('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<map version="1.10" orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16"{infinite}>\n'
              ' <properties><property name="labyrinth" type="bool" value="{labyrinth}"/></properties>\n'
              ' <tileset firstgid="1" source="arena-tiles.tsx"/>\n'
              ' <layer id="1" name="terrain" width="4" height="4"{visible}>{data}</layer>\n'
              ' <objectgroup id="2" name="spawns">\n'
              '  <object id="1" x="8" y="8"><properties><property name="team" type="int" value="1"/></properties>'
              '<point/></object>\n'
              '  <object id="2" x="40" y="40"><properties><property name="team" type="int" value="2"/></properties>'
              '<point/></object>\n'
              ' </objectgroup>\n</map>\n')
_CSV = '<data encoding="csv">1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1</data>'


def _small_tmx(infinite: str | None = None, visible: str | None = None, labyrinth: str = "false",
               data: str = _CSV) -> bytes:
    """The 4×4 map of `_small_tmj` as TMX, with the flags and the `labyrinth` bool as given."""
    return _SMALL_TMX.format(infinite="" if infinite is None else f' infinite="{infinite}"',
                             visible="" if visible is None else f' visible="{visible}"',
                             labyrinth=labyrinth, data=data).encode()


def _nasty_s46(c: Corpus, add: Any) -> None:
    """Session 46 (tests/test_s46_files_tiled.py, tests/test_s46_edges_tiled_bool.py): two
    <data> in a layer, flags and bools written oddly, whole numbers written as JSON floats, a
    Tiled project beside the maps' folder listing hostile folders."""
    files = dict(c.support)
    tmx_run = ["check", "m.tmx"]
    add(".tmx", {**files, "m.tmx": _small_tmx(data=_CSV + _CSV)}, tmx_run, "m.tmx", "a layer holding two <data>")
    add(".tmx", {**files, "m.tmx": _small_tmx(data=_CSV + '<data encoding="base64"/>')}, tmx_run, "m.tmx",
        "a layer holding a CSV <data> and an empty base64 one")
    for value, loads in (("2", True), ("-1", True), ("0", False), ("yes", False), (" 1", False), ("1 ", False),
                         ("", False), ("true", False), ("+1", False), ("1.0", False), ("٢", False)):
        add(".tmx", {**files, "m.tmx": _small_tmx(visible=value)}, tmx_run, "m.tmx",
            f"a terrain layer visible={value!r}", refuse=not loads)
        # an infinite map is refused; only 0 reads as not infinite
        add(".tmx", {**files, "m.tmx": _small_tmx(infinite=value)}, tmx_run, "m.tmx",
            f"a map infinite={value!r}", refuse=value != "0")
    for word in ("TRUE", "False", "1", "0", ""):
        add(".tmx", {**files, "m.tmx": _small_tmx(labyrinth=word)}, tmx_run, "m.tmx",
            f"a bool property {word!r} (Tiled reads it alike)", refuse=False)
    for word in ("no", "off", "yes", " false", "0.0", "-0", "\u00a0true"):
        add(".tmx", {**files, "m.tmx": _small_tmx(labyrinth=word)}, tmx_run, "m.tmx",
            f"a bool property {word!r} (Tiled reads it as true)")
    tmj_run = ["check", "m.tmj"]
    small = json.loads(_small_tmj())
    floats: list[tuple[str, Any, bool]] = [("width", 4.0, True), ("tilewidth", 16.0, True), ("width", 4.5, False),
                              ("tilewidth", 16.5, False), ("height", -4.0, False), ("width", 1e300, False),
                              ("infinite", 1, False), ("infinite", 0.0, True), ("infinite", "false", False)]
    for key, value, loads in floats:
        add(".tmj", {**files, "m.tmj": json.dumps({**small, key: value}).encode()}, tmj_run, "m.tmj",
            f'a map "{key}": {value!r}', refuse=not loads)
    terrain, spawns = small["layers"]
    for change, note, loads in (({"data": [1.0] * 16}, "tile gids 1.0", True), ({"data": [1.5] * 16}, "tile gids 1.5", False),
                                ({"width": 4.0, "height": 4.0}, "a layer 4.0 by 4.0", True),
                                ({"visible": 2}, 'a layer "visible": 2', True), ({"visible": 0.5}, 'a layer "visible": 0.5', False),
                                ({"visible": "yes"}, 'a layer "visible": "yes"', False)):
        add(".tmj", {**files, "m.tmj": json.dumps({**small, "layers": [{**terrain, **change}, spawns]}).encode()},
            tmj_run, "m.tmj", note, refuse=not loads)
    moved = {**spawns, "objects": [{**spawns["objects"][0], "id": 1.5}, spawns["objects"][1]]}
    add(".tmj", {**files, "m.tmj": json.dumps({**small, "layers": [terrain, moved]}).encode()}, tmj_run, "m.tmj",
        "an object id 1.5")
    bools: list[tuple[Any, bool]] = [(True, True), (1, True), (0.0, True), ("TRUE", True), (2, False), (0.5, False),
                                     ("no", False), (None, False)]
    for value, loads in bools:
        doc = {**small, "properties": [{"name": "labyrinth", "type": "bool", "value": value}]}
        add(".tmj", {**files, "m.tmj": json.dumps(doc).encode()}, tmj_run, "m.tmj", f"a bool property {value!r}",
            refuse=not loads)
    # bevy_ecs_tiled's layout: the project in assets/projects/, the map in assets/maps/, its
    # tileset in assets/tiles/; a project listing hostile folders grants nothing past assets/
    tiles = {"assets/tiles/arena-tiles.tsj": c.support["arena-tiles.tsj"],
             "assets/tiles/arena-tiles.png": c.support["arena-tiles.png"]}
    mapped = json.loads(_small_tmj(tilesets=[{"firstgid": 1, "source": "../tiles/arena-tiles.tsj"}]))
    bevy_map = json.dumps(mapped).encode()
    bevy_run = ["check", "assets/maps/m.tmj"]
    for folders, note, loads in (
        (["/", "../maps"], '"/"', False), (["/etc", "/tmp", "../maps"], "absolute folders", False),
        (["../../..", "../../../..", "../maps"], "folders far above", False), (["..", "../maps"], '".." (its own parent)', True),
        (["../maps", "../tiles"], "the maps' and the tiles' folders", True), ([".", "../tiles"], "not the maps' folder", False),
        (["\u0000", "", 5, None, "A" * 5000, "../maps"], "junk entries", False), ("../tiles", "a string, not a list", False),
        ([f"../d{i}" for i in range(10_000)] + ["../maps", "../tiles"], "10,000 folders (the 64 first read)", False),
    ):
        project = json.dumps({"folders": folders, "propertyTypes": []}).encode()
        add(".tmj", {**tiles, "assets/maps/m.tmj": bevy_map, "assets/projects/p.tiled-project": project}, bevy_run,
            "assets/maps/m.tmj", f"a project beside the maps listing {note}", refuse=not loads)
    hostile = json.dumps({"folders": ["/", "../maps"]}).encode()
    far = json.dumps({**mapped, "tilesets": [{"firstgid": 1, "source": "../../../../../../etc/passwd"}]}).encode()
    add(".tmj", {**tiles, "assets/maps/m.tmj": far, "assets/projects/p.tiled-project": hostile}, bevy_run,
        "assets/maps/m.tmj", "a tileset at /etc/passwd beside a project listing /")
    add(".tmj", {**tiles, "assets/maps/m.tmj": bevy_map, "assets/projects/p.tiled-project": Link("/dev/zero")}, bevy_run,
        "assets/maps/m.tmj", "a project beside the maps that is a link to /dev/zero")
    add(".tmj", {**tiles, "assets/maps/m.tmj": bevy_map, "assets/projects/p.tiled-project": b"{" * 3000}, bevy_run,
        "assets/maps/m.tmj", "a project beside the maps that is no JSON")


def _big_tileset(tiles: int) -> bytes:
    """A TSX tileset of `tiles` floor tiles (about 90 bytes each)."""
    listed = "".join(f'<tile id="{i}"><properties><property name="terrain" value="floor"/></properties></tile>\n'
                     for i in range(tiles))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="big" tilewidth="16" '
            f'tileheight="16" tilecount="{tiles}" columns="1">\n{listed}</tileset>\n').encode()


def _nasty_s49(c: Corpus, add: Any) -> None:
    """Session 49 (tests/test_s49_files_tiled.py): a map naming one big tileset hundreds of times,
    under its name and through links (each file is read once per map: it used to be read per
    mention, minutes, a hang here), a tile number past its tileset's end, and maps of hundreds of
    thousands of layers or objects (15 s and 750 MB before their line)."""
    big = _big_tileset(5000)  # 0.45 MB: read and checked once, a fraction of a second; 600 times, minutes
    names = ["big.tsx", "a.tsx", "sub/../big.tsx"]
    mentions = "".join(f' <tileset firstgid="{1 + 5000 * i}" source="{names[i % 3]}"/>\n' for i in range(600))
    many = _SMALL_TMX.replace(' <tileset firstgid="1" source="arena-tiles.tsx"/>\n', mentions)
    team_2 = many.index('  <object id="2"')  # left out: the map is refused once every tileset is read
    many = many[:team_2] + many[many.index(" </objectgroup>"):]
    add(".tmx", {"m.tmx": many.format(infinite="", visible="", labyrinth="false", data=_CSV).encode(),
                 "big.tsx": big, "a.tsx": Link("big.tsx"), "sub/keep.txt": b""}, ["check", "m.tmx"], "m.tmx",
        "one 0.45 MB tileset named 600 times (and through a link), no spawn for team 2")
    head = '<map version="1.10" orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16">'
    add(".tmx", {"m.tmx": (head + "<layer/>" * 480_000 + "</map>").encode()}, ["check", "m.tmx"], "m.tmx",
        "480,000 empty layers (3.8 MB)")
    objects = [{"type": "objectgroup", "visible": True, "objects": [{}] * 390_000}]
    add(".tmj", {"m.tmj": json.dumps({"type": "map", "width": 4, "height": 4, "tilewidth": 16, "tileheight": 16,
                                      "layers": objects}, separators=(",", ":")).encode()}, ["check", "m.tmj"], "m.tmj",
        "390,000 empty objects")
    past = _CSV.replace("1,1,1,1,\n1,1,1,1</data>", f"1,1,1,1,\n1,1,1,{0x80000000 | 40}</data>")
    add(".tmx", {**c.support, "m.tmx": _small_tmx(data=past)}, ["check", "m.tmx"], "m.tmx",
        "a flipped tile number past its tileset's end")


# Session 50 (tests/test_s50_files_*.py): HaxeFlixel's demo folders hold an Ogmo Editor level and
# TexturePacker atlases giving `meta.version` twice, beside the maps
OGMO_LEVEL = {"ogmoVersion": "3.3.0", "width": 640, "height": 480,
              "layers": [{"name": "entities", "gridCellWidth": 16, "entities": []}]}
ATLAS_KEY_TWICE = b'{"frames": {}, "meta": {"version": "1.0", "image": "a.png", "version": "1.0"}}'


def _nasty_s50(c: Corpus, add: Any) -> None:
    """Session 50: a teams file of one team given for a match, files of another kind than asked
    (a scenario as a map, a rules file as teams, a teams file as rules, a map as a scenario, a
    Tiled map or a teams file as a save, a save as a map), and a checked folder holding an Ogmo
    level and an atlas giving a key twice (passed over: the folder's map loads)."""
    teams = c.teams["default.toml"]
    one = teams[: teams.index(b"[[teams]]", teams.index(b"[[teams]]") + 1)]
    add("teams", {"t.toml": one}, ["play", "arene-classique", "--teams", "t.toml", "--frames", "0"], "t.toml",
        "a teams file of one team for a match")
    scenario = next(iter(c.scenarios.values()))
    save = next(iter(c.saves.values()))
    add("native map", {"m.toml": scenario}, ["check", "m.toml"], "m.toml", "a scenario given as a map")
    add("teams", {"t.toml": c.rules["rules.toml"]}, ["check", "arene-classique", "--teams", "t.toml"], "t.toml",
        "a rules file given as teams")
    add("rules", {"r.toml": teams}, ["play", "arene-classique", "--rules", "r.toml", "--frames", "0"], "r.toml",
        "a teams file given as rules")
    add("scenario", {"s.toml": c.maps["tutoriel.toml"]}, ["scenario", "s.toml"], "s.toml", "a map given as a scenario")
    add("save", {"s.arena.json": c.tmj["arene-inondee.tmj"]}, ["resume", "s.arena.json", "--frames", "0"], "s.arena.json",
        "a Tiled map given as a save")
    add("save", {"s.arena.json": teams}, ["resume", "s.arena.json", "--frames", "0"], "s.arena.json",
        "a teams file given as a save")
    add(".tmj", {"m.json": save}, ["play", "m.json", "--frames", "0"], "m.json", "a save given as a map")
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], "room-001.json": json.dumps(OGMO_LEVEL).encode(),
                 "atlas.json": ATLAS_KEY_TWICE}, ["check", "."], "m.tmj",
        "an Ogmo level and an atlas giving a key twice in a checked folder (skipped)", refuse=False)


def _old_tmx(objects: str) -> bytes:
    """A 4×4 map as Tiled 0.x wrote it (cocos2d-x's test maps): no ids, an embedded tileset
    without `tilecount` or `columns` (tile 0 floor, tile 1 floor of team 1), `objects` in
    'Object Layer 1' beside team 2's point on square (3, 0)."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.0" orientation="orthogonal" width="4" '
            'height="4" tilewidth="32" tileheight="32">\n <tileset firstgid="1" name="Desert" tilewidth="32" '
            'tileheight="32" spacing="1" margin="1">\n  <image source="tmw_desert_spacing.png" width="265" height="199"/>\n'
            '  <tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>\n'
            '  <tile id="1"><properties><property name="terrain" value="floor"/><property name="team" value="1"/>'
            '</properties></tile>\n </tileset>\n <layer name="Layer 0" width="4" height="4">\n  <data encoding="csv">'
            '1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1</data>\n </layer>\n <objectgroup name="Object Layer 1" width="4" height="4">\n'
            + objects + '  <object x="112" y="16"><point/><properties><property name="team" type="int" value="2"/>'
            '</properties></object>\n </objectgroup>\n</map>\n').encode()


# libGDX's tiled-objects test: templates in a folder with a space, naming their tileset one folder
# up; an image collection whose tiles are numbered from 1 (tilecount 3, ids 1 to 3); a template's
# tile object flipped, its gid given again (flipped) by the instance
_GDX_TILESET = (b'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.9" tiledversion="1.11.0" name="t" '
                b'tilewidth="256" tileheight="256" tilecount="3" columns="0">\n <grid orientation="orthogonal" width="1" '
                b'height="1"/>\n <tile id="1"><properties><property name="team" type="int" value="2"/></properties>'
                b'<image source="Start.bmp" width="32" height="32"/></tile>\n <tile id="2"><image source="../b.jpg" '
                b'width="32" height="32"/></tile>\n <tile id="3"><properties><property name="team" type="int" value="1"/>'
                b'</properties><image source="../c.jpg" width="256" height="256"/></tile>\n</tileset>\n')


def _gdx_template(gid: int, size: str) -> bytes:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <tileset firstgid="1" source="../t.tsx"/>\n'
            f' <object gid="{gid}" {size}/>\n</template>\n').encode()


def _nasty_s51(add: Any) -> None:
    """Session 51 (tests/test_s51_files_real.py): objects written without ids (Tiled 0.x,
    cocos2d-x), two of them on one square (refused, the object named by its place), and the same
    map valid; libGDX's templates in a folder with a space, on an image collection numbered from 1."""
    one = '  <object gid="2" x="32" y="64"/>\n'
    add(".tmx", {"m.tmx": _old_tmx(one + one)}, ["check", "m.tmx"], "m.tmx",
        "objects without ids (Tiled 0.x), two spawns on one square")
    add(".tmx", {"m.tmx": _old_tmx(one + '  <object name="sandro" gid="2" x="64" y="96"/>\n')}, ["check", "m.tmx"],
        "m.tmx", "objects without ids, a tileset without tilecount (Tiled 0.x)", refuse=False)
    floor = ('<tileset firstgid="5" name="f" tilewidth="32" tileheight="32" tilecount="1" columns="1"><image source="f.png" '
             'width="32" height="32"/><tile id="0"><properties><property name="terrain" value="floor"/></properties></tile>'
             '</tileset>')
    gdx = ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.11" tiledversion="1.11.0" orientation="orthogonal" '
           'renderorder="right-down" width="8" height="8" tilewidth="32" tileheight="32" infinite="0">\n'
           f' <tileset firstgid="1" source="t.tsx"/>\n {floor}\n <layer id="1" name="terrain" width="8" height="8">'
           '<data encoding="csv">' + ",".join(["5"] * 64) + '</data></layer>\n <objectgroup id="2" name="Objects">\n'
           '  <object id="42" template="template objects/Texture.tx" x="37.34" y="100.5"/>\n'
           '  <object id="44" template="template objects/Small.tx" name="" gid="1073741826" x="150.5" y="200.9"/>\n'
           ' </objectgroup>\n</map>\n')
    add(".tmx", {"m.tmx": gdx.encode(), "t.tsx": _GDX_TILESET,
                 "template objects/Texture.tx": _gdx_template(4, 'width="128" height="64"'),
                 "template objects/Small.tx": _gdx_template(1073741826, 'width="64" height="32"')},
        ["check", "m.tmx"], "m.tmx", "libGDX's templates in a folder with a space, tiles numbered from 1",
        refuse=False)


# Files beside real Tiled maps in game projects (tests/test_s52_files_real.py): a KAPLAY React
# project's TypeScript `App.tsx` and its `package.json` ("type": "module"), Defold's tiled
# example's own `tileset.json` (`tilesets`, `by_id`)
_APP_TSX = b'import kaplay from "kaplay";\n\nexport default function App() {\n  return <canvas id="game" />;\n}\n'
_PACKAGE_JSON = json.dumps({"name": "game", "private": True, "type": "module", "scripts": {"dev": "vite"}}).encode()
_DEFOLD_TILESET = json.dumps({"tilesets": {"tile": {"end_gid": 3, "first_gid": 2, "name": "tile", "properties": {}}},
                              "by_id": [{"image": "row-1-column-1", "properties": {}, "id": 2}]}).encode()


def _nasty_s52(c: Corpus, add: Any) -> None:
    """Session 52: a TypeScript `.tsx` and a `package.json` given as maps (refused: no Tiled
    files), and a checked folder holding them and another tool's `tileset.json` beside a map
    (passed over: the folder's map loads)."""
    add("tileset", {"App.tsx": _APP_TSX}, ["play", "App.tsx", "--frames", "0"], "App.tsx",
        "a TypeScript App.tsx given as a map")
    add(".tmj", {"package.json": _PACKAGE_JSON}, ["play", "package.json", "--frames", "0"], "package.json",
        "a package.json of type 'module' given as a map")
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], "App.tsx": _APP_TSX, "package.json": _PACKAGE_JSON,
                 "tileset.json": _DEFOLD_TILESET}, ["check", ".", "App.tsx"], "m.tmj",
        "a TypeScript .tsx, a package.json and another tool's tileset.json beside a map (skipped)", refuse=False)


# Session 53 (tests/test_s53_files_hostile.py, tests/test_s53_files_real.py): a 4×4 floor map whose
# only tileset starts at gid 5, its team 2 spawn a tile object of the gid given
def _gid_spawn_tmx(gid: int) -> bytes:
    floor = ('<tileset firstgid="5" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="1"><tile id="0">'
             '<properties><property name="terrain" value="floor"/></properties></tile></tileset>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" width="4" height="4" '
            f'tilewidth="32" tileheight="32">\n {floor}\n <layer id="1" name="terrain" width="4" height="4">'
            '<data encoding="csv">' + ",".join(["5"] * 16) + '</data></layer>\n <objectgroup id="2" name="spawns">\n'
            '  <object id="1" x="16" y="16"><properties><property name="team" type="int" value="1"/></properties>'
            '<point/></object>\n'
            f'  <object id="2" gid="{gid}" x="64" y="64" width="32" height="32"><properties><property name="team" '
            'type="int" value="2"/></properties></object>\n </objectgroup>\n</map>\n').encode()


# Tuxemon's monsters (`mods/tuxemon/db/monster/*.json`): a `height` in cm, and nothing of a map
_MONSTER_JSON = json.dumps({"slug": "aardart", "category": "anteater", "moveset": [], "evolutions": [],
                            "types": ["earth"], "txmn_id": 1, "height": 185, "weight": 80}).encode()
_S53_SCENARIO = (b'title = "t"\n%s\nturn_order = ["a", "b"]\n[[teams]]\nid = "red"\nname = "R"\n'
                 b'fighters = [{ id = "a", name = "A", pv = 12 }]\n[[teams]]\nid = "blue"\nname = "B"\n'
                 b'fighters = [{ id = "b", name = "B", pv = 12 }]\n[placements]\na = [1, 1]\nb = [3, 1]\n%s')
_S53_INLINE_MAP = b'[map]\nname = "M"\ngrid = """\n#####\n#...#\n#####\n"""\n'


def _nasty_s53(c: Corpus, add: Any) -> None:
    """Session 53: a tile object whose gid belongs to no tileset (Tiled refuses the map), a spawn
    whose gid holds flip bits and no tile (loads), a game's JSON data with a `height` beside a
    map in a checked folder (passed over) and given as a map (refused), a scenario naming a folder
    as its map, and one whose `rules_file` is "" (accepted as no rules file before)."""
    add(".tmx", {"m.tmx": _gid_spawn_tmx(3)}, ["check", "m.tmx"], "m.tmx", "a tile object's gid in no tileset")
    add(".tmx", {"m.tmx": _gid_spawn_tmx(0x80000000)}, ["check", "m.tmx"], "m.tmx",
        "a spawn's gid of flip bits and no tile", refuse=False)
    add(".tmj", {"monster.json": _MONSTER_JSON}, ["play", "monster.json", "--frames", "0"], "monster.json",
        "a game's monster JSON (its height in cm) given as a map")
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], "monster.json": _MONSTER_JSON}, ["check", "."],
        "m.tmj", "a game's monster JSON (its height in cm) beside a map (skipped)", refuse=False)
    add("scenario", {"s.toml": _S53_SCENARIO % (b'map = "d.toml"', b""), "d.toml/x.toml": b""}, ["scenario", "s.toml"],
        "s.toml", "a scenario naming a folder as its map")
    add("scenario", {"s.toml": _S53_SCENARIO % (b'rules_file = ""', _S53_INLINE_MAP)}, ["scenario", "s.toml"],
        "s.toml", "a scenario whose rules_file is an empty name")



# Session 54 (tests/test_s54_files_*.py): rules files contradicting themselves, another tool's level
# with a `tiles` key (no tileset), Tiled's built-in automapping tileset, a template whose only tile
# names no tileset
_S54_RULES = (
    (b"[push]\nsquares = 3\ncritical_squares = 2\n", "a critical push moving fewer squares than a plain one"),
    (b"[flee]\nfail_faces = [1, 2, 3, 4]\n", "every flee face failing"),
    (b"[dice]\ncritical_success = [20, 20]\n", "a critical face listed twice"),
    (b"[run]\ntackle_faces = [1, 1]\n", "a tackle face listed twice"),
    ("[[combat.locations]]\nname = 't\u00eate'\nlow = 1\nhigh = 10\n[[combat.locations]]\nname = 'T\u00eate'\n"
     "low = 11\nhigh = 20\n".encode(), "two hit locations of one name"),
    (b"[run]\ntable = [{ high = 9, squares = 2 }, { low = 10, high = 50, squares = 1 }]\n",
     "a run table row giving fewer squares than the row before it"),
    (b"[run]\nabove_table_base = 30\n", "run table rows past above_table_base"),
)
_S54_LEVEL = json.dumps({"name": "level-1", "width": 20, "height": 15, "tiles": [0, 1, 2, 1], "entities": []}).encode()
_S54_AUTOMAP = (b'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" width="2" '
                b'height="1" tilewidth="32" tileheight="32">\n <tileset firstgid="1" source=":/automap-tiles.tsx"/>\n'
                b' <layer id="1" name="regions" width="2" height="1"><data encoding="csv">1,1</data></layer>\n</map>\n')
_S54_MANIFEST = json.dumps({"name": "Cat", "icons": [{"src": "/i.png", "sizes": "192x192"}], "display": "fullscreen",
                            "orientation": "landscape"}).encode()
_S54_CHARACTERS = json.dumps([{"name": "purple", "displayName": "Three-eye", "startingWeapon": "rocket"}]).encode()
_S54_SPRITE = json.dumps({"bodyTypeName": "male", "version": 1, "credits": [],
                          "layers": [{"fileName": "weapon/crossbow.png", "zPos": -1, "name": "Crossbow"}]}).encode()
_S54_RESOURCES = json.dumps({"sound": {"click": "click.wav"}, "textures": {"archer": "archer.png"}}).encode()
_S54_TEMPLATE = (b'<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object gid="3" width="32" height="32">'
                 b'<properties><property name="team" type="int" value="2"/></properties></object>\n</template>\n')


def _nasty_s54(c: Corpus, add: Any) -> None:
    """Session 54: contradicting rules files (refused), one at the edge of a contradiction
    (loads), a level JSON with `tiles` given as a map and beside one (skipped), a map naming
    Tiled's built-in `:/automap-tiles.tsx`, a template instance whose template's gid names no
    tileset, and real projects' JSON beside their maps (a web app manifest, a game's list of
    characters, a sprite generator's layers, a table of textures: skipped, and refused given as a map)."""
    argv = ["play", "arene-classique", "--rules", "r.toml", "--frames", "0"]
    for body, note in _S54_RULES:
        add("rules", {"r.toml": body}, argv, "r.toml", note)
    add("rules", {"r.toml": b"[push]\nsquares = 3\ncritical_squares = 3\n[flee]\nfail_faces = [1, 2, 3]\n"}, argv,
        "r.toml", "a critical push as far as a plain one, all flee faces but one failing", refuse=False)
    add(".tmj", {"level.json": _S54_LEVEL}, ["play", "level.json", "--frames", "0"], "level.json",
        "another tool's level JSON with `tiles` given as a map")
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], "level.json": _S54_LEVEL}, ["check", "."], "m.tmj",
        "another tool's level JSON with `tiles` beside a map (skipped)", refuse=False)
    add(".tmx", {"rules.tmx": _S54_AUTOMAP}, ["check", "rules.tmx"], "rules.tmx", "Tiled's built-in :/automap-tiles.tsx")
    spawn = _gid_spawn_tmx(5).replace(b'gid="5" x="64"', b'template="spawn.tx" x="64"')
    add(".tmx", {"m.tmx": spawn, "spawn.tx": _S54_TEMPLATE}, ["check", "m.tmx"], "spawn.tx",
        "a template instance whose template's gid names no tileset")
    # the real projects' files beside their maps (tests/test_s54_files_real.py): passed over by `check .`
    beside = {"manifest.json": _S54_MANIFEST, "characters.json": _S54_CHARACTERS, "crossbow.json": _S54_SPRITE,
              "resource_mapping.json": _S54_RESOURCES}
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], **beside}, ["check", "."], "m.tmj",
        "a web app manifest, a game's list of characters, a sprite generator's layers and a game's table of "
        "textures beside a map (skipped)",
        refuse=False)
    for name, body in beside.items():
        add(".tmj", {name: body}, ["play", name, "--frames", "0"], name, f"{name} given as a map")


# Session 55 (tests/test_s55_files_*.py): empty files of every kind (said empty, not missing a
# key), two byte-order marks, JSON with comments and libGDX's relaxed JSON beside the maps
_S55_SETTINGS = b'{\n  // the window\n  "width": 1280,\n  "fullscreen": false\n}\n'
_S55_RELAXED = b"{\n  name: hero,\n  speed: 3,\n  skills: [run, jump]\n}\n"


def _nasty_s55(c: Corpus, add: Any) -> None:
    """Session 55: an empty or blank file of every kind (refused: "is empty"; an empty rules
    file is the standard rules), a map and a tileset starting with two byte-order marks (load),
    JSON with comments and relaxed JSON beside a map (skipped) or given as one (refused), and a
    Tiled map with a comment (refused, by line and column)."""
    for blank in (b"", b" \r\n\t\n", b"\xef\xbb\xbf"):
        what = "an empty" if not blank else "a blank"
        add("native map", {"m.toml": blank}, ["check", "m.toml"], "m.toml", f"{what} map")
        add(".tmj", {"m.tmj": blank}, ["check", "m.tmj"], "m.tmj", f"{what} Tiled JSON map")
        add(".tmx", {"m.tmx": blank}, ["play", "m.tmx", "--frames", "0"], "m.tmx", f"{what} TMX map")
        add("tileset", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], "arena-tiles.tsj": blank}, ["check", "m.tmj"],
            "arena-tiles.tsj", f"{what} tileset")
        add("teams", {"t.toml": blank}, ["check", "arene-classique", "--teams", "t.toml"], "t.toml", f"{what} teams file")
        add("scenario", {"s.toml": blank}, ["scenario", "s.toml"], "s.toml", f"{what} scenario")
        add("save", {"s.arena.json": blank}, ["resume", "s.arena.json", "--frames", "0"], "s.arena.json", f"{what} save")
        add("rules", {"r.toml": blank}, ["play", "arene-classique", "--rules", "r.toml", "--frames", "0"], "r.toml",
            f"{what} rules file (the standard rules)", refuse=False)
    bom2 = b"\xef\xbb\xbf\xef\xbb\xbf"
    add(".tmj", {**c.support, "m.tmj": bom2 + c.tmj["arene-inondee.tmj"]}, ["check", "m.tmj"], "m.tmj",
        "a map starting with two byte-order marks", refuse=False)
    add("tileset", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], "arena-tiles.tsj": bom2 + c.support["arena-tiles.tsj"]},
        ["check", "m.tmj"], "arena-tiles.tsj", "a tileset starting with two byte-order marks", refuse=False)
    beside = {"settings.json": _S55_SETTINGS, "skills.json": _S55_RELAXED}
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], **beside}, ["check", "."], "m.tmj",
        "JSON with comments and libGDX's relaxed JSON beside a map (skipped)", refuse=False)
    for name, body in beside.items():
        add(".tmj", {name: body}, ["play", name, "--frames", "0"], name, f"{name} given as a map")
    commented = c.tmj["arene-inondee.tmj"].replace(b'"height":', b'// the size\n "height":', 1)
    add(".tmj", {**c.support, "m.json": commented}, ["check", "."], "m.json", "a Tiled map with a // comment")


# Session 56 (tests/test_s56_files_real.py): other tile editors' levels beside the maps, a
# Tactile JSON map (`"type": "map"`, `rows`, `columns`) and a Pyxel Edit tilemap export
_S56_TACTILE = json.dumps({"tactile-version": "0.1.0", "format-version": 1, "type": "map", "name": "foo",
                           "next-layer-id": 2, "rows": 2, "columns": 2,
                           "layers": [{"id": 1, "name": "foo", "type": "tile-layer", "data": [1, 2, 3, 4]}],
                           "tilesets": [{"first-global-id": 1, "source": "foo.json"}]}).encode()
_S56_PYXEL = json.dumps({"tileshigh": 1, "tilewidth": 16, "tileswide": 2, "tileheight": 16,
                         "layers": [{"name": "Layer 0", "number": 0,
                                     "tiles": [{"x": x, "y": 0, "flipX": False, "rot": 0, "tile": x, "index": x}
                                               for x in range(2)]}]}).encode()


def _nasty_s56(c: Corpus, add: Any) -> None:
    """Session 56: a Tactile JSON map and a Pyxel Edit tilemap export beside a map (skipped) or
    given as one (refused: another tool's file), and a Tiled map of `"type": "map"` and `layers`
    only (refused: `width` is missing)."""
    beside = {"proto.json": _S56_TACTILE, "level1.json": _S56_PYXEL}
    add(".tmj", {**c.support, "m.tmj": c.tmj["arene-inondee.tmj"], **beside}, ["check", "."], "m.tmj",
        "a Tactile JSON map and a Pyxel Edit tilemap export beside a map (skipped)", refuse=False)
    for name, body in beside.items():
        add(".tmj", {name: body}, ["play", name, "--frames", "0"], name, f"{name} given as a map")
    add(".tmj", {"m.json": b'{"type": "map", "layers": []}'}, ["check", "m.json"], "m.json",
        "a Tiled map of a type and layers only")


def _nasty_s58(c: Corpus, add: Any) -> None:
    """Session 58 (tests/test_s58_files_xml.py, tests/test_s58_files_hostile.py): a TMX map in an
    XML namespace (Tiled opens it: must load), one declaring ISO-8859-1 with a Latin-1 byte in
    it, and a teams key holding a zero-width space."""
    files = dict(c.support)
    plain = _small_tmx()
    add(".tmx", {**files, "m.tmx": plain.replace(b"<map ", b'<map xmlns="urn:x" ', 1)}, ["check", "m.tmx"], "m.tmx",
        "a map in an XML namespace (Tiled reads it)", refuse=False)
    latin = plain.replace(b'encoding="UTF-8"', b'encoding="ISO-8859-1"', 1).replace(
        b'<properties>', '<properties><property name="note" value="\xe9"/>'.encode("latin-1"), 1)
    add(".tmx", {**files, "m.tmx": latin}, ["check", "m.tmx"], "m.tmx", "a map declaring ISO-8859-1, a Latin-1 byte in it")
    teams = next(iter(c.teams.values())).decode("utf-8").replace("pv = ", '"pv\u200b" = 1\npv = ', 1)
    add("teams", {"t.toml": teams.encode()}, ["check", "arene-classique", "--teams", "t.toml"], "t.toml",
        "a key holding a zero-width space")


def _nasty_s59(c: Corpus, add: Any) -> None:
    """Session 59 (tests/test_s59_files_hunt.py): a scenario of a `map` and its `rules` only (no
    teams, placements or actions: the map played under house rules), beside a map in a checked
    folder (passed over: the folder's map loads) and given as a map."""
    scenario = b'map = "m.toml"\n\n[rules.push]\nsquares = 2\n'
    add("native map", {"m.toml": c.maps["tutoriel.toml"], "s.toml": scenario}, ["check", "."], "m.toml",
        "a scenario of a map and its rules only in a checked folder (skipped)", refuse=False)
    add("native map", {"m.toml": scenario}, ["play", "m.toml", "--frames", "0"], "m.toml",
        "a scenario of a map and its rules only given as a map")


def _nasty_s60(c: Corpus, add: Any) -> None:
    """Session 60 (tests/test_s60_files_*.py): user sprites whose pixels are not what their header
    says (a 4096×4096 header over three rows, which Pillow drew), a palette picture without its
    palette, a second IHDR, a bad effect sprite `play` met only mid-match; a tileset named in other
    capitals; and what Tiled reads (must load): CSV items apart by no-break spaces, every tile flipped."""
    header = b"\x89PNG\r\n\x1a\n"

    def png(w: int, h: int, pixels: bytes, before: bytes = b"", colour: int = 6) -> bytes:
        ihdr = _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0))
        return header + ihdr + before + _png_chunk(b"IDAT", zlib.compress(pixels)) + _png_chunk(b"IEND", b"")

    rows = (b"\0" + b"\x80" * 32) * 8
    for body, note in ((png(4096, 4096, (b"\0" + b"\x80" * 16384) * 3), "a 4096×4096 header over 3 rows of pixels"),
                       (png(8, 8, (b"\0" + b"\0" * 8) * 8, colour=3), "a palette picture without PLTE"),
                       (png(8, 8, rows, before=_png_chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 6, 0, 0, 0))),
                        "a second IHDR")):
        add("sprite", {f"{USER_DATA}/sprites/wall.png": body}, list(SPRITE_ARGV), f"{USER_DATA}/sprites/wall.png", note)
    target = f"{USER_DATA}/sprites/impact_2.png"
    add("sprite", {target: b"not a picture\n"}, ["play", "arene-classique", "--frames", "0"], target,
        "an effect sprite that is no PNG, given to play (drawn only mid-match)")
    files = dict(c.support)
    add(".tmx", {**files, "m.tmx": _small_tmx().replace(b'source="arena-tiles.tsx"', b'source="Arena-Tiles.TSX"')},
        ["check", "m.tmx"], "m.tmx", "a tileset named in other capitals than on disk")
    nbsp = _CSV.replace(",", ",\u00a0")
    add(".tmx", {**files, "m.tmx": _small_tmx(data=nbsp)}, ["check", "m.tmx"], "m.tmx",
        "CSV items apart by no-break spaces (Tiled reads them)", refuse=False)
    flipped = _CSV.replace("1", str(1 | 0xE0000000))
    add(".tmx", {**files, "m.tmx": _small_tmx(data=flipped)}, ["check", "m.tmx"], "m.tmx",
        "every tile flipped three ways", refuse=False)


def _nasty_s61(c: Corpus, add: Any) -> None:
    """Session 61 (tests/test_s61_files_*.py): a game's JSON data with trailing commas beside a map
    in a checked folder (passed over: the folder's map loads) and given as a map; a native map's
    height for a square off the grid."""
    model = b'[\n{\n    "page":1, "alias":"page1",\n    },\n]\n'
    add("native map", {"m.toml": c.maps["tutoriel.toml"], "model.json": model}, ["check", "."], "m.toml",
        "JSON with trailing commas beside a map in a checked folder (skipped)", refuse=False)
    add(".tmj", {"model.json": model}, ["play", "model.json", "--frames", "0"], "model.json",
        "JSON with trailing commas given as a map")
    add("native map", {"m.toml": b'name = "m"\ngrid = """\n#####\n#1.2#\n#####\n"""\nheights = { "70,5" = 90 }\n'},
        ["check", "m.toml"], "m.toml", "a height for a square off the map")


def _nasty_s62(c: Corpus, add: Any) -> None:
    """Session 62 (tests/test_s62_files_tiled_unread.py): what Tiled shows and the board does not
    read, which `check` warns of (each must load: a warning is no refusal): a tile layer drawn over
    the terrain and an object that is no spawn, a terrain layer at opacity 0, and both with names of
    5,000 letters."""
    files = dict(c.support)
    decor = b' <layer id="3" name="decor" width="4" height="4"><data encoding="csv">' + b",".join([b"2"] * 16) + b'</data></layer>\n'
    over = _small_tmx().replace(b' <objectgroup id="2"', decor + b' <objectgroup id="2"').replace(
        b'  <object id="2"', b'  <object id="3" x="1" y="1" type="chest"/>\n  <object id="2"')
    add(".tmx", {**files, "m.tmx": over}, ["check", "m.tmx"], "m.tmx",
        "a tile layer drawn over the terrain and an object that is no spawn (warned of)", refuse=False)
    add(".tmx", {**files, "m.tmx": _small_tmx().replace(b'name="terrain"', b'name="terrain" opacity="0"')},
        ["check", "m.tmx"], "m.tmx", "a terrain layer at opacity 0 (warned of)", refuse=False)
    long = b"L" * 5000
    add(".tmx", {**files, "m.tmx": over.replace(b'name="decor"', b'name="' + long + b'"').replace(
        b'type="chest"', b'type="' + long + b'"')}, ["check", "m.tmx"], "m.tmx",
        "a layer over the terrain and an object of names 5,000 letters long (warned of)", refuse=False)
