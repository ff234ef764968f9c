"""The rules reference (docs/rules-reference.md, docs/regles.md) as the window shows it.

The documents are markdown; the window's text boxes read pygame_gui's small HTML subset.
`rules_sections` cuts a document into its families (R0–R13, and the introduction before
them), its settings named as the house rules panel names them (`window_markdown`); `section_html` turns one into that HTML, with the line of one rule ("R4.4")
highlighted; `rule_links` makes every rule number in a line of the log a link that opens
the rules screen at that rule. No pygame here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

from arena_game.formats.house_rules import READINGS
from arena_game.i18n import t
from arena_game.render.glyphs import drawable
from arena_game.resources import rules_document
from arena_game.ui.house_draft import value_words

RULE = re.compile(r"\bR(\d{1,2})(?:\.(\d{1,2}))?\b")
"""A rule number as the game writes it: R4, R4.4."""
LINK_PREFIX = "rule:"
_HEADING = re.compile(r"^## (R\d+) ")


def family(rule: str) -> str:
    """The family of a rule number: "R4.4" → "R4"."""
    return rule.split(".")[0]


def rules_sections(lang: str) -> dict[str, str]:
    """The rules document of `lang` by family: "intro", "R0", …, "R13" → its markdown, as the
    window shows it (`window_markdown`: settings named as the house rules panel names them);
    made once (`sections_made`)."""
    for _ in sections_made(lang):
        pass
    return _SECTIONS[lang]


_SECTIONS: dict[str, dict[str, str]] = {}
"""`rules_sections` by language, once made."""


def sections_made(lang: str) -> Iterator[None]:
    """Make `rules_sections(lang)` a family a step (a quiet frame of the board each: all at once,
    ~15 ms in the frame of F1); nothing when made already."""
    if lang in _SECTIONS:
        return
    made = {}
    for k, v in _split(rules_document(lang)).items():
        made[k] = window_markdown(v, lang).strip()
        yield
    _SECTIONS[lang] = made


def _split(path: Path) -> dict[str, str]:
    sections: dict[str, list[str]] = {"intro": []}
    current = "intro"
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _HEADING.match(line)
        if m:
            current = m.group(1)
            sections[current] = []
        sections[current].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


_WINDOW_ONLY = re.compile(r"<!--\s*window:\s*(.*?)\s*-->", re.S)
"""A document's sentence for the window only, in an HTML comment (a markdown viewer hides it)."""
_FILE_ONLY = re.compile(r"<!--\s*file-only\s*-->.*?<!--\s*/file-only\s*-->\n?", re.S)
"""A passage for the reader of the file only (the rules-file keys' notation), hidden in the window."""
_SETTING_KEY = r"`([a-z_]+\.[a-z_0-9]+)`"
_DEFAULT = r"(?:,?[ \n]+(?:true|false|vrai|faux|[−-]?\d+|\[[^\]`]*\]|\([^)`]*\))(?![\w(]))?"
"""A setting's default after its key: ` 8`, ` [1]`, ` (20)`, `, true`."""
_BOOLEANS = {"true": True, "false": False, "vrai": True, "faux": False}
_CEILING = re.compile(r"⌈([^⌈⌉\n]+)⌉")
"""A halving rounded up as the documents write it, "⌈11 ÷ 2⌉": the UI fonts have no ⌈ ⌉ (two
empty boxes in R8's example), so the window says it in words ("11 ÷ 2 rounded up")."""
_SETTING_ITEM = re.compile(_SETTING_KEY + _DEFAULT)
_VALUE_SPAN = re.compile(r'(,[ \n]+)?`"([a-z_]+)"`')


def window_markdown(markdown: str, lang: str) -> str:
    """A rules document's section as the window shows it. The documents name each setting by
    its rules-file key (`run.heading_reference`) and a value by its file word (`"first_step"`),
    for the game master who edits a rules file; the window names a Reading as the house rules
    panel does, its label in the language's quotes ("« chaque pas … »"), its value in words
    ("le premier pas"), and leaves out the settings the panel does not show (a game master's
    detail, in the file and in docs/rules.md), and its straight quotes in the language's own
    (`typographic_quotes`). A sentence written for the window only stands in
    an HTML comment (`<!-- window: … -->`); a passage between `<!-- file-only -->` and
    `<!-- /file-only -->` is left out."""
    readings = dict(READINGS)
    text = _FILE_ONLY.sub("", markdown)
    text = _WINDOW_ONLY.sub(lambda m: " ".join(m[1].split()), text)
    text = _CEILING.sub(lambda m: t("ui.rules_rounded_up", lang, x=m[1]), text)

    def item(m: re.Match[str]) -> str:
        key, default = m[1], m[0][len(m[1]) + 2:]
        if key not in readings:
            return "\x00"  # left out; the list and brackets round it are mended below
        words = default.strip().lstrip(",").strip()
        if words in _BOOLEANS:
            default = f", {value_words(_BOOLEANS[words], lang)}"
        return "`" + quoted(t(f"house.{key}", lang), lang) + "`" + default

    text = _SETTING_ITEM.sub(item, text)
    text = re.sub(r"\b(true|false|vrai|faux)(?=[  ]?:)", lambda m: value_words(_BOOLEANS[m[1]], lang), text)
    # a value after its meaning ("Agilité, `"agilite"`") is said already; else its words, quoted
    text = _VALUE_SPAN.sub(lambda m: "" if m[1] else "`" + quoted(value_words(m[2], lang), lang) + "`", text)
    return typographic_quotes(_mend(text), lang)


