"""One-line file errors: 'maps/x.toml:4:7: unknown symbol 'Q''."""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, time
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from arena_game.core.actions import ACTION_ADAPTER, Action
from arena_game.core.dice import ScriptedFaceError
from arena_game.core.errors import BadValue, IllegalAction
from arena_game.formats.gc_pause import without_gc


class FileProblem(Exception):
    """A bad file: `str()` is one line with the file, the place and the fault.

    `key` and `params`, where the fault has them, name its words in the catalog's `[file_fault]`
    section (`in_language`); the English `fault` is the catalog's English, kept for the terminal."""

    def __init__(self, path: str | Path, fault: str, line: int | None = None, column: int | None = None,
                 field: str | Word | Phrase | None = None, key: str | None = None,
                 params: dict[str, object] | None = None, via: Word | None = None) -> None:
        self.path = str(path)
        self.fault = shorten(fault)
        # how the file was reached ("read for `teams` of s.toml"), said after the fault
        self.via = via
        self.line = line
        self.column = column
        # a place in words (a Tiled layer, object or tileset) is said in the message's language
        self.field_words = field if isinstance(field, Word | Phrase) else None
        if self.field_words is not None:
            field = _render(self.field_words, "en")
        self.field = shorten(field) if isinstance(field, str) and field else None
        self.key = key
        self.params = params or {}
        super().__init__(self.one_line())

    def place(self, lang: str = "en") -> str:
        """The file, the line and column, the key: everything before the fault."""
        place = one_line(self.path)  # a file's name may hold a line break too
        if self.line is not None:
            place += f":{self._spot()}"
        return separator(lang).join([place, *self._field(lang)])

    def _spot(self) -> str:
        """"4" or "4:7": the line and column, if the fault has them."""
        if self.line is None:
            return ""
        return f"{self.line}:{self.column}" if self.column is not None else str(self.line)

    def _field(self, lang: str) -> list[str]:
        field = shorten(_render(self.field_words, lang)) if self.field_words is not None and lang != "en" else self.field
        return [field] if field else []

    def one_line(self) -> str:
        """The message as printed to the terminal."""
        return f"{self.place()}: {self.fault}{self._via('en')}"

    def _via(self, lang: str) -> str:
        return f" ({_render(self.via, lang)})" if self.via is not None else ""

    def reached(self, via: Word) -> FileProblem:
        """The same fault, said with how its file was reached (`via`)."""
        return FileProblem(self.path, self.fault, self.line, self.column, self.field_words or self.field,
                           self.key, self.params, via)

    def in_language(self, lang: str) -> str:
        """The message in `lang` (the window's), from the catalog where the fault has a key;
        faults without one are in English yet (the terminal's words)."""
        return f"{self.place(lang)}{separator(lang)}{self.fault_text(lang)}"

    def in_file(self, lang: str) -> str:
        """The message without its file, for a line that names the file already (`check`'s):
        "4:7: unknown symbol 'Q'", "layer 'spawns': …", or the fault alone."""
        return separator(lang).join([*filter(None, [self._spot()]), *self._field(lang), self.fault_text(lang)])

    def fault_text(self, lang: str) -> str:
        """The fault (and how its file was reached) in `lang`, without its place."""
        if lang == "en" or self.key is None:
            return f"{self.fault}{self._via(lang)}"
        params = {name: _in_language(name, value, lang) if name in _PARSER_WORDS else value
                  for name, value in _words_in(self.params, lang).items()}
        words = _say(f"file_fault.{self.key}", lang, params)
        more = self.params.get("more", 0)
        if isinstance(more, int) and more:
            from arena_game.i18n import tn

            words += tn("file_fault.more", more, lang)
        return f"{shorten(words)}{self._via(lang)}"


def separator(lang: str) -> str:
    """What joins a fault's file, its place and its words in `lang`: ": " in English, " : " in
    French, as the catalog writes every other French colon (`file_fault.separator`). The file's
    own address ("m.toml:4:7") keeps its colons: it is no sentence."""
    from arena_game.i18n import t

    return t("file_fault.separator", lang)


