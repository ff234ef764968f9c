"""Atomic file writes: a crash or a full disk never leaves half a file behind, and the
temporary file a hard kill leaves is removed by the next write (or start) in that folder.

`write_atomic` (text) and `write_atomic_bytes` (pictures, charts) write a temporary file
beside the target, flush it to the disk (`fsync`), then rename it over the target
(`os.replace`) and flush the folder, so the target is at every moment either the old file or
the new one, whole. The temporary file is made with the user's umask (not 0600), and a file
replaced keeps its permissions. A target that is a symbolic link is written through: the file
it points to is replaced, and the link stays a link.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

# The name of a file the game keeps in the user data folder (a rules file, a teams file), without
# its suffix: letters, digits, spaces, - and _, up to 40, starting with a letter, a digit or _;
# never one of the names Windows keeps for its devices (CON, NUL, COM1…: `CON.toml` is no file
# there), in any case. No separator, no dot: the name stays in its folder on every system.
FILE_NAME_PATTERN = r"^(?!(?:CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$)[\w][\w -]{0,39}$"
STALE_AFTER_S = 3600.0  # a temporary file this old is stale even if its writer still runs
_TMP_NAME = re.compile(r"^\.(?P<target>.+)\.(?P<pid>\d+)\.[^.]+\.tmp$")


def write_atomic(path: str | Path, text: str, keep_previous: str | Path | None = None) -> Path:
    """Write `text` (UTF-8) to `path` through a temporary file in the same folder and `os.replace`.

    With `keep_previous`, the file being replaced is kept there — made only once the new
    text is safely on disk, and `path` itself never goes missing: at every moment one
    complete file exists at each name. A text that cannot be written as UTF-8 raises
    before anything on disk is touched.
    """
    return write_atomic_bytes(path, text.encode("utf-8"), keep_previous)


def write_atomic_bytes(path: str | Path, data: bytes, keep_previous: str | Path | None = None) -> Path:
    """`write_atomic` for bytes (a picture, a chart). Returns `path`."""
    p = Path(path)
    target = _written_through(p)
    if target is p:
        p.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temporaries(target.parent, target.name)
    tmp = temporary_beside(target)
    try:
        write_flushed(tmp, data)
        _keep_mode(target, tmp)
        if keep_previous is not None and target.exists():
            _keep_copy(target, Path(keep_previous))
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    sync_folder(target.parent)
    return p


def _written_through(p: Path) -> Path:
    """The file a write to `p` replaces: `p`, or the file a symbolic link `p` points to (so the
    link is kept and what it points to is updated, rather than the link replaced by a file)."""
    try:
        if p.is_symlink():
            return Path(os.path.realpath(p))
    except OSError:
        pass
    return p


def same_file(a: Path, b: Path) -> bool:
    """`a` and `b` name one file (a disk that ignores case or accents: `Foo` and `foo`), so a
    write to one replaces the other; False when either cannot be looked at."""
    try:
        return a.samefile(b)
    except (OSError, ValueError):
        return False


def write_flushed(path: Path, data: bytes) -> None:
    """Write `data` to `path` and flush it to the disk (before it is given its name)."""
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def temporary_beside(target: Path) -> Path:
    """A new empty temporary file beside `target`, named after it and this process's id (so a
    killed writer's leftover is told from a live one's), made with the user's umask."""
    for _ in range(100):
        tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        return tmp
    raise FileExistsError(f"{target.parent}: no free temporary file name")  # pragma: no cover


def _keep_mode(target: Path, tmp: Path) -> None:
    """The permissions of the file being replaced, on its replacement (a file shared with a
    group stays shared); a new file keeps the umask's."""
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.chmod(tmp, mode)


def _keep_copy(target: Path, previous: Path) -> None:
    """Make `previous` the file now at `target`, atomically, leaving `target` in place: a hard
    link (no copy), or a copy where the file system has none (FAT, another disk)."""
    previous.parent.mkdir(parents=True, exist_ok=True)
    tmp = previous.parent / f".{previous.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        try:
            os.link(target, tmp)
        except OSError:
            shutil.copyfile(target, tmp)
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        os.replace(tmp, previous)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries to the disk, so a rename survives a power cut (POSIX; where a
    folder cannot be opened or flushed, as on Windows, the rename is all there is)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def staged_folder(out: str | Path) -> Iterator[Path]:
    """A hidden folder inside `out` to write a command's output files in (`simulate --out`,
    `sweep --out`); when the block ends without an error, each file is flushed to the disk and
    renamed into `out` (replacing a file of that name whole: never half a picture), else they
    are removed. A hard kill leaves the hidden folder, which the next output into `out` removes."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    _clean_stale_stages(folder)
    stage = folder / f".{_STAGE}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    stage.mkdir()
    try:
        yield stage
        for made in sorted(stage.iterdir()):
            with open(made, "rb+") as fh:
                os.fsync(fh.fileno())
            _keep_mode(folder / made.name, made)
            os.replace(made, folder / made.name)
        sync_folder(folder)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


_STAGE = "arena-output"


def _clean_stale_stages(folder: Path) -> None:
    """Remove the hidden folders of `staged_folder` left in `folder` by a writer that is gone."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        m = _TMP_NAME.match(entry.name)
        if m and m.group("target") == _STAGE and entry.is_dir(follow_symlinks=False) \
                and int(m.group("pid")) != os.getpid() and not _alive(int(m.group("pid"))):
            shutil.rmtree(entry.path, ignore_errors=True)


def clean_stale_temporaries(folder: str | Path, target: str | None = None) -> list[Path]:
    """Remove the temporary files of `write_atomic` (for `target`, or any file) left in
    `folder` by a writer that is gone (or older than an hour). Returns what was removed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        m = _TMP_NAME.match(entry.name)
        if not m or (target is not None and m.group("target") != target):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_S
        except OSError:
            continue
        pid = int(m.group("pid"))
        if pid != os.getpid() and (old or not _alive(pid)):
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True