_CODE_SPANS = re.compile(r"(`[^`]*`)")
_STRAIGHT_QUOTES = re.compile(r'"((?:[^"`\n]|\n(?![ \t]*\n))+?)"')
"""A pair of straight double quotes round some words, a line break inside but no blank line."""


def typographic_quotes(markdown: str, lang: str) -> str:
    """The straight double quotes of a document's text in the language's own (`quoted`): the
    English document writes ("Stopper une course"), the window shows “Stopper une course”, a
    French one « … » with no-break spaces. Code spans keep theirs (a rules-file value, `"so"`),
    and a quote is never paired across a blank line (an unpaired one stays as written)."""
    parts = _CODE_SPANS.split(markdown)
    return "".join(part if i % 2 else _STRAIGHT_QUOTES.sub(lambda m: quoted(m[1], lang), part) for i, part in enumerate(parts))


def _mend(text: str) -> str:
    """The lists and brackets the settings left out (`\x00`) stood in, mended."""
    for _ in range(3):
        text = re.sub(r"\x00(?:,?[ \n]+\x00)+", "\x00", text)  # several in a row: one
        text = re.sub(r"[,;][ \n]+\x00", "", text)  # the last of a list: with its comma
        text = re.sub(r"\x00[,;][ \n]+", "", text)  # the first of a list
    text = re.sub(r"[ \n]*\((?:[^()\x00`]*?[,;:]?[ \n]*)?\x00\)", "", text)  # "(Reading, x)" or "(x)": gone
    text = re.sub(r"[ \n]*\x00", "", text)
    return text


def quoted(words: str, lang: str) -> str:
    """`words` in the language's quotes: “so” in English, « ainsi » in French; quotes inside
    them become the inner ones (‘so’, “ainsi”)."""
    if lang == "fr":
        inner = re.sub(r"«[\s\u00a0\u202f]*(.*?)[\s\u00a0\u202f]*»", r"“\1”", words)
        return f"«\u00a0{inner}\u00a0»"
    return "“" + re.sub(r'["“]([^"”]*)["”]', r"‘\1’", words) + "”"


SETTING = "<font color='#d3b4f0'>"
"""How a setting is shown (a Reading by the house rules panel's words, “…”, or a rules-file key
left in a document): a colour of its own, not the links' blue nor the highlight's yellow (the
documents' introductions say what it means)."""
CODE = "<font color='#ecc9a0'>"
"""How other code spans are shown: a roll (`1d20 + Physique + Course`), a map symbol."""
_SETTING_WORDS = re.compile(r'[a-z_]+\.[a-z_0-9]+|"[a-z_]+"|[“«].*')
_NBSP = "\u00a0"
_VALUE = r"[−-]?\d+|\[[^\]]*\]|\([^)`\s]*\)"  # a setting's default after it: 8, −3, [1], (20)
_NO_BREAK_BEFORE = re.compile(r" (?=[:;!?»%]|· )|(?<=`) (?=(?:" + _VALUE + "))")
"""A space a line must not break at: before French ":", ";", "!", "?", "»", a "%", the dot of
a " · " list (it breaks after the dot), and between a setting and its value (`run.die` 8)."""
_SQUARE = re.compile(r"\(([−-]?\d+), ([−-]?\d+)\)")
"""A square, "(3, 4)": one piece of a line."""
_CODE_SPAN = re.compile(r"((?:[(\[]|«\u00a0?)?)`([^`]+)`((?:\u00a0(?:" + _VALUE + r"))?(?:[)\],.;:!?»]|\u00a0[:;!?»%])*)")
"""A code span with the opening bracket before it, and after it its value and the closing
punctuation: one chunk of text for pygame_gui."""


def _code(m: re.Match[str]) -> str:
    style = SETTING if _SETTING_WORDS.fullmatch(m[2]) else CODE
    return f"{style}{m[1]}{m[2]}{m[3]}</font>"


def _no_break(s: str) -> str:
    """Spaces a line must not break at made no-break spaces (pygame_gui's text boxes break at
    plain spaces only): French punctuation stays after its word, "«" before its word, a
    square "(3, 4)" whole."""
    return _SQUARE.sub(r"(\1," + _NBSP + r"\2)", _NO_BREAK_BEFORE.sub(_NBSP, s)).replace("« ", "«" + _NBSP)


