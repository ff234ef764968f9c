"""One-line file errors: 'maps/x.toml:4:7: unknown symbol 'Q''."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError


class FileProblem(Exception):
    """A bad file: `str()` is one line with the file, the place and the fault.

    `key` and `params`, where the fault has them, name its words in the catalog's `[file_fault]`
    section (`in_language`); the English `fault` is the catalog's English, kept for the terminal."""

    def __init__(self, path: str | Path, fault: str, line: int | None = None, column: int | None = None,
                 field: str | None = None, key: str | None = None, params: dict[str, object] | None = None) -> None:
        self.path = str(path)
        self.fault = shorten(fault)
        self.line = line
        self.column = column
        self.field = shorten(field) if field else field
        self.key = key
        self.params = params or {}
        super().__init__(self.one_line())

    def place(self) -> str:
        """The file, the line and column, the key: everything before the fault."""
        place = self.path
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        if self.field:
            place += f": {self.field}"
        return place

    def one_line(self) -> str:
        """The message as printed to the terminal."""
        return f"{self.place()}: {self.fault}"

    def in_language(self, lang: str) -> str:
        """The message in `lang` (the window's), from the catalog where the fault has a key;
        faults without one are in English yet (the terminal's words)."""
        if self.key is None or lang == "en":
            return self.one_line()
        from arena_game.i18n import t

        params = {name: _in_french(name, value) if name in _PARSER_WORDS else value
                  for name, value in _words_in(self.params, lang).items()}
        words = t(f"file_fault.{self.key}", lang, **params)
        more = self.params.get("more", 0)
        if isinstance(more, int) and more:
            from arena_game.i18n import tn

            words += tn("file_fault.more", more, lang)
        return f"{self.place()}: {shorten(words)}"


# Fields whose words come from elsewhere in English (the system's, tomllib's, json's): said in
# French where the sentence is a known one, else in general words (the place is given beside).
_PARSER_WORDS = ("why", "detail")
_FRENCH = {
    "permission denied": "accès refusé",
    "no such file or directory": "introuvable",
    "is a directory": "c'est un dossier",
    "input/output error": "erreur de lecture du disque",
    "read-only file system": "disque en lecture seule",
    "no space left on device": "plus de place sur le disque",
    "expected '=' after a key in a key/value pair": "un « = » est attendu après la clé",
    "invalid value": "valeur illisible",
    "invalid statement": "ligne illisible",
    "unclosed array": "liste [ … ] non fermée",
    "unclosed inline table": "table { … } non fermée",
    "unterminated string": "texte entre guillemets non fermé",
    "expected newline or end of document after a statement": "fin de ligne attendue après la valeur",
    "invalid initial character for a key part": "caractère interdit au début d'une clé",
    "illegal character": "caractère interdit",
    "expecting value": "une valeur est attendue",
    "expecting ',' delimiter": "une virgule est attendue",
    "expecting ':' delimiter": "un deux-points est attendu",
    "expecting property name enclosed in double quotes": "un nom de clé entre guillemets doubles est attendu",
    "extra data": "du texte après la fin du document",
    "invalid control character": "caractère de contrôle interdit",
}


def _in_french(name: str, words: object) -> str:
    """A system (`why`) or parser (`detail`) sentence in French: a known one translated, else
    in general words."""
    text = str(words).strip().rstrip(".").lower()
    at_end = text.endswith("(at end of document)")
    text = text.removesuffix("(at end of document)").strip()
    said = _FRENCH.get(text)
    if said is None and (text.startswith("cannot overwrite a value") or text.startswith("cannot declare")):
        said = "une clé ou une table déjà donnée plus haut"
    if said is None:
        said = "erreur du système" if name == "why" else "écriture non comprise à cet endroit"
    return f"{said} (à la fin du document)" if at_end else said


