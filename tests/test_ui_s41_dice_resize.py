"""The dice-at-the-table dialog follows the window: resized while it is open (1280×720 to
1920×1080, then down to the smallest window), it is laid out again in the middle of the
window (of what is above the status line under the board, when it fits there), wholly
inside it, its lines and widgets inside its own frame, and keeps what the player did in it
(the fault said, the face typed)."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.app import MIN_SIZE
from arena_game.ui.screens.dialog import window_shadow
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from tests.ui_driver import top
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _parts(dialog: FaceDialogScreen) -> list[tuple[str, pygame.Rect]]:
    return [("text", dialog.text.rect), ("prompt", dialog.prompt.rect), ("entry", dialog.entry.rect),
            ("ok", dialog.ok.rect), ("error", dialog.error.rect), ("cancel", dialog.cancel.rect),
            *(("face", b.rect) for b in dialog.face_buttons)]


def _text_rows(dialog: FaceDialogScreen) -> list[str]:
    layout = dialog.text.text_box_layout
    return ["".join(getattr(chunk, "text", "") for chunk in row.items) for row in layout.layout_rows]


def _check_fits(app, dialog: FaceDialogScreen, scrolls: bool = False) -> None:
    screen = app.screen.get_rect()
    window = dialog.window.rect  # pygame_gui's: the window with its shadow round it
    assert screen.contains(window), (screen, window)
    floor = dialog.status_top()  # above the status line under the board when it fits there (s47 review 3, item 6)
    middle = floor // 2 if floor is not None and window.h + 2 * window_shadow(app.manager, "#dice_dialog") <= floor \
        else screen.centery
    assert abs(window.centerx - screen.centerx) <= 1 and abs(window.centery - middle) <= 1, (screen, window)
    box = dialog.window.get_container().get_rect()
    assert [(name, r) for name, r in _parts(dialog) if not box.contains(r)] == []
    faces = sorted(dialog.face_buttons.items(), key=lambda kv: kv[1])
    assert len(faces) == dialog.need.sides
    assert all(a.rect.right <= b.rect.left for (a, _), (b, _) in zip(faces, faces[1:], strict=False)
               if a.rect.top == b.rect.top)  # ten a row, side by side, none over another
    assert dialog.veil is not None and dialog.veil.visible and dialog.veil.rect.size == screen.size
    if not scrolls:  # every line of the roll shows whole, one row each, none cut at the box's edge
        assert dialog.text.scroll_bar is None
        rows = _text_rows(dialog)
        assert len(rows) == dialog.text.html_text.count("<br>") + 1, rows
        assert all(row.strip() for row in rows), rows


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_dice_dialog_is_laid_out_again_when_the_window_is_resized(lang):
    app = scene_window("dice-at-table", lang, (1280, 720))
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None and not dialog.building
    fault = dialog.error.text
    assert fault  # the scene's face the die cannot show, refused in place
    _check_fits(app, dialog)
    first = dialog.window.rect.copy()
    for size in [(1920, 1080), MIN_SIZE, (1024, 600), (1280, 720)]:
        app.resize(size)
        app.run(frames=2)
        again = top(app, FaceDialogScreen)
        assert again is dialog and not dialog.building and dialog.window.alive()
        assert app.screen.get_size() == size
        _check_fits(app, dialog)
        assert dialog.error.text == fault  # what it said is still said
    assert dialog.window.rect == first  # back at 1280×720: as it first was
    # still answers: a face given after the resizes plays the run
    dialog.entry.set_text("12")
    dialog.take_typed()
    app.run(frames=2)
    assert top(app, FaceDialogScreen) is None


def test_a_dialog_opened_in_a_large_window_still_fits_the_smallest_one():
    """A window opened at 1920×1080 keeps its 1.5× fonts when made small: the dialog then uses
    narrower faces, and its text scrolls in its box rather than push Cancel off the screen."""
    app = scene_window("dice-at-table", "en", (1920, 1080))
    dialog = top(app, FaceDialogScreen)
    _check_fits(app, dialog)
    app.resize(MIN_SIZE)
    app.run(frames=2)
    dialog = top(app, FaceDialogScreen)
    _check_fits(app, dialog, scrolls=True)
    assert dialog.cancel.rect.bottom <= app.screen.get_rect().bottom
    app.resize((1920, 1080))
    app.run(frames=2)
    _check_fits(app, top(app, FaceDialogScreen))


def test_the_face_typed_is_kept_across_a_resize():
    app = scene_window("dice-at-table", "fr", (1280, 720))
    dialog = top(app, FaceDialogScreen)
    dialog.entry.set_text("7")
    app.resize((1600, 900))
    app.run(frames=1)
    assert top(app, FaceDialogScreen) is dialog and dialog.entry.get_text() == "7"
    _check_fits(app, dialog)
