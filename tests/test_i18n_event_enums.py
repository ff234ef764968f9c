"""The log words every coded value an event carries: a French line never shows a core key
such as "advantaged", and the English glosses the kept French terms French first."""

import itertools
import re
import typing

import pytest
from pydantic import BaseModel

from arena_game.core import events as core_events
from arena_game.i18n import catalog
from arena_game.i18n.narration import describe

_KEPT_TERMS = "Course|Fuite|Nage|Acrobatie|Poussée|Provocation|Esquive|Téléportation"


def _samples(annotation: object) -> list[object] | None:
    """A few values of a field's type, every value of a Literal."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return list(args)
    if annotation is str:
        return ["a"]
    if annotation is int:
        return [2]
    if annotation is bool:
        return [True, False]
    if annotation is float:
        return [0.5]
    if origin is tuple and args == (int, int):
        return [(1, 2)]
    if origin is list and args == (str,):
        return [["a", "b"]]
    if origin is list and args and typing.get_origin(args[0]) is tuple:
        return [[(1, 2), (2, 2)]]
    if origin is typing.Union or type(annotation).__name__ == "UnionType":
        inner = [s for a in args if a is not type(None) for s in (_samples(a) or [])]
        return inner + [None] if type(None) in args else inner or None
    return None


def _events() -> list[BaseModel]:
    """Every event kind the log words (dice lines have their own tests), each coded value."""
    made: list[BaseModel] = []
    for cls in vars(core_events).values():
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)) or "type" not in cls.model_fields:
            continue
        if cls is core_events.DiceRolled:
            continue
        options = {}
        for name, field in cls.model_fields.items():
            if name == "type":
                continue
            values = _samples(field.annotation)
            assert values is not None or not field.is_required(), (cls.__name__, name, field.annotation)
            if values is not None:
                options[name] = values
        made += [cls(**dict(zip(options, combo, strict=True))) for combo in itertools.product(*options.values())]
    return made


def _coded_values(event: BaseModel) -> set[str]:
    return {v for name, v in event.model_dump().items() if name != "type" and isinstance(v, str) and v != "a"}


def test_the_french_log_words_every_coded_value_of_every_event():
    french_words = set(re.findall(r"\w+", " ".join(catalog("fr").values())))
    leaks = []
    for event in _events():
        line = describe(event, None, "fr")
        leaks += [(line, v) for v in _coded_values(event) if re.search(rf"\b{v}\b", line) and v not in french_words]
    assert leaks == []


def test_r7_a_taunt_is_named_in_the_readers_language():
    taunts = [e for e in _events() if isinstance(e, core_events.Taunted) and e.success]
    lines = {(e.style, lang): describe(e, {"a": "Tarn"}, lang) for e in taunts for lang in ("fr", "en")}
    assert lines[("advantaged", "fr")] == "Tarn lance une Provocation avantagée (difficulté 2) : le public suit !"
    assert lines[("advantaged", "en")] == ("Tarn makes a Provocation avantagée (advantaged taunt), difficulty 2:"
                                           " the crowd roars!")
    assert lines[("simple", "en")].startswith("Tarn makes a Provocation simple (simple taunt),")


@pytest.mark.parametrize("section", ["log", "simulate", "anim", "ui"])
def test_the_english_names_a_kept_french_term_first_and_glosses_it_after(section):
    """"Poussée (push)", never "pushes (Poussée)": an English word followed by the French
    term alone in brackets puts the French second."""
    backwards = [(key, text) for key, text in catalog("en").items() if key.startswith(f"{section}.")
                 and re.search(rf"[a-z]+ \((?:{_KEPT_TERMS})s?\)", text)]
    assert backwards == []



def test_the_french_simulate_report_says_tours_and_spaces_its_colons():
    """The window says "Tour de table 3"; the report says "tours de table" too, and a French colon has its space."""
    from arena_game.bots.match import MatchRecord, MatchSetup
    from arena_game.design.simulation.report import build_report, format_report
    from arena_game.formats.mapfile import load_map
    from arena_game.formats.teamfile import load_teams

    setup = MatchSetup(load_map("tests/data/maps/symmetric.toml"), tuple(load_teams("tests/data/teams/mirror.toml")))
    records = [MatchRecord(index=i, seed=i, slots=setup.slot_assignment(i), winner=winner, rounds=5,
                           capped=winner is None, first_contact=2)
               for i, winner in enumerate([next(iter(setup.slot_assignment(0))), None])]
    text = format_report(build_report(setup, records, 0), "fr")
    assert "round" not in text.lower(), text
    rows = [line for line in text.splitlines() if line.startswith("  ")]
    assert rows and all(re.search(r"\S:", row) is None for row in rows), rows
    assert any("côté 1\u00a0:" in row for row in rows), rows
