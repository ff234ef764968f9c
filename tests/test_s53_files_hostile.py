"""Session 53's hunt over every command for what docs/fuzzing.md did not list:

- a Tiled spawn written as a tile object whose `gid` holds flip bits and no tile (`0x80000000`)
  was placed as a tile object (by its bottom-left corner); Tiled places it as a plain object
  (by its top-left), so the spawn stood one square too high;
- a tile object whose gid belongs to no tileset (below the first `firstgid`) was read silently;
  Tiled refuses such a map ("Invalid tile"): now one line naming the layer, the object and gid;
- a scenario whose `map`, `teams` or `rules_file` names a folder said "no file named 'dir'", a
  FIFO or a link loop given as its map said "no map file named …": now "names 'dir', a folder,
  not a file", and the loader's own line for what is not an ordinary file;
- `rules_file = ""` in a scenario was read as "no rules file" (the defaults): now refused, as an
  empty name is everywhere else;
- `play --watch` said a reload's fault in English in a French window ("the file is gone"): now
  in the window's language.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from tests.file_faults import cli_fault, run_cli, spawn_map


def _spawn(gid: int, x: int = 64, y: int = 64) -> str:
    return (f'<object id="2" gid="{gid}" x="{x}" y="{y}" width="32" height="32">'
            '<properties><property name="team" type="int" value="2"/></properties></object>')


@pytest.mark.parametrize("gid", [0x80000000, 0x40000000, 0x20000000, 0xF0000000])
def test_s53_a_spawn_object_with_flip_bits_and_no_tile_stands_where_tiled_draws_it(tmp_path, gid):
    # Tiled: no tile, so a plain rectangle whose top-left is (64, 64): its centre (80, 80), square (2, 2)
    board = load_map(spawn_map(tmp_path, _spawn(gid)))
    assert board.spawns["2"] == ((2, 2),)


@pytest.mark.parametrize("gid", [1, 0x80000001, 0x40000001, 0xE0000001])
def test_s53_a_spawn_tile_object_stands_by_its_bottom_left_whatever_its_flips(tmp_path, gid):
    # a tile object's (x, y) is its bottom-left corner: the tile covers (64..96, 32..64), square (2, 1);
    # flipping draws the tile mirrored in the same place
    board = load_map(spawn_map(tmp_path, _spawn(gid)))
    assert board.spawns["2"] == ((2, 1),)


@pytest.mark.parametrize("gid", [3, 3 | 0x80000000])
def test_s53_a_tile_object_whose_gid_belongs_to_no_tileset_is_refused(tmp_path, capsys, gid):
    p = spawn_map(tmp_path, _spawn(gid), first=5)  # the only tileset starts at gid 5
    code, err, out = run_cli(capsys, "check", p)
    assert (code, err) == (2, [])
    assert out.splitlines()[0] == (
        f"{p}: error [file-problem] layer 'spawns' object 2: tile number 3 belongs to no tileset "
        "(Tiled itself refuses the map: invalid tile)")
    assert cli_fault(capsys, "play", p, "--frames", "0").endswith("object 2: tile number 3 belongs to no tileset "
                                                                  "(Tiled itself refuses the map: invalid tile)")


def test_s53_a_decor_tile_object_whose_gid_belongs_to_no_tileset_is_refused_too(tmp_path):
    decor = '<object id="3" gid="2" x="64" y="96" width="32" height="32"/>'
    with pytest.raises(FileProblem, match="object 3: tile number 2 belongs to no tileset"):
        load_map(spawn_map(tmp_path, _spawn(5) + decor, first=5))


SCENARIO = """title = "t"
{head}
turn_order = ["a", "b"]
[[teams]]
id = "red"
name = "R"
fighters = [{{ id = "a", name = "A", pv = 12 }}]
[[teams]]
id = "blue"
name = "B"
fighters = [{{ id = "b", name = "B", pv = 12 }}]
[placements]
a = [1, 1]
b = [3, 1]
"""
INLINE_MAP = '[map]\nname = "M"\ngrid = """\n#####\n#...#\n#####\n"""\n'


