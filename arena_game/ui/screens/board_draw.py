"""Drawing the board screen: the board under the widgets, the status line and its key, the
skip hint while pieces move. The widgets outside the board are kept between frames while
they stand still (`arena_game.ui.widget_layer`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from arena_game.core.geometry import fmt
from arena_game.core.terrain import Terrain
from arena_game.render.highlight import Highlight, HighlightKind
from arena_game.render.marks import as_shown
from arena_game.render.text import note_text
from arena_game.render.tokens import fighter_tokens, pulse
from arena_game.ui.anim import SPEEDS
from arena_game.ui.board_view import LEGEND_READABLE, font, legend_sized
from arena_game.ui.hud import mode_button, roll_button
from arena_game.ui.screens import board_ahead, board_table, card_room, hover_card
from arena_game.ui.screens.base import BACKGROUND
from arena_game.ui.strings import text
from arena_game.ui.widget_layer import keep_tooltips_off

if TYPE_CHECKING:
    from arena_game.ui.screens.base import Screen
    from arena_game.ui.screens.board import BoardScreen


def fill_around(screen: pygame.Surface, colour: tuple[int, int, int], hole: pygame.Rect,
                within: pygame.Rect | None = None) -> None:
    """Fill `within` (the whole screen by default) except `hole` (at most four strips), for a
    hole something opaque covers next."""
    area = screen.get_rect() if within is None else pygame.Rect(within).clip(screen.get_rect())
    hole = hole.clip(area)
    if not hole.w or not hole.h:
        fill_rect(screen, colour, area)
        return
    fill_rect(screen, colour, pygame.Rect(area.left, area.top, area.w, hole.top - area.top))
    fill_rect(screen, colour, pygame.Rect(area.left, hole.bottom, area.w, area.bottom - hole.bottom))
    fill_rect(screen, colour, pygame.Rect(area.left, hole.top, hole.left - area.left, hole.h))
    fill_rect(screen, colour, pygame.Rect(hole.right, hole.top, area.right - hole.right, hole.h))


ALIGN = 16  # pixels


def fill_rect(screen: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    """`screen.fill(colour, rect)`, its first columns up to a multiple of 16 pixels filled
    apart: pygame-ce 2.5's fill of a 32-bit surface takes ~40 times as long when a rectangle
    starts at most other columns (a strip of 53×793 pixels beside the board at x = 66: 0.57 ms,
    at x = 64: 0.01 ms; split at x = 80, 0.01 ms)."""
    head = min(rect.w, -rect.x % ALIGN)
    if head and rect.w > head and rect.h > 0:
        screen.fill(colour, (rect.x, rect.y, head, rect.h))
        screen.fill(colour, (rect.x + head, rect.y, rect.w - head, rect.h))
    elif rect.w > 0 and rect.h > 0:
        screen.fill(colour, rect)


def speed_label(speed: float, lang: str = "fr") -> str:
    """'1×', '2×' or 'instantané' / 'instant' for the animation speed setting."""
    label = next((label for label, v in SPEEDS if v == speed), f"{speed:g}×")
    return text(label, lang) if label.startswith("anim_") else label


def draw(board: BoardScreen, surface: pygame.Surface) -> None:
    """One frame of the board screen (the screens over it draw after)."""
    manager = board.app.manager
    if board.view is None or board.ctrl is None:
        surface.fill(BACKGROUND)
        manager.draw_ui(surface)
        board.widgets.disturb()
        return
    if not (board.on_top or blank_above(board)) or manager.get_hovering_any_element():
        board.widgets.disturb()  # a screen over the board has widgets of its own (not one still made hidden)
        if board.on_top:  # a widget's tooltip in sight of the board's squares, if there is room,
            w, h = surface.get_size()  # and of the status line and the action bar
            bar = pygame.Rect(0, board.hud.bar_top, w, h - board.hud.bar_top)
            keep_tooltips_off(manager, board.view.covered(), round(480 * board.hud.scale), (board.hud.status_rect, bar))
    graph = board.app.meter.show_graph  # F3's graph is drawn after the board, in the action bar (`graph_spot`)
    if graph or board.widgets.graph_drawn:
        board.widgets.disturb()
    if graph:
        board.app.meter.spot = graph_spot(board)
    board.widgets.graph_drawn = graph
    playing = board.anim.busy or board.shown_state is not None  # an action drawn: the bar offers nothing
    # before the widgets are composed: this frame shows it
    board.hud.show_current(in_progress(board), playing, veiled(board))
    board.widgets.draw(surface, manager, board.viewport, board.hud.status_rect,
                       (board.version, board.hud.changes), lambda clear_all: draw_board(board, surface, clear_all),
                       lambda: fill_around(surface, BACKGROUND, board.viewport))
    old, layer = board.aside_drawn, board.widgets
    if old is not None and old != hover_card.aside_box() and layer.inside is not None and layer.copy is not None:
        surface.blit(layer.copy, old, old)  # the last card aside, gone or moved: the panel as the widgets left it
    # the panels' words under a card sent aside hidden (text over text) till it goes, their places
    # cleared: the widgets drew a box hidden this frame, or its words beyond the card show a frame
    for hidden in board.hud.cover_panels(hover_card.aside_box()):
        fill_rect(surface, BACKGROUND, hidden)
    aside = hover_card.draw_aside(surface)  # a hover card with no free spot on the board, over the sheet
    if aside != board.aside_drawn:  # the next frame puts the panel back under it; the same box is wholly
        board.widgets.shown = None  # drawn over again (every card sent aside is opaque): nothing to put back
    board.aside_drawn = aside


GRAPH_LEAST = 120
"""The narrowest room (px) for F3's frame graph in the action bar (`graph_spot`)."""


