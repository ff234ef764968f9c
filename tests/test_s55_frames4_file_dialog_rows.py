"""Ctrl+O's list of saves is made four rows a frame (s55): six a frame took the frames of the
list to 10–12 ms at 1920×1080 with 40 saves; the rows shown are all made, in their order."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton

from arena_game.ui.screens.dialog import LoadDialogScreen
from tests.ui_driver import open_app, top, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _window(tmp_path, monkeypatch, size, lang):
    """The match window on a tiny match, its saves folder in `tmp_path`, its first frames made."""
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(ui_match("......\n......\n......", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (5, 2)}}),
                   size=size, lang=lang)
    for _ in range(3):
        app.step()
    return app


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "fr"), ((1280, 720), "en")])
def test_s55_the_file_dialogs_rows_are_made_four_a_frame(tmp_path, monkeypatch, size, lang):
    app = _window(tmp_path, monkeypatch, size, lang)
    made: list[str] = []
    real_init = UIButton.__init__

    def init(self, relative_rect, text, *a, **k):
        object_id = k.get("object_id")
        if getattr(object_id, "class_id", None) == "@selection_list_item":
            made.append(text)
        real_init(self, relative_rect, text, *a, **k)

    monkeypatch.setattr(UIButton, "__init__", init)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL, unicode="o", scancode=0))
    app.step()
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None and dialog.building
    for i in range(40):
        (dialog.folder / f"save_{i:02d}.json").write_text("{}", encoding="utf-8")
    per_frame: list[int] = []
    while dialog.building:
        made.clear()
        app.step()
        per_frame.append(len(made))
        order = list(made)
        assert order == sorted(order)
    listed = dialog.window.file_selection_list
    shown = [item for item in listed.item_list if item["button_element"] is not None]
    # the list shows 16 rows at either size: all made, four in each frame that made any
    assert [item["text"] for item in shown] == [f"save_{i:02d}.json" for i in range(len(shown))]
    assert len(shown) >= 12
    assert max(per_frame) == 4
    assert sum(per_frame) == len(shown)
    assert [n for n in per_frame if n] == [4] * (len(shown) // 4) + ([len(shown) % 4] if len(shown) % 4 else [])


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "en"), ((1280, 720), "fr")])
def test_s55_the_file_dialogs_buttons_and_its_entry_and_list_take_a_frame_each(tmp_path, monkeypatch, size, lang):
    """pygame_gui made the six buttons, the path entry and the list in one call (12–16 ms a
    frame at 1920×1080): the buttons now in one frame, the entry and list in the next."""
    from pygame_gui.elements import UISelectionList, UITextEntryLine

    app = _window(tmp_path, monkeypatch, size, lang)
    made: list[str] = []
    firsts = {"#cancel_button", "#ok_button", "#home_icon_button", "#delete_icon_button", "#parent_icon_button",
              "#refresh_icon_button"}
    seen: set[str] = set()

    def spy(cls, label):
        real = cls.__init__

        def init(self, *a, **k):
            name = label or k.get("object_id")
            if name and (label or (name in firsts and name not in seen)):
                seen.add(name)
                made.append(name)
            real(self, *a, **k)
        monkeypatch.setattr(cls, "__init__", init)

    spy(UIButton, None)
    spy(UITextEntryLine, "entry")
    spy(UISelectionList, "list")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_CTRL, unicode="o", scancode=0))
    frames: list[list[str]] = []
    made.clear()
    app.step()
    frames.append(list(made))
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None
    while dialog.building:
        made.clear()
        app.step()
        frames.append(list(made))
    with_parts = [f for f in frames if f]
    assert with_parts == [["#cancel_button", "#ok_button", "#home_icon_button", "#delete_icon_button",
                           "#parent_icon_button", "#refresh_icon_button"], ["entry", "list"]]
    assert frames.index(with_parts[1]) == frames.index(with_parts[0]) + 1
