"""Issue 17, defects 6 and 8: every file is read with a byte cap, regular files only, and
TOML/JSON parsed with depth, dotted-key and integer-size limits — one line, exit code 2."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena_game.cli import main
from arena_game.formats.problems import FileProblem, shorten
from arena_game.formats.safe_read import ReadLimits, parse_json, parse_toml, read_bytes, read_text

ROOT = Path(__file__).resolve().parent.parent


def run_cli(args: list[str], capsys) -> tuple[int, list[str]]:
    code = main(args)
    err = capsys.readouterr().err.strip().splitlines()
    return code, err


def run_child(args: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real command in a child: a hang fails the test instead of stalling the suite."""
    return subprocess.run(
        [sys.executable, "-m", "arena_game", *args], capture_output=True, text=True, timeout=timeout,
        cwd=ROOT, env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )


def test_defect_6_dotted_key_of_50000_parts_is_one_line(tmp_path):
    rules = tmp_path / "rules.toml"
    rules.write_text("a" + ".a" * 50_000 + " = 1\n", encoding="utf-8")
    done = run_child(["play", "--rules", str(rules), "--frames", "0"])
    assert done.returncode == 2
    assert done.stderr.strip() == f"arena-game: {rules}:1:1: a key with more than 8 dotted parts"


def test_defect_6_dotted_table_header_is_refused_too():
    text = "[x" + ".y" * 10 + "]\n"
    with pytest.raises(FileProblem, match=r"m.toml:1:2: a key with more than 8 dotted parts"):
        parse_toml("m.toml", text)


def test_defect_6_ordinary_dotted_keys_still_read():
    assert parse_toml("r.toml", "run.tackle_die = 8\n'a.b'.c = 1\n") == {"run": {"tackle_die": 8}, "a.b": {"c": 1}}


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_defect_6_a_device_is_refused_before_reading(device, capsys):
    code, err = run_cli(["play", device], capsys)
    assert code == 2
    assert err == [f"arena-game: {device}: is not an ordinary file (a device, pipe or socket): refused"]


def test_defect_6_a_link_to_dev_zero_is_refused(tmp_path, capsys):
    link = tmp_path / "teams.toml"
    link.symlink_to("/dev/zero")
    code, err = run_cli(["check", "arena", "--teams", str(link)], capsys)
    assert code == 2
    assert err == [f"arena-game: {link}: is not an ordinary file (a device, pipe or socket): refused"]


def test_defect_6_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "save.arena.json"
    os.mkfifo(fifo)
    done = run_child(["resume", str(fifo)], timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == f"arena-game: {fifo}: is not an ordinary file (a device, pipe or socket): refused"


def test_defect_6_byte_cap_is_a_setting(tmp_path, monkeypatch):
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 5000 + "\n", encoding="utf-8")
    assert read_text(big).startswith("# x")
    with pytest.raises(FileProblem, match=r"big.toml: is 5,003 bytes, larger than the 1,000 bytes limit"):
        read_bytes(big, ReadLimits(max_bytes=1000))
    monkeypatch.setenv("ARENA_GAME_MAX_FILE_BYTES", "1000")
    with pytest.raises(FileProblem, match="larger than the 1,000 bytes limit"):
        read_text(big)


def test_defect_6_a_toml_file_over_1_mb_is_refused_before_parsing():
    text = "".join(f"k{i}.a.b.c.d.e.f = 1\n" for i in range(60_000))  # 1.3 MB: 10 s of tomllib
    with pytest.raises(FileProblem, match=r"^r.toml: is 1.3 MB of TOML, larger than the 1.0 MB limit for TOML files$"):
        parse_toml("r.toml", text)


def test_defect_6_a_dotted_key_chain_cannot_make_the_check_itself_slow():
    from arena_game.formats.safe_read import _long_dotted_key

    for text in ("a" * 2_000_000 + "." * 40, '"a' * 500_000 + "." * 40, "a." * 7 + "b = 1\n" * 100_000):
        assert _long_dotted_key(text, 8) is None  # each in a fraction of a second (was minutes)


