"""The rules screen (F1, the "?" button, a rule number clicked): the rules reference in the
window's language, one family at a time (R0–R13), the asked rule highlighted, and a page of
every key (from the key table, `arena_game.ui.keys`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox, UIWindow

from arena_game.i18n import t
from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.rules_text import (
    LINK_PREFIX,
    contents_html,
    family,
    highlight_share,
    rules_sections,
    section_html,
)
from arena_game.ui.screens.dialog import WindowScreen
from arena_game.ui.strings import text

if TYPE_CHECKING:
    from arena_game.ui.app import App


class RulesScreen(WindowScreen):
    """The rules reference over the screen under it; Esc, F1 or the window's × closes it."""

    def __init__(self, app: App, rule: str | None = None) -> None:
        super().__init__(app)
        self.sections = {**rules_sections(self.lang), KEYS_PAGE: keys.help_markdown(self.lang)}
        self.rule = rule
        self.current = family(rule) if rule and family(rule) in self.sections else "intro"
        self.contents: UITextBox | None = None
        self.body: UITextBox | None = None

    def enter(self) -> None:
        rect = self.centred(900, 680)
        self.window = UIWindow(rect, self.app.manager, window_display_title=text("rules_title", self.lang),
                               object_id=ObjectID("#rules_window"))
        inner = self.window.get_container().get_size()
        top = round(44 * ui_scale(self.app.screen.get_height()))  # the contents row, as tall as its text
        # made with their texts: made empty, then given them, each box was laid out twice
        self.contents = UITextBox(self._contents_html(self.current), pygame.Rect(0, 0, inner[0], top),
                                  self.app.manager, container=self.window, object_id=ObjectID("#rules_contents"))
        body = self._body_html(self.current, self.rule)
        self.body = UITextBox(body, pygame.Rect(0, top, inner[0], inner[1] - top), self.app.manager,
                              container=self.window, object_id=ObjectID("#rules_body"))
        self._scroll_to(body, self.rule)

    def relayout(self, size: tuple[int, int]) -> None:
        self.leave()
        self.enter()

    def show(self, section: str, rule: str | None = None) -> None:
        """Show one family ("R4", or "intro"), `rule` ("R4.4") highlighted."""
        if section not in self.sections:
            return
        self.current, self.rule = section, rule
        if self.contents is not None and self.body is not None:
            self.contents.set_text(self._contents_html(section))
            body = self._body_html(section, rule)
            self.body.set_text(body)
            self._scroll_to(body, rule)

    def _contents_html(self, section: str) -> str:
        return contents_html(self.sections, section, {KEYS_PAGE: t("key_does.title", self.lang)})

    def _body_html(self, section: str, rule: str | None) -> str:
        return section_html(self.sections[section], rule, ui_scale(self.app.screen.get_height()))

    def _scroll_to(self, body: str, rule: str | None) -> None:
        """Bring the asked rule into view, a little above it."""
        bar = self.body.scroll_bar if self.body is not None else None
        if bar is not None and rule:
            bar.set_scroll_from_start_percentage(max(0.0, highlight_share(body) - 0.03))

    @property
    def shown_html(self) -> str:
        """The section shown, as HTML (tests read it)."""
        return self.body.html_text if self.body is not None else ""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("rules",)) == "back":
            self.close()
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
