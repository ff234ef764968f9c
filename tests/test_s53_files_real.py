"""Session 53: files of real game projects made with Tiled (Tuxemon, a pygame RPG), each on a
minimal hand-made file of the same shape:

- Tuxemon keeps its monsters as JSON files (`mods/tuxemon/db/monster/*.json`), each with a
  `height` in centimetres: `check FOLDER` counted every one as a broken map ("`width` is
  missing", exit code 2), as a size alone made a JSON file a map. A size is now a map's only
  beside a key only a map has, or in a file holding nothing but a Tiled map's keys."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.file_faults import cli_fault, run_cli

TILED = Path(__file__).resolve().parent / "data" / "tiled"
MONSTER = {"slug": "aardart", "category": "anteater", "moveset": [{"level_learned": 1, "technique": "ram"}],
           "evolutions": [], "types": ["earth"], "txmn_id": 1, "height": 185, "weight": 80}


def _map_folder(tmp_path: Path) -> Path:
    for name in ("arene-inondee.tmx", "arena-tiles.tsx", "arena-tiles.png"):
        shutil.copy(TILED / name, tmp_path / name)
    return tmp_path


def test_s53_a_games_monster_json_beside_the_maps_is_passed_over(tmp_path, capsys):
    folder = _map_folder(tmp_path)
    (folder / "aardart.json").write_text(json.dumps(MONSTER), encoding="utf-8")
    (folder / "tall.json").write_text(json.dumps({"name": "tower", "width": 3, "height": 9}), encoding="utf-8")
    code, err, out = run_cli(capsys, "check", folder)
    assert (code, err) == (0, [])
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads == [f"{folder / 'aardart.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'tall.json'}: skipped (a JSON file of another kind, not a map)",
                     f"{folder / 'arene-inondee.tmx'} (L'Arène inondée): ok"]


def test_s53_a_games_monster_json_given_as_a_map_is_said_to_be_no_tiled_map(tmp_path, capsys):
    p = tmp_path / "aardart.json"
    p.write_text(json.dumps(MONSTER), encoding="utf-8")
    assert cli_fault(capsys, "play", p, "--frames", "0") == (
        f"arena-game: {p}: not a Tiled map (no Tiled `type`, `width` or `layers` at the top level)")


@pytest.mark.parametrize("body, line", [
    ({"width": 3}, "`height` is missing"),  # nothing but a map's keys: a map missing its height
    ({"height": 4, "tilewidth": 32}, "`width` is missing"),  # a size beside a tile size
    ({"width": 3, "height": 3, "tilesets": []}, "`tilewidth` is missing"),
])
def test_s53_a_json_map_missing_keys_is_still_read_as_a_map(tmp_path, capsys, body, line):
    p = tmp_path / "m.json"
    p.write_text(json.dumps(body), encoding="utf-8")
    assert cli_fault(capsys, "play", p, "--frames", "0") == f"arena-game: {p}: {line}"
