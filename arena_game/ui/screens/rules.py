"""The rules screen (F1, the "?" button, a rule number clicked): the rules reference in the
window's language, one family at a time (R0–R13), the asked rule highlighted, and a page of
every key (from the key table, `arena_game.ui.keys`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from arena_game.i18n import t
from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.parted_window import PartedWindow
from arena_game.ui.rules_text import (
    HIGHLIGHT,
    LINK_PREFIX,
    contents_html,
    family,
    rules_sections,
    section_pieces,
)
from arena_game.ui.screens.dialog import WindowScreen, warm_window_shadow
from arena_game.ui.strings import text
from arena_game.ui.text_column import TextColumn
from arena_game.ui.words_box import WordsBox

if TYPE_CHECKING:
    from arena_game.ui.app import App


class RulesScreen(WindowScreen):
    """The rules reference over the screen under it; Esc, F1 or the window's × closes it."""

    def __init__(self, app: App, rule: str | None = None) -> None:
        super().__init__(app)
        self.sections = {**rules_sections(self.lang), KEYS_PAGE: keys.help_markdown(self.lang)}
        self.rule = rule
        self.current = family(rule) if rule and family(rule) in self.sections else "intro"
        self.window: PartedWindow | None = None
        self.contents: UITextBox | None = None
        self.column: TextColumn | None = None  # the section shown
        self._next: TextColumn | None = None  # another section, made hidden while this one shows
        self._turning: Iterator[bool] | None = None

    def _build(self) -> Iterator[bool]:
        """The window, its contents row, then the section a piece a frame, from the frame after
        `enter` (in one frame, one text box for the whole section took 40–80 ms)."""
        yield False  # from the frame after the key's (that one has the board to draw afresh)
        rect = self.centred(900, 680)
        warm_window_shadow(self.app.manager, rect, "#rules_window")
        yield False
        self.window = PartedWindow(rect, self.app.manager, window_display_title=text("rules_title", self.lang),
                                   object_id=ObjectID("#rules_window"), visible=0)
        yield False
        self.window.draw_face()  # a frame each: with the rest of the window, 12–20 ms at 1920×1080
        yield False
        self.window.take_face()
        yield False
        inner = self.window.get_container().get_size()
        self.top = round(44 * ui_scale(self.app.screen.get_size()))  # the contents row, as tall as its text
        self.contents = WordsBox(self._contents_html(self.current), pygame.Rect(0, 0, inner[0], self.top),
                                  self.app.manager, container=self.window, object_id=ObjectID("#rules_contents"))
        yield False
        yield from self._make_section(self.current, self.rule)
        # the veil painted in a frame of its own, hidden till the window shows: in the frame
        # that shows them, it took that frame to 11–17 ms at 1920×1080
        self.put_veil()
        assert self.veil is not None
        self.veil.hide()
        yield False
        self._show_section()
        yield True

    def _make_section(self, section: str, rule: str | None) -> Iterator[bool]:
        """A section's text in a new hidden column, a piece a frame (`_show_section` shows it)."""
        assert self.window is not None
        if self.contents is not None and self.column is not None:  # another section: its link in bold
            self.contents.set_text(self._contents_html(section))
            yield False
        inner = self.window.get_container().get_size()
        self._next = TextColumn(self.app.manager, self.window.get_container(),
                                pygame.Rect(0, self.top, inner[0], inner[1] - self.top))
        self._next_rule = rule
        # while a section shows, drawn each frame, a long piece is made in two frames
        yield from self._next.make(self._pieces(section, rule), parted=self.column is not None)

    def _show_section(self) -> None:
        """The column made last takes the place of the one shown, at the asked rule."""
        assert self._next is not None
        if self.column is not None:
            self.column.kill()
        self.column, self._next = self._next, None
        pieces = [box.html_text for box in self.column.boxes]
        asked = next((i for i, html in enumerate(pieces) if HIGHLIGHT in html), None) if self._next_rule else None
        if asked is not None:
            self.column.scroll_to_piece(asked, above=round(40 * ui_scale(self.app.screen.get_size())))
        if self.window is not None and self.window.visible:
            self.column.show()

    def update(self, dt_ms: int) -> None:
        """Made a part a frame, or gone with its window (its ×: `WindowScreen`); another
        section made a part a frame too; the column follows its scroll bar."""
        super().update(dt_ms)
        if self._turning is not None and next(self._turning, True):
            self._turning = None
            self._show_section()
        if self.column is not None:
            self.column.update()

    @property
    def building(self) -> bool:
        return self._building is not None or self._turning is not None

    def leave(self) -> None:
        self._building = self._turning = None
        self.column = self._next = None
        self.lift_veil()
        if self.window is not None and self.window.alive():
            self.window.kill()
        self.window = None

    def relayout(self, size: tuple[int, int]) -> None:
        """Made again for the new size, in this frame, at the reader's place: the piece of text
        at the top of the column (and how far into it) stays there, however the text wrapped
        again (a section asked but not yet shown opens at its asked rule instead)."""
        place = self.reading_place() if self._turning is None else None
        self.leave()
        self.build_now()
        if place is not None and self.column is not None:
            index, into = place
            if 0 <= index < len(self.column.boxes):  # the same section: the same pieces
                height = self.column.boxes[index].rect.h
                self.column.scroll_to_piece(index, above=-round(into * height))

    def reading_place(self) -> tuple[int, float] | None:
        """Where the reader is: the piece at the top of the column shown and how far into it
        (0 its top, 1 its bottom); None before the column is made."""
        column = self.column
        if column is None or not column.tops:
            return None
        index = max(i for i, top in enumerate(column.tops) if top <= column.offset)
        height = column.boxes[index].rect.h
        return index, min(1.0, (column.offset - column.tops[index]) / height) if height else 0.0

    def show(self, section: str, rule: str | None = None) -> None:
        """Show one family ("R4", or "intro"), `rule` ("R4.4") highlighted: its text is made
        hidden a piece a frame while the one shown stays."""
        if section not in self.sections:
            return
        self.current, self.rule = section, rule
        if self._building is not None:  # not made yet: it will be made at this section
            self._building = self._build()
            if self.window is not None:
                self.window.kill()
                self.window = None
            self.lift_veil()  # a new window: a new veil under it
            return
        if self._next is not None:  # a section asked before the last one was made
            self._next.kill()
        self._turning = self._make_section(section, rule)

    def _contents_html(self, section: str) -> str:
        return contents_html(self.sections, section, {KEYS_PAGE: t("key_does.title", self.lang)})

    def _pieces(self, section: str, rule: str | None) -> list[str]:
        return section_pieces(self.sections[section], rule, ui_scale(self.app.screen.get_size()))

    @property
    def shown_html(self) -> str:
        """The section shown, as HTML (tests read it)."""
        return self.column.html if self.column is not None else ""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("rules",)) == "back":
            self.close()
            return
        if self._building is not None:
            return
        self.widgets_see(event)
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith(LINK_PREFIX):
            rule = str(event.link_target)[len(LINK_PREFIX):]
            self.show(family(rule), rule if "." in rule else None)


KEYS_PAGE = "keys"
"""The rules screen's page of every key, after R13."""


def open_rules(app: App, rule: str | None = None) -> RulesScreen:
    """Push the rules screen, at `rule` ("R4.4") or at the beginning; one at a time."""
    shown = app.find(RulesScreen)
    if shown is not None:
        shown.show(family(rule) if rule else "intro", rule)
        return shown
    return app.push(RulesScreen(app, rule))
