"""The board screen's input: widgets first, then keys and the pointer. A key is read in the
key table (`arena_game.ui.keys`) as a command for the board's scopes (the mode's, a lesson's,
the board's); the mode answers the commands every mode shares (confirm, next choice, erase,
back), the board the others. Like `board_files`, these functions are `BoardScreen` methods
kept in their own module (`BoardScreen.on_key` is `on_key` here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from arena_game.ui import keys
from arena_game.ui.map_findings import HIDE_LINK
from arena_game.ui.modes import Unused
from arena_game.ui.rules_text import LINK_PREFIX, first_rule
from arena_game.ui.screens import hover_card

if TYPE_CHECKING:
    from arena_game.core.geometry import Square
    from arena_game.ui.screens.board import BoardScreen

MODE_COMMANDS = frozenset({"confirm", "next_choice", "erase", "back"})
"""The commands the current input mode answers first (its own keys, if it had any, too)."""
BUTTON_COMMANDS = frozenset({*keys.ACTIONS, "end", "fit", "new", "undo", "rules"})
"""The commands that press their action-bar button."""
CURSOR = {"cursor_left": (-1, 0), "cursor_right": (1, 0), "cursor_up": (0, -1), "cursor_down": (0, 1)}
"""The keyboard cursor's moves (Shift+arrows), in squares."""


# The keys bound by their place (`keys.PLACES`): SDL's scancodes name a key by where it sits.
_PLACE_OF_SCANCODE = {getattr(pygame, f"KSCAN_{place.upper()}"): place for place in keys.PLACES}


def key_command(board: BoardScreen, event: pygame.event.Event) -> str | None:
    """The command a key gives on this board now (the mode's scope first): by the letter it
    types, else, for the panning keys, by where it sits (Z Q S D on AZERTY)."""
    return keys.command(pygame.key.name(event.key), board.key_scopes(), ctrl=bool(event.mod & pygame.KMOD_CTRL),
                        shift=bool(event.mod & pygame.KMOD_SHIFT),
                        place=_PLACE_OF_SCANCODE.get(getattr(event, "scancode", -1)))


def handle(board: BoardScreen, event: pygame.event.Event) -> None:
    """Route one input event: widgets first, then keys and the pointer."""
    if event.type != pygame.MOUSEMOTION or any(getattr(event, "buttons", ())):
        board.widgets.disturb()  # anything but a plain mouse move may change a widget
    if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        # a key or a click hides the hover card till the pointer rests again, as a tooltip does:
        # the frame of a mode key searches no spot for it (the square's highlight follows at once)
        board.card_due = board.app.time_ms + hover_card.DELAY_MS
    if board.anim.busy and board.hold_for_animation(event):
        return
    consumed = board.widgets_see(event)
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        board.on_ui_button(event.ui_element)
    elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.link_target == HIDE_LINK:
        board.hide_findings()
    elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and str(event.link_target).startswith(LINK_PREFIX):
        board.open_rules(str(event.link_target)[len(LINK_PREFIX):])  # a rule named in the log or sheet
    elif consumed:
        return
    elif event.type == pygame.KEYDOWN:
        board.on_key(event)
    elif event.type == pygame.KEYUP:
        board.pointer.key_up(event.key)
    elif event.type == pygame.MOUSEBUTTONDOWN and board.hud.status_rect.collidepoint(event.pos):
        rule = first_rule(board.hud.status_text)  # a refusal or forecast naming a rule: open it
        if rule is not None:
            board.open_rules(rule)
    elif event.type == pygame.MOUSEBUTTONDOWN:
        board.pointer.down(event, board.viewport)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
        sq = _pointed(board, board.pointer.right_click(event, board.camera))
        rule = first_rule(board.hover_text(sq)) if sq is not None and board.ctrl is not None else None
        if rule is not None:  # a right-click on a square opens the rule its forecast or refusal names
            board.open_rules(rule)
    elif event.type == pygame.MOUSEBUTTONUP:
        sq = _pointed(board, board.pointer.up(event, board.camera))
        if sq is not None and board.ctrl is not None:
            board.do(board.mode.click(board.ctrl.state, sq))
    elif event.type == pygame.MOUSEMOTION:
        board.cursor = None  # the mouse points now: Space no longer acts on the keyboard's square
        sq = _pointed(board, board.pointer.move(event, board.camera))
        if sq != board.hover:
            board.hover = sq  # the hover card stays inside the viewport, redrawn each frame
            board.card_due = board.app.time_ms + hover_card.DELAY_MS  # once the pointer rests there
            board.show_hovered_sheet()
    elif event.type == pygame.MOUSEWHEEL and not board.hud.scrolls_at(pygame.mouse.get_pos()):
        # over the log the wheel scrolls it (pygame_gui): it zoomed the board as well (s53)
        board.pointer.wheel(event, board.camera, board.viewport)


