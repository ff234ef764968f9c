"""S54, task 1a: `play --watch` says a reload's fault in the window's language. A reload that hit
an OSError, a byte that is not UTF-8 or a parser's own ValueError (a file caught half-written)
showed the exception's English words (`f"{path}: {e}"`); now one line, the file and the fault,
from the catalog as the loader's other faults."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena_game.design.hotreload import MapWatcher

MAP = 'name = "watched"\ngrid = """\n1..2\n....\n"""\n'


def _watched(tmp_path: Path, error: BaseException, lang: str) -> tuple[Path, MapWatcher]:
    path = tmp_path / "m.toml"
    path.write_text(MAP, encoding="utf-8")

    def loader(p, limits):
        raise error

    watcher = MapWatcher(path, loader=loader, lang=lang)
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # the editor saved it
    return path, watcher


@pytest.mark.parametrize(("error", "lang", "fault"), [
    (PermissionError(13, "Permission denied"), "fr", "ne peut pas être lu (accès refusé)"),
    (PermissionError(13, "Permission denied"), "en", "cannot be read (Permission denied)"),
    (OSError(5, "Input/output error"), "fr", "ne peut pas être lu (erreur de lecture du disque)"),
    (UnicodeDecodeError("utf-8", b"ab\xff", 2, 3, "invalid start byte"), "fr",
     "n'est pas du texte UTF-8 (octet 2)"),
    (ValueError("Expecting value: line 1 column 9 (char 8)"), "fr",
     "n'a pas pu être lu en entier (pris pendant que l'éditeur l'enregistrait ?) : il sera rechargé au prochain "
     "enregistrement"),
    (ValueError("Expecting value: line 1 column 9 (char 8)"), "en",
     "could not be read whole (caught while the editor was saving it?): it reloads when saved again"),
])
def test_s54_a_reload_fault_is_said_in_the_window_language(tmp_path, error, lang, fault):
    path, watcher = _watched(tmp_path, error, lang)
    got = watcher.poll()
    assert got is not None and got.board is None
    assert got.error == f"{path}{' : ' if lang == 'fr' else ': '}{fault}"  # French: a space before the colon
