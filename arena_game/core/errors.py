"""Typed errors of the rules core."""

from __future__ import annotations

from collections.abc import Mapping

# The data a refusal message is built from: plain values only (names, counts, squares), so
# the catalog (arena_game/i18n, section [refusal]) can word it in any language.
RefusalField = str | int | tuple[int, int]


def counted(n: int, one: str, many: str) -> str:
    """`n` with its noun in the right number, for a refusal's English reason ("1 square")."""
    return f"{n} {one if n == 1 else many}"


class BadValue(ValueError):
    """A value a file's model refuses (raised in a validator). `code` names its words in the
    text catalog (`file_fault.<code>`) and `fields` fill them, so a refused file reads in the
    window's language; the message is the English, as the catalog words it."""

    def __init__(self, code: str, message: str, **fields: RefusalField) -> None:
        self.code = code
        self.fields: dict[str, RefusalField] = fields
        super().__init__(message)


class IllegalAction(ValueError):
    """An action the rules forbid. Raised before anything changes.

    `rule` is the rule number (docs/rules-reference.md) ("R2.2"), `reason` says why in plain English; the
    message reads "R2.2: diagonal step blocked by the wall at (3, 4)". `code` names the
    message in the text catalog (`refusal.<code>`) and `fields` holds its data
    (terrain values, squares, names, numbers), so the window can show it in French:
    `arena_game.i18n.refusal_text(err, lang)`.
    """

    def __init__(
        self, rule: str, reason: str, *, code: str | None = None, fields: Mapping[str, RefusalField] | None = None,
    ) -> None:
        self.rule = rule
        self.reason = reason
        self.code = code
        self.fields: dict[str, RefusalField] = dict(fields or {})
        super().__init__(f"{rule}: {reason}")


class MatchOver(IllegalAction):
    """No action is legal once the match has ended."""

    def __init__(self) -> None:
        super().__init__("R0.7", "the match is over", code="match_over")
