"""The text boxes a window shows now, for the layout tests: every pygame_gui widget with text
on the top screen, and every text the window drew itself (`render.text.note_text`).

Clipping: a widget inside containers shows only where every container around it (and the
window) lets it. A widget counts by the part of it that shows: the rows of a list or of a
scroll box scrolled out of its view are not drawn, so they are neither "text over text" nor
"out of its panel". What a scroll view hides along the way it scrolls can be scrolled into
sight; what the window's edge, a panel, or a view that does not scroll that way cuts cannot:
that is a word cut (`clipped_widgets`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIHorizontalScrollBar,
    UILabel,
    UIPanel,
    UIScrollingContainer,
    UISelectionList,
    UITextBox,
    UIVerticalScrollBar,
    UIWindow,
)

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.app import App
from arena_game.ui.screens.board import BoardScreen
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
    room, widgets = _top(app)
    dialog = _dialog(app)
    if dialog is not None:  # the board's texts under a dialog's window are hidden (and dimmed) by it
        drawn = [box for box in drawn if not box[1].colliderect(dialog.rect)]
    out: list[Box] = []
    views = _scroll_views(app)
    for el in widgets:
        if not _has_text(el):
            continue
        seen, _cut_by = _seen(el, window, views)
        if seen.w <= 0 or seen.h <= 0:
            continue  # scrolled out of its view (or cut away whole: `clipped_widgets` says so)
        out.append((f"{type(el).__name__} {el.most_specific_combined_id}", seen, _size(el), room))
    return out + drawn


def _has_text(el: pygame_gui.core.UIElement) -> bool:
    return bool(el.visible and isinstance(el, (UIButton, UILabel, UITextBox)) and _words(el).strip()
                and "scroll_bar" not in el.most_specific_combined_id)


def _containers(el: pygame_gui.core.UIElement) -> list[pygame_gui.core.UIContainer]:
    """The containers around `el`, the nearest first, up to the window's root."""
    out: list[pygame_gui.core.UIContainer] = []
    parent = el.ui_container
    while parent is not None and all(parent is not c for c in out):  # the root is its own container
        out.append(parent.get_container())
        parent = getattr(out[-1], "ui_container", None)
    return out


def _scroll_views(app: App) -> dict[int, str]:
    """The containers that scroll what they hide into sight, by id: the axes ("x", "y") they
    scroll along (a scrolling container's view, a selection list's rows, a container holding a
    scroll bar of its own: the rules' column)."""
    views: dict[int, str] = {}
    for el in app.manager.get_sprite_group().sprites():
        if isinstance(el, UIScrollingContainer) and getattr(el, "_view_container", None) is not None:
            axes = "".join(axis for axis, bar in (("x", el.horiz_scroll_bar), ("y", el.vert_scroll_bar))
                           if bar is not None and bar.visible)
            views[id(el._view_container)] = axes
        elif isinstance(el, UISelectionList) and el.item_list_container is not None:
            views[id(el.item_list_container)] = "y" if el.scroll_bar is not None and el.scroll_bar.visible else ""
    for el in app.manager.get_sprite_group().sprites():  # a column with a bar of its own (`TextColumn`)
        axis = "y" if isinstance(el, UIVerticalScrollBar) else "x" if isinstance(el, UIHorizontalScrollBar) else ""
        if axis and el.visible and el.ui_container is not None:
            key = id(el.ui_container.get_container())
            views[key] = views.get(key, "") + axis
    return views