def graph_spot(board: BoardScreen) -> pygame.Rect | None:
    """Where F3's frame graph covers nothing a player reads: the action bar's last row right of
    its last button, as tall as a button (None when that row is full: the meter's corner)."""
    shown = [b.rect for b in board.hud.buttons.values() if b.visible]
    if not shown:
        return None
    row = max(r.top for r in shown)
    last = max((r for r in shown if r.top == row), key=lambda r: r.right)
    left = last.right + round(12 * board.hud.scale)
    right = board.app.screen.get_width() - round(6 * board.hud.scale)
    return pygame.Rect(left, last.top, right - left, last.h) if right - left >= GRAPH_LEAST else None


def in_progress(board: BoardScreen) -> str | None:
    """The action-bar button of the action in progress: none while an action is drawn, the
    action a dice dialog's roll is for while the table rolls (`hud.roll_button`), else the
    mode's."""
    if board.anim.busy or board.shown_state is not None:
        return None
    need = board_table.asked(board)
    if need is not None:
        return roll_button(need.purpose, board.mode.name)
    return mode_button(board.mode.name)


def draw_board(board: BoardScreen, surface: pygame.Surface, clear_all: bool) -> None:
    """The board, its highlights and fighters, and the status line; `clear_all`: clear the
    whole screen first, else only the viewport (the widget layer restores the rest)."""
    assert board.view is not None and board.ctrl is not None
    busy = board.anim.busy
    # the opaque board blit paints over the rest; the viewport beside a board narrower than it
    # is only filled again near the board, where tokens and outlines may spill over its edge,
    # while the last frame drew nothing farther out (a board of 64×64 squares fitted to the
    # window leaves a quarter of the screen beside it: 0.6 ms of fills in a 2 ms frame)
    covered = board.view.covered()
    band = covered.inflate(2 * board.camera.tile, 2 * board.camera.tile).clip(board.viewport)
    strips = (tuple(covered), tuple(board.viewport))  # the band follows from them and the tile, as covered does
    hl = shown_highlights(board)
    asking = board_table.asking(board)
    version = -1 - board.version if busy or asking else board.version
    scene = None if busy or asking else frame_scene(board, surface, hl, version, strips)
    area = None if clear_all else redraw_area(board, scene)
    clip = surface.get_clip()
    if area is not None:  # only where this frame differs from the last (the rest is on the screen)
        surface.set_clip(area.clip(clip))
    board.redrawn = area
    if not clear_all and board.strips_clean == strips:
        fill_around(surface, BACKGROUND, covered, band)
    else:
        fill_around(surface, BACKGROUND, covered, None if clear_all else board.viewport)
    board.strips_clean = None  # until this frame is known to draw nothing farther out
    # new floating labels keep off the marked squares (a run's discs) and the pillars and crates
    # where they can: the highlights the mode shows once the animation ends (s48 review 2, item 3)
    board.anim.soft_clear = (hover_card.marked(hl, board.camera.square_rect, board.viewport)
                             + hover_card.obstacles(board.ctrl.state.board, board.camera.square_rect, board.viewport)
                             ) if board.anim.active else []
    board.anim.stacks_clear = (hover_card.deadly(board.ctrl.state.board, board.camera.square_rect, board.viewport)
                               if board.anim.active else [])
    if busy or asking:  # no highlights (nor their key) while pieces move or the table rolls (their own cache key)
        hl = []
    hint = skip_hint(board) if busy else None
    # the hint strip goes over the board after the animation: its captions keep off it (a tackle's
    # die stacked at the board's bottom was under it for the whole roll, s48 review item 1)
    board.anim.keep_clear = () if hint is None else (hint[1],)
    board.view.draw(surface, board.ctrl.state, hl, version, board.hover, board.app.time_ms, board.anim)
    surface.set_clip(clip)
    # a roll's line or banner over a short board's edge, farther out than the band: fill it next frame
    over_edge, board.anim.over_edge = board.anim.over_edge, []
    # the key to the highlights has a row of its own above the status line, left of the choices
    row = board.hud.legend_row  # (over the choices' row when they leave it too little room, `Hud._key_rows`)
    # only left of the mode's choice buttons: they are widgets, kept between frames
    fill_rect(surface, BACKGROUND, pygame.Rect(row.left, row.top, board.hud.legend_right - row.left, row.h))
    room = pygame.Rect(row.left + 4, row.top, board.hud.legend_right - row.left - 10, row.h)
    key, key_size = (None, 0) if busy or asking else legend_sized(
        board.mode.name, board.lang, row.h - 6, room.w, shown_kinds(board, hl, version), light=area_lightened(hl),
        least=round(LEGEND_READABLE * board.hud.scale), tall=row.h - 2)
    if key is not None and key.get_width() > room.w:  # the mode's choices first: its key would cover them
        key = None
    board.legend_rect = None if key is None else key.get_rect(midleft=(room.left, row.centery))
    if key is not None and board.legend_rect is not None:
        surface.blit(key, board.legend_rect)
        note_text("legend", board.legend_rect, key_size, row)
    # under a dialog (load, rules, a message) the line said what the board's keys did, and the
    # dialog owns them now: left empty; the table's dice dialog keeps it, saying which roll it asks
    board.hud.draw_status(surface, quiet=board.under_dialog and not asking)
    if hint is not None:
        draw_skip_hint(board, surface, hint)
    else:
        box = None
        pending = board.card_pending  # the pointer passing over the squares: no card searched yet
        if board.hover is not None and board.on_top and not pending:
            cursor = square = board.camera.square_rect(board.hover)
            tag = board.view.tags.get(board.hover)
            if tag is not None:  # a target's figure beside it: the card goes beside both
                cursor = cursor.union(board.camera.square_rect(tag))
            words = board.card_text
            fighters = [board.camera.square_rect(f.position) for f in board.ctrl.state.fighters.values() if f.alive]
            fighters += board.view.label_boxes  # the last action's labels, still fading: the card keeps off them
            # the other targets' figures beside them are worth seeing too
            tags = [board.camera.square_rect(sq) for target, sq in board.view.tags.items() if target != board.hover]
            box = hover_card.draw(surface, words, cursor, board.viewport, board.hud.scale, board.card_refused, fighters,
                                  previewed(board, hl, board.hover, words),
                                  hover_card.sights(board.ctrl.state.board, board.camera.square_rect, board.viewport) + tags,
                                  board.view.coordinate_boxes(),
                                  hover_card.marked(hl, board.camera.square_rect, board.viewport), id(board),
                                  hover_card.obstacles(board.ctrl.state.board, board.camera.square_rect, board.viewport),
                                  square, board.hud.sheet_box.rect, text("card_aside", board.lang, sq=fmt(board.hover)))
            if hover_card.went_aside():
                box = None  # over the side panel, drawn after the widgets (`draw`)
            elif box is not None and not board.viewport.contains(box):
                board.widgets.disturb()  # a card too big for the board went over the widgets: put them back
        drawn = hover_card.drawn_on_board() if box is not None else []
        if box is None and board.on_top and not pending:  # no hovered square to speak of: a greyed choice says why
            box = draw_choice_refusals(board, surface)
            drawn = [] if box is None else [box]
        # (a refusal card in the key's spare row, `in_spare_row`, draws nothing in the viewport)
        if board.on_top and board.widgets.inside == 0 and all(band.contains(r) for r in over_edge) and (
                box is None or band.contains(box) or not box.colliderect(board.viewport)):
            board.strips_clean = strips  # (widgets blended inside the viewport would be drawn after)
        if scene is not None and not hover_card.went_aside():  # (the widgets say if they stayed off the board)
            if board.hover is not None:
                drawn.append(board.camera.square_rect(board.hover))
            board.drawn_scene = (scene, board.app.frames, drawn)
            return
    board.drawn_scene = None


