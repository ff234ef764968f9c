"""Sprites (manifest, overrides) and the board renderer, looked at pixel by pixel."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from PIL import Image

from arena_game.cli import main
from arena_game.core.sheets import WeaponFamily
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import FileProblem
from arena_game.formats.spritemanifest import ICON_KINDS, load_manifest
from arena_game.render.board import picture
from arena_game.render.highlight import KINDS, Highlight
from arena_game.render.sprites import SpriteBook
from arena_game.resources import sprites_dir
from tests.builders import tiny_board

GRID = "#O.x~L%_\n#1....2#"  # every terrain in the first row


def mean_colour(img: Image.Image, box: tuple[int, int, int, int]) -> tuple[float, float, float]:
    small = img.crop(box).convert("RGB").resize((1, 1), Image.Resampling.BOX)
    return small.getpixel((0, 0))  # type: ignore[return-value]


def test_manifest_lists_every_terrain_family_effect_and_icon_and_files_exist():
    m = load_manifest(sprites_dir())
    assert set(m.terrain) == set(Terrain)
    for t in (Terrain.WATER, Terrain.LAVA, Terrain.ACID):
        assert len(m.terrain[t].frames) >= 2
    assert set(m.icons) >= set(ICON_KINDS)
    assert set(m.effects) >= {"teleport", "impact", "dust", "fall"}
    for rel in m.files():
        assert (sprites_dir() / rel).is_file(), rel
    assert (sprites_dir() / "LICENSE").is_file()


def test_manifest_path_escape_and_missing_file_are_refused(tmp_path):
    text = (sprites_dir() / "manifest.toml").read_text(encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(text.replace('"icons/walk.png"', '"../walk.png"'), encoding="utf-8")
    with pytest.raises(FileProblem, match="must be a path inside the sprites folder"):
        load_manifest(tmp_path)
    (tmp_path / "manifest.toml").write_text(text, encoding="utf-8")
    with pytest.raises(FileProblem, match="does not exist"):
        load_manifest(tmp_path)


def test_spritebook_scales_and_tints(tmp_path):
    book = SpriteBook(32, user_folder=tmp_path)
    assert book.terrain(Terrain.LAVA, 5).get_size() == (32, 32)
    red = book.token(WeaponFamily.BOW, "#ff0000")
    blue = book.token(WeaponFamily.BOW, "#0000ff")
    # the rim of the disc carries the team colour
    r, g, b, a = red.get_at((16, 3))
    assert a > 200 and r > 40 and g < 10 and b < 10
    r, g, b, a = blue.get_at((16, 3))
    assert b > 40 and r < 10
    for kind in ICON_KINDS:
        assert book.icon(kind, 24).get_size() == (24, 24)
    assert book.effect("teleport", 99).get_size() == (32, 32)  # the last frame holds


def test_user_override_replaces_a_shipped_sprite(tmp_path):
    Image.new("RGBA", (64, 64), (255, 0, 255, 255)).save(tmp_path / "floor.png")
    book = SpriteBook(16, user_folder=tmp_path)
    assert tuple(book.terrain(Terrain.FLOOR).get_at((8, 8)))[:3] == (255, 0, 255)
    plain = SpriteBook(16, user_folder=tmp_path / "none")
    assert tuple(plain.terrain(Terrain.FLOOR).get_at((8, 8)))[:3] != (255, 0, 255)


def test_broken_user_override_is_a_file_problem(tmp_path):
    (tmp_path / "wall.png").write_bytes(b"not a png")
    book = SpriteBook(16, user_folder=tmp_path)
    with pytest.raises(FileProblem, match="wall.png: cannot be read as a PNG image"):
        book.terrain(Terrain.WALL)


def test_render_writes_png_of_the_right_size_with_terrain_colours(tmp_path):
    board_file = tmp_path / "all.toml"
    board_file.write_text(f'name = "All"\ngrid = """\n{GRID}\n"""\n', encoding="utf-8")
    out = tmp_path / "all.png"
    assert main(["render", str(board_file), "-o", str(out), "--tile", "32"]) == 0
    img = Image.open(out)
    assert img.size == (8 * 32, 2 * 32)

    def at(x: int, y: int) -> tuple[float, float, float]:
        return mean_colour(img, (x * 32, y * 32, x * 32 + 32, y * 32 + 32))

    wall, floor, water, lava, acid, hole = at(0, 0), at(2, 0), at(4, 0), at(5, 0), at(6, 0), at(7, 0)
    assert sum(wall) < 300 and wall[2] > wall[0]  # dark blue-grey slate
    assert floor[0] > floor[2] + 30 and sum(floor) > 450  # pale sand
    assert water[2] > water[0] + 80  # blue
    assert lava[0] > lava[1] + 60 and lava[0] > lava[2] + 100  # red-orange
    assert acid[1] > acid[0] and acid[1] > acid[2] + 80  # green
    assert sum(hole) < 160 and sum(img.convert("RGB").getpixel((7 * 32 + 16, 16))) < 40  # a black pit
    # the pillar and the crate sit on floor: their corners show floor
    for x in (1, 3):
        corner = img.convert("RGB").getpixel((x * 32 + 2, 2))
        assert corner[0] > corner[2] + 20


def test_render_overlays_spawn_rings_in_team_colours(tmp_path):
    out = tmp_path / "o.png"
    board_file = tmp_path / "o.toml"
    board_file.write_text('name = "O"\ngrid = """\n#####\n#1.2#\n#####\n"""\n', encoding="utf-8")
    assert main(["render", str(board_file), "-o", str(out), "--tile", "48", "--overlay", "spawns,hazards,reach"]) == 0
    plain = tmp_path / "p.png"
    assert main(["render", str(board_file), "-o", str(plain), "--tile", "48"]) == 0
    a, b = Image.open(out).convert("RGB"), Image.open(plain).convert("RGB")
    assert a.getpixel((48 + 24, 48 + 24 - 18)) != b.getpixel((48 + 24, 48 + 24 - 18))  # ring on spawn 1
    assert a.getpixel((10, 10)) == b.getpixel((10, 10))  # walls untouched


