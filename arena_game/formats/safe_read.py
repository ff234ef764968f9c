"""Safe reading of every file the game loads: one place that bounds what a file can cost.

- Regular files only: a device (`/dev/zero`), a FIFO, a socket or a link to one is refused
  before a byte is read, so nothing blocks and nothing reads without end.
- A byte cap (`ReadLimits.max_bytes`, default 4 MiB; `ARENA_GAME_MAX_FILE_BYTES` overrides it),
  and 1 MiB for TOML (tomllib reads about a megabyte a second).
- TOML and JSON parsed with limits: nesting depth, dotted-key length and integer size, so a
  hostile file costs milliseconds, never minutes or gigabytes.
- Text is UTF-8: a byte-order mark is dropped and CRLF or bare CR line endings read as LF (as
  the file's editor shows its lines); a file in UTF-16 or UTF-32 is said to be one. A JSON
  object giving a key twice, or a text holding half a UTF-16 pair (`\\ud800`), is refused.

Every fault is a one-line `FileProblem` naming the file and the place.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena_game.formats.gc_pause import without_gc
from arena_game.formats.problems import (
    FileProblem,
    Phrase,
    Word,
    fault_words,
    keyed,
    keyed_fault,
    shorten,
)

# (the parsed data, the path to a value in it) → (the place in the file's own words, the key)
PlaceNamer = Callable[[Any, tuple[Any, ...]], tuple[Phrase, str]]

MAX_BYTES_ENV = "ARENA_GAME_MAX_FILE_BYTES"


@dataclass(frozen=True)
class ReadLimits:
    """What one file may cost: its size, how deep it nests, how long its keys and numbers are."""

    max_bytes: int = 4 * 1024 * 1024
    max_toml_bytes: int = 1024 * 1024  # tomllib reads about 1 MB a second: our TOML files are a few KB
    max_depth: int = 48  # our formats nest 6 levels at most
    max_key_parts: int = 8  # `a.b.c = 1` has 3; tomllib's cost per key grows with this
    max_int_digits: int = 20  # a 64-bit seed has 20 digits


def env_byte_cap() -> int | None:
    """The byte cap the environment sets (`MAX_BYTES_ENV`, ASCII digits above 0), else None."""
    raw = os.environ.get(MAX_BYTES_ENV, "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() and int(raw) > 0 else None


def read_limits() -> ReadLimits:
    """The limits in force: the defaults, with the byte cap from the environment if set."""
    cap = env_byte_cap()
    return ReadLimits() if cap is None else ReadLimits(max_bytes=cap)


def size_words(n: int) -> str:
    """A byte count as a designer reads it: `1.5 MB`, `2,048 bytes`."""
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{n:,} bytes"


_TWIN_LOOKS = 10_000  # names looked at in a folder for a `look_alike`: a huge folder is not read whole


def look_alike(path: str | Path) -> Word | str:
    """For a file not found, words saying that a file of its name written in other Unicode
    characters sits in its folder ("Arène" with its accent as a mark of its own, NFD, as macOS
    writes names, beside an "Arène" of one letter è, NFC: the two look alike, are not alike), or
    in other capitals (`Arena-Tiles.tsx` for `arena-tiles.tsx`: one file on Windows and macOS,
    where the map was made, two names here); else ""."""
    p = Path(path)
    wanted = unicodedata.normalize("NFC", p.name)
    folded = wanted.casefold()
    try:
        with os.scandir(p.parent) as entries:
            for _, entry in zip(range(_TWIN_LOOKS), entries, strict=False):
                if entry.name == p.name:
                    continue
                seen = unicodedata.normalize("NFC", entry.name)
                if seen == wanted:
                    form = "nfd" if unicodedata.is_normalized("NFD", entry.name) else "nfc"
                    return fault_words(f"unicode_twin_{form}", name=repr(entry.name))
                if seen.casefold() == folded:
                    return fault_words("case_twin", name=repr(entry.name))
    except (OSError, ValueError):  # no folder to look in, or a NUL in the name
        pass
    return ""


def read_bytes(path: str | Path, limits: ReadLimits | None = None) -> bytes:
    """The bytes of a regular file no larger than the byte cap, or a FileProblem."""
    p = Path(path)
    cap = (limits or read_limits()).max_bytes
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; we refuse it just after.
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise keyed(p, "not_found", twin=look_alike(p)) from None
    except IsADirectoryError:
        raise keyed(p, "folder") from None
    except OSError as e:
        raise keyed(p, "unreadable", why=e.strerror or "error") from None
    except ValueError:  # a NUL character in the name
        raise keyed(repr(str(p)), "bad_name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise keyed(p, "folder")
        if not stat.S_ISREG(info.st_mode):
            raise keyed(p, "not_regular")
        if info.st_size > cap:
            raise keyed(p, "too_large", size=size_words(info.st_size), cap=size_words(cap))
        chunks: list[bytes] = []
        total = 0
        while total <= cap:  # the file may grow while we read: never trust st_size alone
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > cap:
            raise keyed(p, "grew_too_large", cap=size_words(cap))
        return b"".join(chunks)
    except OSError as e:
        raise keyed(p, "unreadable", why=e.strerror or "error") from None
    finally:
        os.close(fd)


# Byte-order marks of the encodings a Windows editor may save in ("Unicode" is UTF-16): the
# UTF-32 ones first, as UTF-32 LE's starts with UTF-16 LE's.
_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
              (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def wide_encoding(raw: bytes) -> str | None:
    """"UTF-16" or "UTF-32" when `raw` looks written in one: its byte-order mark, or without one
    a start of Latin-1 characters each padded with NUL bytes (every file of ours starts with
    some: `name`, `[`, `{`, `<?xml`, `#`). No text file of ours holds a NUL, so that is never UTF-8."""
    for bom, name in _WIDE_BOMS:
        if raw.startswith(bom):
            return name
    for name, width in (("UTF-32", 4), ("UTF-16", 2)):
        units = [raw[i:i + width] for i in range(0, min(len(raw), 8 * width) // width * width, width)]
        if len(units) >= 2 and any(all(_latin1_in(u, end) for u in units) for end in (0, width - 1)):
            return name
    return None


def _latin1_in(unit: bytes, at: int) -> bool:
    """`unit` is one Latin-1 character (ASCII and accents) at byte `at`, NUL bytes around it."""
    return unit[at] != 0 and unit.count(0) == len(unit) - 1


def _byte_place(raw: bytes, index: int) -> tuple[int, int]:
    """Line and column (in bytes, 1-based) of byte `index`; CRLF, CR and LF each end a line."""
    before = raw[:index]
    breaks = before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n")
    return breaks + 1, index - max(before.rfind(b"\n"), before.rfind(b"\r"))


def decode_text(path: str | Path, raw: bytes) -> str:
    """UTF-8 text: a leading byte-order mark is dropped (Windows editors write one; a tool adding
    its own before another's leaves two, which are dropped too) and line
    endings are made LF (CRLF from Windows, a bare CR from old Mac editors), so every parser
    and every line number reads the file as its editor shows it. A file in UTF-16 or UTF-32 is
    said to be one; a bad byte is named by line and column."""
    encoding = wide_encoding(raw)
    if encoding is not None:
        raise keyed(path, "not_utf8_encoding", encoding=encoding)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _byte_place(raw, e.start)
        raise keyed(path, "not_utf8", line, col, byte=e.start) from None
    text = text.lstrip("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_text(path: str | Path, limits: ReadLimits | None = None) -> str:
    """The text of a regular UTF-8 file within the byte cap."""
    return decode_text(path, read_bytes(path, limits))


# -- TOML -----------------------------------------------------------------------------------

_TOML_PLACE = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
AT_END = "(at end of document)"  # tomllib's words for a fault at the end, where it gives no place
# Possessive and atomic (Python 3.11): no backtracking, and a key starts only where a run of key
# characters starts and not after a dot, so the search stays linear in the text whatever it holds.
_KEY_PART = r"""(?:(?<![.A-Za-z0-9_-])[A-Za-z0-9_-]++|(?<!\.)"[^"\n]*+"|(?<!\.)'[^'\n]*+')"""
_NEXT_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')"""


def _long_dotted_key(text: str, parts: int) -> re.Match[str] | None:
    """The first dotted key with more than `parts` parts (tomllib is quadratic in them), outside
    strings and comments: a map's grid row of pillars or crates between floor squares
    (`1.O.O.O.O.O.O.O.O.2`), a version in a list (`["a.b.c.d.e.f.g.h.i"]`) or in a comment is
    no key."""
    if text.count(".") < parts:
        return None
    pattern = re.compile(_KEY_PART + r"(?>[ \t]*+\.[ \t]*+" + _NEXT_PART + "){" + str(parts) + "}")
    return pattern.search(_strings_scan(text)[0])


_ANY_QUOTE = re.compile(r"""[#"']""")
_BASIC_REST = re.compile(r'''(?:[^"\\\n]|\\.)*+"''')  # the rest of a "…" string, its closing quote included
_MULTI_BASIC_REST = re.compile(r'''(?:[^"\\]|\\[\s\S]|"(?!""))*+"{3,5}''')  # … of a """…""" string
_MULTI_LITERAL_REST = re.compile(r"""(?:[^']|'(?!''))*+'{3,5}""")  # … of a '''…''' string


def _strings_scan(text: str) -> tuple[str, int | None]:
    """`text` with the insides of its strings and comments blanked, quotes and `#` kept, line
    breaks kept (a match keeps its line and column). Every string is blanked, a value in a list
    or an inline table as much as one after an `=`: a quoted key part stays a key part, its
    quotes around spaces (`"a.b"."c"` → `"   "."c"`). Strings and comments are stepped over as
    TOML reads them, so a quote in a comment or in another string starts nothing. At a string
    that does not end the scan stops, the rest left as it is (tomllib stops there too). Each
    character is looked at a bounded number of times: linear in the text. Returned with where
    the string that does not end opens (None when every string ends)."""
    out: list[str] = []
    done = pos = 0
    open_at: int | None = None
    while (m := _ANY_QUOTE.search(text, pos)) is not None:
        at = m.start()
        if text[at] == "#":
            end = text.find("\n", at)
            pos = len(text) if end < 0 else end
            out += [text[done:at + 1], " " * (pos - at - 1)]
            done = pos
            continue
        quote = 3 if text.startswith(text[at] * 3, at) else 1
        if quote == 1 and text[at] == "'":  # a one-line literal string: no escapes, ends on its line
            end = text.find("'", at + 1)
            if end < 0 or text.find("\n", at + 1, end) >= 0:
                open_at = at
                break
            pos = end + 1
        else:
            rest = _BASIC_REST if quote == 1 else _MULTI_BASIC_REST if text[at] == '"' else _MULTI_LITERAL_REST
            found = rest.match(text, at + quote)
            if found is None:
                open_at = at
                break
            pos = found.end()
        # blank the inside, keep the quotes: `grid = \"\"\"   \"\"\"`
        out += [text[done:at + quote], re.sub(r"[^\n]", " ", text[at + quote:pos - quote])]
        done = pos - quote
    out.append(text[done:])
    return "".join(out), open_at


def _innermost_open(blanked: str) -> int | None:
    """Where the innermost `[` or `{` left open at the end of `blanked` (`_strings_scan`'s text)
    is, None when every one is closed."""
    opened: list[int] = []
    for m in re.finditer(r"[\[\]{}]", blanked):
        if m.group() in "[{":
            opened.append(m.start())
        elif opened:
            opened.pop()
    return opened[-1] if opened else None


def _left_open(path: str | Path, text: str, detail: str) -> FileProblem:
    """A document that ends inside something (tomllib's "… (at end of document)", no place): named
    where the string that never ends opens (a map cut short: its grid's `\"\"\"`), else the array or
    inline table never closed, else the document's end."""
    blanked, string_at = _strings_scan(text)
    if string_at is not None:
        return keyed(path, "toml_syntax", *_place(text, string_at), detail=detail.removesuffix(AT_END).strip())
    bracket_at = _innermost_open(blanked)
    if bracket_at is not None:
        return keyed(path, "toml_unclosed", *_place(text, bracket_at), bracket=f"`{text[bracket_at]}`")
    return keyed(path, "toml_syntax", *_place(text, len(text)), detail=detail)


def _place(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


@without_gc
def parse_toml(path: str | Path, text: str, limits: ReadLimits | None = None) -> dict[str, Any]:
    """Parse TOML text within the limits; a fault names the line and column when it has one."""
    lim = limits or read_limits()
    cap = min(lim.max_toml_bytes, lim.max_bytes)
    if len(text) > cap:
        raise keyed(path, "toml_too_large", size=size_words(len(text)), cap=size_words(cap))
    m = _long_dotted_key(text, lim.max_key_parts)
    if m:
        line, col = _place(text, m.start())
        raise keyed(path, "toml_key_parts", line, col, parts=lim.max_key_parts)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        where = _TOML_PLACE.search(str(e))
        msg = _TOML_PLACE.sub("", str(e)).strip()
        if where is None and msg.endswith(AT_END):
            raise _left_open(path, text, msg) from None
        place: tuple[int | None, int | None] = (int(where.group(1)), int(where.group(2))) if where else (None, None)
        raise keyed(path, "toml_syntax", *place, detail=msg) from None
    except RecursionError:
        raise keyed(path, "nested", depth=lim.max_depth) from None
    except ValueError:  # Python refuses to turn a number of more than 4,300 digits into an int
        long_num = re.search(r"\d{" + str(lim.max_int_digits + 1) + ",}", text)
        at: tuple[int | None, int | None] = _place(text, long_num.start()) if long_num else (None, None)
        raise keyed(path, "long_number", *at, digits=lim.max_int_digits) from None
    check_tree(path, data, lim)
    return data


def read_toml(path: str | Path, limits: ReadLimits | None = None) -> dict[str, Any]:
    """Read and parse a TOML file safely."""
    return parse_toml(path, read_text(path, limits), limits)


# -- JSON -----------------------------------------------------------------------------------


class _LongNumber:
    """Stands in for a number too long to be one (found and named by `check_tree`)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


class _NotANumber:
    """Stands in for NaN / Infinity, which JSON does not have."""

    def __init__(self, word: str) -> None:
        self.word = word


class _KeyTwice:
    """Stands in for a JSON object that gives a key twice (json would keep the last one
    silently: the file would not play as it reads)."""

    def __init__(self, key: str) -> None:
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any] | _KeyTwice:
    """A JSON object, or the stand-in for one that gives a key twice."""
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return _KeyTwice(key)
        seen.add(key)
    return obj


# half of a UTF-16 pair, which JSON's `\ud800` escapes can give and no UTF-8 text can hold
_SURROGATE = re.compile("[\ud800-\udfff]")


@without_gc
def parse_json(path: str | Path, text: str, limits: ReadLimits | None = None, place: PlaceNamer | None = None) -> Any:
    """Parse JSON text within the limits (no NaN, no Infinity, no endless numbers); `place`
    names where a fault lies in the format's own words (default: `a.b[2].c`)."""
    lim = limits or read_limits()
    if not text.strip():  # json's "Expecting value" at 1:1 would hide that nothing is there
        raise keyed(path, "empty_file")

    def parse_int(s: str) -> int | _LongNumber:
        digits = len(s.lstrip("-"))
        return int(s) if digits <= lim.max_int_digits else _LongNumber(digits)

    def parse_float(s: str) -> float | _NotANumber:
        if len(s) > 400:
            return _NotANumber("a number of more than 400 characters")
        value = float(s)
        return value if math.isfinite(value) else _NotANumber(s)

    # a number of more digits than the cap is found by its hook; a text without so long a run
    # of digits has none, and json's own int() reads its numbers (the hook cost 1.5 s for 2,000,000)
    long_run = re.search(f"[0-9]{{{lim.max_int_digits + 1}}}", text) is not None
    try:
        data = json.loads(text, parse_int=parse_int if long_run else None, parse_float=parse_float,
                          parse_constant=_NotANumber, object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        if (relaxed := relaxed_json(text, e.pos, e.msg)) is not None:
            key, word = relaxed
            raise keyed(path, key, e.lineno, e.colno, word=word) from None
        # json's messages end in " at" (or "starting at") before the place it gives apart: dropped, we give the place
        msg = re.sub(r"\s+(?:starting\s+)?at$", "", e.msg)
        raise keyed(path, "json_syntax", e.lineno, e.colno, detail=msg) from None
    except RecursionError:
        raise keyed(path, "nested", depth=lim.max_depth) from None
    check_tree(path, data, lim, place)
    return data


_BARE_WORD = re.compile(r"[A-Za-z_$][\w$.-]{0,39}")
RELAXED_JSON = ("json_comment", "json_bare_key", "json_bare_word", "json_trailing_comma")
"""The faults of a file in JSON with comments (JSONC: editors' settings), libGDX's relaxed
JSON (keys and words without quotes) or JavaScript's and JSON5's trailing commas: none is
JSON, and Tiled writes none."""


def relaxed_json(text: str, pos: int, msg: str) -> tuple[str, str] | None:
    """(fault key, what stands there) when JSON stops at `pos` (for json's `msg`) on what JSON
    with comments, relaxed JSON or JSON5 writes (`//`, `/*`, a key or a word without quotes where a
    key or a value was expected, a `}` or `]` after a comma); None for another fault."""
    if text.startswith(("//", "/*"), pos):
        return "json_comment", text[pos:pos + 2]
    if text.startswith(("}", "]"), pos) and _after_comma(text, pos):
        return "json_trailing_comma", text[pos]
    if not msg.startswith(("Expecting value", "Expecting property name")):
        return None  # a word after the end ("Extra data") is no relaxed JSON's
    word = _BARE_WORD.match(text, pos)
    if word is None or word.group() in ("true", "false", "null"):
        return None
    if text[word.end():word.end() + 80].lstrip(" \t").startswith(":"):
        return "json_bare_key", word.group()
    # a word where a key was expected and no colon after it is no relaxed JSON's: json's fault stands
    return ("json_bare_word", word.group()) if msg.startswith("Expecting value") else None


def _after_comma(text: str, pos: int) -> bool:
    """Whether the last character before `pos` that is not white space is a comma."""
    i = pos - 1
    while i >= 0 and text[i] in " \t\r\n":
        i -= 1
    return i >= 0 and text[i] == ","


def read_json(path: str | Path, limits: ReadLimits | None = None) -> Any:
    """Read and parse a JSON file safely."""
    return parse_json(path, read_text(path, limits), limits)


# -- the parsed tree --------------------------------------------------------------------------


def check_tree(path: str | Path, data: Any, limits: ReadLimits | None = None, place: PlaceNamer | None = None) -> None:
    """Refuse data nested too deep, or holding a too-long number, a NaN, a key given twice or
    half of a UTF-16 pair (named by its field)."""
    lim = limits or read_limits()
    bound = 10**lim.max_int_digits

    def plain(v: Any) -> bool:
        """A number nothing here refuses (or null), or an empty object or list: not worth a place
        of its own on the stack (a 4 MB file of 2,000,000 numbers took 4 s to walk, building each
        one's place; 390,000 empty objects, 0.5 s)."""
        kind = type(v)
        return ((kind is int and -bound < v < bound) or (kind is float and math.isfinite(v)) or v is None
                or kind is bool or ((kind is dict or kind is list) and not v))

    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if len(loc) > lim.max_depth:
            raise _tree_fault(path, data, loc, place, ("nested", {"depth": lim.max_depth}), None)
        shallow = len(loc) < lim.max_depth  # its items are not too deep: a plain one needs no look
        if isinstance(node, dict):
            for k in node:
                if isinstance(k, str) and _SURROGATE.search(k):
                    raise _surrogate_fault(path, data, loc, place, k)
            stack.extend((v, (*loc, k)) for k, v in node.items() if not (shallow and plain(v)))
        elif isinstance(node, str):
            if _SURROGATE.search(node):
                raise _surrogate_fault(path, data, loc, place, node)
        elif isinstance(node, _KeyTwice):
            raise _tree_fault(path, data, loc, place, ("key_twice", {"name": f"`{shorten(node.key)}`"}), None)
        elif isinstance(node, list):
            stack.extend((v, (*loc, i)) for i, v in enumerate(node) if not (shallow and plain(v)))
        elif isinstance(node, _LongNumber):
            digits = {"digits": node.digits, "max": lim.max_int_digits}
            raise _tree_fault(path, data, loc, place, ("number_digits", digits), ("key_number_digits", digits))
        elif isinstance(node, _NotANumber):
            raise _tree_fault(path, data, loc, place, ("not_finite", {"found": node.word}),
                              ("key_not_finite", {"found": node.word}))
        elif isinstance(node, bool):
            continue
        elif isinstance(node, int) and abs(node) >= 10**lim.max_int_digits:
            raise _tree_fault(path, data, loc, place, ("long_number", {"digits": lim.max_int_digits}),
                              ("key_long_number", {"digits": lim.max_int_digits}))
        elif isinstance(node, float) and not math.isfinite(node):
            raise _tree_fault(path, data, loc, place, ("not_finite", {"found": repr(node)}),
                              ("key_not_finite", {"found": repr(node)}))


TREE_FAULTS = ("nested", "key_twice", "number_digits", "key_number_digits", "not_finite", "key_not_finite",
               "long_number", "key_long_number", "lone_surrogate")
"""The faults `check_tree` finds in a text that parsed (or, for "nested", too deep to parse)."""


def _surrogate_fault(path: str | Path, data: Any, loc: tuple[Any, ...], place: PlaceNamer | None,
                     text: str) -> FileProblem:
    """A text holding half of a UTF-16 pair, the half shown as the escape the file wrote."""
    half = _SURROGATE.search(text)
    found = f"\\u{ord(half.group()):04x}" if half else "?"
    return _tree_fault(path, data, loc, place, ("lone_surrogate", {"found": found}), None)


def _tree_fault(path: str | Path, data: Any, loc: tuple[Any, ...], place: PlaceNamer | None,
                fault: tuple[str, Mapping[str, object]], with_key: tuple[str, Mapping[str, object]] | None) -> FileProblem:
    """The fault at `loc`: `a.b[2].c: fault`, or in the format's words (`layer 'x' object 3: `x` must…`)."""
    if place is None:
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in loc).lstrip(".")
        return keyed_fault(path, fault[0], fault[1], field=where or None)
    words, key = place(data, loc)
    if key and with_key:
        return keyed_fault(path, with_key[0], {**with_key[1], "name": f"`{key}`"}, field=words if words.parts else None)
    parts = (*words.parts, fault_words("tiled_key", name=f"`{key}`")) if key else words.parts
    return keyed_fault(path, fault[0], fault[1], field=Phrase(parts) if parts else None)