Scene = tuple[tuple[object, ...], tuple[tuple[int, int] | None, object], object]
"""What a frame drew the board from (`frame_scene`): the scene proper, the active fighter's
square and its ring's width, the water's frame."""
Drawn = tuple[Scene, int, list[pygame.Rect]]
"""The last frame's scene, its number and the boxes it drew over the board (`BoardScreen.drawn_scene`)."""


def frame_scene(board: BoardScreen, surface: pygame.Surface, hl: list[Highlight], version: int,
                strips: tuple[object, ...]) -> Scene | None:
    """Everything the board's part of the viewport is drawn from in a frame where no piece
    moves, no label fades and no dice roll, but the hovered square and its card: the screen,
    the camera, the highlights, the tokens, the water's frame and the active ring's width (None
    when this frame draws more than that, over the board)."""
    assert board.view is not None and board.ctrl is not None
    if board.anim.active or board.shown_state is not None or not (board.on_top or blank_above(board)) \
            or board.app.meter.show_graph:
        return None
    cam, state, time_ms = board.camera, board.ctrl.state, board.app.time_ms
    tokens = tuple(fighter_tokens(state))
    ringed = next((t.square for t in tokens if t.active), None)
    water = board.view.animated_key(time_ms)
    # the scene proper, then what changes with the clock alone: the active ring's width, the water's frame
    return ((id(surface), surface.get_size(), strips, tuple(cam.view), cam.origin, cam.tile, id(board.view),
             id(state), version, id(hl), len(hl), tokens, water and water[1:]),
            (ringed, ringed is not None and pulse(time_ms)), water and water[0])


