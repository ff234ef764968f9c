"""One-line file errors: 'maps/x.toml:4:7: unknown symbol 'Q''."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError


class FileProblem(Exception):
    """A bad file: `str()` is one line with the file, the place and the fault."""

    def __init__(self, path: str | Path, fault: str, line: int | None = None, column: int | None = None, field: str | None = None) -> None:
        self.path = str(path)
        self.fault = shorten(fault)
        self.line = line
        self.column = column
        self.field = shorten(field) if field else field
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """The message as printed to the terminal."""
        place = self.path
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        if self.field:
            place += f": {self.field}"
        return f"{place}: {self.fault}"


_LONG_RUN = re.compile(r"\S{81,}")  # no word, name or number of ours is that long


def shorten(text: str) -> str:
    """A line a designer can read: a run of more than 80 characters without a space (a key, a
    value or a tile id from the file, echoed) is cut in its middle: `'AAAA…AAAA'`; a text still
    longer than 500 characters keeps its start and its end (where what to do is said)."""
    text = _LONG_RUN.sub(lambda m: m.group()[:60] + "…" + m.group()[-12:], text)
    return text if len(text) <= 500 else text[:300] + " … " + text[-150:]


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file safely (see `safe_read`): every fault is a FileProblem."""
    from arena_game.formats import safe_read

    return safe_read.read_toml(path)


def parse_toml(path: str | Path, text: str) -> dict[str, Any]:
    """Parse TOML text safely (see `safe_read`); syntax errors name the line and column."""
    from arena_game.formats import safe_read

    return safe_read.parse_toml(path, text)


def validation_problem(
    path: str | Path, err: ValidationError, prefix: str = "", tag: str | None = None
) -> FileProblem:
    """The first pydantic error as one line: the field path and what is wrong."""
    errors = err.errors(include_url=False)
    first = errors[0]
    loc = _loc(_without_tags(first.get("loc", ()), tag), prefix)
    msg = first.get("msg", "invalid value")
    kind = first.get("type")
    if kind == "extra_forbidden":
        msg = "unknown key"
    elif kind == "missing":
        msg = "required key is missing"
    elif kind == "union_tag_invalid":
        ctx = first.get("ctx", {})
        expected = str(ctx.get("expected_tags", "")).replace("'", "")
        msg = f"unknown {ctx.get('discriminator', 'kind').strip(chr(39))} {ctx.get('tag')!r} (expected one of: {expected})"
    elif kind == "union_tag_not_found":
        from arena_game.core.actions import ACTION_KINDS

        msg = f"every action needs a `kind`, one of: {', '.join(ACTION_KINDS)}"
    elif kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind in _EXPECTED:
        msg = f"should be {_EXPECTED[kind]}, not {_found(first.get('input'))}"
    else:
        msg = _in_words(kind, first.get("ctx") or {}, first.get("input"), msg)
    # another alternative of the same union (`legend.A` as a bare name, when `legend.A.terrain` failed) is not another fault
    mine = _without_tags(first.get("loc", ()), tag)
    others = [e for e in errors[1:] if not _related(_without_tags(e.get("loc", ()), tag), mine)]
    more = f" (and {len(others)} more)" if others else ""
    return FileProblem(path, f"{msg}{more}", field=loc or None)


# pydantic's type errors in a designer's words (its own name the model classes: "instance of Team")
_EXPECTED = {
    "dict_type": "a table of keys", "model_type": "a table of keys", "model_attributes_type": "a table of keys",
    "dataclass_type": "a table of keys", "list_type": "a list [ … ]", "tuple_type": "a list [ … ]",
    "set_type": "a list [ … ]", "int_type": "a whole number", "int_parsing": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "string_type": "text in quotes",
    "bool_type": "true or false", "bool_parsing": "true or false", "is_instance_of": "a table of keys",
}


# the patterns of the models' text fields, as a designer reads them
_PATTERN_WORDS = {
    r"^[a-z0-9][a-z0-9_-]*$": "lower-case letters, digits, '-' and '_' (from a letter or a digit)",
    r"^#[0-9a-fA-F]{6}$": "a colour written #rrggbb (e.g. #c0392b)",
    r"^[A-Za-z0-9_-]+$": "letters, digits, '-' and '_'",
}

_BOUNDS = {"greater_than_equal": ("ge", "at least"), "less_than_equal": ("le", "at most"),
           "greater_than": ("gt", "more than"), "less_than": ("lt", "less than")}


def _in_words(kind: str, ctx: dict[str, Any], value: Any, msg: str) -> str:
    """pydantic's other messages ("Input should be greater than or equal to 1") as a designer reads them."""
    found = _found(value)
    if kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        return f"should be {words} {ctx.get(key)}, not {found}"
    if kind in ("literal_error", "enum"):
        return f"should be {ctx.get('expected', 'one of the names allowed')}, not {found}"
    if kind == "string_too_short":
        n = ctx.get("min_length", 1)
        return "should not be empty" if n == 1 else f"should have at least {n} characters, not {len(str(value))}"
    if kind == "string_too_long":
        return f"should have at most {ctx.get('max_length')} characters, not {len(str(value))}"
    if kind in ("too_short", "too_long"):
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        return f"should hold {'at least' if kind == 'too_short' else 'at most'} {bound} items, not {ctx.get('actual_length')}"
    if kind == "string_pattern_mismatch":
        return f"should be {_PATTERN_WORDS.get(str(ctx.get('pattern')), 'written otherwise')}, not {found}"
    if kind in ("int_from_float", "int_parsing_size"):
        return f"should be a whole number, not {found}"
    if kind == "finite_number":
        return f"should be a number, not {found}"
    # anything else: pydantic's sentence, without its "Input"
    return msg.replace("Input should be", "should be").replace("Value should", "should")


def _found(value: Any) -> str:
    """What a value is, in a designer's words."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return f"the number {value!r}" if len(repr(value)) <= 24 else "a number"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) <= 24 else "a text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "something else"


def _without_tags(loc: tuple[Any, ...], tag: str | None) -> tuple[Any, ...]:
    """Drop the union-member names pydantic puts in paths ('walk' in actions[0].walk.to)."""
    out = []
    for i, part in enumerate(loc):
        if isinstance(part, str) and (
            (i == 0 and part == tag) or "[" in part or part in ("str", "int", "dict", "list")
            or (len(part) > 1 and part[:1].isupper() and part.isidentifier())
        ):
            continue
        out.append(part)
    return tuple(out)


def _related(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """One place holds the other (two alternatives of one union failing at one value)."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def _loc(loc: tuple[Any, ...], prefix: str) -> str:
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
