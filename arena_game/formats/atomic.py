"""Atomic file writes: a crash or a full disk never leaves half a file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, text: str, keep_previous: str | Path | None = None) -> Path:
    """Write `text` to `path` through a temporary file in the same folder and `os.replace`.

    With `keep_previous`, the file being replaced is moved there first — only once the new
    text is safely on disk, so at every moment one complete file exists.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
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