def blank(screen: Screen) -> bool:
    """The screen paints nothing over the board this frame: made, hidden, a part a frame."""
    return screen.blank_while_building and screen.building


def veiled(board: BoardScreen) -> bool:
    """A modal window shows over the board (its veil dims the board and takes the clicks)."""
    return any((veil := getattr(s, "veil", None)) is not None and veil.alive() and veil.visible
               for s in board.above())


def blank_above(board: BoardScreen) -> bool:
    """Every screen over the board paints nothing (`blank`): a start screen or a dialog still
    being made (none: False, the board is on top)."""
    above = board.above()
    return bool(above) and all(blank(s) for s in above)


def redraw_area(board: BoardScreen, scene: Scene | None) -> pygame.Rect | None:
    """Where this frame draws the board again: None (all of it) unless the last frame was the
    board's alone (`App.last_drawn`) drawn from the same `scene` (`frame_scene`); then only
    over what the last frame drew over it (the hovered square's frame, the card, its leader
    line, a greyed choice's card) and the square hovered now: an empty box when there was none.
    An idle frame, the pointer still, draws no square of the board again but under its card."""
    last = board.drawn_scene
    screens, frame, graph = board.app.last_drawn
    if scene is None or last is None or last[0][0] != scene[0] or last[1] != frame or frame != board.app.frames - 1 \
            or screens[:1] != (board,) or not all(blank(s) for s in screens[1:]) or graph \
            or not board.widgets.outside_only:
        return None
    assert board.view is not None
    boxes = [*last[2]] + ([board.camera.square_rect(board.hover)] if board.hover is not None else [])
    ringed = scene[1][0]
    if last[0][1] != scene[1] and ringed is not None:  # the active fighter's ring grew or shrank
        boxes.append(board.camera.square_rect(ringed))
    if last[0][2] != scene[2]:  # the water and lava's next frame
        boxes += board.view.animated_boxes()
    if not boxes:
        return pygame.Rect(board.viewport.topleft, (0, 0))
    return boxes[0].unionall(boxes[1:])


