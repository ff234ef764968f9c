"""The progress line `simulate` and `sweep` write on stderr while a series plays:
`[#####.........] 50/100 matches, about 12 s left`, in the report's language."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import TextIO

from arena_game.i18n import DEFAULT_LANG, t, tn
from arena_game.i18n.numbers import number


def duration(seconds: float, lang: str = DEFAULT_LANG, tenths: bool = True) -> str:
    """`4.2 s` (`4,2 s` in French) under ten seconds (`tenths`), `42 s` under a minute, else
    `3 min 05 s`."""
    if tenths and seconds < 9.95:
        return t("progress.seconds", lang, s=number(max(0.0, seconds), lang, ".1f"))
    s = round(seconds)
    if s < 60:
        return t("progress.seconds", lang, s=s)
    return t("progress.minutes", lang, m=s // 60, s=s % 60)


class ProgressBar:
    """A one-line bar on stderr, redrawn when it moves by a visible step: how many of `total`
    are done (`what`: the catalog's `progress.<what>_one` / `_other`, "matches"), from the
    first one done the time left at the pace so far, and at the end the time it all took."""

    WIDTH = 30

    def __init__(self, total: int, what: str = "matches", lang: str = DEFAULT_LANG,
                 clock: Callable[[], float] = time.monotonic, out: TextIO | None = None) -> None:
        self.total = total
        self.what = what
        self.lang = lang
        self.clock = clock
        self.out = out
        self.started = clock()
        self.shown = -1
        self.width = 0  # characters of the last line written: a shorter one is padded over it

    def line(self, done: int, total: int) -> str:
        """The bar's text for `done` of `total`."""
        filled = self.WIDTH * done // max(1, total)
        count = tn(f"progress.{self.what}", total, self.lang, done=done)
        spent = self.clock() - self.started
        if done >= total:
            tail = t("progress.took", self.lang, time=duration(spent, self.lang))
        elif done:
            left = math.ceil(spent * (total - done) / done)  # whole seconds, never "0 s left"
            tail = t("progress.left", self.lang, time=duration(max(1, left), self.lang, tenths=False))
        else:
            tail = ""
        return f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {count}" + (f", {tail}" if tail else "")

    def update(self, done: int, total: int) -> None:
        """Redraw when the bar moves by a visible step (and at the end)."""
        filled = self.WIDTH * done // max(1, total)
        if filled == self.shown and done != total:
            return
        self.shown = filled
        text = self.line(done, total)
        out = self.out or sys.stderr
        out.write("\r" + text.ljust(self.width))
        out.flush()
        self.width = len(text)

    def close(self) -> None:
        """End the bar's line."""
        out = self.out or sys.stderr
        out.write("\n")
        out.flush()
