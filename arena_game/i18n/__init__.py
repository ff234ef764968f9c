"""The one catalog of every text the player reads, in French and English.

Catalog format: one TOML file per language (`fr.toml`, `en.toml`) next to this module,
sections of flat keys (`[ui]`, `[log]`, `[demo]`, `[lesson]`, `[tutorial]`, `[rule]`),
Python `str.format` placeholders. TOML rather than gettext .po/.mo because the stdlib
reads it (`tomllib`), a game master can edit it without a compile step, and a key is a
stable name (the window engineer's `text("act_walk")`) rather than the English sentence.

    t("ui.act_walk", "en")                 → "Walk"
    t("log.moved", "fr", fighter="Tarn", verb="court", path="…")

French game terms (Course, Poussée, Provocation, Fuite, Téléportation…) stay French in
both languages with the English beside them. French is the catalog's reference language
(`DEFAULT_LANG`): a key missing from a language falls back to French, then to the key itself,
and a language code the catalog lacks, passed by a caller, reads as French.

Which language the player reads (`pick_lang`), one rule for every command, every terminal line
and the window: `--lang`, else the locale's language (LC_ALL, LC_MESSAGES, LANG, then the OS
locale) when the catalog has it, else English (`LOCALE_FALLBACK`: a locale the game lacks, "C",
"POSIX" or none).

Counts: a message whose words change with a count has `key_one` and `key_other` (`tn`), or
says the count's words where they stand, "{n} {n|square|squares}" (`plurals`: French counts 0
and 1 as singular). Names from the shipped data ("Épée longue") come with their English gloss
in English, in the fields named for them, "{weapon}", "{map}", "{team}" (`glosses`).

The rules core's refusals (`IllegalAction`) carry a `code` and plain `fields`;
`refusal_text(err, lang)` words them from the `[refusal]` section (squares as "(x, y)",
terrains, R4.4 turns, run ends and self-harm verbs from `[refusal_word]`).
"""

from __future__ import annotations

import locale
import os
import re
import string
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from arena_game.i18n.glosses import NAME_FIELDS, glossed, glosses
from arena_game.i18n.numbers import format_template

if TYPE_CHECKING:
    from arena_game.core.errors import IllegalAction

LANGS: tuple[str, ...] = ("fr", "en")
DEFAULT_LANG = "fr"  # the catalog's reference: a missing key's fallback, and a code's default
LOCALE_FALLBACK = "en"  # the player's language when neither --lang nor the locale names one we have
_HERE = Path(__file__).resolve().parent


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every `section.key` → template of one language (read once)."""
    with (_HERE / f"{lang}.toml").open("rb") as f:
        data = tomllib.load(f)
    out: dict[str, str] = {}
    for section, table in data.items():
        for key, template in table.items():
            out[f"{section}.{key}"] = template
    return out


def _known(lang: str) -> str:
    return lang if lang in LANGS else DEFAULT_LANG


def has(key: str, lang: str = DEFAULT_LANG) -> bool:
    """True when `key` is in the catalog of `lang`."""
    return key in catalog(_known(lang))


_SHARED: dict[str, Callable[[str], object]] = {}


def share_field(name: str, make: Callable[[str], object]) -> None:
    """A field every template may use without its caller passing it, made by `make(lang)`:
    the window's key names (`{keys[confirm]}`, `arena_game.ui.keys`). The catalog does not
    know the window; the window tells it."""
    _SHARED[name] = make


@cache
def _field_bases(template: str) -> frozenset[str]:
    """The names a template's fields start with ("{keys[confirm]}" → "keys")."""
    return frozenset(name.split("[")[0].split(".")[0] for name in placeholders(template))


def t(key: str, lang: str = DEFAULT_LANG, /, **fields: object) -> str:
    """The text `key` ("section.name") in `lang`, with `fields` filled in."""
    lang = _known(lang)
    template = catalog(lang).get(key) or catalog(DEFAULT_LANG).get(key) or key
    if "{" in template and (shared := _field_bases(template) & _SHARED.keys()):
        fields = {**{name: _SHARED[name](lang) for name in shared}, **fields}
    return fill(template, lang, **fields)


