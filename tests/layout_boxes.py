"""The text boxes a window shows now, for the layout tests: every pygame_gui widget with text
on the top screen, and every text the window drew itself (`render.text.note_text`)."""

from __future__ import annotations

import itertools

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.app import App
from arena_game.ui.screens.demo import DemoScreen

Box = tuple[str, pygame.Rect, int, pygame.Rect]


def _leaves(container: pygame_gui.core.IContainerLikeInterface) -> list[pygame_gui.core.UIElement]:
    out = []
    for el in container.get_container().elements:
        if isinstance(el, UIPanel):
            continue  # a panel belongs to the screen that made it (taken through `panel` below)
        if isinstance(el, pygame_gui.core.UIContainer):
            out += _leaves(el)
        else:
            out.append(el)
    return out


def _size(el: pygame_gui.core.UIElement) -> int:
    font = getattr(el, "font", None)
    if font is None:
        font = el.ui_theme.get_font(el.combined_element_ids)
    return int(font.point_size)


def _words(el: pygame_gui.core.UIElement) -> str:
    if isinstance(el, UITextBox):
        return el.html_text
    return str(getattr(el, "text", ""))


def boxes(app: App) -> list[Box]:
    """Every text box on screen: (what, where, font size, the panel it must lie in)."""
    record_text_boxes(True)
    if isinstance(app.top, DemoScreen):
        app.run(frames=1)  # a film draws its frame as it makes it: the next one, noted
        drawn = text_boxes()
        drawn = drawn[-len(drawn):]
    else:
        app.draw()
        drawn = text_boxes()
    record_text_boxes(False)
    window = app.screen.get_rect()
    panel = getattr(app.top, "panel", None)
    if isinstance(panel, (UIPanel, pygame_gui.core.UIContainer)):  # a panel, or a container on a backdrop
        room, widgets = panel.get_container().get_rect(), _leaves(panel)
    elif app.top is app.stack[0]:
        room, widgets = window, _leaves(app.manager.get_root_container())
    else:  # an opaque screen of its own over the board (the hand-off curtain): its widgets are not drawn
        room, widgets = window, []
    out: list[Box] = []
    for el in widgets:
        if not el.visible or not isinstance(el, (UIButton, UILabel, UITextBox)) or not _words(el).strip() \
                or "scroll_bar" in el.most_specific_combined_id:
            continue
        out.append((f"{type(el).__name__} {el.most_specific_combined_id}", pygame.Rect(el.rect), _size(el), room))
    return out + drawn


def shown_words(app: App) -> list[str]:
    """Everything the window says now: widget texts (tags stripped) and the texts it drew."""
    import html
    import re

    from arena_game.render.text import noted_words

    boxes(app)  # draws with the recorder on
    said = noted_words()
    panel = getattr(app.top, "panel", None)
    if isinstance(panel, (UIPanel, pygame_gui.core.UIContainer)):  # a panel, or a container on a backdrop
        widgets = _leaves(panel)
    elif app.top is app.stack[0]:
        widgets = _leaves(app.manager.get_root_container())
    else:
        widgets = []
    for el in widgets:
        if el.visible and isinstance(el, (UIButton, UILabel, UITextBox)):
            said.append(html.unescape(re.sub(r"<[^>]+>", " ", _words(el))))
    return said


def _widgets(app: App) -> list[pygame_gui.core.UIElement]:
    panel = getattr(app.top, "panel", None)
    if isinstance(panel, (UIPanel, pygame_gui.core.UIContainer)):  # a panel, or a container on a backdrop
        return _leaves(panel)
    if app.top is app.stack[0]:
        return _leaves(app.manager.get_root_container())
    return []


def widget_html(app: App) -> list[str]:
    """The HTML of every visible text box on the top screen (and of every window over it)."""
    out = [el.html_text for el in _widgets(app) if el.visible and isinstance(el, UITextBox)]
    stack = app.manager.get_window_stack()
    for win in [*stack.stack, *stack.top_stack]:
        out += [el.html_text for el in _leaves(win) if el.visible and isinstance(el, UITextBox)]
    return out


def cut_widgets(app: App) -> list[tuple[str, str, int, int]]:
    """Buttons and labels whose one line of text is wider than the widget (pygame_gui clips it):
    (id, text, text width, room)."""
    out = []
    for el in _widgets(app):
        if not el.visible or not isinstance(el, (UIButton, UILabel)) or not _words(el).strip():
            continue
        font = getattr(el, "font", None) or el.ui_theme.get_font(el.combined_element_ids)
        need = font.size(_words(el))[0]
        room = el.rect.w - 6  # its border and the theme's padding
        if need > room:
            out.append((el.most_specific_combined_id, _words(el), need, room))
    return out


def assert_words_whole_and_apart(app: App, shown: list[Box] | None = None) -> None:
    """No text under 11 px, none outside its panel, none over another, no widget cutting its text."""
    shown = boxes(app) if shown is None else shown
    small = [(what, size) for what, _, size, _ in shown if size < 11]
    assert not small, small
    outside = [(what, rect, room) for what, rect, _, room in shown if not room.contains(rect)]
    assert not outside, outside
    crossing = [(a[0], a[1], b[0], b[1]) for a, b in itertools.combinations(shown, 2) if a[1].colliderect(b[1])]
    assert not crossing, crossing
    cut = cut_widgets(app)
    assert not cut, cut
