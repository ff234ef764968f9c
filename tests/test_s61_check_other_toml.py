"""A TOML file holding none of a map's keys beside the maps (a tool's pyproject.toml, a rules
file whose every section is misspelt) was checked as a broken map: `check FOLDER` failed on
'name: required key is missing (and 4 more)'. In a folder it is passed over as a TOML file of
another kind; named, it is said to be no map, with its keys. A map whose keys are misspelt
(`Grid`, `Name`) is still checked, and refused."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.file_faults import run_cli

ROOT = Path(__file__).resolve().parent.parent
TOOL_SETTINGS = '[build-system]\nrequires = ["setuptools"]\n\n[project]\nname = "x"\n\n[tool.ruff]\nline-length = 100\n'


def _folder(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "maps" / "tutoriel.toml", tmp_path / "tutoriel.toml")
    (tmp_path / "pyproject.toml").write_text(TOOL_SETTINGS, encoding="utf-8")
    (tmp_path / "regles.toml").write_text("[magic_missiles]\ndamage = 3\n", encoding="utf-8")
    return tmp_path


def test_s61_check_folder_passes_over_a_toml_file_of_another_kind(capsys, tmp_path):
    folder = _folder(tmp_path)
    code, err, out = run_cli(capsys, "check", str(folder), "--lang", "en")
    assert (code, err) == (0, [])
    lines = out.splitlines()
    assert f"{folder / 'pyproject.toml'}: skipped (a TOML file of another kind, not a map)" in lines
    assert f"{folder / 'regles.toml'}: skipped (a TOML file of another kind, not a map)" in lines
    assert any(line.startswith(f"{folder / 'tutoriel.toml'} (") and line.endswith(": ok") for line in lines)


def test_s61_check_a_toml_file_of_another_kind_named_is_said_no_map(capsys, tmp_path):
    folder = _folder(tmp_path)
    code, err, out = run_cli(capsys, "check", str(folder / "pyproject.toml"), "--lang", "fr")
    assert (code, err) == (2, [])
    assert out.splitlines() == [
        f"{folder / 'pyproject.toml'} : erreur [file-problem] n'est pas une carte : aucune des clés d'une carte "
        "(name, grid, legend…) ; ses clés : build-system, project, tool"]


def test_s61_check_folder_still_refuses_a_map_with_misspelt_keys(capsys, tmp_path):
    folder = _folder(tmp_path)
    (folder / "carte.toml").write_text('Name = "x"\nGrid = """\n#..#\n"""\n', encoding="utf-8")
    code, err, out = run_cli(capsys, "check", str(folder), "--lang", "en")
    assert code == 2
    assert f"{folder / 'carte.toml'}: error [file-problem] unknown key (did you mean `name`?)" in out.splitlines()