def _inline(text: str) -> str:
    """Markdown inline marks to pygame_gui HTML, after escaping (glyphs the fonts lack replaced).

    A code span (a rules-file key or value) is a text chunk of its own colour, and pygame_gui
    may break a line between two chunks even without a space: the bracket or quote touching
    it goes in its chunk, so that "(" never ends a line nor ")" starts one alone."""
    s = _no_break(html.escape(drawable(text), quote=False))
    s = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", s)  # links: their text only
    s = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", s)
    s = _CODE_SPAN.sub(_code, s)
    return s


def _blocks(markdown: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: heading2, heading3, item, row, code, para, blank."""
    out: list[tuple[str, str]] = []
    for line in markdown.splitlines():
        if not line.strip():
            out.append(("blank", ""))
        elif line.startswith("### "):
            out.append(("heading3", line[4:]))
        elif line.startswith("## "):
            out.append(("heading2", line[3:]))
        elif line.startswith("# "):
            out.append(("heading2", line[2:]))
        elif line.startswith("    ") and (not out or out[-1][0] in ("blank", "code")):
            out.append(("code", line.strip()))
        elif line.lstrip().startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                out.append(("row", " — ".join(c for c in cells if c)))
        elif re.match(r"^\s*(- |\d+\. )", line):
            out.append(("item", re.sub(r"^\s*- ", "• ", line.strip())))
        elif out and out[-1][0] in ("item", "para"):
            out[-1] = (out[-1][0], out[-1][1] + " " + line.strip())
        else:
            out.append(("para", line.strip()))
    return out


def section_html(markdown: str, highlight: str | None = None, scale: float = 1.0) -> str:
    """One section as pygame_gui HTML; the item or paragraph naming `highlight` ("R4.4") stands
    out; headings grow with the window (`scale`)."""
    return "<br>".join(_section_lines(markdown, highlight, scale))


def section_pieces(markdown: str, highlight: str | None = None, scale: float = 1.0, size: int = 600) -> list[str]:
    """`section_html` cut for a column of text boxes, each laid out on its own: a piece per
    paragraph (ending in a blank line when one follows it), a long one cut between its lines
    at about `size` characters. Joined with "<br>" they are `section_html`."""
    pieces: list[str] = []
    current: list[str] = []
    for line in _section_lines(markdown, highlight, scale):
        if line == "":
            pieces.append("<br>".join([*current, ""]))
            current = []
            continue
        if current and sum(len(x) for x in current) + len(line) > size:
            pieces.append("<br>".join(current))
            current = []
        current.append(line)
    if current:
        pieces.append("<br>".join(current))
    return pieces


def _section_lines(markdown: str, highlight: str | None, scale: float) -> list[str]:
    """The section's lines as pygame_gui HTML, "" for a blank line between two paragraphs."""
    mark = f"**{highlight}" if highlight else None
    parts: list[str] = []
    for kind, text in _blocks(markdown):
        if kind == "blank":
            if parts and parts[-1] != "":
                parts.append("")
            continue
        body = _inline(text)
        if kind == "heading2":
            body = f"<font pixel_size={round(18 * scale)}><b>{body}</b></font>"
        elif kind == "heading3":
            body = f"<b><i>{body}</i></b>"
        elif kind == "code":
            body = f"<font color='#c8d0da'>{body}</font>"
        if mark is not None and kind in ("item", "para") and mark in text:
            body = f"{HIGHLIGHT}{body}</font>"
        parts.append(body)
    return parts


HIGHLIGHT = "<font color='#ffe066'>"


def contents_html(sections: dict[str, str], current: str, labels: dict[str, str] | None = None) -> str:
    """The families as links, the current one in bold: "R0 R1 … R13" (a page not named by
    its key, such as the key list, by `labels`)."""
    links = []
    for key in sections:
        if key == "intro":
            continue
        name = html.escape((labels or {}).get(key, key), quote=False)
        label = f"<b>{name}</b>" if key == current else name
        links.append(f"<a href='{LINK_PREFIX}{key}'>{label}</a>")
    return " · ".join(links)


_LINKED = re.compile(r"[(\[]?" + RULE.pattern + r"(?:[)\]]+[.,;:]?)?")
"""A rule number, the bracket right before it and the closing brackets right after it (and a
stop after those): pygame_gui breaks a line between a link and the text round it, and "(…, R2.5)"
left its ")" alone at the start of the next row of the log (s49: the French match-over picture
at 1280 × 720), "… entre Oruk et Kael (R8.2)" its "(" at the end of a row (s60, at 1024 × 600)."""


def rule_links(escaped: str) -> str:
    """Every rule number in an already escaped line made a link to that rule, the brackets
    round it glued to it inside the link (`_LINKED`)."""
    return _LINKED.sub(lambda m: f"<a href='{LINK_PREFIX}{m.group(0).lstrip('([').rstrip(_GLUED)}'>{m.group(0)}</a>",
                       escaped)


_GLUED = ")].,;:"  # what `_LINKED` may take after the rule number


def first_rule(text: str) -> str | None:
    """The first rule number a line names ("R4.4 : …" → "R4.4"), if any."""
    m = RULE.search(text)
    return m.group(0) if m else None
