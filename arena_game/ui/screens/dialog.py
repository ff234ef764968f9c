"""Dialogs over another screen: pick a save file (Ctrl+O), a message about a refused file, a
question before a file is replaced (`ConfirmScreen`).

Each one wraps a pygame_gui window and leaves the stack when that window closes, whichever
way it closed (its own buttons, the title bar's ×, or a test killing it).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryLine, UIWindow
from pygame_gui.windows import UIFileDialog, UIMessageWindow

from arena_game.render.glyphs import drawable
from arena_game.render.text import font, ui_scale, wrap_words
from arena_game.ui import keys
from arena_game.ui.backdrop import Veil
from arena_game.ui.parted_window import PartedWindow
from arena_game.ui.screens.base import BuiltOverFrames
from arena_game.ui.strings import text
from arena_game.ui.words_box import WordsBox

if TYPE_CHECKING:
    from arena_game.ui.app import App


def window_shadow(manager: pygame_gui.UIManager, object_id: str) -> int:
    """How wide the shadow round a window of `object_id` is in the theme (pygame_gui draws it
    outside the window's rectangle, and keeps the two inside the screen): 0 when none."""
    try:
        return max(0, int(str(manager.get_theme().get_misc_data("shadow_width", [object_id, "window"]))))
    except (LookupError, ValueError):
        return 0


def warm_window_shadow(manager: pygame_gui.UIManager, rect: pygame.Rect, object_id: str) -> None:
    """Make now the shadow of a window `rect` will have (`object_id`'s in the theme), for a
    frame lighter than the window's own: pygame_gui makes one a size (2–5 ms) and keeps it."""
    width = window_shadow(manager, object_id)
    if width > 0:
        manager.get_shadow((rect.w + 2 * width, rect.h + 2 * width), shadow_width=width, corner_radius=[width] * 4)


class WindowScreen(BuiltOverFrames):
    """A screen that is one pygame_gui window: input goes to it; it closes with the window.

    `_build` makes the window hidden, a part a frame from the frame after `enter`, yielding
    False between parts and True once all are made; `update` then shows it (`BuiltOverFrames`).
    Till then only Esc counts (`building`). The screen under it is always drawn, dimmed by a
    `Veil` once the window shows: a modal window never seems to slice the text behind it."""

    opaque = False  # a window over the screen under it, built or not
    blank_while_building = True  # the window and its veil made hidden; `draw` paints nothing
    window: UIElement | None = None
    veil: Veil | None = None
    design: tuple[int, int] | None = None
    """The window's size at 720 px high (`Screen.centred`): a new window size puts it in the
    middle again at the size it would open at (`relayout`). None: it lays itself out again."""

    def handle(self, event: pygame.event.Event) -> None:
        if self.escaped(event) or self._building is not None:
            return
        self.widgets_see(event)

    def _shown_whole(self) -> None:
        if self.window is not None:
            self.put_veil()
            self.window.show()
            for under in self.app.stack[: self.app.stack.index(self)] if self in self.app.stack else []:
                under.veiled()
            self.shown()

    def put_veil(self) -> None:
        """The dark see-through layer over everything but this screen's window."""
        if self.window is None:
            return
        if self.veil is None or not self.veil.alive():
            self.veil = Veil(self.app.manager, self.window)
        else:
            self.veil.fit(self.app.screen.get_size())
        self.veil.show()

    def lift_veil(self) -> None:
        if self.veil is not None:
            self.veil.kill()
            self.veil = None

    def relayout(self, size: tuple[int, int]) -> None:
        """A new window size: the veil covers it all, and the window (of a `design` size) goes
        in its middle at the size it would open at now (what it shows kept: a folder browsed,
        a name typed), wholly inside however small the window was made."""
        if self.veil is not None and self.veil.alive():
            self.veil.fit(size)
        if self.design is not None and self.window is not None and self.window.alive():
            self.fit_window(self.centred(*self.design))

    def fit_window(self, rect: pygame.Rect) -> None:
        """Move and size the pygame_gui window to `rect` (its shadow drawn round it, as when made)."""
        assert self.window is not None
        shadow = int(getattr(self.window, "shadow_width", 0))
        self.window.set_dimensions((rect.w + 2 * shadow, rect.h + 2 * shadow))
        self.window.set_position((rect.x - shadow, rect.y - shadow))

    def made_again(self, size: tuple[int, int]) -> None:
        """`relayout` for a window whose words are laid out once made (a message, a question):
        made again, in this frame, as it would open at `size`; moved only while still building."""
        if self._building is not None or self.window is None or not self.window.alive():
            WindowScreen.relayout(self, size)
            return
        self.leave()
        self.window = None
        self._building = self._build()
        self.build_now()

    def shown(self) -> None:
        """The window was just shown whole (with all it holds: hide again what should not show)."""

    def escaped(self, event: pygame.event.Event) -> bool:
        """Esc closes the dialog (one step back: the screen under it); True when it did."""
        if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("dialog",)) == "back":
            self.close()
            return True
        return False

    def update(self, dt_ms: int) -> None:
        if self._building is not None:
            self._build_step()
            return
        if self.window is None or not self.window.alive():
            self.close()

    def leave(self) -> None:
        self._building = None
        self.lift_veil()
        if self.window is not None and self.window.alive():
            self.window.kill()


