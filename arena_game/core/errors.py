"""Typed errors of the rules core."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid. Raised before anything changes.

    `rule` is the RULES.md number ("R2.2"), `reason` says why in plain words; the
    message reads "R2.2: diagonal step blocked by the wall at (3, 4)".
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


class MatchOver(IllegalAction):
    """No action is legal once the match has ended."""

    def __init__(self) -> None:
        super().__init__("R0.7", "the match is over")
