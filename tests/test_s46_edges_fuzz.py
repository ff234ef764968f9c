"""S46: the fuzzer makes what changed today in the Tiled loader — two `<data>` in a layer,
flags written oddly (`visible="2"`, `" 1"`, `"yes"`), `bool` properties written oddly, JSON
whole numbers written as floats (16.0, 16.5), a Tiled project beside the maps' folder listing
hostile folders — both as always-first hand-made cases and as mutations; and a hand-made case
Tiled reads (it must load) counts as "valid input refused" when it is refused (such cases
were counted clean whatever happened)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.file_faults import fuzz_tools

ROOT = Path(__file__).resolve().parent.parent


def test_the_always_first_cases_hold_todays_tiled_changes():
    _, fuzz_cases = fuzz_tools()
    cases = {c.note: c for c in fuzz_cases.nasty_cases(fuzz_cases.build_corpus())}
    for note, must_load in (("a layer holding two <data>", False), ("a terrain layer visible='2'", True),
                            ("a terrain layer visible=' 1'", False), ("a terrain layer visible='yes'", False),
                            ("a map infinite='-1'", False), ("a map infinite='0'", True),
                            ('a map "width": 4.0', True), ('a map "tilewidth": 16.5', False), ("tile gids 1.0", True),
                            ("an object id 1.5", False), ("a bool property 'TRUE' (Tiled reads it alike)", True),
                            ("a bool property 'no' (Tiled reads it as true)", False),
                            ('a project beside the maps listing "/"', False),
                            ('a project beside the maps listing ".." (its own parent)', True),
                            ("a project beside the maps listing absolute folders", False),
                            ("a tileset at /etc/passwd beside a project listing /", False)):
        assert note in cases, note
        assert (cases[note].must_load, cases[note].must_refuse) == (must_load, not must_load), note
    bevy = cases['a project beside the maps listing "/"']
    assert json.loads(bevy.files["assets/projects/p.tiled-project"])["folders"] == ["/", "../maps"]
    assert bevy.target == "assets/maps/m.tmj" and "assets/tiles/arena-tiles.tsj" in bevy.files


def test_a_hand_made_valid_case_that_is_refused_is_a_fault(tmp_path):
    fuzz, fuzz_cases = fuzz_tools()
    case = fuzz_cases.Case(0, ".tmx", {}, ["check", "m.tmx"], "m.tmx", must_load=True)
    line = "arena-game: m.tmx: layer 'terrain': `visible` must be true or false (found '2')\n"
    assert fuzz.classify(case, tmp_path, 2 << 8, False, "", line)[0] == "refused"
    assert fuzz.classify(case, tmp_path, 0, False, "", "")[0] == "valid"
    mutated = fuzz_cases.Case(0, ".tmx", {}, ["check", "m.tmx"], "m.tmx")  # a mutation may be refused: clean
    assert fuzz.classify(mutated, tmp_path, 2 << 8, False, "", line)[0] == "clean"
    assert "refused" in fuzz.BAD


def test_the_xml_mutations_write_a_second_data_odd_flags_and_odd_bools():
    _, fuzz_cases = fuzz_tools()
    tmx = fuzz_cases._small_tmx().decode()
    seen: dict[str, str] = {}
    for seed in range(400):
        body, note = fuzz_cases._mutate_xml(random.Random(seed), tmx)
        root = ET.fromstring(body)
        layer = root.find("layer")
        if layer is not None and len(layer.findall("data")) == 2:
            seen.setdefault("two data", note)
        flags = [e.get(k) for e in root.iter() for k in ("visible", "infinite") if e.get(k) is not None]
        if any(f in fuzz_cases.FLAG_WORDS for f in flags):
            seen.setdefault("odd flag", note)
        bools = [e.get("value") for e in root.iter("property") if e.get("type") == "bool"]
        if any(b not in (None, "false") for b in bools):
            seen.setdefault("odd bool", note)
    assert set(seen) == {"two data", "odd flag", "odd bool"}, seen


def test_the_json_mutations_write_whole_numbers_as_floats_and_fractions():
    _, fuzz_cases = fuzz_tools()
    floats = set()
    for seed in range(300):
        data = {"width": 4, "height": 4, "layers": [{"id": 1, "data": [1, 2, 3]}]}
        note = fuzz_cases._mutate_tree(random.Random(seed), data, allow_none=True)
        if "float" in note:
            floats.update(v for v in (data.get("width"), data.get("height")) if isinstance(v, float))
    assert {4.0, 4.5} <= floats, floats
