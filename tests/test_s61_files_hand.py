"""Faults of hand-made files said wrong, found by session 61's hunt over every command."""

from __future__ import annotations

from tests.file_faults import play_fault, run_cli

SMALL = 'name = "m"\ngrid = """\n#####\n#1.2#\n#####\n"""\n'


def test_s61_a_height_off_the_map_is_said_to_be_off_it(capsys, tmp_path):
    """`heights` naming a square past the grid said "which is not an obstacle", as if the
    square were on the map and floor: the line now says it is off the map and the map's size."""
    path = tmp_path / "m.toml"
    path.write_text(SMALL + 'heights = { "70,5" = 90 }\n', encoding="utf-8")
    assert play_fault(capsys, path) == (
        "heights: height given for (70, 5), which is off the map (5×3 squares: x from 0 to 4, y from 0 to 2)")
    code, _, out = run_cli(capsys, "check", path, "--lang", "fr")
    assert code == 2
    assert out.splitlines() == [
        f"{path} : erreur [file-problem] heights: hauteur donnée pour (70, 5), qui est hors de la carte "
        "(5×3 cases : x de 0 à 4, y de 0 à 2)"]


def test_s61_a_height_on_floor_inside_the_map_keeps_its_line(capsys, tmp_path):
    path = tmp_path / "m.toml"
    path.write_text(SMALL + 'heights = { "2,1" = 90 }\n', encoding="utf-8")
    assert play_fault(capsys, path) == "heights: height given for (2, 1), which is not an obstacle"