_SHOWN: list[tuple[tuple[int, ...], list[Highlight]]] = []
"""The last (board screen, its version, mode's highlights and their number, map) → what the board shows of
them: made again only when one changed (a potion teleport on a large map marks thousands of
squares). Kept by identity, never the objects: a new match must let the last one's board and
everything kept with it go (`tests/test_ui_session_memory.py`)."""


def area_lightened(hl: list[Highlight]) -> bool:
    """Whether the board draws its legal area lighter (`lightened` marks all of it or none)."""
    return next((h.band == 1 for h in hl if h.kind == "move"), False)


def shown_highlights(board: BoardScreen) -> list[Highlight]:
    """The mode's highlights as the board shows them (`render.marks`): a push landing's figure
    said once, on its target (`said_once`), a legal area over most of the ground drawn
    lighter (`lightened`)."""
    assert board.ctrl is not None
    hl = board.current_highlights()
    made = board_ahead.shown(board, hl)
    if made is not None:
        return made
    ground = board.ctrl.state.board
    key = (id(board), board.version, id(hl), len(hl), id(ground))  # a lesson adds its goal to a new list each time
    if _SHOWN and _SHOWN[0][0] == key:
        return _SHOWN[0][1]
    shown = as_shown(hl, ground)
    _SHOWN[:] = [(key, shown)]
    return shown


def draw_choice_refusals(board: BoardScreen, surface: pygame.Surface) -> pygame.Rect | None:
    """Above each of the mode's greyed choices (an advantaged taunt, a teleport means), the
    core's refusal in the window's language, in sight without hovering it (its tooltip says
    it too). The card goes where it covers the fewest fighters, then the fewest squares the
    mode marks for the player to pick (`needed_under`), then the fewest squares of ground (the
    walls around the board matter less): on a board filling the viewport a card on one line,
    over the bottom wall, rather than two over the last row of floor (s48 review, item 13); in
    12 px if need be, or over the board's top rows when the bottom ones are the ones to pick
    (at 800×560 lesson 5's potion refusal covered squares its spell could reach, s57). Returns
    the space the cards took (None without any)."""
    assert board.ctrl is not None
    room = board.viewport
    fighters = [board.camera.square_rect(f.position) for f in board.ctrl.state.fighters.values() if f.alive]
    needed = hover_card.per_list(_NEEDED, shown_highlights(board), lambda hs: {h.square for h in hs if h.kind != "blocked"})
    taken: list[pygame.Rect] = []
    size = max(12, round(14 * board.hud.scale))
    for button in board.hud.choice_buttons.values():
        why = getattr(button, "refusal", None)
        if not why or not button.visible:
            continue
        imgs = [(hover_card.card(why, size, hover_card.wrap_width(room, board.hud.scale), True), size)]
        for px in sorted({size, min(size, 12)}, reverse=True):  # on fewer lines, if the viewport is that wide
            wide = hover_card.card(why, px, room.w, True)
            if wide.get_height() < imgs[-1][0].get_height():
                imgs.append((wide, px))
        r = button.rect
        # over the button, or down on the viewport's foot (at 800×560 the classic arena leaves 32 px
        # under its floor, the card in 12 px is 33: 6 px up, it hid a 5 px strip of the last row)
        spots = list({(id(img), tuple(box)): (img, box, px) for img, px in imgs for bottom in (r.top - 6, room.bottom)
                      for box in (img.get_rect(bottomright=(r.right, bottom)).clamp(room),
                                  img.get_rect(bottomleft=(r.left, bottom)).clamp(room))}.values())
        spots += beside_board(board, why, size, r)
        one_line, taller = in_spare_row(board, why, size, r)
        spots = one_line + spots + taller
        spots = [s for s in spots if not any(s[1].colliderect(o) for o in taken)] or spots

        def hides(spot: tuple[pygame.Surface, pygame.Rect, int]) -> tuple[int, int, int]:
            return (sum(1 for f in fighters if spot[1].colliderect(f)), needed_under(board, spot[1], needed),
                    ground_under(board, spot[1]))
        best = least_hiding(board, spots, hides)
        if hides(best)[:2] != (0, 0):  # a fighter or a square to pick under it: a spot clear of them
            best = least_hiding(board, [best, *clear_spot(board, why, size, r, [*fighters, *taken], needed)], hides)
        img, box, px = best
        surface.blit(img, box)
        note_text("choice_refusal", box, px, room if room.contains(box) else room.union(board.hud.legend_row), why)
        taken.append(box)
    if not taken:
        return None
    return taken[0].unionall(taken[1:])