# Fields whose words come from elsewhere in English (the system's, tomllib's, json's, expat's):
# said in the message's language where the sentence is one the catalog's `[system_sentence]`
# knows (its English words are the sentence), else in general words (the place is beside).
_PARSER_WORDS = ("why", "detail")
_DECLARED_TWICE = ("cannot overwrite a value", "cannot declare")  # tomllib's, with the key after


def _in_language(name: str, words: object, lang: str) -> str:
    """A system (`why`) or parser (`detail`) sentence in `lang`: a known one from the catalog,
    else in general words."""
    from arena_game.i18n import t

    text = str(words).strip().rstrip(".").lower()
    at_end = text.endswith("(at end of document)")
    text = text.removesuffix("(at end of document)").strip()
    slug = _known_sentences().get(text)
    if slug is None and text.startswith(_DECLARED_TWICE):
        slug = "declared_twice"
    if slug is None:
        slug = "system_error" if name == "why" else "not_understood"
    said = t(f"system_sentence.{slug}", lang)
    return t("file_fault.at_end", lang, words=said) if at_end else said


def system_words(why: object, lang: str) -> str:
    """A system's English sentence (an `OSError`'s strerror) in `lang`: the catalog's
    `[system_sentence]` words for it, else "system error" in `lang`."""
    return _in_language("why", why, lang)


@functools.cache
def _known_sentences() -> dict[str, str]:
    """The system's and parsers' English sentences the catalog says in other words → their slug."""
    from arena_game.i18n import section

    return {sentence: slug for slug, sentence in section("system_sentence", "en").items()}


@dataclass(frozen=True)
class Word:
    """A fault's field that is itself words of the catalog (`ui.terrain_wall`, or another
    fault with its own fields): said in the message's language."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()


def fault_words(key: str, **fields: object) -> Word:
    """The words of the fault `file_fault.<key>`, as a field of another fault."""
    return Word(f"file_fault.{key}", tuple(fields.items()))


@dataclass(frozen=True)
class Phrase:
    """Words said one after the other, in the message's language (a Tiled place: "layer
    'spawns' object 7")."""

    parts: tuple[Word, ...]


def say(words: Word | Phrase | str, lang: str) -> str:
    """Words of the catalog (a fault's field) said in `lang`; a plain text as it is."""
    return _render(words, lang) if isinstance(words, Word | Phrase) else words


def _render(words: Word | Phrase, lang: str) -> str:
    if isinstance(words, Phrase):
        return " ".join(_render(w, lang) for w in words.parts)
    return _say(words.key, lang, _words_in(dict(words.fields), lang))


def _words_in(params: dict[str, object], lang: str) -> dict[str, object]:
    return {name: _render(v, lang) if isinstance(v, Word | Phrase) else _refusal(v, lang) for name, v in params.items()}


def _refusal(value: object, lang: str) -> object:
    """A refusal of the rules (a save's action refused on replay) in `lang`: "R2.2: …"."""
    if isinstance(value, IllegalAction):
        from arena_game.i18n import refusal_line

        return refusal_line(value, lang)
    return value


def _say(key: str, lang: str, fields: dict[str, object]) -> str:
    """The catalog text `key` with `fields`; a key with plural forms (`key_one`, `key_other`)
    goes by its field `n`."""
    from arena_game.i18n import catalog, t, tn

    if f"{key}_one" in catalog(lang) and "n" in fields:
        rest = {name: v for name, v in fields.items() if name != "n"}
        return tn(key, int(fields["n"]), lang, **rest)  # type: ignore[call-overload]
    return t(key, lang, **fields)


def fault(key: str, **params: object) -> tuple[str, str, dict[str, object]]:
    """A catalog fault: its English words (for the terminal), its key and its fields; pass
    them on as `FileProblem(path, words, ..., key=key, params=params)` (`keyed`)."""
    return _say(f"file_fault.{key}", "en", _words_in(params, "en")), key, params


def keyed_fault(path: str | Path, key: str, params: Mapping[str, object], line: int | None = None,
                column: int | None = None, field: str | Word | Phrase | None = None) -> FileProblem:
    """A FileProblem whose fault is the catalog's `file_fault.<key>` with `params` (English on the terminal)."""
    fields = dict(params)
    return FileProblem(path, _say(f"file_fault.{key}", "en", _words_in(fields, "en")), line, column, field,
                       key=key, params=fields)


