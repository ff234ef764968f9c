"""More refused files in the window's language (`FileProblem.in_language`): our validators'
faults, every Tiled fault with its place in
Tiled's words, a save's replay faults, and every bad file the window can open from
tests/data/bad. The terminal's English line is unchanged."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.formats.rulesfile import load_rules
from arena_game.formats.save import match_from_save, read_save, read_save_dice
from arena_game.formats.teamfile import load_teams
from arena_game.formats.tiled_write import board_to_tmj
from arena_game.ui.screens import board_files
from arena_game.ui.screens.dialog import MessageScreen
from tests.builders import write_tiled
from tests.ui_driver import board, open_app, top, ui_match

DATA = Path(__file__).parent / "data"

# Words that give away an English sentence (a file's own keys, names and quoted values are
# taken out before looking).
ENGLISH = re.compile(r"\b(the|is|are|must|should|not|of|and|found|unknown|missing|layer|tile|tiles|square|spawn|"
                     r"team|has|with|from|which|file|number|text|an|or|at|least|most)\b")


def english_words(line: str, path: object) -> list[str]:
    """The English words left in `line` once the path, quoted values and `keys` are out."""
    rest = line.replace(str(path), "")
    rest = re.sub(r"'[^']*'|`[^`]*`|\"[^\"]*\"|<[^>]*>", "", rest)
    return ENGLISH.findall(rest)


def problem(call, *args) -> FileProblem:
    with pytest.raises(FileProblem) as got:
        call(*args)
    return got.value


def test_a_damage_and_a_name_among_choices_in_french():
    damage = problem(load_teams, DATA / "bad" / "teams_bad_damage.toml")
    assert damage.one_line().endswith(": teams[0].fighters[0].weapon.damage: damage 'two dice' is not of the form NdM or NdM+K")
    assert damage.in_language("fr").endswith(" : les dégâts 'two dice' ne sont pas de la forme NdM ou NdM+K")
    terrain = problem(load_map, DATA / "bad" / "map_bad_legend.toml")
    assert terrain.in_language("fr").endswith(
        " : legend.A.terrain : devrait être 'floor', 'wall', 'pillar', 'obstacle', 'water', 'lava', 'acid' ou 'hole', "
        "pas le texte 'magma'")


def test_a_rules_files_face_off_the_die_in_french(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text("[dice]\ndie = 6\ncritical_success = [20]\n", encoding="utf-8")
    got = problem(load_rules, path)
    assert got.one_line().endswith(": critical_success: face 20 is not on a d6")
    assert got.in_language("fr").endswith(" : la face 20 n'existe pas sur un d6")
    assert english_words(got.in_language("fr"), path) == []


# -- Tiled ---------------------------------------------------------------------------------


def doc() -> dict:
    return board_to_tmj(load_map(DATA / "maps" / "diagonal-pillars.toml"))


def _terrain_layer(d: dict) -> dict:
    return next(la for la in d["layers"] if la["type"] == "tilelayer")


def _spawn(d: dict) -> dict:
    return next(la for la in d["layers"] if la["type"] == "objectgroup")["objects"][0]


def _edit(change):
    def build() -> dict:
        d = doc()
        change(d)
        return d
    return build


TILED = {
    "orientation": _edit(lambda d: d.update(orientation="isometric")),
    "infinite": _edit(lambda d: d.update(infinite=True)),
    "width type": _edit(lambda d: d.update(width="x")),
    "height missing": _edit(lambda d: d.pop("height")),
    "tile width bound": _edit(lambda d: d.update(tilewidth=0)),
    "no tile": _edit(lambda d: _terrain_layer(d)["data"].__setitem__(3, 0)),
    "layer size": _edit(lambda d: _terrain_layer(d).update(width=3)),
    "base64": _edit(lambda d: _terrain_layer(d).update(encoding="base64", data="@@@")),
    "compression": _edit(lambda d: _terrain_layer(d).update(encoding="base64", compression="lzma", data="AAAA")),
    "csv": _edit(lambda d: _terrain_layer(d).update(data="1,x")),
    "data object": _edit(lambda d: _terrain_layer(d)["data"].__setitem__(0, {"a": 1})),
    "long number": _edit(lambda d: _terrain_layer(d)["data"].__setitem__(0, 10**40)),
    "no terrain layer": _edit(lambda d: d["layers"].insert(0, {**copy.deepcopy(_terrain_layer(d)), "name": "other", "id": 9})
                              or d["layers"][1].update(name="ground")),
    "tileset outside": _edit(lambda d: d.update(tilesets=[{"firstgid": 1, "source": "../x.tsj"}])),
    "tileset missing": _edit(lambda d: d.update(tilesets=[{"firstgid": 1, "source": "x.tsj"}])),
    "team 12": _edit(lambda d: _spawn(d)["properties"][0].update(value=12)),
    "team list": _edit(lambda d: _spawn(d)["properties"][0].update(type="string", value=[1])),
    "spawn outside": _edit(lambda d: _spawn(d).update(x=-500)),
    "teams property": _edit(lambda d: d["properties"].append({"name": "teams", "type": "int", "value": 12})),
    "labyrinth": _edit(lambda d: [p.update(type="string", value="yes") for p in d["properties"] if p["name"] == "labyrinth"]),
}


@pytest.mark.parametrize("case", sorted(TILED))
def test_every_tiled_fault_reads_in_french_with_its_place(tmp_path, case):
    path = write_tiled(tmp_path, TILED[case]())
    got = problem(load_map, path)
    french = got.in_language("fr")
    assert french != got.one_line()
    assert english_words(french, tmp_path) == [], french


@pytest.mark.parametrize(("text", "english", "french"), [
    ("<map><layer></map>", "m.tmx:1:15: XML syntax error: mismatched tag",
     "m.tmx:1:15 : erreur de syntaxe XML : balise fermante qui ne correspond pas"),
    ("<foo/>", "m.tmx: not a Tiled file (the XML starts with <foo>)", "m.tmx : pas un fichier Tiled (le XML commence par <foo>)"),
])
def test_a_tiled_xml_fault_in_french(tmp_path, text, english, french):
    path = write_tiled(tmp_path, text, name="m.tmx")
    got = problem(load_map, path)
    assert got.one_line() == f"{tmp_path}/{english}"
    assert got.in_language("fr") == f"{tmp_path}/{french}"


def test_a_tiled_place_is_said_in_french(tmp_path):
    d = doc()
    _terrain_layer(d)["data"][3] = 0
    got = problem(load_map, write_tiled(tmp_path, d))
    assert got.one_line() == f"{tmp_path}/m.tmj: layer 'terrain': square (3, 0) has no tile"
    assert got.in_language("fr") == f"{tmp_path}/m.tmj : calque 'terrain' : la case (3, 0) n'a pas de tuile"


def test_the_window_shows_a_refused_tiled_map_in_french(tmp_path):
    d = doc()
    _spawn(d)["properties"][0]["value"] = 12
    path = write_tiled(tmp_path, d)
    app = open_app(ui_match("....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}}), lang="fr")
    assert board_files.new_match(board(app), str(path), None, 0) is False
    app.run(frames=3)
    message = top(app, MessageScreen)
    assert message is not None
    assert "calque 'spawns' objet 1 : l'équipe 12 doit être de 1 à 9" in message.line


# -- saves ---------------------------------------------------------------------------------


def _save(tmp_path: Path, change) -> Path:
    data = json.loads((DATA / "saves" / "version-1.arena.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "s.arena.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("change", "french"), [
    (lambda d: d.update(version=7), "version : le format de sauvegarde version 7 n'est pas lu par ce jeu (1, 2 ou 3) : "
                                    "il vient d'une autre version d'arena-game"),
    (lambda d: d.update(digest="sha256:0"), "se dit en version 1, mais contient `digest`"),
])
def test_a_refused_save_in_french(tmp_path, change, french):
    path = _save(tmp_path, change)
    got = problem(read_save, path)
    assert french in got.in_language("fr")
    assert english_words(got.in_language("fr"), path) == []


def test_a_save_action_refused_on_replay_names_the_rule_in_french(tmp_path):
    path = _save(tmp_path, lambda d: d["actions"].insert(0, {"kind": "walk", "to": [99, 99]}))
    loaded = read_save_dice(path, accept_edited=True)
    got = problem(match_from_save, path, loaded.setup, loaded.actions)
    assert re.fullmatch(rf"{re.escape(str(path))}: actions\[0\]: refused on replay: R\d+(\.\d+)?: .+", got.one_line())
    french = got.in_language("fr")
    assert re.fullmatch(rf"{re.escape(str(path))} : actions\[0\] : refusée en rejouant la partie : R\d+(\.\d+)? : .+", french)


# -- every bad file the window opens -------------------------------------------------------


LOADERS = {"map": load_map, "rules": load_rules, "teams": load_teams}


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "bad").iterdir() if p.name.split("_")[0] in LOADERS))
def test_every_bad_map_rules_or_teams_file_reads_in_french(name):
    path = DATA / "bad" / name
    got = problem(LOADERS[name.split("_")[0]], path)
    french = got.in_language("fr")
    assert french.split(" : ", 1)[0] == got.one_line().split(": ", 1)[0]  # the same file and place
    fault = french.removeprefix(got.place("fr"))
    assert english_words(fault, path) == [], french


def test_the_roster_editor_says_a_teams_file_fault_in_its_language():
    from arena_game.formats.problems import keyed
    from arena_game.formats.roster import Fault

    fault = Fault("fault_file", {"problem": keyed("lions.toml", "team_twice", field="teams[1]", team="'lions'")})
    assert fault.text("en") == "lions.toml: teams[1]: team id 'lions' appears twice"
    assert fault.text("fr") == "lions.toml : teams[1] : l'identifiant d'équipe 'lions' apparaît deux fois"


@pytest.mark.parametrize("kind,english,french", [
    ("tileset", "is a tileset (a Tiled file), not a map", "est un jeu de tuiles (un fichier Tiled), pas une carte"),
    ("template", "is a template (a Tiled file), not a map", "est un modèle (un fichier Tiled), pas une carte"),
    ("spaceship", "is a file of type 'spaceship' (a Tiled file), not a map",
     "est un fichier de type 'spaceship' (un fichier Tiled), pas une carte"),
])
def test_a_tiled_file_of_another_kind_is_named_in_the_faults_language(tmp_path, kind, english, french):
    p = tmp_path / "x.tmj"
    p.write_text(json.dumps({"type": kind, "tiledversion": "1.10.2"}), encoding="utf-8")
    got = problem(load_map, p)
    assert got.one_line() == f"{p}: {english}"
    assert got.in_language("fr") == f"{p} : {french}"
