"""A file's texts written as tables (a demo's `caption`, a lesson's goal and hints): a catalog
key the catalog lacks, or a language the game does not have, is one line naming the file and
the field, exit 2 (s50: `caption = { key = "demo.nope" }` showed "demo.nope" on screen)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats.problems import FileProblem
from arena_game.formats.scenario import load_scenario
from arena_game.learn.lessons import load_lesson

ROOT = Path(__file__).parent.parent / "scenarios"


def _copy(tmp_path: Path, src: str, old: str, new: str) -> Path:
    text = (ROOT / src).read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / Path(src).name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


@pytest.mark.parametrize("caption, field, fault", [
    ('{ key = "demo.nope" }', "caption.key", "'demo.nope' is not a text of the game's catalog"),
    ('{ de = "Gehen" }', "caption.de", "not a language of the game: a text is { key = … } or one per language (key, fr, en)"),
])
def test_s50_demo_caption_naming_no_text_is_refused(tmp_path, capsys, caption, field, fault):
    path = _copy(tmp_path, "demo/01-walk-and-diagonals.toml", 'caption = { key = "demo.walk" }', f"caption = {caption}")
    with pytest.raises(FileProblem) as e:
        load_scenario(path)
    assert e.value.field == field and fault in str(e.value)
    assert main(["scenario", str(path), "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and field in err[0] and fault in err[0] and str(path) in err[0]


def test_s50_lesson_hint_naming_no_text_is_refused(tmp_path):
    path = _copy(tmp_path, "lessons/01-walk-and-diagonals.toml", '"lesson.walk_hint2"', '{ key = "lesson.walk_hint9" }')
    with pytest.raises(FileProblem) as e:
        load_lesson(path)
    assert e.value.field == "goal.hints[1].key" and "'lesson.walk_hint9' is not a text" in str(e.value)


def test_s50_inline_and_catalog_texts_still_load():
    # every shipped demo step and lesson keeps loading (their captions are keys or inline texts)
    for path in sorted((ROOT / "demo").glob("*.toml")):
        load_scenario(path)
    for path in sorted((ROOT / "lessons").glob("*.toml")):
        load_lesson(path)
