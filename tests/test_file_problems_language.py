"""A refused file's fault in the window's language (`FileProblem.in_language`): the faults of
the safe reader and the keys' faults come from the catalog's `[file_fault]`; the terminal's
English line is unchanged."""

import json

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_game.formats import safe_read
from arena_game.formats.problems import FileProblem, validation_problem
from arena_game.ui.screens import board_files
from arena_game.ui.screens.dialog import MessageScreen
from tests.ui_driver import board, open_app, top, ui_match


def problem(call, *args) -> FileProblem:
    with pytest.raises(FileProblem) as got:
        call(*args)
    return got.value


@pytest.mark.parametrize(("call", "args", "english", "french"), [
    (safe_read.parse_toml, ("m.toml", "a = 1\n[t]\nb = 1\n[t]\n"),
     "m.toml:4:3: TOML syntax error: Cannot declare ('t',) twice",
     "m.toml:4:3 : erreur de syntaxe TOML : une clé ou une table déjà donnée plus haut"),
    (safe_read.parse_toml, ("m.toml", "x = [1, 2"),
     "m.toml:1:5: TOML syntax error: this `[` is never closed",
     "m.toml:1:5 : erreur de syntaxe TOML : ce `[` n'est jamais refermé"),
    (safe_read.parse_json, ("s.json", '{"a": }'),
     "s.json:1:7: JSON syntax error: Expecting value",
     "s.json:1:7 : erreur de syntaxe JSON : une valeur est attendue"),
    (safe_read.decode_text, ("m.toml", b"ok\n\xff"),
     "m.toml:2:1: is not UTF-8 text (byte 3)",
     "m.toml:2:1 : n'est pas du texte UTF-8 (octet 3)"),
])
def test_a_readers_fault_in_french_and_the_same_english_line(call, args, english, french):
    got = problem(call, *args)
    assert got.one_line() == english == got.in_language("en") == str(got)
    assert got.in_language("fr") == french


def test_a_missing_file_and_a_folder(tmp_path):
    missing = problem(safe_read.read_bytes, tmp_path / "nope.toml")
    assert missing.in_language("fr") == f"{tmp_path / 'nope.toml'} : fichier introuvable"
    assert missing.one_line() == f"{tmp_path / 'nope.toml'}: file not found"
    folder = problem(safe_read.read_bytes, tmp_path)
    assert folder.in_language("fr").endswith(": est un dossier, pas un fichier")


class Sheet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=3)
    pv: int = Field(ge=1)
    tags: list[str] = Field([], max_length=1)
    kind: str = Field("a", pattern=r"^[a-z0-9][a-z0-9_-]*$")


@pytest.mark.parametrize(("data", "english", "french"), [
    ({"name": "A", "pv": 3, "colour": 1}, "f.toml: colour: unknown key", "f.toml : colour : clé inconnue"),
    ({"pv": 3}, "f.toml: name: required key is missing", "f.toml : name : clé obligatoire absente"),
    ({"name": "A", "pv": "lots"}, "f.toml: pv: should be a whole number, not the text 'lots'",
     "f.toml : pv : devrait être un nombre entier, pas le texte 'lots'"),
    ({"name": "A", "pv": 0}, "f.toml: pv: should be at least 1, not the number 0",
     "f.toml : pv : devrait être au moins 1, pas le nombre 0"),
    ({"name": 3, "pv": 0, "tags": 1}, "f.toml: name: should be text in quotes, not the number 3 (and 2 more)",
     "f.toml : name : devrait être un texte entre guillemets, pas le nombre 3 (et 2 autres)"),
    ({"name": "", "pv": 3}, "f.toml: name: should not be empty", "f.toml : name : ne devrait pas être vide"),
    ({"name": "Brakka", "pv": 3}, "f.toml: name: should have at most 3 characters, not 6",
     "f.toml : name : devrait avoir au plus 3 caractères, pas 6"),
    ({"name": "A", "pv": 3, "tags": ["a", "b"]}, "f.toml: tags: should hold at most 1 item, not 2",
     "f.toml : tags : devrait contenir au plus 1 élément, pas 2"),
    ({"name": "A", "pv": 3, "kind": "Big"}, "f.toml: kind: should be lower-case letters, digits, '-' and '_' (from a "
     "letter or a digit), not the text 'Big'", "f.toml : kind : devrait être écrit en minuscules, chiffres, « - » et « _ » "
     "(en commençant par une lettre ou un chiffre), pas le texte 'Big'"),
    ({"name": "A", "pv": None}, "f.toml: pv: should be a whole number, not nothing (null)",
     "f.toml : pv : devrait être un nombre entier, pas rien (null)"),
    ({"name": "A", "pv": 1.5}, "f.toml: pv: should be a whole number, not the number 1.5",
     "f.toml : pv : devrait être un nombre entier, pas le nombre 1.5"),
])
def test_a_keys_fault_in_french_and_the_same_english_line(data, english, french):
    with pytest.raises(ValidationError) as err:
        Sheet.model_validate(data)
    got = validation_problem("f.toml", err.value)
    assert got.one_line() == english
    assert got.in_language("fr") == french


