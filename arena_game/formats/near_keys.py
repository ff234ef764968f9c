""""Did you mean": the key a file most likely meant where it gives an unknown one.

pydantic says a key is unknown (`extra_forbidden`) with its place (`teams[0].fighters[1].pvv`)
but not the keys that place takes: `keys_at` walks the model's types along the place to the
table holding the key, and `near_key` picks the one of its keys a slip away, as a designer would
have typed it (`swim_square_per` → `swim_squares_per`, `pf` → `pv`, `titel` → `title`)."""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

MAX_NEAR_KEYS = 1000
"""Keys looked at for a slip: a required key is looked for among the unknown keys beside it,
and a hostile file gives 70,000 of them (`[t0.a]`, `[t1.a]`…), each compared letter by letter
(3 s). A table of more unknown keys than any of ours has keys holds no typing slip to name."""


def near_key(name: object, keys: Sequence[str] | None) -> str | None:
    """The key of `keys` a slip away from `name` (a letter left out, added, changed, or two
    swapped; two such slips in a key of 8 letters or more, three from 12…), None when none is
    (or `name` is no text, or `keys` are more than `MAX_NEAR_KEYS`). A word of its own
    (`magic_missiles`, `speed`…) is not a slip of a key: only keys this close are named."""
    if not isinstance(name, str) or not keys or len(name) > 80 or len(keys) > MAX_NEAR_KEYS:
        return None
    best: tuple[int, str] | None = None
    for key in keys:
        if key == name or abs(len(key) - len(name)) > 3:
            continue
        d = slips(name, key)
        if d <= max(1, len(key) // 4) and (best is None or d < best[0]):
            best = (d, key)
    return best[1] if best else None


def slips(a: str, b: str) -> int:
    """The fewest slips (a letter left out, added or changed, two neighbours swapped) from `a` to `b`."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        row = [i]
        for j, cb in enumerate(b, start=1):
            d = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                d = min(d, prev2[j - 2] + 1)
            row.append(d)
        prev2, prev = prev, row
    return prev[-1]


def keys_at(schema: object, loc: Sequence[object]) -> list[str] | None:
    """The keys the table at `loc` takes in data validated as `schema` (a model or a type),
    None where the types do not say (a free table, a place the walk cannot follow)."""
    tp: Any = schema
    for part in loc:
        tp = _step(tp, part)
        if tp is None:
            return None
    models = [m for m in _members(tp) if _is_model(m)]
    if len(models) != 1:
        return None
    return [f.alias or name for name, f in models[0].model_fields.items()]


def _is_model(tp: object) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _unwrap(tp: Any) -> Any:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return tp


def _members(tp: Any) -> list[Any]:
    tp = _unwrap(tp)
    if get_origin(tp) in (Union, types.UnionType):
        return [_unwrap(a) for a in get_args(tp)]
    return [tp]


def _field(model: type[BaseModel], name: str) -> Any:
    for key, info in model.model_fields.items():
        if name in (key, info.alias):
            return info.annotation
    return None


def _tagged(model: type[BaseModel], part: str) -> bool:
    """`part` names this member of a union: its class, or the value of its tag (`kind = "walk"`)."""
    if model.__name__ == part:
        return True
    return any(get_origin(info.annotation) is Literal and info.default == part for info in model.model_fields.values())


def _step(tp: Any, part: object) -> Any:
    """The type one step down `tp` at `part` (an index or a key), None when it cannot be told."""
    members = _members(tp)
    if isinstance(part, int):
        for m in members:
            args = get_args(m)
            if get_origin(m) in (list, tuple, set, frozenset, Sequence) and args:
                return args[0] if len(args) == 1 or args[-1] is Ellipsis else (args[part] if part < len(args) else None)
        return None
    if not isinstance(part, str):
        return None
    models = [m for m in members if _is_model(m)]
    if len(members) > 1:  # pydantic names the member of a union it tried: its tag or its class
        for m in models:
            if _tagged(m, part):
                return m
    found = [f for m in models if (f := _field(m, part)) is not None]
    if found:
        return found[0]
    for m in members:
        if get_origin(m) is dict and len(get_args(m)) == 2:
            return get_args(m)[1]
    return None
