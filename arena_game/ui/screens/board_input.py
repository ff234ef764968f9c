"""The board screen's input: widgets first, then keys (files, animation speed, the mode,
panning, the action shortcuts) and the pointer. Like `board_files`, these functions are
`BoardScreen` methods kept in their own module (`BoardScreen.on_key` is `on_key` here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from arena_game.ui.modes import Unused
from arena_game.ui.rules_text import LINK_PREFIX, first_rule

if TYPE_CHECKING:
    from arena_game.ui.screens.board import BoardScreen

SHORTCUTS = {
    "1": "walk", "2": "run", "3": "swim", "4": "jump", "5": "attack", "6": "circle", "7": "push",
    "8": "teleport", "9": "taunt", "0": "stand", "e": "end", "f": "fit", "n": "new",
}


def handle(board: BoardScreen, event: pygame.event.Event) -> None:
    """Route one input event: widgets first, then keys and the pointer."""
    if event.type != pygame.MOUSEMOTION or any(getattr(event, "buttons", ())):
        board.widgets.disturb()  # anything but a plain mouse move may change a widget
    if board.anim.busy and board.hold_for_animation(event):
        return
    consumed = board.widgets_see(event)
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        board.on_ui_button(event.ui_element)
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
        sq = board.pointer.right_click(event, board.camera)
        rule = first_rule(board.hover_text(sq)) if sq is not None and board.ctrl is not None else None
        if rule is not None:  # a right-click on a square opens the rule its forecast or refusal names
            board.open_rules(rule)
    elif event.type == pygame.MOUSEBUTTONUP:
        sq = board.pointer.up(event, board.camera)
        if sq is not None and board.ctrl is not None:
            board.do(board.mode.click(board.ctrl.state, sq))
    elif event.type == pygame.MOUSEMOTION:
        sq = board.pointer.move(event, board.camera)
        if sq != board.hover:
            board.hover = sq  # the hover card stays inside the viewport, redrawn each frame
            board.show_hovered_sheet()
    elif event.type == pygame.MOUSEWHEEL:
        board.pointer.wheel(event, board.camera, board.viewport)


def hold_for_animation(board: BoardScreen, event: pygame.event.Event) -> bool:
    """While an animation plays, input waits: a click or Space skips it; True when held."""
    if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
        board.anim.skip()
        return True
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_v:
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
    """Keyboard: file keys, the animation speed, the mode, panning, then the action shortcuts."""
    if event.mod & pygame.KMOD_CTRL:
        if event.key == pygame.K_s:
            board.save()
        elif event.key == pygame.K_o:
            board.open_load_dialog()
        elif event.key == pygame.K_z:
            board.undo()
        return
    if event.key == pygame.K_v:
        board.cycle_anim_speed()
        return
    if event.key == pygame.K_F1:
        board.open_rules()
        return
    name = pygame.key.name(event.key)
    if board.ctrl is not None:
        result = board.mode.key(board.ctrl.state, name)
        if not isinstance(result, Unused):
            board.do(result)
            return
    if board.pointer.pan_key(board.camera, event.key):
        return
    if name in SHORTCUTS:
        board.press_button(SHORTCUTS[name])