def fill(template: str, lang: str, /, **fields: object) -> str:
    """`template` with `fields` filled in as `lang` writes them: numbers with its decimal
    mark, and in French "de" elided before a vowel ("d'Oruk") and contracted with a name's
    article ("des Vipères"). What `t` does once it has the template; the log's templates
    (`narration`) come this way too. In English a field named for a shipped French name
    ("{weapon}", "{map}", "{team}": `glosses.NAME_FIELDS`) that holds one comes with its gloss,
    "Épée longue (long sword)"; a field named otherwise is never glossed."""
    if not fields:
        return template
    if "|" in template:
        template = plurals(template, lang, fields)
    if lang == "en" and not NAME_FIELDS.isdisjoint(fields):  # "Épée longue (long sword)"
        names = glosses()
        fields = {k: glossed(v, lang) if k in NAME_FIELDS and isinstance(v, str) and v in names else v
                  for k, v in fields.items()}
    if lang == "fr":
        out = format_template(elide(template, fields), lang, fields)
        return contract(out) if " Le" in out else out
    return format_template(template, lang, fields)


_VOWELS = frozenset("AEIOUÉÈÊÂÎÔÛaeiouéèêâîôû")


def elide(template: str, fields: dict[str, object]) -> str:
    """French "de" before a field whose text starts with a vowel becomes "d'" ("à côté d'Oruk")."""
    for name, value in fields.items():
        if isinstance(value, str) and value[:1] in _VOWELS and f"de {{{name}" in template:
            template = re.sub(r"\b([Dd])e \{" + re.escape(name) + r"([:!}])", r"\1'{" + name + r"\2", template)
    return template


_CONTRACTED = re.compile(r"\b(de|De|à|À) (Les|Le) (?=\w)")


def contract(text: str) -> str:
    """French "de" and "à" before a name's own article, contracted: "victoire de Les Vipères"
    → "victoire des Vipères", "à Le Labyrinthe" → "au Labyrinthe" (the catalog never writes
    "de Le" itself; names in files do start with "Les", "Le")."""
    def joined(m: re.Match[str]) -> str:
        prep, article = m.group(1), m.group(2)
        if prep.lower() == "de":
            word = "des" if article == "Les" else "du"
        else:
            word = "aux" if article == "Les" else "au"
        return (word.capitalize() if prep[0].isupper() else word) + " "
    return _CONTRACTED.sub(joined, text)


def plural_form(n: float, lang: str = DEFAULT_LANG) -> str:
    """The CLDR cardinal category of `n`: "one" or "other" (French counts 0 and 1, and
    any number under 2, as one: "1,5 case").

    Two languages with one rule each: not worth Babel's locale data.
    """
    if _known(lang) == "fr":
        return "one" if abs(n) < 2 else "other"
    return "one" if abs(n) == 1 else "other"


_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")
"""`{n|square|squares}`: the words after the count `n` in its singular and plural form."""


def plurals(template: str, lang: str, fields: dict[str, object]) -> str:
    """`template` with each `{count|one|other}` made the form its count takes in `lang`
    ("{limit} {limit|animal|animals}" → "1 animal", "4 animals"; in French 0 and 1 take the
    singular: "0 case"). A message counting more than one thing, or counting inside a longer
    sentence, says each count's words where they stand; `tn` picks a whole message instead.
    A count the fields lack is left for `str.format` to report."""
    def form(m: re.Match[str]) -> str:
        n = fields.get(m[1])
        if not isinstance(n, int | float) or isinstance(n, bool):
            return m[0]
        return m[2] if plural_form(n, lang) == "one" else m[3]
    return _PLURAL.sub(form, template)


def tn(key: str, n: float, lang: str = DEFAULT_LANG, /, **fields: object) -> str:
    """The text `key_one` or `key_other` for the count `n` (given to the template as `n`)."""
    return t(f"{key}_{plural_form(n, lang)}", lang, n=n, **fields)


# Refusal fields that are words to translate: field name → key prefix in [refusal_word].
_REFUSAL_WORDS = {"terrain": "terrain_", "turn": "turn_", "end": "end_", "what": "what_"}


