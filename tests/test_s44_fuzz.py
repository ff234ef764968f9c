"""S44, task 3: the fuzzer's always-first cases hold session 43's hostile files and session 44's
(bad sprite PNGs, rules values at 64-bit extremes), and a library's own line on stderr (libpng's
`libpng error: …`) counts as "not one line": the fuzzer counted only `arena-game:` lines, so the
two-line sprite refusal passed as clean."""

import json
import subprocess
import sys
from pathlib import Path

from tests.file_faults import fuzz_tools

ROOT = Path(__file__).resolve().parent.parent
BAD = ("exception", "wrong_file", "traceback", "hang", "oom", "not_one_line", "accepted", "refused")


def test_a_library_line_beside_ours_is_not_one_line(tmp_path):
    fuzz, fuzz_cases = fuzz_tools()
    target = f"{fuzz_cases.USER_DATA}/sprites/wall.png"
    case = fuzz_cases.Case(0, "sprite", {}, list(fuzz_cases.SPRITE_ARGV), target, must_refuse=True)
    ours = f"arena-game: {tmp_path / 'case.data' / 'sprites' / 'wall.png'}: is damaged: chunk IDAT at byte 33 fails its CRC check\n"
    folder = tmp_path / "case"
    assert fuzz.classify(case, folder, 2 << 8, False, "", ours)[0] == "clean"
    column, line = fuzz.classify(case, folder, 2 << 8, False, "", "libpng error: IDAT: CRC error\n" + ours)
    assert (column, line) == ("not_one_line", "another line on stderr: libpng error: IDAT: CRC error")


def test_the_hunts_cases_come_first_and_each_gives_one_clean_line():
    fuzz, fuzz_cases = fuzz_tools()
    notes = [c.note for c in fuzz_cases.nasty_cases(fuzz_cases.build_corpus())]
    for note in ("a PNG whose IDAT CRC fails", "a decompression bomb: 100,000×100,000 declared", "a zero-byte PNG",
                 "a PNG cut short in its IDAT chunk", "a GIF renamed .png", "a symlink loop", "a tileset path holding a NUL",
                 "a CSV item '١'", "a heights key of 5,000 digits", "propertytypes.json given as a map",
                 "a scenario naming itself as its map", "a grid row of pillars 1.O.O.O (no dotted key)",
                 "a 64-bit extreme: jump_attack_malus = -9223372036854775808"):
        assert note in notes, note
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), "--json", "--no-progress", "--count",
                           str(len(notes)), "--seed", "4401", "--jobs", "2", "--timeout", "20"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    report = json.loads(done.stdout)
    counts = report["counts"]
    bad = {fmt: {col: c[col] for col in BAD if c[col]} for fmt, c in counts.items()}
    assert all(not cols for cols in bad.values()), (bad, report["examples"])
    assert counts["sprite"]["inputs"] == counts["sprite"]["clean"] == 13  # 9, and session 60's 4
    # pillars, Tiled 1.0 keys, custom types in `check .`; session 46's flags, bools, floats and
    # projects Tiled reads (each must load: a refusal counts as "valid input refused"); session 50's
    # checked folder holding an Ogmo level and an atlas giving a key twice; session 51's Tiled 0.x
    # map of id-less objects and libGDX-style templates; session 52's checked folder holding a
    # TypeScript .tsx, a package.json and another tool's tileset.json; session 53's flip-bit spawn
    # and a monster JSON beside a map; session 54's rules at the edge of a contradiction, a level
    # JSON and real projects' JSON (a manifest, a list of characters, layers, textures) beside a map;
    # session 55's empty and blank rules files, two byte-order marks, JSON with comments beside a map;
    # session 56's Tactile map and Pyxel Edit tilemap export beside a map; session 58's TMX map in
    # an XML namespace; session 59's scenario of a map and its rules alone beside a map; session
    # 60's CSV items apart by no-break spaces and every tile flipped; session 61's JSON with
    # trailing commas beside a map; session 62's Tiled maps whose layers or objects `check` warns of
    assert sum(c["valid"] for c in counts.values()) == 52
