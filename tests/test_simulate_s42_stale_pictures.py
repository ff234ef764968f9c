"""`simulate --out DIR` leaves in DIR only the report it wrote: a run on a map with fewer sides
removes the `stood-side-3.png` an earlier run wrote there (it would read as part of the new
report), and never a file of the user's; the pictures are still written whole (atomically)."""

from __future__ import annotations

import os

from arena_game.cli import main
from arena_game.design.simulation.heatmap import PICTURE_NAME, remove_stale_pictures

MAP = '''name = "Three sides (test)"
teams = 3
grid = """
###########
#1.......2#
#.........#
#....3....#
###########
"""
'''


def _teams(n: int) -> str:
    return "".join(f'[[teams]]\nid = "t{i}"\nname = "T{i}"\n\n[[teams.fighters]]\nid = "f{i}"\nname = "F{i}"\npv = 6\n\n'
                   for i in range(1, n + 1))


def _simulate(tmp_path, out, teams: int) -> None:
    (tmp_path / "three.toml").write_text(MAP, encoding="utf-8")
    for n in (2, 3):
        (tmp_path / f"teams{n}.toml").write_text(_teams(n), encoding="utf-8")
    assert main(["simulate", str(tmp_path / "three.toml"), "--teams", str(tmp_path / f"teams{teams}.toml"),
                 "--matches", "1", "--rounds", "3", "--jobs", "1", "--level", "fast", "--no-progress",
                 "--out", str(out)]) == 0


def _pictures(out) -> set[str]:
    return {p.name for p in out.iterdir() if p.name.endswith(".png") and p.is_file()}


def test_a_second_run_with_fewer_sides_leaves_no_picture_of_the_first_in_the_folder(tmp_path, capsys):
    out = tmp_path / "report"
    _simulate(tmp_path, out, 3)
    assert _pictures(out) == {"stood.png", "died.png", "held.png", "stood-side-1.png", "stood-side-2.png",
                              "stood-side-3.png"}
    first = (out / "stood.png").stat().st_ino
    # the user's own files in the folder, some of them pictures, some named almost as ours
    mine = ["notes.txt", "map.png", "stood-side-3.png.bak", "stood-side-3 (copy).png", "Stood.PNG.txt"]
    for name in mine:
        (out / name).write_text("mine", encoding="utf-8")
    (out / "stood-side-9.png").mkdir()  # a folder named as a picture: not ours to remove
    capsys.readouterr()
    _simulate(tmp_path, out, 2)
    said = capsys.readouterr().out
    assert _pictures(out) == {"stood.png", "died.png", "held.png", "stood-side-1.png", "stood-side-2.png",
                              "map.png", "stood-side-3 (copy).png"}
    assert not (out / "stood-side-3.png").exists()
    assert "stood-side-3.png" not in said and str(out / "stood-side-2.png") in said  # the report lists this run's
    assert all((out / name).read_text(encoding="utf-8") == "mine" for name in mine)
    assert (out / "stood-side-9.png").is_dir()
    assert (out / "stood.png").stat().st_ino != first  # replaced whole by a new file (renamed into place)
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no hidden staging folder left


def test_a_failed_run_leaves_the_last_report_whole(tmp_path, monkeypatch, capsys):
    import arena_game.design.simulation.heatmap as heatmap

    out = tmp_path / "report"
    _simulate(tmp_path, out, 3)
    before = _pictures(out)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(heatmap, "write_heatmaps", broken)
    capsys.readouterr()
    assert main(["simulate", str(tmp_path / "three.toml"), "--teams", str(tmp_path / "teams2.toml"), "--matches", "1",
                 "--rounds", "3", "--jobs", "1", "--level", "fast", "--no-progress", "--out", str(out)]) != 0
    assert "report" in capsys.readouterr().err  # the folder named, in one line
    assert _pictures(out) == before  # stood-side-3.png of the last whole report kept with it


def test_only_the_reports_own_names_count_as_stale(tmp_path):
    for name in ("stood.png", "died.png", "held.png", "stood-side-1.png", "stood-side-12.png", "a.png",
                 "stood-side-.png", "stood-side-x.png", "held.png.tmp"):
        (tmp_path / name).write_bytes(b"x")
    removed = remove_stale_pictures(tmp_path, [tmp_path / "stood.png", "died.png"])
    assert sorted(p.name for p in removed) == ["held.png", "stood-side-1.png", "stood-side-12.png"]
    assert sorted(os.listdir(tmp_path)) == ["a.png", "died.png", "held.png.tmp", "stood-side-.png", "stood-side-x.png",
                                            "stood.png"]
    assert PICTURE_NAME.fullmatch("stood-side-3.png") and not PICTURE_NAME.fullmatch("xstood.png")
    assert remove_stale_pictures(tmp_path / "missing", []) == []
