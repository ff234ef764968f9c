"""The widgets around the board, composed once and reused while they stand still (issue 6 speed).

pygame_gui blends every widget (premultiplied alpha) onto the screen each frame; the panels
around the board are most of those pixels, yet they change only when the match, a key, a
click or the mouse over a widget does. So the screen outside the board viewport is kept,
after a full frame, as one opaque copy and blitted back while nothing could have changed it
(not even that when the last frame left those very pixels on the screen):
the same widget images (the same objects) at the same places, the same window `version`, no
event for the widgets other than the mouse moving with no button held, the mouse over no
widget, no dialog or window open, and every widget either wholly outside the viewport or
wholly inside it (those inside are blended each frame, over the board).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui

Key = tuple[object, ...]


def _effective_rect(data: list[Any]) -> pygame.Rect:
    """Where one pygame_gui blit lands (its image size, or its area's)."""
    image, rect, area = data[0], data[1], data[2]
    size = pygame.Rect(area).size if area is not None else image.get_size()
    return pygame.Rect(pygame.Rect(rect).topleft, size)


class WidgetLayer:
    """A copy of the screen outside the viewport (fill + widgets there), valid for one `Key`."""

    def __init__(self) -> None:
        self.copy: pygame.Surface | None = None
        self.key: Key | None = None
        self.calm = True  # no widget event since the copy was made
        self.reused = 0  # frames drawn from the copy (tests)
        self.widgets_only = 0  # frames that drew the widgets afresh over a board drawn as if kept (tests)
        # the last frame drew no widget inside the viewport: what the board drew there is still
        # there (`board_draw.redraw_area`)
        self.outside_only = False
        self.shown: tuple[pygame.Surface, Key] | None = None  # the screen holding the copy's pixels, and its key
        self.graph_drawn = False  # F3's frame graph was drawn over the last frame
        # widgets blended inside the viewport this frame, over the board (None: the frame drew
        # every widget afresh, wherever they are)
        self.inside: int | None = None

    def disturb(self) -> None:
        """Something the widgets saw may have changed them: the next frame draws them afresh."""
        self.calm = False

    def split(self, manager: pygame_gui.UIManager, viewport: pygame.Rect,
              keep_clear: pygame.Rect) -> tuple[Key, list[Any]] | None:
        """This frame's key and the widgets inside the viewport, or None when they cannot be split."""
        outside: list[object] = []
        inside = []
        group = manager.get_sprite_group()
        if any(getattr(sprite, "should_trigger_full_rebuild", False) for sprite in group.sprites()):
            return None  # a widget still has a redraw pending
        for data in group.visible:
            r = _effective_rect(data)
            if not r.w or not r.h:
                continue
            if viewport.contains(r):
                inside.append(data)
            elif viewport.colliderect(r) or keep_clear.colliderect(r):
                return None  # straddles the board's edge, or covers the status line
            else:
                outside.append((data[0], tuple(r), data[2] and tuple(pygame.Rect(data[2])), data[3]))
        return tuple(outside), inside

    def draw(self, screen: pygame.Surface, manager: pygame_gui.UIManager, viewport: pygame.Rect,
             keep_clear: pygame.Rect, version: object, draw_board: Callable[[bool], None],
             clear_outside: Callable[[], None] | None = None) -> None:
        """One frame: the kept copy outside the viewport when valid, else everything afresh.

        `draw_board(clear_all)` clears and draws the board and the status line; `clear_all`
        says whether it must also clear the screen outside the viewport. Given `clear_outside`
        (it clears the screen outside the viewport), a frame whose widgets all lie outside the
        viewport but changed (a sheet shown, a button's face) clears and draws them afresh
        over a board drawn as when they are kept (`draw_board(False)`: in part, if it can).
        """
        split = self.split(manager, viewport, keep_clear) if self.calm else None
        key = None if split is None else (screen.get_size(), tuple(viewport), tuple(keep_clear), version, split[0])
        if split is not None and self.copy is not None and key == self.key:
            # the last frame left the copy's pixels on this very screen: nothing to put back
            # (what else is drawn outside the viewport, the status line and the key row, is
            # drawn afresh each frame; anything more disturbs the layer)
            if self.shown is None or self.shown[0] is not screen or self.shown[1] != key:
                w, h = screen.get_size()
                for strip in (pygame.Rect(0, 0, w, viewport.top), pygame.Rect(0, viewport.bottom, w, h - viewport.bottom),
                              pygame.Rect(0, viewport.top, viewport.left, viewport.h),
                              pygame.Rect(viewport.right, viewport.top, w - viewport.right, viewport.h)):
                    if strip.w > 0 and strip.h > 0:
                        screen.blit(self.copy, strip, strip)
            self.inside = len(split[1])
            draw_board(False)
            screen.blits(split[1])
            self.outside_only = not split[1]
            self.reused += 1
            self.shown = (screen, key) if self.calm and key is not None else None
            return
        self.shown = None
        if split is not None and key is not None and not split[1] and clear_outside is not None and self.copy is not None \
                and self.copy.get_size() == screen.get_size():
            clear_outside()  # the widgets outside, afresh, over the background, as `draw_board(True)` clears it
            self.inside = 0
            draw_board(False)
            manager.draw_ui(screen)  # (none inside the viewport: the board's pixels are left as drawn)
            self.copy.blit(screen, (0, 0))
            self.key = key
            self.shown = (screen, key)
            self.outside_only = True
            self.widgets_only += 1
            return
        self.inside = None
        draw_board(True)
        manager.draw_ui(screen)
        drawn = self.split(manager, viewport, keep_clear)  # where the widgets went
        self.outside_only = drawn is not None and not drawn[1]
        self.calm = True
        if key is None:
            self.key = None  # the surface is kept: making a screen-sized one costs ~5 ms
            return
        if self.copy is None or self.copy.get_size() != screen.get_size():
            self.copy = pygame.Surface(screen.get_size()).convert(screen)
        self.copy.blit(screen, (0, 0))
        self.key = key
        self.shown = (screen, key)


TOOLTIP_GAP = 4  # pixels between a tooltip and the widget it is for


def keep_tooltips_off(manager: pygame_gui.UIManager, board: pygame.Rect, wide: int,
                      keep: Sequence[pygame.Rect] = ()) -> None:
    """Move each shown tooltip that lies over the `board` (pygame_gui puts one above its widget
    when there is no room under it: the refusal of a greyed choice under the board covered its
    last rows, s48 review item 13) under or above its widget where it covers none of the board,
    made up to `wide` pixels wide first if its narrow column of lines fits nowhere; nor any of
    the `keep` boxes (the status line, the action bar: under the choice it covered both, s49)
    where a place under, over or beside its widget allows, its lines wrapped to the room beside
    it if need be. Left where it is when no place is free."""
    from pygame_gui.elements import UITooltip

    root = manager.get_root_container()
    if root is None:
        return
    window = root.get_rect()
    for tip in manager.get_sprite_group().sprites():
        if not isinstance(tip, UITooltip) or not tip.visible or not tip.rect.colliderect(board):
            continue
        parent = tip.parent_element
        anchor = pygame.Rect(parent.get_abs_rect() if parent is not None else tip.rect)
        spot = None
        for avoid in ((board, *keep), (board,)) if keep else ((board,),):
            # under or over it, as it is, then `wide`; beside it, as wide as the room there
            tries = [(None, False), (wide, False), *((room, True) for room in _rooms_beside(anchor, window))]
            for width, beside in tries if len(avoid) > 1 else tries[:2]:
                if width is not None and tip.text_block is not None and width != tip.rect.w:
                    _rewrap(tip, min(width, window.w - 2 * TOOLTIP_GAP))
                spot = _tooltip_spot(tip.rect, anchor, window, avoid, beside)
                if spot is not None:
                    break
            if spot is not None:
                tip.set_position(spot)
                break


def _rooms_beside(anchor: pygame.Rect, window: pygame.Rect) -> list[int]:
    """The widths a tooltip may take right and left of its widget at `anchor` (200 px at
    least: narrower, its lines would be a column), the wider first."""
    rooms = (window.right - anchor.right - 2 * TOOLTIP_GAP, anchor.left - window.left - 2 * TOOLTIP_GAP)
    return sorted((r for r in rooms if r >= 200), reverse=True)


def _rewrap(tip: Any, width: int) -> None:
    """A pygame_gui tooltip's text laid out again `width` pixels wide, now (not at the next
    update: its height is needed to place it), the tooltip sized to it."""
    block = tip.text_block
    block.set_dimensions((width, -1))
    block.rebuild()
    layout = getattr(block, "text_box_layout", None)
    rows = getattr(layout, "layout_rows", None)
    if layout is not None and rows:  # as wide as its longest line: a short text on one line leaves no empty box
        used = max(row.width for row in rows)
        if used < layout.layout_rect.width:
            block.set_dimensions((width - layout.layout_rect.width + used + 2, -1))
            block.rebuild()
    tip.rect_width = block.rect.w
    pygame_gui.core.UIElement.set_dimensions(tip, block.rect.size)


def _tooltip_spot(rect: pygame.Rect, anchor: pygame.Rect, window: pygame.Rect,
                  avoid: Sequence[pygame.Rect], beside: bool = False) -> tuple[int, int] | None:
    """Where a tooltip of `rect`'s size goes under or above its widget at `anchor` (`beside`:
    right or left of it, level with its top, then its bottom), inside the `window` and off
    the `avoid` boxes (its top-left); None if no place is free."""
    boxes = []
    if not beside:
        for top in (anchor.bottom + TOOLTIP_GAP, anchor.top - TOOLTIP_GAP - rect.h):
            box = pygame.Rect(rect.x, top, rect.w, rect.h)
            box.left = min(max(box.left, window.left), window.right - box.w)  # beside the widget, in the window
            boxes.append(box)
    else:
        for left in (anchor.right + TOOLTIP_GAP, anchor.left - TOOLTIP_GAP - rect.w):
            for top in (anchor.top, anchor.bottom - rect.h):
                boxes.append(pygame.Rect(left, min(top, window.bottom - rect.h), rect.w, rect.h))
    for box in boxes:
        if window.contains(box) and box.collidelist(list(avoid)) == -1 and not box.colliderect(anchor):
            return box.topleft
    return None