def _pointed(board: BoardScreen, sq: Square | None) -> Square | None:
    """The square the pointer means: a target's when it is on the tag showing its figure."""
    return board.view.pointed(sq) if board.view is not None else sq


def hold_for_animation(board: BoardScreen, event: pygame.event.Event) -> bool:
    """While an animation plays, input waits: a click or Space skips it, V sets the speed;
    Esc skips it and goes on as Esc (one step back). True when the event was held."""
    command = key_command(board, event) if event.type == pygame.KEYDOWN else None
    if event.type == pygame.MOUSEBUTTONDOWN or command == "skip":
        board.anim.skip()
        return True
    if command == "back":
        board.anim.skip()
        return False
    if event.type == pygame.KEYDOWN:
        if command == "speed":
            board.cycle_anim_speed()
        return True
    return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)


def on_ui_button(board: BoardScreen, element: object) -> None:
    """An action-bar or mode-choice button was pressed."""
    for bid, b in board.hud.buttons.items():
        if b is element:
            board.press_button(bid)
            return
    for cid, b in board.hud.choice_buttons.items():
        if b is element:
            refusal = getattr(b, "refusal", None)
            if refusal:
                board.refuse(refusal)
            elif board.ctrl is not None:
                board.do(board.mode.choose(board.ctrl.state, cid))
            return


def on_key(board: BoardScreen, event: pygame.event.Event) -> None:
    """A key: its command in the key table, carried out."""
    command = key_command(board, event)
    if command is not None:
        board.on_command(command, event.key)


def on_command(board: BoardScreen, command: str, key: int = 0) -> None:
    """One command of the key table: the mode's first, then files, speed, rules, the camera,
    the action-bar buttons; Esc with nothing to step back from leaves (`step_out`)."""
    leaving, board.leaving = board.leaving, False  # a second Esc in a row leaves; anything else forgets it
    if command in MODE_COMMANDS or command not in BUTTON_COMMANDS and board.mode.name in _scopes_of(command):
        result = board.mode.key(board.ctrl.state, command) if board.ctrl is not None else Unused()
        if not isinstance(result, Unused):
            board.do(result)
        elif command == "back":
            board.step_out(leaving)
        return
    if command == "save":
        board.save()
    elif command == "load":
        board.open_load_dialog()
    elif command == "speed":
        board.cycle_anim_speed()
    elif command in ("zoom_in", "zoom_out"):
        board.camera.zoom(1 if command == "zoom_in" else -1, board.viewport.center)
    elif board.pointer.pan_key(board.camera, key, command):
        pass
    elif command in CURSOR:
        move_cursor(board, command)
    elif command == "hide_findings":
        board.hide_findings()
    elif command == "skip":  # Space with no animation to skip: a click on the keyboard cursor's square
        act_on_cursor(board)
    elif command in BUTTON_COMMANDS:
        board.press_button(command)


def move_cursor(board: BoardScreen, command: str) -> None:
    """Shift+arrows: the keyboard's pointer a square further (from the square pointed at, else
    the active fighter's), kept in sight; its highlight, sheet and card as the mouse's, so a
    match is played without the mouse (Space acts on it, `act_on_cursor`)."""
    if board.ctrl is None:
        return
    state = board.ctrl.state
    x, y = board.hover if board.hover is not None else state.active.position
    dx, dy = CURSOR[command]
    sq = (min(max(x + dx, 0), state.board.width - 1), min(max(y + dy, 0), state.board.height - 1))
    board.camera.show(sq)
    board.cursor = board.hover = sq
    board.card_due = board.app.time_ms + hover_card.DELAY_MS
    board.show_hovered_sheet()


def act_on_cursor(board: BoardScreen) -> None:
    """Space: the keyboard cursor's square clicked, once for each move of the cursor (a Space
    pressed late to skip an animation that has just ended acts on nothing)."""
    sq, board.cursor = board.cursor, None
    if sq is not None and sq == board.hover and board.ctrl is not None:
        board.do(board.mode.click(board.ctrl.state, sq))


def _scopes_of(command: str) -> set[str]:
    return {b.scope for b in keys.BINDINGS if b.command == command}