def test_defect_6_default_byte_cap_refuses_a_huge_map(tmp_path, capsys):
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as fh:
        fh.truncate(64 * 1024 * 1024)  # sparse: 64 MB of zeros costs no disk
    code = main(["check", str(huge)])
    out = capsys.readouterr().out
    assert code == 2
    assert f"{huge}: error [file-problem] is 64.0 MB, larger than the 4.0 MB limit" in out


@pytest.mark.parametrize("digits", [4301, 10_000])
def test_defect_8_integer_over_4300_digits_in_toml(tmp_path, capsys, digits):
    teams = tmp_path / "teams.toml"
    teams.write_text("[[teams]]\nid = " + "9" * digits + "\n", encoding="utf-8")
    code, err = run_cli(["check", "arena", "--teams", str(teams)], capsys)
    assert code == 2
    assert err == [f"arena-game: {teams}:2:6: a number longer than 20 digits"]


def test_defect_8_integer_over_4300_digits_in_json(tmp_path, capsys):
    save = tmp_path / "s.arena.json"
    save.write_text('{"seed": ' + "7" * 5000 + "}", encoding="utf-8")
    code, err = run_cli(["resume", str(save)], capsys)
    assert code == 2
    assert err == [f"arena-game: {save}: seed: a number of 5000 digits (at most 20)"]


def test_defect_8_nesting_2000_deep_in_toml(tmp_path, capsys):
    for text in ("a = " + "[" * 2000 + "]" * 2000, "a = " + "{b=" * 2000 + "1" + "}" * 2000):
        rules = tmp_path / "rules.toml"
        rules.write_text(text + "\n", encoding="utf-8")
        code, err = run_cli(["play", "--rules", str(rules), "--frames", "0"], capsys)
        assert code == 2
        assert err == [f"arena-game: {rules}: nested more than 48 levels deep"]


def test_defect_8_nesting_2000_deep_in_json(tmp_path, capsys):
    save = tmp_path / "s.arena.json"
    save.write_text('{"map": ' + "[" * 2000 + "]" * 2000 + "}", encoding="utf-8")
    code, err = run_cli(["resume", str(save)], capsys)
    assert code == 2
    assert err == [f"arena-game: {save}: nested more than 48 levels deep"]


def test_defect_8_nesting_below_the_recursion_limit_is_bounded_too():
    with pytest.raises(FileProblem) as e:
        parse_json("t.json", '{"a": ' + "[" * 60 + "]" * 60 + "}")
    assert (e.value.fault, e.value.field) == ("nested more than 48 levels deep", shorten("a" + "[0]" * 48))


def test_defect_8_json_nan_and_infinity_are_refused():
    with pytest.raises(FileProblem, match=r"^s.json: seed: should be a finite number, not NaN$"):
        parse_json("s.json", '{"seed": NaN}')
    with pytest.raises(FileProblem, match=r"^s.json: x: should be a finite number, not 1e999$"):
        parse_json("s.json", '{"x": 1e999}')


def test_defect_6_a_sprite_override_bomb_is_refused_before_decoding(tmp_path):
    import struct
    import zlib

    from arena_game.core.terrain import Terrain
    from arena_game.render.sprites import SpriteBook

    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0)  # 40 GB once decoded
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    (tmp_path / "wall.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk)
    book = SpriteBook(16, user_folder=tmp_path)
    with pytest.raises(FileProblem, match=r"wall.png: is 100000×100000 pixels; a sprite may be at most 4096×4096"):
        book.terrain(Terrain.WALL)
    os.mkfifo(tmp_path / "floor.png")  # not an ordinary file: the shipped sprite is drawn instead
    assert book.terrain(Terrain.FLOOR).get_width() == 16


def test_defect_9_json_syntax_errors_end_in_words_not_in_a_dangling_at(tmp_path, capsys):
    """Python's json says "Unterminated string starting at" and gives the place apart: the line
    gives the place as line:col in front, and the words alone."""
    save = tmp_path / "s.arena.json"
    for text, line in (('{"seed": "abc', '1:10: JSON syntax error: Unterminated string'),
                       ('{"seed": "a\tb"}', '1:12: JSON syntax error: Invalid control character')):
        save.write_text(text, encoding="utf-8")
        code, err = run_cli(["resume", str(save)], capsys)
        assert (code, err) == (2, [f"arena-game: {save}:{line}"])
