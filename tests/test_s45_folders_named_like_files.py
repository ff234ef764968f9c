"""A folder named like a scenario (`x.toml`) in a lessons or scenarios folder is no file to load."""

from __future__ import annotations

import shutil

from arena_game.learn.lessons import lessons_dir, ordered_files


def test_a_folder_named_like_a_lesson_is_not_listed(tmp_path):
    shutil.copy(lessons_dir() / sorted(p.name for p in lessons_dir().glob("*.toml"))[0], tmp_path / "01-a.toml")
    (tmp_path / "00-folder.toml").mkdir()
    assert ordered_files(tmp_path) == [tmp_path / "01-a.toml"]


def test_a_folder_named_like_a_scenario_is_not_shipped(monkeypatch, tmp_path):
    from arena_game import resources

    (tmp_path / "basics").mkdir()
    (tmp_path / "basics" / "walk.toml").write_text("", encoding="utf-8")
    (tmp_path / "basics" / "odd.toml").mkdir()
    monkeypatch.setattr(resources, "scenarios_dir", lambda: tmp_path)
    assert resources.shipped_scenarios() == [tmp_path / "basics" / "walk.toml"]