def test_the_window_shows_a_refused_save_in_french(tmp_path):
    save = tmp_path / "partie.arena.json"
    save.write_text(json.dumps({"format": "arena-save"})[:-1], encoding="utf-8")  # cut: not JSON any more
    app = open_app(ui_match("....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}}), lang="fr")
    assert board_files.load(board(app), save) is False
    app.run(frames=3)
    message = top(app, MessageScreen)
    assert message is not None
    assert "erreur de syntaxe JSON" in message.line and "syntax error" not in message.line


@pytest.mark.parametrize(("grid", "english", "french"), [
    ("#Q#", "m.toml:3:2: unknown symbol 'Q' (not in the legend)", "m.toml:3:2 : symbole inconnu 'Q' (absent de la légende)"),
    ("#.#\n##", "m.toml:4:3: ragged row: 2 squares where the first row has 3",
     "m.toml:4:3 : ligne inégale : 2 cases alors que la première ligne en a 3"),
    ("#.#\n#", "m.toml:4:2: ragged row: 1 square where the first row has 3",
     "m.toml:4:2 : ligne inégale : 1 case alors que la première ligne en a 3"),
])
def test_a_maps_grid_fault_in_french_at_its_line_and_column(tmp_path, grid, english, french):
    from arena_game.formats.mapfile import load_map

    path = tmp_path / "m.toml"
    path.write_text(f'name = "x"\ngrid = """\n{grid}\n"""\n', encoding="utf-8")
    got = problem(load_map, path)
    assert got.one_line() == f"{tmp_path}/{english}"
    assert got.in_language("fr") == f"{tmp_path}/{french}"


def test_a_spawn_on_a_wall_names_the_terrain_in_french():
    from arena_game.formats.mapfile import board_from_data

    data = {"name": "x", "grid": "#1.\n.2.", "legend": {"1": {"terrain": "wall", "spawn": "1"}}}
    got = problem(board_from_data, "m.json", data, None)
    assert got.one_line() == "m.json: grid: square (1, 0): spawn '1' must be on floor, not wall"
    assert got.in_language("fr") == "m.json : grid : case (1, 0) : le départ '1' doit être sur du sol, pas sur : mur"


def test_a_team_files_check_in_french(tmp_path):
    from arena_game.formats.teamfile import load_teams

    path = tmp_path / "t.toml"
    team = '[[teams]]\nid = "x"\nname = "{n}"\n[[teams.fighters]]\nid = "{f}"\nname = "{f}"\npv = 5\n'
    path.write_text(team.format(n="X", f="a") + team.format(n="Y", f="b"), encoding="utf-8")
    got = problem(load_teams, path)
    assert got.one_line() == f"{path}: teams[1]: team id 'x' appears twice"
    assert got.in_language("fr") == f"{path} : teams[1] : l'identifiant d'équipe 'x' apparaît deux fois"


def test_a_placement_on_a_wall_in_french():
    from arena_game.formats.setupcheck import check_placements
    from tests.builders import tiny_board

    got = problem(check_placements, "s.json", {"a": [0, 0]}, tiny_board("#."), ["a"])
    assert got.one_line() == "s.json: placements.a: (0, 0) is wall: a fighter cannot start there"
    assert got.in_language("fr") == "s.json : placements.a : (0, 0) est du terrain « mur » : un combattant ne peut pas y commencer"


@pytest.mark.parametrize(("data", "english", "french"), [
    ([1], "holds 1 tile where 2×2 = 4 are needed", "contient 1 tuile alors qu'il en faut 2×2 = 4"),
    ([1, 1, 1], "holds 3 tiles where 2×2 = 4 are needed", "contient 3 tuiles alors qu'il en faut 2×2 = 4"),
])
def test_a_tiled_layer_with_too_few_tiles_counts_them_with_real_plurals(data, english, french):
    from pathlib import Path

    from arena_game.formats.tiled_data import layer_gids
    from arena_game.formats.tiled_model import Layer

    layer = Layer.model_validate({"type": "tilelayer", "name": "terrain", "width": 2, "height": 2, "data": data})
    got = problem(layer_gids, Path("m.tmj"), layer, 2, 2)
    assert got.one_line().endswith(english) and got.in_language("fr").endswith(french)


@pytest.mark.parametrize(("tiles", "english", "french"), [
    (1, "holds 1 tile where 4 are needed", "contient 1 tuile alors qu'il en faut 4"),
    (3, "holds 3 tiles where 4 are needed", "contient 3 tuiles alors qu'il en faut 4"),
])
def test_a_base64_tiled_layer_with_too_few_tiles_counts_them_with_real_plurals(tiles, english, french):
    import base64
    from pathlib import Path

    from arena_game.formats.tiled_data import layer_gids
    from arena_game.formats.tiled_model import Layer

    data = base64.b64encode(bytes(4 * tiles)).decode()
    layer = Layer.model_validate({"type": "tilelayer", "name": "terrain", "width": 2, "height": 2,
                                  "encoding": "base64", "data": data})
    got = problem(layer_gids, Path("m.tmj"), layer, 2, 2)
    assert got.one_line().endswith(english) and got.in_language("fr").endswith(french)


def test_a_one_tile_layer_with_overlong_csv_data_says_tile_in_the_singular():
    from pathlib import Path

    from arena_game.formats.tiled_data import layer_gids
    from arena_game.formats.tiled_model import Layer

    layer = Layer.model_validate({"type": "tilelayer", "name": "terrain", "width": 1, "height": 1,
                                  "encoding": "csv", "data": "1," * 20})
    got = problem(layer_gids, Path("m.tmx"), layer, 1, 1)
    assert got.one_line().endswith("its CSV data is longer than 1 tile can be")
    assert got.in_language("fr").endswith("ses données CSV sont plus longues que 1 tuile ne peut l'être")
