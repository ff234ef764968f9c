"""Strict types for the files a designer writes (TOML, JSON): a number is a number, true is true.

pydantic's lax mode turns `seed = "20"` into 20, `pv = 20.0` into 20, `pv = true` into 1 and
`labyrinth = "yes"` into True: a typo in a file would play as something the file does not
say. TOML and JSON have numbers and booleans of their own, so text, a fractional number or
true/false where a whole number is expected (or text where true/false is) is refused, naming
the key.

`validate` checks the data in lax mode, so every fault said before is said in the same
words, and strictly on the data's JSON form (in JSON a table is a model, a list a tuple and
a text an enum's value, as in the file). Where both fail at the same key, and lax mode
coerced the value before refusing it (`teams = "20"`: "should be at most 9"), the strict
fault is said: "should be a whole number, not the text '20'". The rules settings are strict
models themselves (`core.settings`). Tiled files are not checked here: an XML attribute is
text by nature, read as a number by `tiled_files` only when written as Tiled writes one, and
`tiled_model.check` checks both formats strictly.
"""

from __future__ import annotations

import datetime
import json
from typing import Any, TypeVar, overload

from pydantic import BaseModel, TypeAdapter, ValidationError

from arena_game.formats.gc_pause import without_gc

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

# pydantic's kinds for a value of the wrong type: a lax fault of another kind at the same key
# (a bound, a choice) was said of a value lax mode had already converted
TYPE_KINDS = frozenset({
    "int_type", "int_parsing", "int_from_float", "float_type", "float_parsing", "bool_type", "bool_parsing",
    "string_type", "dict_type", "list_type", "tuple_type", "model_type",
})


# A lax first fault the strict check never says another way at its key: a type (the strict one
# is said only over another kind), a key missing (no value there to be of a wrong type) or one
# the table does not take (unknown in either mode). A hostile file of 100,000 teams missing
# their keys spent a third of its refusal in a strict check whose fault was then not said.
_NOT_COERCED = TYPE_KINDS | {"missing", "extra_forbidden"}


@overload
def validate(schema: type[M], data: Any) -> M: ...


@overload
def validate(schema: TypeAdapter[T], data: Any) -> T: ...


@without_gc
def validate(schema: type[M] | TypeAdapter[T], data: Any) -> M | T:
    """`data` as `schema` (a model or a TypeAdapter), or a `ValidationError` whose first fault
    is the one to say; a value of the wrong JSON type is one (`"20"` or `20.0` for a whole
    number, `"yes"` or 1 for true/false)."""
    try:
        value: Any = schema.validate_python(data) if isinstance(schema, TypeAdapter) else schema.model_validate(data)
    except ValidationError as lax:
        first = lax.errors(include_url=False, include_context=False, include_input=False)[0]
        if first.get("type") in _NOT_COERCED:  # the strict check could not say it otherwise: not run
            raise
        strict = _strict_fault(schema, data)
        if strict is not None and _the_type_first(strict, first):
            raise strict from None
        raise
    strict = _strict_fault(schema, data)
    if strict is not None:
        raise strict
    return value


def _strict_fault(schema: type[BaseModel] | TypeAdapter[Any], data: Any) -> ValidationError | None:
    """The strict check's fault on `data`'s JSON form, None when there is none (or no JSON form)."""
    try:
        text = as_json(data)
    except (TypeError, ValueError, RecursionError):  # not file data (a key that is not text): lax alone
        return None
    try:
        if isinstance(schema, TypeAdapter):
            schema.validate_json(text, strict=True)
        else:
            schema.model_validate_json(text, strict=True)
    except ValidationError as e:
        return e
    return None


def _the_type_first(strict: ValidationError, x: Any) -> bool:
    """Both first faults (`x` the lax one) lie at one key, the strict one says its type is wrong
    and the lax one something else (said of the value lax mode converted)."""
    s = strict.errors(include_url=False, include_context=False, include_input=False)[0]
    return s.get("loc") == x.get("loc") and s.get("type") in TYPE_KINDS and x.get("type") not in TYPE_KINDS


def as_json(data: Any) -> bytes:
    """`data` as JSON (UTF-8): what a TOML file holds beyond JSON (a date, a time) as its ISO
    text, a model as its JSON form; half a UTF-16 pair, which pydantic cannot read (the
    loaders refuse it first), as '?'."""
    return json.dumps(data, default=_json_value, ensure_ascii=False).encode("utf-8", "replace")


def _json_value(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, datetime.date | datetime.time):  # a datetime is a date
        return value.isoformat()
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    return str(value)