@dataclass(frozen=True)
class Word:
    """A fault's field that is itself words of the catalog (`ui.terrain_wall`, or another
    fault with its own fields): said in the message's language."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()


def fault_words(key: str, **fields: object) -> Word:
    """The words of the fault `file_fault.<key>`, as a field of another fault."""
    return Word(f"file_fault.{key}", tuple(fields.items()))


def _words_in(params: dict[str, object], lang: str) -> dict[str, object]:
    from arena_game.i18n import t

    return {name: t(v.key, lang, **_words_in(dict(v.fields), lang)) if isinstance(v, Word) else v
            for name, v in params.items()}


def fault(key: str, **params: object) -> tuple[str, str, dict[str, object]]:
    """A catalog fault: its English words (for the terminal), its key and its fields; pass
    them on as `FileProblem(path, words, ..., key=key, params=params)` (`keyed`)."""
    from arena_game.i18n import t

    return t(f"file_fault.{key}", "en", **_words_in(params, "en")), key, params


def keyed(path: str | Path, key: str, line: int | None = None, column: int | None = None,
          field: str | None = None, **params: object) -> FileProblem:
    """A FileProblem whose fault is the catalog's `file_fault.<key>` (English on the terminal)."""
    words, key, params = fault(key, **params)
    return FileProblem(path, words, line, column, field, key=key, params=params)


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
    key: str | None = None  # the catalog's words for the fault, where it has them (`in_language`)
    params: dict[str, object] = {}
    if kind == "extra_forbidden":
        msg, key = "unknown key", "unknown_key"
    elif kind == "missing":
        msg, key = "required key is missing", "missing_key"
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
        key, params = "expected", {"expected": _EXPECTED_FR[kind], "found": _found(first.get("input"), "fr")}
    elif kind in _BOUNDS:
        ctx = first.get("ctx") or {}
        msg = _in_words(kind, ctx, first.get("input"), msg)
        name, _words = _BOUNDS[kind]
        key, params = "bound", {"words": _BOUNDS_FR[kind], "bound": ctx.get(name), "found": _found(first.get("input"), "fr")}
    else:
        msg = _in_words(kind, first.get("ctx") or {}, first.get("input"), msg)
    # another alternative of the same union (`legend.A` as a bare name, when `legend.A.terrain` failed) is not another fault
    mine = _without_tags(first.get("loc", ()), tag)
    others = [e for e in errors[1:] if not _related(_without_tags(e.get("loc", ()), tag), mine)]
    more = f" (and {len(others)} more)" if others else ""
    if key is not None:
        params["more"] = len(others)
    return FileProblem(path, f"{msg}{more}", field=loc or None, key=key, params=params)


# pydantic's type errors in a designer's words (its own name the model classes: "instance of Team")
_EXPECTED = {
    "dict_type": "a table of keys", "model_type": "a table of keys", "model_attributes_type": "a table of keys",
    "dataclass_type": "a table of keys", "list_type": "a list [ … ]", "tuple_type": "a list [ … ]",
    "set_type": "a list [ … ]", "int_type": "a whole number", "int_parsing": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "string_type": "text in quotes",
    "bool_type": "true or false", "bool_parsing": "true or false", "is_instance_of": "a table of keys",
}


# the same in French (`FileProblem.in_language`)
_EXPECTED_FR = {
    "dict_type": "une table de clés", "model_type": "une table de clés", "model_attributes_type": "une table de clés",
    "dataclass_type": "une table de clés", "list_type": "une liste [ … ]", "tuple_type": "une liste [ … ]",
    "set_type": "une liste [ … ]", "int_type": "un nombre entier", "int_parsing": "un nombre entier",
    "float_type": "un nombre", "float_parsing": "un nombre", "string_type": "un texte entre guillemets",
    "bool_type": "true ou false", "bool_parsing": "true ou false", "is_instance_of": "une table de clés",
}
_BOUNDS_FR = {"greater_than_equal": "au moins", "less_than_equal": "au plus", "greater_than": "plus de",
              "less_than": "moins de"}


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


# what `_found` calls a value, per language: nothing, a short number, a long one, a short text,
# a long one, a list, a table, anything else
_FOUND_WORDS = {
    "en": ("nothing (null)", "the number {!r}", "a number", "the text {!r}", "a text", "a list", "a table",
           "something else"),
    "fr": ("rien (null)", "le nombre {!r}", "un nombre", "le texte {!r}", "un texte", "une liste", "une table",
           "autre chose"),
}


def _found(value: Any, lang: str = "en") -> str:
    """What a value is, in a designer's words (English, or French for `in_language`)."""
    none, number, long_number, short_text, long_text, a_list, a_table, other = _FOUND_WORDS[lang]
    if value is None:
        return none
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return number.format(value) if len(repr(value)) <= 24 else long_number
    if isinstance(value, str):
        return short_text.format(value) if len(value) <= 24 else long_text
    if isinstance(value, list | tuple):
        return a_list
    if isinstance(value, dict):
        return a_table
    return other


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
