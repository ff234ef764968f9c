"""The command line in the player's language (`--lang`, else the locale's, else English): a refusal, and
`--help` (`localize`: every command's and option's words are the catalog's `[help]`).

argparse words its refusals in English ("the following arguments are required: MAP"), and so
do the argument types (`arguments.py`), from the catalog's `[usage]` English templates. Each
English template is also a pattern: a refusal matching one is said again with the same
fields in the player's language; one that matches none stays English (argparse's wording may
change with Python versions; a line in English is still a clear line)."""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Sequence

from arena_game.i18n import catalog, has, pick_lang, t

FRAME = "usage.error_line"  # "arena-game: error: {message} (see arena-game --help)"


def asked_lang(argv: Sequence[str]) -> str:
    """The language of a command line's refusal and `--help`: its `--lang fr` or `--lang=fr`,
    else the locale's, else English, as for every terminal line (`pick_lang`); read before
    parsing, since parsing is what failed."""
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else (
            word.partition("=")[2] if word.startswith("--lang=") else None)
        if value is not None:
            return pick_lang(value)  # a value argparse will refuse ("de") reads as none
    return pick_lang(None)


@functools.cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each `[usage]` English template as a pattern, its fields as named groups."""
    out = []
    for key, template in catalog("en").items():
        if not key.startswith("usage.") or key == FRAME:
            continue
        parts = re.split(r"\{(\w+)\}", template)
        pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((key, re.compile(pattern)))
    return tuple(out)


def in_language(message: str, lang: str) -> str:
    """An English refusal of the command line said in `lang` (unchanged when no template matches)."""
    if lang == "en":
        return message
    for key, pattern in _patterns():
        found = pattern.fullmatch(message)
        if found:
            fields = {name: in_language(value, lang) if name == "message" else value
                      for name, value in found.groupdict().items()}
            if has(f"usage_kind.{fields.get('kind')}", lang):  # argparse's "int": Python's word
                fields["kind"] = t(f"usage_kind.{fields['kind']}", lang)
            return t(key, lang, **fields)
    return message


def program_line(words: str, lang: str) -> str:
    """A terminal line the program says by its name ("arena-game: …"), punctuated as `lang`
    writes it: French puts a space before the colon, as its refusal of a command line does
    (`FRAME`); a French fault said "arena-game: " there (s56 audit)."""
    return t("terminal.program_line", lang, line=words)


def usage_line(message: str, lang: str) -> str:
    """The terminal line of a refused command line, in `lang`."""
    return t(FRAME, lang, message=in_language(message, lang))


# French sets a space before : ; ? ! and inside « »: tied there (no-break), a wrapped help line
# never starts with the colon its word ended (render's "--overlay": "… répétable" / ": spawns")
_TIED = re.compile(r" (?=[:;?!»])|(?<=«) ")


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, with its "usage: " in the catalog's language and French
    punctuation kept on its word's line (`_TIED`)."""

    def __init__(self, prog: str, prefix: str = "usage: ") -> None:
        super().__init__(prog)
        self._prefix = prefix

    def add_usage(self, usage: str | None, actions: object, groups: object, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, prefix or self._prefix)  # type: ignore[arg-type]

    def _split_lines(self, text: str, width: int) -> list[str]:
        return super()._split_lines(_TIED.sub("\u00a0", text), width)


def localize(parser: argparse.ArgumentParser, lang: str) -> argparse.ArgumentParser:
    """`parser` with its commands' and options' help, headings and "usage:" from the catalog
    (`help.<command>_<dest>`, `help.<command>` for a command's line in the list); argparse
    keeps no words of its own there, so `--help` reads in one language."""
    _headings(parser, lang)
    parser.description = t("help.description", lang)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for listed in action._choices_actions:
                listed.help = t(f"help.{listed.dest}", lang)
            for name, command in action.choices.items():
                _headings(command, lang)
                for option in command._actions:
                    if option.help != argparse.SUPPRESS and option.dest != "help":
                        option.help = t(f"help.{name}_{option.dest}", lang)
        elif action.dest == "version":
            action.help = t("help.show_version", lang)
    return parser


def _headings(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.formatter_class = functools.partial(_Formatter, prefix=t("help.usage", lang))
    parser._positionals.title = t("help.positionals", lang)
    parser._optionals.title = t("help.options", lang)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = t("help.show_help", lang)
