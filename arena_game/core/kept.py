"""Answers kept per frozen object by its identity: settings are frozen pydantic models, and
hashing one field by field (as `functools.lru_cache` does on every call) cost more than
most of what the rules look up with them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def by_identity(maxsize: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Like `lru_cache(maxsize)` for a pure function of a frozen first argument and hashable
    others, the first looked up by identity (each entry holds it, so its id is never reused
    while kept); the table is emptied when full."""
    def wrap(fn: Callable[..., T]) -> Callable[..., T]:
        table: dict[tuple[Any, ...], tuple[object, T]] = {}

        @functools.wraps(fn)
        def kept(obj: object, *args: Any) -> T:
            key = (id(obj), *args)
            got = table.get(key)
            if got is None or got[0] is not obj:
                if len(table) >= maxsize:
                    table.clear()
                got = table[key] = (obj, fn(obj, *args))
            return got[1]

        return kept
    return wrap