def keyed(path: str | Path, key: str, line: int | None = None, column: int | None = None,
          field: str | Word | Phrase | None = None, **params: object) -> FileProblem:
    """`keyed_fault` with the fault's fields as keywords."""
    return keyed_fault(path, key, params, line, column, field)


def unwritable(path: str | Path, e: OSError) -> FileProblem:
    """`path` cannot be written, why, in one line; a folder on the way that is at fault (a file
    where the folder should be, a folder that is read-only) is named rather than `path`."""
    where: str | Path = path
    if e.filename is not None:
        culprit = Path(os.fsdecode(e.filename))
        if culprit in Path(path).parents:
            where = culprit
    return keyed(where, "unwritable", why=e.strerror or str(e))


# A file's actions (a save's, a scenario's) are checked in one call, not one each: a
# 200,000-action save spent 2 s in one call an action.
ACTIONS_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])


def action_fault(path: str | Path, index: int, raw: dict[str, Any]) -> FileProblem | None:
    """The fault of a file's action `index` (`raw`) checked alone, named by its place as saves
    and scenarios say it (`actions[3].to`, not `actions[3].walk.to`); None when it passes alone.
    Called only once a list of actions failed together, to name the first action at fault."""
    from arena_game.formats.strict import validate

    try:
        validate(ACTION_ADAPTER, raw)
    except ValidationError as e:
        kind = raw.get("kind")
        return validation_problem(path, e, f"actions[{index}]", tag=kind if isinstance(kind, str) else None,
                                  schema=Action)
    return None


def face_problem(path: str | Path, e: ScriptedFaceError, where: str) -> FileProblem:
    """A face given that its die cannot show (9 on a d8), at `where` (a save's or a scenario's)."""
    return keyed(path, "scripted_face" if e.scripted else "table_face", field=where, number=e.number,
                 face=e.face, sides=e.sides)


_LONG_RUN = re.compile(r"\S{81,}")  # no word, name or number of ours is that long
# What would break a line or turn the terminal: line breaks (all `str.splitlines` knows) become a
# visible ⏎, a tab a space; bidi controls (which can show a line's text in another order) are
# dropped; other control characters (an escape sequence's ESC…) become �.
_BREAKS = re.compile("\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")
# A file name of bytes that are not UTF-8 reaches us with lone surrogates (`os.fsdecode`): no
# terminal, CSV or picture can write them, so they are shown as �.
_SURROGATES = re.compile("[\ud800-\udfff]")


def one_line(text: str) -> str:
    """A text from a file (a map's name, a path) that stays on one line, in its order."""
    text = _BREAKS.sub("⏎", text).replace("\t", " ")
    return _SURROGATES.sub("\ufffd", _CONTROLS.sub("\ufffd", _BIDI.sub("", text)))