def beside_board(board: BoardScreen, why: str, size: int,
                 button: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, int]]:
    """A refusal card wrapped to the bare band of the viewport left or right of the board (the
    nearer the `button` first), low in it, where one is wide and tall enough (in 12 px if need
    be, the log's size at 800×560); each with its font size. In lesson 6 at 800×560 the board
    is 200 px wide in a 534 × 171 room and the card over the button covered its lower rows,
    where the lesson wants the player to look (s52)."""
    room = board.viewport
    ground = board.ctrl.state.board if board.ctrl is not None else None
    if ground is None:
        return []
    drawn = board.camera.square_rect((0, 0)).union(board.camera.square_rect((ground.width - 1, ground.height - 1)))
    gap = 6
    bands = [pygame.Rect(drawn.right + gap, room.top, room.right - drawn.right - 2 * gap, room.h),
             pygame.Rect(room.left + gap, room.top, drawn.left - room.left - 2 * gap, room.h)]
    bands.sort(key=lambda b: abs(b.centerx - button.centerx))
    out: list[tuple[pygame.Surface, pygame.Rect, int]] = []
    for band in bands:
        if band.w < round(140 * board.hud.scale):  # a column of two or three words a line: not worth reading
            continue
        for px in sorted({size, min(size, 12)}, reverse=True):  # down to the window's small text (the log's)
            img = hover_card.card(why, px, band.w, True)
            if img.get_width() <= band.w and img.get_height() <= band.h - gap:
                out.append((img, img.get_rect(bottomleft=(band.left, band.bottom - gap)), px))
                break
    return out


def clear_spot(board: BoardScreen, why: str, size: int, button: pygame.Rect, kept_off: list[pygame.Rect],
               needed: set[tuple[int, int]]) -> list[tuple[pygame.Surface, pygame.Rect, int]]:
    """A refusal card (in `size` px, else 12) wrapped to one of a few widths, on the spot nearest
    the `button` that covers none of the `kept_off` boxes (the fighters, the other cards) and
    none of the `needed` squares (`card_room.nearest_free`, up to `card_room.MOST` squares off);
    [] when there is none."""
    room, tile = board.viewport, board.camera.tile
    widths = (hover_card.wrap_width(room, board.hud.scale), room.w // 2, room.w // 3, round(140 * board.hud.scale),
              round(110 * board.hud.scale))  # three words a line at the narrowest
    imgs = [(hover_card.card(why, px, w, True), px) for px in sorted({size, min(size, 12)}, reverse=True) for w in widths]
    # the squares to pick as boxes only when the search runs: a potion teleport on a 128² map
    # marks ~15,000 of them, and the card stands in every frame of the mode
    found = card_room.kept(("refusal", why, size, tuple(button), tuple(room), tile, board.camera.origin, board.version),
                           lambda: card_room.nearest_free([img.get_size() for img, _ in imgs], button, room.inflate(-12, -12),
                                                          room, tile, [kept_off, [board.camera.square_rect(sq) for sq in needed]]))
    if found is None:
        return []
    img, px = imgs[found[0]]
    return [(img, found[1], px)]


Spot = tuple[pygame.Surface, pygame.Rect, int]
"""A place for a refusal card: its image, its box and its font size."""
Spots = list[Spot]
"""Places for a refusal card."""