def _refusal_field(name: str, value: object, lang: str) -> object:
    """One refusal field as the player reads it: a square as (x, y), a word in `lang`."""
    if isinstance(value, tuple | list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"({value[0]}, {value[1]})"
    prefix = _REFUSAL_WORDS.get(name)
    if prefix is not None:
        key = f"refusal_word.{prefix}{value}"
        return t(key, lang) if key in catalog(_known(lang)) else value
    return value


# Refusals whose whole sentence changes with a count (English "does not share 6 damage among
# the 2 fighters hit" / "does not match 6 damage for 1 fighter hit"): the field holding the
# count. Their catalog template is the plural one, and `refusal.<code>_one` the singular where a
# language needs one. A count that only changes its own words says so in the template itself,
# "{shares} {shares|share|shares}" (`plurals`).
_REFUSAL_COUNTS = {"split_total": "hit", "declared_too_few": "declared", "split_pending": "total"}


def refusal_text(err: IllegalAction, lang: str = DEFAULT_LANG) -> str:
    """Why the rules refused an action, in `lang` (without the rule number).

    From the catalog's `refusal.<err.code>` filled with `err.fields`; the core's English
    `err.reason` when the refusal has no code or the catalog cannot word it.
    """
    key = f"refusal.{err.code}" if err.code else ""
    if not key or key not in catalog(_known(lang)):
        return err.reason
    count = err.fields.get(_REFUSAL_COUNTS.get(err.code or "", ""))
    if isinstance(count, int) and plural_form(count, lang) == "one" and f"{key}_one" in catalog(_known(lang)):
        key = f"{key}_one"
    fields = {name: _refusal_field(name, value, lang) for name, value in err.fields.items()}
    try:
        template = catalog(_known(lang))[key]
        # French elided and contracted, as the log; `fill` leaves a template without fields unformatted
        return fill(template, _known(lang), **fields) if fields else format_template(template, _known(lang), fields)
    except (KeyError, IndexError, ValueError):  # a field the template wants is missing
        return err.reason


def refusal_line(err: IllegalAction, lang: str = DEFAULT_LANG) -> str:
    """`str(err)` in `lang`: "R2.2: …" in English, "R2.2 : …" in French."""
    sep = " : " if _known(lang) == "fr" else ": "
    return f"{err.rule}{sep}{refusal_text(err, lang)}"


def section(name: str, lang: str = DEFAULT_LANG) -> dict[str, str]:
    """One section of a language as a plain dict (name without the section prefix)."""
    prefix = f"{name}."
    return {k[len(prefix):]: v for k, v in catalog(_known(lang)).items() if k.startswith(prefix)}


def placeholders(template: str) -> set[str]:
    """The field names of a template ("{fighter} {value:+d}" → {"fighter", "value"}; a plural's
    words, "{n|square|squares}", name their count "n")."""
    return {name.split("|")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def pick_lang(wanted: str | None = None) -> str:
    """The language the player reads: `wanted` (a command's --lang) if it is a catalog language,
    else the system locale's (`system_lang`), else English."""
    if wanted in LANGS:
        return str(wanted)
    if wanted:
        short = wanted.split("_")[0].split("-")[0].lower()
        if short in LANGS:
            return short
    return system_lang()


def system_lang() -> str:
    """The language of the system locale (LC_ALL, LC_MESSAGES, LANG; else the OS locale) if in the
    catalog, else English (`LOCALE_FALLBACK`)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:  # the first one set decides; "C" or "POSIX" names no language: English
            return _locale_lang(value)
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return _locale_lang(loc)


def _locale_lang(name: str) -> str:
    """"fr_FR.UTF-8", "fr", "fr_CA@euro" → "fr"; a language the catalog lacks, "C" → English."""
    short = name.split("_")[0].split(".")[0].split("@")[0].lower()
    return short if short in LANGS else LOCALE_FALLBACK


def add_lang_argument(parser: object) -> None:
    """`--lang fr|en` on a subcommand; without it the system locale picks (`pick_lang`)."""
    parser.add_argument(  # type: ignore[attr-defined]
        "--lang", choices=LANGS, default=None,
        help="language of the texts (default: the system locale's, else en)",
    )