def test_render_repeated_overlay_flags_add_up(tmp_path):
    # `--overlay spawns --overlay hazards` draws both, like `--overlay spawns,hazards`.
    board_file = tmp_path / "o.toml"
    board_file.write_text('name = "O"\ngrid = """\n#####\n#1L2#\n#####\n"""\n', encoding="utf-8")
    one, two = tmp_path / "one.png", tmp_path / "two.png"
    assert main(["render", str(board_file), "-o", str(one), "--tile", "48", "--overlay", "spawns,hazards"]) == 0
    assert main(["render", str(board_file), "-o", str(two), "--tile", "48", "--overlay", "spawns", "--overlay", "hazards"]) == 0
    assert Image.open(one).tobytes() == Image.open(two).tobytes()


def test_render_bad_overlay_is_a_usage_error(tmp_path, capsys):
    assert main(["render", "tutoriel", "-o", str(tmp_path / "x.png"), "--overlay", "fog"]) == 2
    assert "unknown overlay 'fog'" in capsys.readouterr().err


def test_every_highlight_kind_draws_something_of_its_own():
    # each kind changes the picture, and no two kinds draw the same pixels (the pattern, not
    # only the colour, tells them apart)
    pygame.font.init()
    board = tiny_board("...\n...")
    book = SpriteBook(24, use_user_folder=False)
    plain = pygame.image.tobytes(picture(board, 24, book), "RGBA")
    drawn: dict[bytes, str] = {}
    for kind in KINDS:
        mark = Highlight((1, 1), kind, label="7", band=1, to=(2, 1), colour="#3498db")
        pixels = pygame.image.tobytes(picture(board, 24, book, [mark]), "RGBA")
        assert pixels != plain, kind
        assert pixels not in drawn, (kind, drawn.get(pixels))
        drawn[pixels] = kind


def test_highlight_vocabulary_and_drawing_table_match():
    from arena_game.render.marks import LOOKS

    assert set(LOOKS) == set(KINDS)


def test_the_plain_terrain_without_sprites_uses_the_palette():
    from arena_game.render.palette import TERRAIN

    pygame.font.init()
    board = tiny_board("#.~L")
    s = picture(board, 20)
    for x, t in enumerate((Terrain.WALL, Terrain.FLOOR, Terrain.WATER, Terrain.LAVA)):
        assert tuple(s.get_at((x * 20 + 16, 3)))[:3] == TERRAIN[t], t


def test_sprite_script_is_deterministic_and_draws_every_manifest_file(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("draw_sprites", Path(__file__).parent.parent / "tools" / "draw_sprites.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main(tmp_path / "a")
    mod.main(tmp_path / "b")
    m = load_manifest(tmp_path / "a")
    for rel in m.files():
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel
    assert (tmp_path / "a" / "manifest.toml").read_text() == (sprites_dir() / "manifest.toml").read_text()


def test_the_renderer_never_imports_the_window():
    # the arrow runs ui → render: every caller (CLI, heatmaps, GIFs, window) shares one renderer
    import ast

    from arena_game import render

    for path in Path(render.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [n for n in names if n.startswith(("arena_game.ui", "arena_game.commands"))], path.name


def test_highlight_vocabulary_and_palette_import_no_pygame():
    import subprocess
    import sys

    code = "import sys, arena_game.render.highlight, arena_game.render.palette; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_every_highlight_kind_still_reads_apart_in_grey():
    # without any hue (the worst colour blindness), each kind's pattern or lightness differs
    pygame.font.init()
    board = tiny_board("...\n...")
    book = SpriteBook(24, use_user_folder=False)
    seen: dict[bytes, str] = {}
    for kind in KINDS:
        mark = Highlight((1, 1), kind, label="7", band=1, to=(2, 1), colour="#3498db")
        surface = picture(board, 24, book, [mark])
        grey = Image.frombytes("RGBA", surface.get_size(), pygame.image.tobytes(surface, "RGBA")).convert("L")
        assert grey.tobytes() not in seen, (kind, seen.get(grey.tobytes()))
        seen[grey.tobytes()] = kind