def _seen(el: pygame_gui.core.UIElement, window: pygame.Rect,
          views: dict[int, str]) -> tuple[pygame.Rect, str | None]:
    """The part of `el` that shows on the screen, and what cut some of that part when it is not
    a scroll view along the way it scrolls (the window, a panel, a view across its scrolling)."""
    seen, cut_by = pygame.Rect(el.rect), None
    clip = el.get_image_clipping_rect()
    areas = [(c.get_rect(), c) for c in _containers(el)] + [(window, None)]
    for area, container in areas:
        left, right = max(seen.left, area.left), min(seen.right, area.right)  # along each axis
        top, bottom = max(seen.top, area.top), min(seen.bottom, area.bottom)
        lost_x, lost_y = right - left < seen.w, bottom - top < seen.h
        if not (lost_x or lost_y):
            continue
        axes = views.get(id(container), "") if container is not None else ""
        if cut_by is None and ((lost_x and "x" not in axes) or (lost_y and "y" not in axes)):
            cut_by = "the window" if container is None else \
                (container.most_specific_combined_id or type(container).__name__)
        if right <= left or bottom <= top:
            return pygame.Rect(seen.topleft, (0, 0)), cut_by
        seen = pygame.Rect(left, top, right - left, bottom - top)
    if clip is not None:  # what pygame_gui draws of it: never more than its containers let show
        seen = seen.clip(pygame.Rect(el.rect.x + clip.x, el.rect.y + clip.y, clip.w, clip.h))
    return seen, cut_by


def clipped_widgets(app: App) -> list[tuple[str, str, pygame.Rect, pygame.Rect, str]]:
    """Widgets with text that a clip cuts where scrolling would not bring them into sight: by the
    window's edge, a panel, or a scroll view across the way it scrolls, in part or whole:
    (id, text, where it is, what shows of it, what cut it)."""
    window, views = app.screen.get_rect(), _scroll_views(app)
    out = []
    for el in _widgets(app):
        if not _has_text(el):
            continue
        seen, cut_by = _seen(el, window, views)
        if cut_by is not None:
            out.append((el.most_specific_combined_id, _words(el)[:40], pygame.Rect(el.rect), seen, cut_by))
    return out


def shown_words(app: App) -> list[str]:
    """Everything the window says now: widget texts (tags stripped) and the texts it drew; a
    dialog's too (the rules), less what is in no language: the house rules' setting names
    (`run.tackle_die`, "previous_step") and a rule's original name quoted ("Stopper une course")."""
    import html
    import re

    from arena_game.render.text import noted_words

    boxes(app)  # draws with the recorder on
    said = noted_words()
    for el in _widgets(app):
        if el.visible and isinstance(el, (UIButton, UILabel, UITextBox)):
            words = html.unescape(re.sub(r"<[^>]+>", " ", _words(el)))
            if _dialog(app) is not None:
                words = re.sub(r"\b[a-z]\w*(?:[._]\w+)+\b", " ", words)  # a setting's name
                words = re.sub(r'\("[^"]*"\)|\(“[^”]*”\)|\(«[^»]*»\)', " ", words)  # a rule's original name
            said.append(words)
    return said


def _top(app: App) -> tuple[pygame.Rect, list[pygame_gui.core.UIElement]]:
    """The top screen's widgets and the room they must lie in: a dialog's window, a panel (or a
    container on a backdrop), else the whole window for the board (a lesson's too)."""
    from arena_game.ui.screens.board import BoardScreen

    window = app.screen.get_rect()
    dialog = _dialog(app)
    panel = getattr(app.top, "panel", None)
    if dialog is not None:  # a dialog over the board: its window
        return pygame.Rect(dialog.rect), _leaves(dialog)
    if isinstance(panel, (UIPanel, pygame_gui.core.UIContainer)):  # a panel, or a container on a backdrop
        return panel.get_container().get_rect(), _leaves(panel)
    if app.top is app.stack[0] or isinstance(app.top, BoardScreen):  # a lesson's board over the list it replaced
        return window, _leaves(app.manager.get_root_container())
    # an opaque screen of its own over the board (the hand-off curtain): its widgets are not drawn
    return window, []


def _dialog(app: App) -> UIWindow | None:
    """The top screen's dialog window (the dice at the table, the rules), if it shows one."""
    dialog = getattr(app.top, "window", None)
    return dialog if isinstance(dialog, UIWindow) and dialog.alive() and dialog.visible else None


def _widgets(app: App) -> list[pygame_gui.core.UIElement]:
    return _top(app)[1]


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


# the text boxes made to scroll: the match log, a long fighter sheet, and (s62) a map's `check`
# findings, over the log (`#notice`, at most half its room) and under the start screen's preview
# (`#start_info`), each cut between whole rows
SCROLLING_TEXT = ("#log", "#sheet", "#notice", "#start_info")