def _scenario(tmp_path: Path, head: str, with_map: bool = True) -> Path:
    p = tmp_path / "s.toml"
    text = SCENARIO.format(head=head)
    p.write_text(text + (INLINE_MAP if with_map else ""), encoding="utf-8")
    return p


@pytest.mark.parametrize("key, with_map", [("map", False), ("teams", True), ("rules_file", True)])
def test_s53_a_scenario_naming_a_folder_says_it_is_a_folder(tmp_path, capsys, key, with_map):
    (tmp_path / "dir.toml").mkdir()
    head = f'{key} = "dir.toml"'
    p = _scenario(tmp_path, head, with_map)
    if key == "teams":  # the inline teams give way to the file
        p.write_text(p.read_text().split("[[teams]]")[0] + "[placements]\n" + INLINE_MAP)
    assert cli_fault(capsys, "scenario", p) == f"arena-game: {p}: {key}: names 'dir.toml', a folder, not a file"


def test_s53_a_scenario_map_that_is_a_pipe_or_a_link_loop_is_named_for_what_it_is(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe.toml")
    p = _scenario(tmp_path, 'map = "pipe.toml"', with_map=False)
    assert cli_fault(capsys, "scenario", p) == (
        f"arena-game: {tmp_path / 'pipe.toml'}: is not an ordinary file (a device, pipe or socket): refused "
        "(read for `map` of s.toml)")
    os.symlink("loop.toml", tmp_path / "loop.toml")
    p = _scenario(tmp_path, 'rules_file = "loop.toml"')
    assert cli_fault(capsys, "scenario", p) == (
        f"arena-game: {tmp_path / 'loop.toml'}: cannot be read (Too many levels of symbolic links) "
        "(read for `rules_file` of s.toml)")


def test_s53_a_scenario_rules_file_of_an_empty_name_is_refused_not_read_as_none(tmp_path, capsys):
    p = _scenario(tmp_path, 'rules_file = ""')
    assert cli_fault(capsys, "scenario", p) == f"arena-game: {p}: rules_file: no file named '' beside the scenario"
    p = _scenario(tmp_path, "")  # without the key: the defaults, and the scenario plays
    code, err, _ = run_cli(capsys, "scenario", p)
    assert (code, err) == (0, [])


def _bump(path: Path, seconds: int) -> None:
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + seconds * 1_000_000_000))


def test_s53_play_watch_says_a_reload_fault_in_the_windows_language(tmp_path):
    from arena_game.design.hotreload import MapWatcher

    p = tmp_path / "m.toml"
    p.write_text('name = "M"\ngrid = """\n1..2\n....\n"""\n', encoding="utf-8")
    french, english = MapWatcher(p, lang="fr"), MapWatcher(p)
    p.write_text('name = "M"\ngrid = """\n1..2\n...\n"""\n', encoding="utf-8")  # a ragged row
    _bump(p, 1)
    with pytest.raises(FileProblem) as fault:
        load_map(p)
    said_fr, said_en = french.poll(), english.poll()
    assert said_fr is not None and said_en is not None
    assert said_fr.error == fault.value.in_language("fr") != fault.value.in_language("en") == said_en.error
    p.unlink()
    gone_fr, gone_en = french.poll(), english.poll()
    assert gone_fr is not None and gone_fr.error == f"{p} : le fichier a disparu (la dernière bonne carte reste)"
    assert gone_en is not None and gone_en.error == f"{p}: the file is gone (keeping the last good map)"


def test_s53_play_watch_keeps_watching_a_tiled_map_in_a_folder_it_cannot_list(tmp_path, monkeypatch):
    from arena_game.design.hotreload import MapWatcher

    p = spawn_map(tmp_path, _spawn(1))

    def unlistable(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", unlistable)  # as a folder of mode 311 for a user (root lists any)
    watcher = MapWatcher(p)
    assert watcher.poll() is None
    p.write_text(p.read_text(encoding="utf-8").replace('x="64" y="64"', 'x="96" y="96"'), encoding="utf-8")
    _bump(p, 1)
    got = watcher.poll()  # the spawn moved: the tile covers (96..128, 64..96), square (3, 2)
    assert got is not None and got.error is None and got.board is not None and got.board.spawns["2"] == ((3, 2),)
