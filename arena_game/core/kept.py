"""Answers kept for reuse, bounded: the rules and the bots ask the same few odds, terms and
forecasts thousands of times a match.

`Kept` is the table they share: a dict emptied when it is full (the answers are cheap to
work out again, and a match soon asks the same few again). Entries keyed by an object's
`id` hold that object beside the answer, so the id cannot be reused while kept: settings
and sheets are frozen pydantic models, and hashing one field by field (as
`functools.lru_cache` does on every call) cost more than most of what is looked up with
them (`by_identity`).
"""

from __future__ import annotations

import functools
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
