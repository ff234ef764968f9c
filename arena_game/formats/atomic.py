"""Atomic file writes: a crash or a full disk never leaves half a file behind, and the
temporary file a hard kill leaves is removed by the next write (or start) in that folder."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

STALE_AFTER_S = 3600.0  # a temporary file this old is stale even if its writer still runs
_TMP_NAME = re.compile(r"^\.(?P<target>.+)\.(?P<pid>\d+)\.[^.]+\.tmp$")


def write_atomic(path: str | Path, text: str, keep_previous: str | Path | None = None) -> Path:
    """Write `text` to `path` through a temporary file in the same folder and `os.replace`.

    With `keep_previous`, the file being replaced is moved there first — only once the new
    text is safely on disk, so at every moment one complete file exists.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temporaries(p.parent, p.name)
    # The writer's pid in the name tells a killed writer's leftover from a live one's file.
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.{os.getpid()}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_previous is not None and p.exists():
            os.replace(p, keep_previous)
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p


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
        if not m or (target is not None and m.group("target") != target) or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(m.group("pid"))
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_S
        except OSError:
            continue
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