def shorten(text: str) -> str:
    """A line a designer can read: one line (`one_line`); a run of more than 80 characters
    without a space (a key, a value or a tile id from the file, echoed) is cut in its middle:
    `'AAAA…AAAA'`; a text still longer than 500 characters keeps its start and its end (where
    what to do is said)."""
    text = _LONG_RUN.sub(lambda m: m.group()[:60] + "…" + m.group()[-12:], one_line(text))
    return text if len(text) <= 500 else text[:300] + " … " + text[-150:]


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file safely (see `safe_read`): every fault is a FileProblem."""
    from arena_game.formats import safe_read

    return safe_read.read_toml(path)


def parse_toml(path: str | Path, text: str) -> dict[str, Any]:
    """Parse TOML text safely (see `safe_read`); syntax errors name the line and column."""
    from arena_game.formats import safe_read

    return safe_read.parse_toml(path, text)


@without_gc
def validation_problem(
    path: str | Path, err: ValidationError, prefix: str = "", tag: str | None = None, schema: object = None
) -> FileProblem:
    """The first pydantic error as one line: the field path and what is wrong, in the words of
    the catalog's `[file_fault]` (`FileProblem.in_language`). With the `schema` validated, an
    unknown key close to one its table takes says it (`pvv: unknown key (did you mean `pv`?)`)."""
    errors = err.errors(include_url=False)
    unknown = _unknown_keys(errors) if schema is not None else {}
    first, near = _slip_first(errors, schema, unknown)
    loc = _loc(_without_tags(first.get("loc", ()), tag), prefix)
    # another alternative of the same union (`legend.A` as a bare name, when `legend.A.terrain` failed) is not another fault
    mine = _without_tags(first.get("loc", ()), tag)
    others = [e for e in errors if e is not first and not _related(_without_tags(e.get("loc", ()), tag), mine)]
    if near is not None:  # a required key said missing beside a slip of it is that slip again
        others = [e for e in others if _slip_of(e, unknown) is None]
        words, key, params = fault("unknown_key_near", near=f"`{shorten(near)}`")
        params["more"] = len(others)
        return FileProblem(path, f"{words}{_more_en(len(others))}", field=loc or None, key=key, params=params)
    said = _kind_fault(first)
    if said is None:  # a kind we have no words for: pydantic's own sentence, without its "Input"
        msg = first.get("msg", "invalid value").removeprefix("Value error, ")
        msg = msg.replace("Input should be", "should be").replace("Value should", "should")
        return FileProblem(path, f"{msg}{_more_en(len(others))}", field=loc or None)
    key, params = said
    words, key, params = fault(key, **params)
    params["more"] = len(others)
    return FileProblem(path, f"{words}{_more_en(len(others))}", field=loc or None, key=key, params=params)


_Unknown = dict[tuple[Any, ...], dict[str, Any]]  # a table's place → its unknown keys → their errors


def _unknown_keys(errors: list[Any]) -> _Unknown:
    """The unknown keys of every table (`extra_forbidden`), gathered once: a file of 20,000
    sheets each with a slip is said in a fraction of a second."""
    out: _Unknown = {}
    for e in errors:
        loc = e.get("loc")
        if e.get("type") == "extra_forbidden" and loc and isinstance(loc[-1], str):
            out.setdefault(tuple(loc[:-1]), {})[loc[-1]] = e
    return out


def _slip_first(errors: list[Any], schema: object, unknown: _Unknown) -> tuple[Any, str | None]:
    """The error to say first, and the key it most likely meant: an unknown key close to one its
    table takes (`swim_square_per`), said before a required key said missing at its side (`pf`
    for `pv` is both: the slip is the unknown key)."""
    first = errors[0]
    if schema is None:
        return first, None
    from arena_game.formats.near_keys import keys_at, near_key

    slip = _slip_of(first, unknown)
    if slip is not None:
        return slip, str(first["loc"][-1])
    if first.get("type") == "extra_forbidden" and first.get("loc"):
        return first, near_key(first["loc"][-1], keys_at(schema, first["loc"][:-1]))
    return first, None


def _slip_of(missing: Any, unknown: _Unknown) -> Any:
    """The unknown key beside `missing` (a required key said missing) a slip away from it, or None."""
    from arena_game.formats.near_keys import near_key

    if missing.get("type") != "missing" or not missing.get("loc"):
        return None
    beside = unknown.get(tuple(missing["loc"][:-1]))
    slip = near_key(missing["loc"][-1], list(beside)) if beside else None
    return None if slip is None or beside is None else beside[slip]


def _more_en(n: int) -> str:
    from arena_game.i18n import tn

    return tn("file_fault.more", n, "en") if n else ""


def _kind_fault(error: Any) -> tuple[str, dict[str, object]] | None:
    """The catalog key and fields of one pydantic error, None for a kind without words."""
    kind = error.get("type")
    ctx = error.get("ctx") or {}
    value = error.get("input")
    if kind == "extra_forbidden":
        return "unknown_key", {}
    if kind == "missing":
        return "missing_key", {}
    if kind == "union_tag_invalid":
        expected = str(ctx.get("expected_tags", "")).replace("'", "")
        return "unknown_tag", {"what": str(ctx.get("discriminator", "kind")).strip("'"), "tag": repr(ctx.get("tag")),
                               "expected": expected}
    if kind == "union_tag_not_found":
        from arena_game.core.actions import ACTION_KINDS

        return "action_kind_missing", {"kinds": ", ".join(ACTION_KINDS)}
    if kind == "value_error":
        cause = ctx.get("error")
        return (cause.code, dict(cause.fields)) if isinstance(cause, BadValue) else None
    found = found_words(value)
    if kind in _EXPECTED:
        return "expected", {"expected": fault_words(f"what_{_EXPECTED[kind]}"), "found": found}
    if kind in _BOUNDS:
        name, words = _BOUNDS[kind]
        return "bound", {"words": fault_words(f"bound_{words}"), "bound": ctx.get(name), "found": found}
    if kind in ("literal_error", "enum"):
        return "one_of", {"names": _either(str(ctx.get("expected", ""))), "found": found}
    if kind == "string_too_short":
        n = ctx.get("min_length", 1)
        return ("not_empty", {}) if n == 1 else ("text_min", {"n": n, "count": len(str(value))})
    if kind == "string_too_long":
        return "text_max", {"n": ctx.get("max_length"), "count": len(str(value))}
    if kind in ("too_short", "too_long"):
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        return f"items_{'min' if kind == 'too_short' else 'max'}", {"n": bound, "count": ctx.get("actual_length")}
    if kind == "string_pattern_mismatch":
        words = _PATTERN_WORDS.get(str(ctx.get("pattern")), "else")
        return "pattern", {"words": fault_words(f"pattern_{words}"), "found": found}
    return None


# pydantic's type errors in a designer's words (its own name the model classes: "instance of Team"):
# the kind → `file_fault.what_<words>`
_EXPECTED = {
    "dict_type": "table", "model_type": "table", "model_attributes_type": "table", "dataclass_type": "table",
    "is_instance_of": "table", "list_type": "list", "tuple_type": "list", "set_type": "list",
    "int_type": "whole", "int_parsing": "whole", "int_from_float": "whole", "int_parsing_size": "whole",
    "float_type": "number", "float_parsing": "number", "finite_number": "number", "string_type": "text",
    "bool_type": "bool", "bool_parsing": "bool",
}

# the patterns of the models' text fields, as a designer reads them: `file_fault.pattern_<words>`
_PATTERN_WORDS = {
    r"^[a-z0-9][a-z0-9_-]*$": "id",
    r"^#[0-9a-fA-F]{6}$": "colour",
    r"^[A-Za-z0-9_-]+$": "name",
}

# a bound's kind → its name in pydantic's context, and `file_fault.bound_<words>`
_BOUNDS = {"greater_than_equal": ("ge", "ge"), "less_than_equal": ("le", "le"),
           "greater_than": ("gt", "gt"), "less_than": ("lt", "lt")}


def _either(expected: str) -> Word | str:
    """pydantic's "'a', 'b' or 'c'" as the catalog's list of alternatives (its "or" in each language)."""
    head, sep, last = expected.rpartition(" or ")
    return fault_words("either", names=head, last=last) if sep else expected


def found_words(value: Any) -> Word:
    """What a value is, in a designer's words: `file_fault.found_<kind>`."""
    if value is None:
        return fault_words("found_null")
    if isinstance(value, bool):
        return fault_words("found_bool")
    if isinstance(value, int | float):
        return fault_words("found_number", value=repr(value)) if len(repr(value)) <= 24 else fault_words("found_long_number")
    if isinstance(value, str):
        return fault_words("found_text", value=repr(value)) if len(value) <= 24 else fault_words("found_long_text")
    if isinstance(value, list | tuple):
        return fault_words("found_list")
    if isinstance(value, dict):
        return fault_words("found_table")
    if isinstance(value, date | time):  # TOML's bare dates and times (`pv = 1979-05-27`): a datetime is a date
        return fault_words("found_date" if isinstance(value, date) else "found_time", value=value.isoformat())
    return fault_words("found_other")


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
            out += ("." if out else "") + _key_shown(str(part))
    return out


def _key_shown(key: str) -> str:
    """A key from the file as it reads in a line: quoted, its unseen characters escaped, when it
    holds one (a zero-width space pasted from a web page after `pv` printed `pv: unknown key (did
    you mean `pv`?)`); else as written."""
    if all(ch == " " or unicodedata.category(ch)[0] not in "CZ" for ch in key):
        return key
    return repr(key)