def in_spare_row(board: BoardScreen, why: str, size: int, button: pygame.Rect) -> tuple[Spots, Spots]:
    """Refusal cards for the key's row of its own over the choices' (`Hud._key_rows`) when the
    mode has no key to draw there (the taunt: its English styles are too wide to share the row,
    s56 audit), right-aligned over the `button`: the card on one line inside the row, in 12 px
    if need be (first: that row stayed blank while the card covered the board's bottom row
    above it); else the card wrapped, standing on the row and reaching up over the board (last:
    only where it covers less than the other places, at 800×560)."""
    hud = board.hud
    if hud.key_rows != 2 or board.legend_rect is not None:
        return [], []
    row = hud.legend_row
    for px in range(size, min(size, 12) - 1, -1):
        img = hover_card.card(why, px, row.w, True)
        if img.get_width() <= row.w and img.get_height() <= row.h:
            return [(img, img.get_rect(midright=(button.right, row.centery)).clamp(row), px)], []
    room = board.viewport.union(row)
    imgs = [hover_card.card(why, size, width, True) for width in (hover_card.wrap_width(board.viewport, hud.scale), row.w)]
    return [], [(img, img.get_rect(bottomright=(button.right, row.bottom)).clamp(room), size) for img in imgs]


def columns_rows_under(board: BoardScreen, box: pygame.Rect) -> tuple[range, range]:
    """The board's columns and rows that lie (even in part) under `box`."""
    assert board.ctrl is not None
    ground = board.ctrl.state.board
    tile = board.camera.tile
    ox, oy = board.camera.origin
    xs = range(max(0, (box.left - ox) // tile), min(ground.width, (box.right - 1 - ox) // tile + 1))
    ys = range(max(0, (box.top - oy) // tile), min(ground.height, (box.bottom - 1 - oy) // tile + 1))
    return xs, ys


def squares_under(board: BoardScreen, box: pygame.Rect) -> list[tuple[int, int]]:
    """The board's squares that lie (even in part) under `box`."""
    xs, ys = columns_rows_under(board, box)
    return [(x, y) for y in ys for x in xs]


def ground_sums(board: BoardScreen) -> list[list[int]]:
    """How many squares other than walls each top-left rectangle of the match's board holds:
    entry [y][x] counts those of columns < x and rows < y (a refusal card weighs a dozen places
    a frame, each over up to hundreds of squares); made once per board, kept on the screen
    (`BoardScreen.ground_sums`)."""
    assert board.ctrl is not None
    ground = board.ctrl.state.board
    if board.ground_sums is None or board.ground_sums[0] is not ground:
        sums = [[0] * (ground.width + 1)]
        for y in range(ground.height):
            row, across = [0], 0
            for x in range(ground.width):
                across += ground.terrain((x, y)) != Terrain.WALL
                row.append(sums[y][x + 1] + across)
            sums.append(row)
        board.ground_sums = (ground, sums)
    return board.ground_sums[1]


def ground_under(board: BoardScreen, box: pygame.Rect) -> int:
    """How many of the board's squares other than walls lie (even in part) under `box`."""
    assert board.ctrl is not None
    xs, ys = columns_rows_under(board, box)
    if not xs or not ys:
        return 0
    sums = ground_sums(board)
    return sums[ys.stop][xs.stop] - sums[ys.start][xs.stop] - sums[ys.stop][xs.start] + sums[ys.start][xs.start]


def least_hiding(board: BoardScreen, spots: Spots, hides: Callable[[Spot], tuple[int, ...]]) -> Spot:
    """The spot that `hides` the least; of those that hide as much, the one over the least floor
    (`ground_area_under`, reckoned only for them, and only when they hide squares of it: the
    last figure of `hides`; every frame of the mode draws the card)."""
    scored = [(hides(s), s) for s in spots]
    least = min(score for score, _ in scored)
    tied = [s for score, s in scored if score == least]
    if len(tied) == 1 or least[-1] == 0:
        return tied[0]
    return min(tied, key=lambda s: ground_area_under(board, s[1]))


def ground_area_under(board: BoardScreen, box: pygame.Rect) -> int:
    """How many pixels of the board's squares other than walls `box` covers: a row at a time,
    its inner columns whole (`ground_sums`), its first and last in part."""
    assert board.ctrl is not None
    xs, ys = columns_rows_under(board, box)
    if not xs or not ys:
        return 0
    sums = ground_sums(board)
    tile = board.camera.tile
    ox, oy = board.camera.origin

    def overlap(lo: int, hi: int, start: int) -> int:
        return max(0, min(hi, start + tile) - max(lo, start))

    def ground(y: int, x0: int, x1: int) -> int:  # squares other than walls in row y, columns x0 to x1 - 1
        return sums[y + 1][x1] - sums[y][x1] - sums[y + 1][x0] + sums[y][x0]

    first, last = xs.start, xs.stop - 1
    first_w = overlap(box.left, box.right, ox + first * tile)
    last_w = overlap(box.left, box.right, ox + last * tile)
    total = 0
    for y in ys:
        across = first_w * ground(y, first, first + 1)
        if last > first:
            across += last_w * ground(y, last, last + 1) + tile * ground(y, first + 1, last)
        total += overlap(box.top, box.bottom, oy + y * tile) * across
    return total


def needed_under(board: BoardScreen, box: pygame.Rect, needed: set[tuple[int, int]]) -> int:
    """How many of the `needed` squares (those the mode marks for the player to pick) lie under `box`."""
    return sum(1 for sq in squares_under(board, box) if sq in needed)


_NEEDED: list = [None, 0, set()]  # the last highlights shown, their number and the squares they mark (`per_list`)


SQUARE_NAMED = re.compile(r"\((\d+), (\d+)\)")
"""A square as the window's words name it: "(9, 1)", in every language."""


def previewed(board: BoardScreen, hl: Sequence[Highlight], hover: tuple[int, int], words: str) -> list[pygame.Rect]:
    """The squares the hovered square's preview marks (a push's landings and arrow, a jump's
    landing) and every square its card names ("blocked by the wall at (9, 1)"): the hover
    card must leave them in sight."""
    cam = board.camera
    out: list[pygame.Rect] = []
    for h in previewing(hl):
        if h.kind == "arrow" and h.square == hover and h.to is not None:
            out.append(cam.square_rect(h.square).union(cam.square_rect(h.to)))
        elif h.kind in ("landing", "hazard") and h.square != hover and h.tip and h.tip == words:
            out.append(cam.square_rect(h.square))
    assert board.ctrl is not None
    inside = board.ctrl.state.board.inside
    for x, y in SQUARE_NAMED.findall(words):
        sq = (int(x), int(y))
        if sq != hover and inside(sq):
            out.append(cam.square_rect(sq))
    return out


PREVIEWING = frozenset({"arrow", "landing", "hazard"})
"""The highlight kinds a hovered square's preview marks elsewhere on the board (`previewed`)."""


def previewing(hl: Sequence[Highlight]) -> list[Highlight]:
    """The highlights of `hl` a preview may mark (`PREVIEWING`), picked out once per list (the
    board passes the same one, `shown_highlights`, till they change): a potion teleport on a
    128² map marks ~15,000 squares, walked in every hover frame (~1 ms)."""
    return hover_card.per_list(_PREVIEWING, hl, lambda hs: [h for h in hs if h.kind in PREVIEWING])


_PREVIEWING: list = [None, 0, []]  # the last highlights, their number and those a preview may mark


def shown_kinds(board: BoardScreen, hl: Sequence[Highlight], version: int) -> frozenset[HighlightKind]:
    """The highlight kinds on the board (the legend lists only those), made once per version."""
    if board.legend_kinds[0] != version:
        board.legend_kinds = (version, frozenset(h.kind for h in hl))
    return board.legend_kinds[1]


SkipHint = tuple[pygame.Surface, pygame.Rect, str]
"""The skip hint's words' image, the strip behind them and the words (`skip_hint`)."""


def skip_hint(board: BoardScreen) -> SkipHint:
    """While an animation plays, the hint how to skip it and the speed setting: its words'
    image and the strip behind them, centred low on the viewport (over the board's bottom)."""
    hint = text("anim_hint", board.lang, speed=speed_label(board.anim.speed, board.lang))
    img = font(round(15 * board.hud.scale), bold=True).render(hint, True, (235, 230, 215))
    x = board.viewport.centerx - img.get_width() // 2
    y = board.viewport.bottom - img.get_height() - 10
    return img, pygame.Rect(x - 10, y - 4, img.get_width() + 20, img.get_height() + 8), hint


def draw_skip_hint(board: BoardScreen, surface: pygame.Surface, hint: SkipHint | None = None) -> None:
    """While an animation plays: how to skip it and the speed setting (`skip_hint`)."""
    img, back, words = skip_hint(board) if hint is None else hint
    pygame.draw.rect(surface, (20, 18, 24), back, border_radius=6)
    at = img.get_rect(topleft=(back.x + 10, back.y + 4))
    surface.blit(img, at)
    note_text("skip_hint", at, round(15 * board.hud.scale), board.viewport, words)
