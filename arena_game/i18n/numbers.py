"""Numbers as each language writes them: "5.1" in English, "5,1" in French; "66%" in
English, "66 %" in French (a narrow no-break space, U+202F, before the sign, as French prints it).

`t()` formats every catalog template through `format_template`, so a template's
`{dmg:.1f}` or `{hit:.0%}` comes out right in either language; code that builds a figure
itself (a report column, a graph label) calls `number(value, lang, spec)`.
Two languages with two rules (the decimal mark, the space before "%"): not worth Babel's
locale data.
"""

from __future__ import annotations

import re
import string
from fractions import Fraction
from functools import cache
from numbers import Real

PERCENT_SPACE = "\u202f"
"""What French writes between a figure and its "%": a narrow no-break space (a line never
breaks there; the UI fonts draw it, tests/test_s47_words_wording.py)."""


def decimal_mark(lang: str) -> str:
    """"," in French, "." otherwise."""
    return "," if lang == "fr" else "."


def number(value: float | Fraction | int, lang: str, spec: str = "") -> str:
    """`format(value, spec)` with the decimal mark of `lang`, and a percentage ("%" spec) with
    the French narrow no-break space before its sign ("12,5 %").

    An int keeps its own form ("12"); a float or Fraction without a spec is written with
    Python's shortest repr ("5.25" → "5,25" in French).
    """
    if isinstance(value, Fraction):
        value = float(value)
    out = format(value, spec)
    if lang != "fr":
        return out
    out = out.replace(".", ",")
    return out[:-1] + PERCENT_SPACE + "%" if spec.endswith("%") else out


class _LocaleFormatter(string.Formatter):
    """`str.format` whose number fields follow `lang` (used only where it changes something)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Real) and not isinstance(value, bool) and (
                isinstance(value, float | Fraction) or format_spec.endswith(("%", "f", "e", "g"))):
            return number(value if isinstance(value, int) else float(value), self.lang, format_spec)
        return super().format_field(value, format_spec)


_FORMATTERS = {"fr": _LocaleFormatter("fr")}
_DECIMAL_SPEC = re.compile(r":[^{}]*[%feg]}")


@cache
def _has_decimal_spec(template: str) -> bool:
    return _DECIMAL_SPEC.search(template) is not None


def format_template(template: str, lang: str, fields: dict[str, object]) -> str:
    """`template.format(**fields)`, its number fields written the way `lang` writes them."""
    formatter = _FORMATTERS.get(lang)
    if formatter is None or not (_has_decimal_spec(template)
                                 or any(isinstance(v, float | Fraction) for v in fields.values())):
        return template.format(**fields)  # nothing to change: the fast path
    return formatter.vformat(template, (), fields)
