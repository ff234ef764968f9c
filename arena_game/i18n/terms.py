"""The game's terms in the reader's language, from the keys the rules core emits.

The core names things by key (attribute and skill keys, weapon families, hit-location
rows, modifier sources, roll purposes); these functions give their words from the
catalog's `[term]` section. A key the catalog does not know (a house rule's own hit
location or modifier) is shown as it is.
"""

from __future__ import annotations

from arena_game.core.dice import Roll, RollModifier, Term
from arena_game.i18n import has, t, tn


def _word(key: str, raw: str, lang: str, /, **fields: object) -> str:
    return t(f"term.{key}", lang, **fields) if has(f"term.{key}", lang) else raw


def trait_name(key: str, lang: str) -> str:
    """An attribute or skill of the sheet by its key ("physique" → "Physique (strength)" in English)."""
    for prefix in ("attr_", "skill_"):
        if has(f"term.{prefix}{key}", lang):
            return t(f"term.{prefix}{key}", lang)
    return key


def family_name(family: str, lang: str) -> str:
    """A weapon family ("melee" → "mêlée" / "melee")."""
    return _word(f"family_{family}", family, lang)


def weapon_name(name: str, lang: str) -> str:
    """A weapon's name as a sheet gives it; the rules' bare hands ("Poings", a sheet without a
    weapon) in the reader's language."""
    from arena_game.i18n import t

    return t("roster.fists", lang) if name == t("roster.fists", "fr") else name


def location_name(location: str, lang: str) -> str:
    """A hit-location row of the rules settings ("tête" → "tête" / "head")."""
    return _word(f"location_{location}", location, lang)


def modifier_source(source: str, lang: str, count: int | None = None) -> str:
    """Where a bonus or malus comes from ("voluntary_stop" → "arrêt volontaire" / "voluntary stop")."""
    if count is not None and has(f"term.source_{source}_one", lang):
        return tn(f"term.source_{source}", count, lang)
    return _word(f"source_{source}", source, lang)


def mana_reason(reason: str, lang: str) -> str:
    """Why mana changed ("teleport_spell")."""
    return _word(f"reason_{reason}", reason, lang)


def purpose_name(purpose: str, lang: str, opponent: str = "") -> str:
    """What a roll is for ("run" → "Course" / "Course (run)"); `opponent` for a tackle's d8."""
    return _word(f"purpose_{purpose}", purpose, lang, opponent=opponent)


def term_text(term: Term, sides: int, lang: str) -> str:
    """The name of one term of a roll with `sides`-sided dice."""
    if term.kind in ("attribute", "skill"):
        return trait_name(term.key, lang)
    if term.kind == "weapon_skill":
        return t("term.weapon_skill", lang, family=family_name(term.key, lang))
    if term.kind == "location":
        return t("term.location", lang, location=location_name(term.key, lang))
    if term.kind == "die":  # by its ordinal where the catalog has one ("second d6")
        key = f"term.die_{term.key}" if has(f"term.die_{term.key}", lang) else "term.die"
        return t(key, lang, sides=sides, n=term.key)
    return t(f"term.{term.kind}", lang)


def modifier_word(value: int, lang: str) -> str:
    """"bonus" for a modifier of `value` ≥ 0, else "malus" / "penalty"."""
    return t("term.bonus" if value >= 0 else "term.malus", lang)


def modifier_text(m: RollModifier, lang: str) -> str:
    """"2 (malus : arrêt volontaire)" / "2 (penalty: voluntary stop)": its figure, then what it is
    (its sign is written before it; "− penalty 2" read as a double negative)."""
    return t("term.modifier", lang, word=modifier_word(m.value, lang), value=abs(m.value),
             source=modifier_source(m.source, lang, m.count))


def held(words: str) -> str:
    """`words` with their spaces made no-break (U+00A0): one term of a roll ("+ Esquive (dodge) 4"),
    which a line (the wrapper of `arena_game.render.text`, pygame_gui's text boxes) may break
    before or after but never inside (unless it is wider than the line itself)."""
    return words.replace(" ", "\u00a0")


def roll_term(sign: str, name: str, value: object = "") -> str:
    """One term of a roll held together: its sign, its name (with an English gloss), its value."""
    return held(f"{sign} {name} {value}".rstrip())


def card_sum(terms: list[str], modifiers: list[str]) -> str:
    """A roll's terms, then its modifiers, each held together (`held`), for a card that wraps
    the line: it breaks before a term only, and the modifiers stay with the term before them
    (a line starting "− 8 (penalty: beyond range, R1.3) = d20 +2" read as a fact of its own;
    one starting "+ weapon skill (firearm) 4 − 8 (…)" reads as the sum going on)."""
    if not terms:
        return " ".join(modifiers)
    return " ".join([*terms[:-1], "\u00a0".join([terms[-1], *modifiers])])


def roll_line(roll: Roll, lang: str, opponent: str = "", hidden: bool = False, held_terms: bool = False,
              drawn: bool = False) -> str:
    """A roll's whole breakdown: "Course : d20 14 + Physique 5 + Course 3 − 2 (malus : arrêt volontaire) = 20";
    `hidden`: with "…" for the face and the total, and no critical (the die still rolls).
    `held_terms` (a line shown in a box that wraps it, the log): each term held together by
    no-break spaces (`held`), and so are the purpose and its colon, and the total and its "="
    (the catalog's `roll_line_held`): a line breaks between terms only. `drawn`: a line the
    window draws, its die and face set apart (the catalog's `die_face_drawn`)."""
    hold = held if held_terms else str
    parts = [hold(t("term.die_face_drawn" if drawn else "term.die_face", lang, die=roll.die,
                    face="…" if hidden else roll.face))]
    parts += [hold(f"{sign(x.value)} {term_text(x, roll.die, lang)} {abs(x.value)}") for x in roll.terms]
    parts += [hold(f"{sign(m.value)} {modifier_text(m, lang)}") for m in roll.modifiers]
    critical = t(f"term.critical_{roll.critical}", lang) if roll.critical and not hidden else ""
    purpose = purpose_name(roll.purpose, lang, opponent)
    # a lone die ("Tackle by Nyssa: d8 1"): its total would only say the face again
    bare = not hidden and not roll.terms and not roll.modifiers and roll.total == roll.face
    key = ("term.roll_line_bare" if bare else "term.roll_line") + ("_held" if held_terms else "")
    return t(key, lang, purpose=hold(purpose),
             parts=" ".join(parts), total="…" if hidden else roll.total, critical=critical)


def sign(value: int) -> str:
    """A term's sign as rolls and cards print it: "+", or "−" (U+2212, never a hyphen)."""
    return "+" if value >= 0 else "−"


def signed(value: int) -> str:
    """A signed figure as cards and labels print it: "+2", "−4" (U+2212, never a hyphen)."""
    return f"{sign(value)}{abs(value)}"
