"""The roster editor's files (issue 18), without the window: the shipped teams files
(read-only) then the player's (`teams/` in the user data folder), the one open as a
`RosterDraft`, its writes (shortly after each accepted change, atomically; a rename removes the
old file once the new one is written) and a status line in the window's language."""

from __future__ import annotations

import contextlib
from pathlib import Path

from arena_game.formats.atomic import same_file
from arena_game.formats.problems import FileProblem, unwritable
from arena_game.formats.roster import (
    Fault,
    RosterDraft,
    export_roster,
    import_roster,
    roster_dir,
    roster_files,
    valid_file_name,
)
from arena_game.i18n import t
from arena_game.resources import data_dir, default_teams_path, exists

SAVE_AFTER_MS = 400  # an accepted change is written this long after the last key (not one write per key)


def shipped_team_files() -> list[Path]:
    """The teams files shipped with the game (read-only here), the default pair first."""
    folder = data_dir() / "teams"
    files = sorted(p for p in folder.glob("*.toml") if p.is_file()) if folder.is_dir() else []
    return [default_teams_path(), *[f for f in files if f != default_teams_path()]]


class RosterShelf:
    """The teams files and the one open: `files[index]`, edited as `draft`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.status: tuple[str, bool] = ("", False)  # (text, is a fault)
        self.pending_ms: int | None = None  # time since an accepted change not yet written
        self.files: list[Path] = []
        self.index = 0
        self.draft = RosterDraft("", [])
        self.read_only = True
        self.saved_name: str | None = None  # the file's name on disk (a rename removes it)
        self.refresh_files()
        self.open(len(self.files) - 1)  # the player's last file, else the shipped pair

    def refresh_files(self) -> None:
        """The shipped files, then the player's."""
        self.files = [*shipped_team_files(), *roster_files()]

    def names(self) -> list[str]:
        """The file list's entries: a shipped file marked read-only."""
        shipped = len(shipped_team_files())
        return [t("roster.shipped", self.lang, name=p.stem) if i < shipped else p.stem for i, p in enumerate(self.files)]

    def open(self, index: int) -> bool:
        """Open a teams file (a bad one is named in the status line and left alone)."""
        self.flush()
        index = max(0, min(index, len(self.files) - 1))
        path = self.files[index]
        try:
            draft = RosterDraft.from_file(path)
        except FileProblem as e:
            self.status = (e.one_line(), True)
            return False
        self.index, self.draft = index, draft
        self.read_only = not path.resolve().is_relative_to(roster_dir().resolve())
        self.saved_name = None if self.read_only else path.stem
        self.status = (t("roster.read_only", self.lang), False) if self.read_only else ("", False)
        return True

    @property
    def path(self) -> Path | None:
        """The player's file open, None for a shipped one."""
        return None if self.read_only else self.files[self.index]

    def changed(self) -> None:
        """An accepted change: written once the typing pauses (`tick`)."""
        if not self.read_only:
            self.pending_ms = 0

    def tick(self, dt_ms: int) -> bool:
        """Time passes; True when a pending change was just written (or refused)."""
        if self.pending_ms is None:
            return False
        self.pending_ms += dt_ms
        if self.pending_ms < SAVE_AFTER_MS:
            return False
        self.flush()
        return True

    def flush(self) -> None:
        """Write the pending change now (leaving, or switching file)."""
        if self.pending_ms is not None:
            self.pending_ms = None
            self.save()

    def save(self) -> bool:
        """Write the draft atomically; what keeps it from being written goes in the status line."""
        if self.read_only:
            return False
        problems = self.draft.problems()
        if not problems and self._takes_anothers_name():
            problems = [Fault("fault_file_name")]
        if problems:
            self.status = (t("roster.unsaved", self.lang, fault=problems[0].text(self.lang)), True)
            return False
        target = roster_dir() / f"{self.draft.name}.toml"
        try:
            path = self.draft.save()
        except OSError as e:  # a full disk, a read-only folder, `teams` a file: said, the old file kept
            self.status = (t("roster.unsaved", self.lang, fault=unwritable(target, e).in_language(self.lang)), True)
            return False
        if self.saved_name and self.saved_name != self.draft.name:
            old = roster_dir() / f"{self.saved_name}.toml"
            if not same_file(old, path):  # a rename in case only, on a disk that ignores case: one file
                with contextlib.suppress(OSError):  # the new file is written; the old one stays as it was
                    old.unlink(missing_ok=True)
        self.saved_name = self.draft.name
        self.status = (t("roster.saved", self.lang, path=str(path)), False)
        self.refresh_files()
        self.index = next((i for i, p in enumerate(self.files) if p == path), self.index)
        return True

    def _takes_anothers_name(self) -> bool:
        """The draft is named as another file of the player's (a rename onto it, or a file made
        meanwhile by another game window): saving would replace that file."""
        target = roster_dir() / f"{self.draft.name}.toml"
        if not exists(target):
            return False
        if self.saved_name is None:
            return True
        return not same_file(target, roster_dir() / f"{self.saved_name}.toml")

    def new_file(self, draft: RosterDraft) -> bool:
        """Write a new or copied draft under a free name and open it."""
        taken = {p.stem for p in roster_files()}
        base = draft.name if valid_file_name(draft.name) else t("roster.new_file", self.lang)
        name, n = base, 2
        while name in taken:
            name, n = f"{base[:36]}-{n}", n + 1
        self.flush()
        draft.name = name
        self.read_only, self.saved_name, self.draft = False, None, draft
        if not self.save():
            return False
        status = self.status
        self.open(self.index)
        self.status = status
        return True

    def duplicate(self) -> bool:
        """A copy of the file open (a shipped one included) as a new file of the player's."""
        return self.new_file(self.draft.copy(self.draft.name if self.saved_name else t("roster.new_file", self.lang)))

    def delete(self) -> None:
        """Remove the player's file open; the one before it is opened."""
        if self.read_only or self.saved_name is None:
            return
        name = self.saved_name
        path = roster_dir() / f"{name}.toml"
        try:
            path.unlink(missing_ok=True)
        except OSError as e:
            self.status = (unwritable(path, e).in_language(self.lang), True)
            return
        self.pending_ms = None
        self.refresh_files()
        self.open(self.index - 1)
        self.status = (t("roster.deleted", self.lang, name=name), False)

    def import_file(self, source: str | Path) -> bool:
        """Import a teams file (checked first; a bad file is named in the status line)."""
        try:
            path = import_roster(source)
        except FileProblem as e:
            self.status = (e.one_line(), True)
            return False
        except OSError as e:  # the teams folder cannot take it
            self.status = (unwritable(roster_dir(), e).in_language(self.lang), True)
            return False
        self.refresh_files()
        self.open(self.files.index(path))
        self.status = (t("roster.imported", self.lang, path=str(path)), False)
        return True

    def export_replaces(self, target: str | Path) -> Path | None:
        """The file an export to `target` would replace (the window asks before): None when
        there is none, or it is the file open itself (written there anyway as it is edited)."""
        out = export_path(target)
        try:
            if not out.is_file():
                return None
        except OSError:  # cannot be looked at: the export says why
            return None
        mine = self.path
        return None if mine is not None and same_file(out, mine) else out

    def export_file(self, target: str | Path) -> bool:
        """Export the file open to any path (`.toml` added when missing), replacing a file
        there (ask first: `export_replaces`)."""
        out = export_path(target)
        try:
            path = export_roster(self.draft, out)
        except OSError as e:
            self.status = (unwritable(out, e).in_language(self.lang), True)
            return False
        except ValueError as e:
            problems = self.draft.problems()
            self.status = (problems[0].text(self.lang) if problems else str(e), True)
            return False
        self.status = (t("roster.exported", self.lang, path=str(path)), False)
        return True


def export_path(target: str | Path) -> Path:
    """The file an export to `target` writes: `.toml` added when missing."""
    target = str(target)
    return Path(target if target.endswith(".toml") else f"{target}.toml")


