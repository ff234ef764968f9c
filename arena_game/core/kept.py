"""Answers kept for reuse, bounded: the rules and the bots ask the same few odds, terms and
forecasts thousands of times a match.

`Kept` is the table they share: a dict emptied when it is full (the answers are cheap to
work out again, and a match soon asks the same few again). Entries keyed by an object's
`id` hold that object beside the answer, so the id cannot be reused while kept: settings
and sheets are frozen pydantic models, and hashing one field by field (as
`functools.lru_cache` does on every call) cost more than most of what is looked up with
them (`by_identity`).

`answers_of` keeps answers per object instead, for as long as the object lives: a match's
sheets and weapons (new objects every match in the window) take their answers with them,
rather than leaving them in a table until it fills up.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

K = TypeVar("K")
T = TypeVar("T")
V = TypeVar("V")


class Kept(dict[K, V]):
    """A dict of answers that empties itself when it reaches `most` entries (`keep`).

    Lookups are a plain dict's (`get`, `in`): the hot paths pay nothing for the bound."""

    __slots__ = ("most",)

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def keep(self, key: K, value: V) -> V:
        """Keep `value` under `key` (emptying the table first when it is full); return it."""
        if len(self) >= self.most:
            self.clear()
        self[key] = value
        return value


def by_identity(maxsize: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like `lru_cache(maxsize)` for a pure function of a frozen first argument and hashable
    others, the first looked up by identity (each entry holds it, so its id is never reused
    while kept); the table is emptied when full."""
    def wrap(fn: Callable[..., T]) -> Callable[..., T]:
        table: Kept[tuple[Any, ...], tuple[object, T]] = Kept(maxsize)

        @functools.wraps(fn)
        def kept(obj: object, *args: Any) -> T:
            key = (id(obj), *args)
            got = table.get(key)
            if got is None or got[0] is not obj:
                got = table.keep(key, (obj, fn(obj, *args)))
            return got[1]

        return kept
    return wrap


PerObject = dict[int, tuple["weakref.ref[Any]", dict[Any, V]]]
"""id(object) → (a weak reference to the object, the answers kept for it): see `answers_of`."""


def forget_when_gone(table: dict[int, Any], obj: object) -> weakref.ref[Any]:
    """A weak reference to `obj` that removes `table[id(obj)]` when the object is gone (if
    that entry is still the one holding this reference, at index 0)."""
    key = id(obj)

    def gone(ref: weakref.ref[Any]) -> None:
        entry = table.get(key)
        if entry is not None and entry[0] is ref:
            del table[key]

    return weakref.ref(obj, gone)


def answers_of(table: PerObject[V], obj: object) -> dict[Any, V]:
    """The answers kept for `obj` (looked up by identity) in `table`: a dict of its own, kept
    while the object lives and dropped with it; a new object reusing its id starts afresh.
    The answers must not hold the object (it would never go)."""
    got = table.get(id(obj))
    if got is None or got[0]() is not obj:
        got = table[id(obj)] = (forget_when_gone(table, obj), {})
    return got[1]
