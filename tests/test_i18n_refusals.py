"""The rules core's refusals (IllegalAction) in both languages through the one catalog.

Every IllegalAction built in arena_game/core (and by the window's modes) carries a message
`code` and plain `fields`; `refusal.<code>` exists in fr and en with exactly those fields as
placeholders; the English template gives back the core's English reason word for word.
"""

import ast
import re
import typing
from pathlib import Path

import pytest

from arena_game.core import IllegalAction, MatchOver
from arena_game.core.events import RunEnded
from arena_game.core.terrain import Terrain
from arena_game.i18n import LANGS, catalog, placeholders, refusal_line, refusal_text
from tests.builders import play, tiny_match

ROOT = Path(__file__).resolve().parents[1]
SCANNED = [*sorted((ROOT / "arena_game" / "core").rglob("*.py")), *sorted((ROOT / "arena_game" / "ui" / "modes").rglob("*.py"))]


def _codes(node: ast.expr) -> list[str] | None:
    """The codes a `code=` argument can take: a literal, or either side of `a if … else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _codes(node.body), _codes(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def refusal_sites() -> list[tuple[str, int, list[str] | None, set[str] | None]]:
    """(file, line, codes, field names) of every IllegalAction(...) call; None where unknown.

    `code=err.code, fields=err.fields` (a refusal passed on under another rule) is reported
    with codes == [] : it keeps the code of the refusal it wraps.
    """
    out = []
    for path in SCANNED:
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalAction"):
                continue
            kw = {k.arg: k.value for k in node.keywords}
            code = kw.get("code")
            fields = kw.get("fields")
            if code is None:
                out.append((rel, node.lineno, None, None))
            elif isinstance(code, ast.Attribute) and code.attr == "code":
                out.append((rel, node.lineno, [], set()))
            else:
                names: set[str] | None = set()
                if isinstance(fields, ast.Dict):
                    keys = [k.value if isinstance(k, ast.Constant) else None for k in fields.keys]
                    names = None if None in keys else set(keys)  # type: ignore[arg-type]
                elif fields is not None:
                    names = None
                out.append((rel, node.lineno, _codes(code), names))
    return out


def test_every_refusal_in_the_core_has_a_code():
    sites = refusal_sites()
    assert len([s for s in sites if s[0].startswith("arena_game/core")]) >= 90  # the scan sees the core
    assert [(f, line) for f, line, codes, _ in sites if codes is None] == []
    assert MatchOver().code == "match_over"


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_is_in_the_catalog_with_its_fields_as_placeholders(lang):
    cat = catalog(lang)
    wrong = []
    for f, line, codes, names in refusal_sites():
        for code in codes or []:
            key = f"refusal.{code}"
            if key not in cat or names is None or placeholders(cat[key]) != names:
                wrong.append((f, line, code, sorted(names or []), sorted(placeholders(cat.get(key, "")))))
    assert wrong == []


def test_every_catalog_refusal_is_used():
    used = {c for _, _, codes, _ in refusal_sites() for c in codes or []} | {"match_over"}
    for lang in LANGS:  # a singular form (`<code>_one`, beside `<code>`) belongs to its code
        keys = {k.removeprefix("refusal.") for k in catalog(lang) if k.startswith("refusal.")}
        singular = {k for k in keys if k not in used and k.endswith("_one") and k.removesuffix("_one") in used}
        assert keys - singular == used


def test_refusals_that_count_say_it_with_real_plurals():
    two = IllegalAction("R8.2", "x", code="split_total", fields={"split": "[4]", "total": 6, "hit": 2})
    one = IllegalAction("R8.2", "x", code="split_total", fields={"split": "[4]", "total": 6, "hit": 1})
    assert refusal_text(two, "en") == "the split [4] does not share 6 damage among the 2 fighters hit"
    assert refusal_text(one, "en") == "the split [4] does not match 6 damage for 1 fighter hit"
    assert refusal_text(two, "fr") == "la répartition [4] ne correspond pas aux 6 dégâts pour 2 combattants touchés"
    assert refusal_text(one, "fr") == "la répartition [4] ne correspond pas aux 6 dégâts pour 1 combattant touché"
    fields = {"n": 3, "square": (2, 1)}
    assert refusal_text(IllegalAction("R4.1", "x", code="declared_too_few", fields={**fields, "declared": 1}), "fr") \
        == "une Course annonce 3 cases avant le jet : 1 annoncée et (2, 1) pourrait suivre"
    assert refusal_text(IllegalAction("R4.1", "x", code="declared_too_few", fields={**fields, "declared": 2}), "fr") \
        == "une Course annonce 3 cases avant le jet : 2 annoncées et (2, 1) pourrait suivre"


@pytest.mark.parametrize("lang", LANGS)
def test_words_inside_refusals_exist_for_every_terrain_turn_and_run_end(lang):
    cat = catalog(lang)
    reasons = typing.get_args(RunEnded.model_fields["reason"].annotation)
    wanted = ([f"terrain_{t.value}" for t in Terrain] + [f"turn_{n}" for n in (1, 2, 3, 4)]
              + [f"end_{r}" for r in (*reasons, "over")] + ["what_attack"])
    assert [w for w in wanted if f"refusal_word.{w}" not in cat] == []


# -- real refusals rendered in both languages -----------------------------------------------------


def _refusal(state, dice, *actions) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        play(state, dice, *actions)
    return e.value


def _r2_2_diagonal():
    state, dice = tiny_match("...\n#..\n...", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (2, 2)}})
    return _refusal(state, dice, {"kind": "walk", "to": (1, 1)})


def _r9_1_dead_square():
    state, dice = tiny_match(".L.\n...", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (2, 1)}})
    return _refusal(state, dice, {"kind": "walk", "to": (1, 0)})


def _r9_1_self_attack():
    state, dice = tiny_match("...", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (2, 0)}})
    return _refusal(state, dice, {"kind": "attack", "target": "a"})


def _r4_4_heading():
    state, dice = tiny_match("\n".join(["." * 12] * 9),
                             {"a": {"team": "red", "at": (2, 4)}, "z": {"team": "blue", "at": (11, 0)}}, faces=[20])
    return _refusal(state, dice, {"kind": "run_start", "declared": [(3, 4), (4, 4), (5, 4)]},
                    *({"kind": "run_step", "to": sq} for sq in [(3, 4), (4, 4), (5, 4)]),
                    {"kind": "run_step", "to": (5, 3)})


def _r0_6_budget():
    state, dice = tiny_match("....", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (3, 0)}})
    return _refusal(state, dice, {"kind": "walk", "to": (1, 0)}, {"kind": "walk", "to": (2, 0)})


SAMPLES = {
    "R2.2": (_r2_2_diagonal, "R2.2: diagonal step blocked by the wall at (0, 1)",
             "R2.2 : pas diagonal bloqué par le mur en (0, 1)"),
    "R9.1 dead square": (_r9_1_dead_square,
                         "R9.1: the lava at (1, 0) is a deadly square (R2.5): moving into it would be suicide",
                         "R9.1 : la lave en (1, 0) est une case mortelle (R2.5) : y entrer serait un suicide"),
    "R9.1 self": (_r9_1_self_attack,
                  "R9.1: A may not attack themselves: suicide is forbidden unless under a magic effect",
                  "R9.1 : A ne peut pas s'attaquer lui-même : le suicide est interdit hors effet magique"),
    "R4.4": (_r4_4_heading,
             "R4.4: a run turns at most 45° per step: (5, 4) → (5, 3) after (4, 4) → (5, 4) is a right angle "
             "(90°), allowed only on a labyrinth map",
             "R4.4 : une Course tourne d'au plus 45° par case : (5, 4) → (5, 3) après (4, 4) → (5, 4) fait un "
             "angle droit (90°), permis seulement dans un labyrinthe"),
    "R0.6": (_r0_6_budget, "R0.6: A has already moved this turn", "R0.6 : A s'est déjà déplacé ce tour-ci"),
}
# Words spelled alike in both languages (not English left over).
SHARED = {"angle", "angles", "diagonal", "mana", "obstacle", "suicide"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']{3,}", text)}


@pytest.mark.parametrize("name", list(SAMPLES))
def test_refusal_renders_in_french_with_no_english_left_and_in_english_as_the_core_says(name):
    make, english, french = SAMPLES[name]
    err = make()
    assert str(err) == english  # the core's message is unchanged
    assert refusal_text(err, "en") == err.reason
    assert refusal_line(err, "en") == str(err)
    assert refusal_line(err, "fr") == french
    names = {str(v).lower() for v in err.fields.values()}
    assert _words(french) & (_words(err.reason) - SHARED - names) == set()


def test_a_refusal_without_a_code_or_with_missing_fields_falls_back_to_the_english_reason():
    assert refusal_text(IllegalAction("R0.6", "changed my mind"), "fr") == "changed my mind"
    assert refusal_text(IllegalAction("R0.6", "x", code="no_such_code"), "fr") == "x"
    assert refusal_text(IllegalAction("R2.2", "y", code="diagonal_blocked", fields={}), "fr") == "y"
    err = IllegalAction("R13", "(1, 2) is a pillar", code="solid_square", fields={"square": (1, 2), "terrain": "pillar"})
    assert str(err) == "R13: (1, 2) is a pillar" and err.fields == {"square": (1, 2), "terrain": "pillar"}


def test_r4_9_run_step_refusal_keeps_the_code_of_the_step_it_wraps():
    rows = ["." * 12] * 5
    rows[1] = "....#......."
    fighters = {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (11, 0)}}
    state, dice = tiny_match("\n".join(rows), fighters, faces=[20])
    state, _ = play(state, dice, {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]},
                    *({"kind": "run_step", "to": sq} for sq in [(1, 2), (2, 2), (3, 2)]))
    err = _refusal(state, dice, {"kind": "run_step", "to": (4, 1)})
    assert (err.rule, err.code, str(err)) == ("R4.9", "solid_square", "R4.9: (4, 1) is a wall")
    assert refusal_line(err, "fr") == "R4.9 : le mur bloque le passage en (4, 1)"


def test_the_window_explains_a_refused_square_in_its_language():
    from arena_game.ui.modes import WalkMode

    state, _ = tiny_match(".L.\n...", {"a": {"team": "red", "at": (0, 0)}, "z": {"team": "blue", "at": (2, 1)}})
    assert "la lave en (1, 0) est une case mortelle" in WalkMode().hover(state, (1, 0), "fr")
    assert "the lava at (1, 0) is a deadly square" in WalkMode().hover(state, (1, 0), "en")


def test_the_tutorial_explains_a_refused_move_in_french_in_panel_and_status_line(tmp_path):
    from tests.test_learn_ui import act
    from tests.ui_driver import open_lesson

    app, lesson = open_lesson("push", tmp_path / "p.json", "fr")
    app.run(frames=1)
    lesson.apply(act(kind="walk", to=(6, 5)))
    assert lesson.refusal == "Refusé à Oruk : marche — R2.1 : la case (6, 5) n'est pas voisine de (7, 7)"  # as the log
    assert lesson.hud.status_text == "Refusé — R2.1 : la case (6, 5) n'est pas voisine de (7, 7)"


def test_a_scenario_refusal_is_logged_in_the_log_language():
    from arena_game.core.events import EVENT_LIST_ADAPTER
    from arena_game.formats.scenario import load_scenario, play
    from arena_game.i18n.narration import describe
    from arena_game.resources import find_scenario

    r = play(load_scenario(find_scenario("basics/walk-and-diagonals")))
    [refused] = [e for e in r.events if e.type == "action_refused"]
    assert (refused.code, refused.fields) == ("diagonal_blocked", {"terrain": "wall", "square": (2, 2)})
    names = {"ilse": "Ilse"}
    assert describe(refused, names, "fr") == "Refusé à Ilse : marche — R2.2 : pas diagonal bloqué par le mur en (2, 2)"
    assert describe(refused, names, "en").endswith("R2.2: diagonal step blocked by the wall at (2, 2)")
    again = EVENT_LIST_ADAPTER.validate_json(EVENT_LIST_ADAPTER.dump_json([refused]))  # the --json round trip
    assert describe(again[0], names, "fr") == describe(refused, names, "fr")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "refused: R9.1: the lava at (2, 1) is a deadly square (R2.5)"),
    ("fr", "refusé : R9.1 : la lave en (2, 1) est une case mortelle (R2.5)"),
])
def test_19_6_the_scenario_commands_refusal_line_is_in_the_logs_language(tmp_path, capsys, lang, said):
    from arena_game.cli import main
    from arena_game.resources import find_scenario

    text = find_scenario("basics/dead-squares").read_text(encoding="utf-8").replace('expect_refused = "R9.1"', "")
    path = tmp_path / "refused.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["scenario", str(path), "--lang", lang]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    sep = " : " if lang == "fr" else ": "  # French: a space before the colon
    assert len(err) == 1 and err[0].startswith(f"arena-game{sep}{path}{sep}actions[0]{sep}{said}")


def test_refusals_in_french_elide_like_the_log():
    # refusals were filled past i18n's French rules: "c'est au tour de Oruk"
    err = IllegalAction("R0.5", "x", code="not_your_turn", fields={"fighter": "Oruk", "other": "tarn"})
    assert refusal_text(err, "fr") == "c'est au tour d'Oruk, pas de « tarn »"
    assert refusal_text(err, "en") == "it is Oruk's turn, not 'tarn''s"