class FileDialog(PartedWindow, UIFileDialog):
    """pygame_gui's file dialog made in parts, a frame each: the window, its face and that face
    taken as its image (`PartedWindow`: in one frame, 8–19 ms at 1920×1080), then its buttons,
    path entry and list (`make_parts`), then these sized for the window (`size_parts`), then
    the folder listed in it (`list_files`). In one part it took 20–30 ms."""

    TOOLS = (("home_button", "file_home", "⌂"), ("delete_button", "file_delete", "⌧"),
             ("parent_directory_button", "file_parent", "↑"), ("refresh_button", "file_refresh", "⇪"))
    """The toolbar's buttons, their catalog words (`ui.<key>`, its tip `ui.<key>_tip`) and
    pygame_gui's symbols for them (its `#<…>_icon_button` themes draw those)."""

    GUI_KEYS = ("pygame-gui.Cancel", "pygame-gui.OK", "pygame-gui.Home_directory", "pygame-gui.Delete",
                "pygame-gui.Parent_directory", "pygame-gui.Refresh_directory")
    """pygame_gui's words for Cancel, OK and the toolbar's tips, as its own dialog has them (its
    catalogs translate them; `size_parts` puts the game's words on the toolbar)."""

    def __init__(self, *args: Any, scale: float = 1.0, lang: str = "en", **kwargs: Any) -> None:
        self._listed = self._parts_made = False
        self.scale = scale  # as the window's text grows (`ui_scale`): its buttons grow with it
        self.lang = lang
        super().__init__(*args, **kwargs)

    def _setup_ui_elements(self) -> None:
        pass  # pygame_gui's own, from its `__init__`: made a frame a part by `make_parts`

    def size_parts(self) -> None:
        """The parts pygame_gui makes at fixed pixel sizes (20 px icon buttons, 30 px OK and
        Cancel as narrow as their words) sized as the rest of the window grows: the toolbar's
        buttons `scale` × 26 px high, each with its word from the catalog and a tip saying more
        (its symbols alone told a new player nothing, s53; the symbols, each a square, come
        back only where the words do not fit in a row), OK and Cancel `scale` × 32 px high and
        at least 96 px wide, the path and the list under the toolbar, the list down to the buttons."""
        k = self.scale
        pad, gap, icon, row = round(10 * k), round(4 * k), round(26 * k), round(32 * k)
        top_left: dict[str, str | IUIElementInterface] = {"left": "left", "right": "left", "top": "top", "bottom": "top"}
        inner_w, inner_h = (int(n) for n in self.get_container().get_size())
        face = self.ui_manager.get_theme().get_font(["button"])
        labels = [text(key, self.lang) for _name, key, _symbol in self.TOOLS]
        widths = [max(icon, face.size(label)[0] + round(16 * k)) for label in labels]
        labelled = sum(widths) + gap * (len(widths) - 1) <= inner_w - 2 * pad
        x = pad
        for (name, key, symbol), label, w in zip(self.TOOLS, labels, widths, strict=True):
            w = w if labelled else icon
            self._remake(name, pygame.Rect(x, pad, w, icon), top_left, label if labelled else symbol,
                         text(f"{key}_tip", self.lang), labelled)
            x += w + gap
        entry_y = pad + icon + 2 * gap
        self.file_path_text_line.set_relative_position((pad, entry_y))
        self.file_path_text_line.set_dimensions((inner_w - 2 * pad, self.file_path_text_line.rect.h))
        list_y = entry_y + self.file_path_text_line.rect.h + 2 * gap
        buttons_y = inner_h - pad - row
        self.file_selection_list.set_relative_position((pad, list_y))
        self.file_selection_list.set_dimensions((inner_w - 2 * pad, buttons_y - pad - list_y))
        bottom_right: dict[str, str | IUIElementInterface] = {"left": "right", "right": "right", "top": "bottom",
                                                               "bottom": "bottom"}
        x = inner_w - pad
        for name in ("cancel_button", "ok_button"):
            old: UIButton = getattr(self, name)
            w = max(round(96 * k), face.size(translate(old.text))[0] + round(32 * k))
            x -= w
            self._remake(name, pygame.Rect(x - inner_w, buttons_y - inner_h, w, row), bottom_right)
            x -= round(8 * k)

    def _remake(self, name: str, rect: pygame.Rect, anchors: dict[str, str | IUIElementInterface],
                words: str | None = None, tip: str | None = None, labelled: bool = False) -> None:
        """pygame_gui's button `name` made again at `rect` (its words and tip, or `words` and
        `tip`; its state kept; its theme, or with `labelled` the window's plain button theme):
        a button sized after it is made keeps its words where they were, small, in a corner."""
        old: UIButton = getattr(self, name)
        # labelled, not pygame_gui's icon button theme: its monospaced font, for the symbols,
        # cut the words short
        theme = old.object_ids[-1]
        if name in {tool for tool, _key, _symbol in self.TOOLS}:
            theme = "#file_tool" if labelled else f"#{name.split('_')[0]}_icon_button"
        made = UIButton(rect, old.text if words is None else words, self.ui_manager, container=self,
                        tool_tip_text=old.tool_tip_text if tip is None else html.escape(tip, quote=False),
                        object_id=theme, anchors=anchors)
        if not old.is_enabled:
            made.disable()
        old.kill()
        setattr(self, name, made)

    @property
    def parts_made(self) -> bool:
        """Whether `make_parts` has run (the buttons, path entry and list exist)."""
        return self._parts_made

    def make_parts(self) -> Iterator[bool]:
        """The dialog's buttons, then (a frame later, yielding False between) its path entry and
        (empty) list, as pygame_gui's `_setup_ui_elements` makes them: in one frame 12–16 ms at
        1920×1080, with pygame_gui's update of the new buttons."""
        cancel, ok, *tips = self.GUI_KEYS
        corner: dict[str, Any] = {"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}
        self.cancel_button = UIButton(pygame.Rect(-10, -40, -1, 30), cancel, self.ui_manager,
                                      container=self, object_id="#cancel_button", anchors=corner)
        self.ok_button = UIButton(pygame.Rect(-10, -40, -1, 30), ok, self.ui_manager, container=self,
                                  object_id="#ok_button", anchors={**corner, "right_target": self.cancel_button})
        if self.current_file_path is not None and not self._validate_file_path(self.current_file_path):
            self.ok_button.disable()
        for x, (name, _key, symbol), tip in zip((10, 32, 54, 76), self.TOOLS, tips, strict=True):
            setattr(self, name, UIButton(pygame.Rect(x, 10, 20, 20), symbol, self.ui_manager, container=self,
                                         tool_tip_text=tip, object_id=f"#{name.split('_')[0]}_icon_button",
                                         anchors={"left": "left", "right": "left", "top": "top", "bottom": "top"}))
        if self.current_file_path is None or not self._validate_path_exists_and_of_allowed_type(
                self.current_file_path, allow_directories=False):
            self.delete_button.disable()
        yield False
        inner_w, inner_h = self.get_container().get_size()
        self.file_path_text_line = UITextEntryLine(
            pygame.Rect(10, 40, inner_w - 20, -1), self.ui_manager, container=self, object_id="#file_path_text_line",
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "top"})
        if self.current_file_path is not None:
            self.file_path_text_line.set_text(str(self.current_file_path))
            self._highlight_file_name_for_editing()
        else:
            self.file_path_text_line.set_text(str(self.current_directory_path))
        self.file_selection_list = UISelectionList(
            pygame.Rect(10, 80, inner_w - 20, inner_h - 130), item_list=self.current_file_list,
            manager=self.ui_manager, container=self, object_id="#file_display_list",
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "bottom"})
        self._parts_made = True  # `size_parts` may size them now

    def update_current_file_list(self, should_try_again: bool = True) -> None:
        if self._listed:  # pygame_gui's listing, once `list_files` has run
            super().update_current_file_list(should_try_again)

    def list_files(self) -> Iterator[bool]:
        """List the folder in the dialog's list, its rows made `ROWS_A_FRAME` a frame (yielding
        False between them): pygame_gui makes every row shown at once, ~1 ms each."""
        self._listed = True
        self.update_current_file_list()
        rows = self.file_selection_list
        box = rows.item_list_container
        if box is None:
            rows.set_item_list(self.current_file_list)
            return
        full = box.relative_rect.height
        # the rows' box as wide as it will be (beside a scroll bar if the list needs one): made
        # narrower inside `set_item_list`, it would get its full height back
        outer = rows.list_and_scroll_bar_container
        if outer is not None:
            bar = rows.scroll_bar_width if len(self.current_file_list) * rows.list_item_height > outer.relative_rect.height else 0
            if box.relative_rect.width != outer.relative_rect.width - bar:
                box.set_dimensions((outer.relative_rect.width - bar, full))
        box.relative_rect.height = ROWS_A_FRAME * rows.list_item_height - 1  # pygame_gui makes the rows it shows
        try:
            rows.set_item_list(self.current_file_list)
        finally:
            box.relative_rect.height = full
        y = ROWS_A_FRAME * rows.list_item_height
        for item in rows.item_list[ROWS_A_FRAME:]:
            if y > full:
                break
            if (y // rows.list_item_height) % ROWS_A_FRAME == 0:
                yield False
            # as pygame_gui's list makes a row (UISelectionList.set_item_list)
            item["button_element"] = UIButton(
                pygame.Rect(0, y, box.relative_rect.width, rows.list_item_height), item["text"], self.ui_manager,
                parent_element=rows, container=box,
                object_id=ObjectID(object_id=item["object_id"], class_id="@selection_list_item"),
                allow_double_clicks=rows.allow_double_clicks,
                anchors={"left": "left", "right": "right", "top": "top", "bottom": "top"})
            rows.join_focus_sets(item["button_element"])
            y += rows.list_item_height


ROWS_A_FRAME = 4  # 6 a frame took the frames of the list to 10–12 ms at 1920×1080 (s55)


class LoadDialogScreen(WindowScreen):
    """Ctrl+O: pick a save file in `folder`; `on_pick(path)` is called with the file picked
    (also the roster editor's Import… and, with `must_exist=False`, Export…). The dialog is
    made a part a frame from the one after the key (`FileDialog`), hidden till whole."""

    design = (640, 480)

    def __init__(self, app: App, folder: Path, on_pick: Callable[[str], object], must_exist: bool = True,
                 title: str = "") -> None:
        super().__init__(app)
        self.folder = folder
        self.on_pick = on_pick
        self.must_exist = must_exist  # False: a new file's name may be typed (Export…)
        self.title = title or text("load_title", self.lang)
        self.waited = False  # the window is gone: one frame more for its picked path

    def enter(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:  # a file where the folder should be, a read-only disk: browse from above it
            self.folder = next((p for p in self.folder.parents if p.is_dir()), Path.cwd())
        super().enter()

    def _build(self) -> Iterator[bool]:
        yield False
        dialog = FileDialog(self.centred(*self.design), self.app.manager, window_title=self.title,
                            initial_file_path=str(self.folder), allow_existing_files_only=self.must_exist, visible=0,
                            scale=ui_scale(self.app.screen.get_size()), lang=self.lang)
        self.window = dialog
        yield False
        dialog.draw_face()
        yield False
        dialog.take_face()
        yield False
        yield from dialog.make_parts()
        yield False
        dialog.size_parts()  # a frame of its own: made with the parts, it took the frame to 16 ms
        yield False
        yield from dialog.list_files()
        # the last rows, the veil and the showing each in a frame of their own: the three in one
        # took the frame of the dialog's showing to 20–36 ms at 1920×1080 (s54)
        yield False
        self.put_veil()  # painted now, hidden till the window shows
        assert self.veil is not None
        self.veil.hide()
        yield False
        yield True

    def relayout(self, size: tuple[int, int]) -> None:
        """`WindowScreen.relayout`, then the dialog's buttons sized for the new window, as a
        dialog opened at that size has them."""
        super().relayout(size)
        if isinstance(self.window, FileDialog) and self.window.alive():
            self.window.scale = ui_scale(size)
            if self.window.parts_made:
                self.window.size_parts()

    def handle(self, event: pygame.event.Event) -> None:
        if self.escaped(event) or self._building is not None:
            return
        self.widgets_see(event)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.window:
            self.close()
            self.on_pick(event.text)

    def update(self, dt_ms: int) -> None:
        if self._building is not None:
            super().update(dt_ms)
            return
        # the dialog posts the picked path and closes in one go: the event comes next frame,
        # so the screen stays one frame after its window to receive it
        if self.window is not None and not self.window.alive():
            self.lift_veil()  # the window is gone: the screen under it shows again at once
            if self.waited:
                self.close()
            self.waited = True


class PartedMessageWindow(UIMessageWindow):
    """pygame_gui's message window made in two parts, a frame each: the window, then its
    Close button and text box (`make_parts`, as pygame_gui's own `__init__` makes them).
    In one part, with the veil, it took a frame to 18–20 ms at 1920×1080."""

    def __init__(self, rect: pygame.Rect, html_message: str, manager: pygame_gui.UIManager, *,
                 window_title: str, close_words: str, scale: float = 1.0, visible: int = 1) -> None:
        # pygame_gui's `UIMessageWindow.__init__` without its parts: the window alone
        UIWindow.__init__(self, rect, manager, window_display_title=window_title, element_id=["message_window"],
                          object_id=ObjectID("#message_window", None), resizable=True, visible=visible)
        self.set_minimum_dimensions((250, 160))
        self.html_message = html_message
        self.close_words = close_words  # the button's words, from the catalog (pygame_gui's own said
        # "Dismiss" with an English tool tip in a French window)
        self.scale = scale  # as the window's text grows (`ui_scale`): the button grows with it
        self.dismiss_button: UIButton | None = None
        self.text_block: UITextBox | None = None

    def make_parts(self) -> None:
        """The Close button at the bottom right and the message's text box above it."""
        spacing, button_h = round(10 * self.scale), round(28 * self.scale)
        words = self.ui_manager.get_theme().get_font(["button"]).size(self.close_words)[0]
        button_rect = pygame.Rect((0, 0), (max(round(80 * self.scale), words + round(28 * self.scale)), button_h))
        button_rect.bottomright = (-spacing, -spacing)
        corner: dict[str, str | IUIElementInterface] = {"left": "right", "top": "bottom", "right": "right",
                                                         "bottom": "bottom"}
        self.dismiss_button = UIButton(button_rect, self.close_words, self.ui_manager, container=self,
                                       object_id="#dismiss_button", anchors=corner)
        inner_w, inner_h = self.get_container().get_size()
        whole: dict[str, str | IUIElementInterface] = {"left": "left", "top": "top", "right": "right",
                                                        "bottom": "bottom"}
        self.text_block = WordsBox(self.html_message, pygame.Rect(0, 0, inner_w, inner_h - 2 * spacing - button_h),
                                    manager=self.ui_manager, container=self, anchors=whole)


class MessageScreen(WindowScreen):
    """A message window (a refused file): Close or × closes it; the screen under it waits.

    Made a part a frame from the one after the frame that refused the file: the window, its
    button and words (`PartedMessageWindow`), the veil; then shown, veil and window."""

    design = (560, 220)

    def __init__(self, app: App, line: str) -> None:
        super().__init__(app)
        self.line = line

    def _build(self) -> Iterator[bool]:
        title = text("file_problem", self.lang, problem="")[:-2]
        message = drawable(self.line).replace("&", "&amp;").replace("<", "&lt;")
        window = PartedMessageWindow(self.centred(*self.design), message, self.app.manager, window_title=title,
                                     close_words=text("message_close", self.lang),
                                     scale=ui_scale(self.app.screen.get_size()), visible=0)
        self.window = window
        yield False
        window.make_parts()
        yield False
        self.put_veil()  # painted in a frame of its own, hidden till the window shows
        assert self.veil is not None
        self.veil.hide()
        yield False
        yield True

    def relayout(self, size: tuple[int, int]) -> None:
        """A new window size: the message made again in its middle, as it would open now (its
        text box keeps the font it was laid out with: moved, its words kept the old size)."""
        self.made_again(size)


class ConfirmScreen(WindowScreen):
    """A question with two answers, asked before something is lost (a file that would be
    replaced): `on_yes()` once its first button (Replace) is pressed; its second (Cancel), Esc
    or the title bar's × close it and change nothing. The screen under it waits, dimmed.

    Its words come from the caller, in the window's language: the title, the question (a file's
    name or path in it: it wraps, and scrolls in its box if it is very long) and the two
    buttons; the buttons stand at the bottom right, as wide as their words."""

    design = (560, 220)

    def __init__(self, app: App, question: str, on_yes: Callable[[], object], title: str = "", yes: str = "",
                 no: str = "") -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.title = title or text("replace_title", self.lang)
        self.yes_words = yes or text("replace_yes", self.lang)
        self.no_words = no or text("replace_no", self.lang)
        self.yes: UIButton | None = None
        self.no: UIButton | None = None
        self.box: UITextBox | None = None
        self.answered = False  # Replace was pressed (tests read it)

    def _build(self) -> Iterator[bool]:
        """The window from the frame after `enter`: as wide as `design` allows, as high as its
        question needs (up to `design`'s height; a longer one scrolls in its box)."""
        yield False
        m = self.app.manager
        rect = self.centred(*self.design)
        window = UIWindow(rect, m, window_display_title=drawable(self.title), object_id=ObjectID("#confirm_window"),
                          visible=0)
        self.window = window
        k = ui_scale(self.app.screen.get_size())  # as `centred` grows the window
        inner_w, inner_h = (int(n) for n in window.get_container().get_size())
        pad, gap, row = round(12 * k), round(8 * k), round(32 * k)
        # the question's lines in the text box's font (13 px at 720 px high), its padding and
        # border; a line more than they seem to take (a long path may break elsewhere)
        said = drawable(self.question)
        lines = len(wrap_words(said, font(round(13 * k)), inner_w - 2 * pad - round(16 * k))) + 1
        text_h = round(font(round(13 * k)).get_linesize() * 1.25 * lines) + round(10 * k)
        want = pad + text_h + gap + row + pad
        if want < inner_h:  # a window as high as its words: the same middle
            low = pygame.Rect(rect.x, 0, rect.w, rect.h - (inner_h - want))
            low.centery = rect.centery
            self.fit_window(low)
            inner_w, inner_h = (int(n) for n in window.get_container().get_size())
        words = m.get_theme().get_font(["button"])
        no_w = words.size(self.no_words)[0] + round(32 * k)
        yes_w = words.size(self.yes_words)[0] + round(32 * k)
        y = inner_h - pad - row
        self.no = UIButton(pygame.Rect(inner_w - pad - no_w, y, no_w, row), self.no_words, m, container=window)
        self.yes = UIButton(pygame.Rect(inner_w - pad - no_w - gap - yes_w, y, yes_w, row), self.yes_words, m,
                            container=window)
        self.box = WordsBox(html.escape(said, quote=False), pygame.Rect(pad, pad, inner_w - 2 * pad, y - gap - pad), m,
                             container=window)
        yield True

    def handle(self, event: pygame.event.Event) -> None:
        if self.escaped(event) or self._building is not None:
            return
        if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("question",)) == "confirm":
            self.replace()  # Enter: the answer named on the first button, for a player without a mouse
            return
        self.widgets_see(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.yes:
                self.replace()
            elif event.ui_element is self.no:
                self.close()

    def replace(self) -> None:
        """The first answer (Replace): close, then do what was asked."""
        self.answered = True
        self.close()
        self.on_yes()

    def relayout(self, size: tuple[int, int]) -> None:
        """A new window size: the question made again in its middle, as it would open now (its
        words at the new size, as `MessageScreen` does)."""
        self.made_again(size)