def scrolling_text_boxes(app: App) -> list[tuple[str, str]]:
    """The text boxes, other than the log and the sheet, that show their text only in part, a
    scroll bar of their own beside it: a label or an explanation sized too small for its lines
    (the clip checks take such a box for a scroll view, and its cut lines went unseen)."""
    return [(el.get_object_ids()[-1] or "", _words(el)[:60]) for el in app.manager.get_sprite_group().sprites()
            if isinstance(el, UITextBox) and el.visible and el.scroll_bar is not None
            and not set(el.get_object_ids()) & set(SCROLLING_TEXT)]


def assert_words_whole_and_apart(app: App, shown: list[Box] | None = None) -> None:
    """No text under 11 px, none outside its panel, none over another, no widget cutting its text,
    no clip cutting a widget where scrolling would not show it (each counted by what shows of it),
    no text box but the log and the sheet scrolling its own text."""
    shown = boxes(app) if shown is None else shown
    small = [(what, size) for what, _, size, _ in shown if size < 11]
    assert not small, small
    outside = [(what, rect, room) for what, rect, _, room in shown if not room.contains(rect)]
    assert not outside, outside
    crossing = [(a[0], a[1], b[0], b[1]) for a, b in itertools.combinations(shown, 2) if a[1].colliderect(b[1])]
    assert not crossing, crossing
    cut = cut_widgets(app)
    assert not cut, cut
    clipped = clipped_widgets(app)
    assert not clipped, clipped
    scrolling = scrolling_text_boxes(app)
    assert not scrolling, scrolling


def box_rows(box: pygame_gui.elements.UITextBox, plain: bool = True) -> list[str]:
    """A text box's rows as laid out (where its words wrapped); `plain`: no-break spaces read as
    spaces, each row stripped."""
    rows = ["".join(getattr(chunk, "text", "") or "" for chunk in row.items) for row in box.text_box_layout.layout_rows]
    return [r.replace("\u00a0", " ").strip() for r in rows] if plain else rows


def drawn_boxes(app: App, what: str) -> list[pygame.Rect]:
    """Draw the window once and return where every text of kind `what` (a `note_text` kind:
    "hover_card", …) went; the recording is stopped even when the draw fails."""
    record_text_boxes(True)
    try:
        app.draw()
        return [rect for kind, rect, *_ in text_boxes() if kind == what]
    finally:
        record_text_boxes(False)


def drawn_box(app: App, what: str) -> pygame.Rect:
    """Draw the window once and return where the first text of kind `what` went (`drawn_boxes`)."""
    return drawn_boxes(app, what)[0]


def pillars_and_crates(board: BoardScreen) -> list[tuple[int, int]]:
    """The squares of a match board that a hover card keeps in sight: solid, not a wall."""
    ground = board.ctrl.state.board
    return [sq for sq in ground.squares() if ground.terrain(sq).solid and ground.terrain(sq).name != "WALL"]


def squares_under(board: BoardScreen, box: pygame.Rect, squares: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Those of `squares` that `box` (a card drawn on the board) covers, in order."""
    return sorted(sq for sq in squares if box.colliderect(board.camera.square_rect(sq)))


def effects_frame(surface: pygame.Surface, effects: list, tile: int = 40) -> dict[str, list[pygame.Rect]]:
    """Draw one frame of animation `effects` ((effect, progress) pairs, `draw_effects`) on a
    cleared `surface` whose squares are `tile` px, and return the text boxes drawn, by kind."""
    from arena_game.ui.anim.draw import draw_effects

    record_text_boxes(True)
    try:
        surface.fill((0, 0, 0))
        draw_effects(surface, effects, lambda x, y: (x * tile, y * tile), tile)
        drawn: dict[str, list[pygame.Rect]] = {}
        for what, rect, *_ in text_boxes():
            drawn.setdefault(what, []).append(pygame.Rect(rect))
        return drawn
    finally:
        record_text_boxes(False)
