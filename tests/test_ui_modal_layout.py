"""Window layout of the modal screens and what is behind them: a dialog or the rules dim the
whole window behind them (no text seems sliced by their edges); the dice dialog is as large
as what it holds and the board behind it says which roll is asked; the demo shows the whole
map; the match-over side panel sums the match up; a jump's hover card leaves its landing in
sight."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from arena_game.i18n import t
from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.backdrop import Veil
from arena_game.ui.panels_html import sheet_html
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from arena_game.ui.screens.rules import RulesScreen
from tests.layout_boxes import drawn_box
from tests.ui_driver import board, open_app, press_key, top, ui_match, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

SIZES = [(1280, 720), (1920, 1080)]
OPEN = "\n".join(["." * 12] * 5)
RUN = {"kind": "run_start", "declared": [(1, 2), (2, 2), (3, 2)]}


def _brightness(colour) -> int:
    return sum(colour[:3])


# -- the veil behind a modal window ----------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_dim_the_whole_window_behind_them(size):
    app = open_app(ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}}),
                   lang="en", size=size)
    app.draw()
    corner, board_px = (4, 4), board(app).camera.square_centre((0, 0))
    before = [app.screen.get_at(p) for p in (corner, board_px)]
    press_key(app, pygame.K_F1)
    wait_while_building(app)
    rules = top(app, RulesScreen)
    assert rules is not None and rules.window is not None
    assert isinstance(rules.veil, Veil) and rules.veil.visible and rules.veil.rect.size == size
    assert rules.window.layer > rules.veil.layer  # the rules over their veil, the rest under it
    app.draw()
    outside = [p for p in (corner, board_px) if not rules.window.rect.collidepoint(p)]
    assert outside
    for p, was in zip((corner, board_px), before, strict=True):
        if p in outside:
            assert _brightness(app.screen.get_at(p)) < 0.5 * _brightness(was), (p, was, app.screen.get_at(p))
    press_key(app, pygame.K_ESCAPE)
    assert top(app, RulesScreen) is None and not rules.veil
    app.draw()
    assert app.screen.get_at(corner) == before[0]  # gone with the rules


def test_a_click_beside_a_dialog_reaches_no_widget_behind_it():
    app = open_app(replace_dice(ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}})),
                   lang="en", size=(1280, 720))
    board(app).apply(RUN)
    app.run(frames=2)
    wait_while_building(app)
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None and dialog.veil is not None
    end = board(app).hud.buttons["end"]
    assert not dialog.window.rect.collidepoint(end.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end.rect.center, button=1))
    app.run(frames=1)
    assert not end.held  # the veil took the press
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end.rect.center, button=1))
    app.run(frames=2)
    assert top(app, FaceDialogScreen) is dialog and board(app).ctrl.actions == []


# -- the dice dialog -------------------------------------------------------------------------------


def replace_dice(ctrl):
    from arena_game.ui.controller import MatchController

    return MatchController(replace(ctrl.setup, dice_mode="physical"))


def _inside_all(dialog: FaceDialogScreen) -> list[tuple[str, pygame.Rect]]:
    """The dialog's widgets that stick out of its window's container."""
    box = dialog.window.get_container().get_rect()
    widgets = [("text", dialog.text), ("prompt", dialog.prompt), ("entry", dialog.entry), ("ok", dialog.ok),
               ("error", dialog.error), ("cancel", dialog.cancel), *(("face", b) for b in dialog.face_buttons)]
    return [(name, w.rect) for name, w in widgets if not box.contains(w.rect)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_dice_dialog_is_as_large_as_what_it_holds_and_inside_the_window(size, lang):
    app = scene_window("dice-at-table", lang, size)
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None
    window, box = dialog.window.rect, dialog.window.get_container().get_rect()
    assert app.screen.get_rect().contains(window)
    assert not _inside_all(dialog)
    assert dialog.text.scroll_bar is None  # every line of the roll shows
    # sized to its content: the widest part and the last row leave no more than a margin
    parts = [dialog.text.rect, dialog.cancel.rect, *(b.rect for b in dialog.face_buttons)]
    right = max(r.right for r in parts)
    bottom = max(r.bottom for r in parts)
    margin = round(24 * size[1] / 720)
    assert box.right - right <= margin and box.bottom - bottom <= margin, (box, right, bottom)
    assert window.w < 0.6 * size[0] and window.h < 0.9 * size[1]
    # one left edge for the text, the entry and the faces; Cancel at the bottom right, under the faces
    faces = sorted(dialog.face_buttons.items(), key=lambda kv: kv[1])
    assert dialog.text.rect.left == dialog.entry.rect.left == faces[0][0].rect.left
    assert dialog.cancel.rect.right == max(b.rect.right for b, _ in faces) == dialog.text.rect.right
    assert dialog.cancel.rect.top > max(b.rect.bottom for b, _ in faces)
    rows = {b.rect.top for b, _ in faces}
    assert len(rows) == 2 and all(b.rect.size == faces[0][0].rect.size for b, _ in faces)


def test_a_tackle_d8_dialog_keeps_cancel_at_the_bottom_right_and_fits():
    ctrl = replace_dice(ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}}))
    app = open_app(ctrl, lang="fr", size=(1920, 1080))
    steps = [{"kind": "run_step", "to": sq} for sq in RUN["declared"]]
    board(app).play_route([RUN, *steps])
    app.run(frames=2)
    wait_while_building(app)
    top(app, FaceDialogScreen).take(12)
    app.run(frames=2)
    wait_while_building(app)
    dialog = top(app, FaceDialogScreen)
    assert dialog is not None and dialog.need.sides == 8 and len(dialog.face_buttons) == 8
    assert not _inside_all(dialog)
    box = dialog.window.get_container().get_rect()
    assert box.right - dialog.cancel.rect.right == dialog.text.rect.left - box.left  # the same margin both sides
    assert dialog.cancel.rect.top > max(b.rect.bottom for b in dialog.face_buttons)


def test_the_board_behind_the_dice_dialog_says_which_roll_is_asked_without_the_modes_marks():
    app = scene_window("dice-at-table", "en", (1280, 720))
    b = app.find(BoardScreen)
    dialog = top(app, FaceDialogScreen)
    assert b.current_highlights()  # the mode still has its marks…
    record_text_boxes(True)
    app.draw()
    drawn = text_boxes()
    record_text_boxes(False)
    assert b.legend_rect is None and not any(what == "legend" for what, *_ in drawn)  # …not shown
    status = b.hud._status[0]
    assert status == t("table.waiting", "en", name="Tarn", die="1d20", purpose="Course (run)")
    assert "green" not in status
    dialog.give_up()
    app.run(frames=1)
    assert b.hud._status[0] == b.mode.prompt(b.ctrl.state, "en")  # the mode's prompt again
    app.draw()
    assert b.legend_rect is not None


def test_closing_the_dice_dialog_with_its_cross_is_a_cancel():
    app = open_app(replace_dice(ui_match(OPEN, {"a": {"team": "red", "at": (0, 2)}, "z": {"team": "blue", "at": (2, 1)}})),
                   lang="fr")
    board(app).apply(RUN)
    app.run(frames=2)
    wait_while_building(app)
    dialog = top(app, FaceDialogScreen)
    dialog.window.kill()
    app.run(frames=2)
    assert top(app, FaceDialogScreen) is None and board(app).ctrl.actions == []
    assert not dialog.veil
    b = board(app)
    assert b.hud._status[0] == b.mode.prompt(b.ctrl.state, "fr")


# -- the demo ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_demo_shows_the_whole_map(size):
    from arena_game.ui.screens.demo import DemoScreen

    app = scene_window("demo", "en", size)
    demo = app.find(DemoScreen)
    film = demo.frames.gi_frame.f_locals["film"]
    board = film.scenario.board
    shown = pygame.Rect(film.origin, (board.width * film.tile, board.height * film.tile))
    assert film.stage.contains(shown), (shown, film.stage)  # every row and column, none cut
    assert film.tile >= 24 * size[1] // 720


# -- the match-over side panel ---------------------------------------------------------------------


@pytest.mark.parametrize("lang, rounds, survivors", [("en", "1 round played", ("0 survivors of 1", "1 survivor of 1")),
                                                      ("fr", "1 tour de table joué", ("0 survivant sur 1", "1 survivant sur 1"))])
def test_the_match_over_side_panel_sums_the_match_up(lang, rounds, survivors):
    app = scene_window("match-over", lang, (1280, 720))
    b = app.find(BoardScreen)
    b.hud.flush()
    html = b.hud.sheet_box.html_text
    assert html == sheet_html(b.ctrl.state, lang, None, b.hud.scale)
    assert t("ui.over_title", lang) in html and t("ui.over_winner", lang, team=b.ctrl.state.teams[b.ctrl.state.winner].name).split(" ")[0] in html
    assert rounds in html
    for words in survivors:
        assert words in html
    assert "† Tarn" in html and "Oruk" in html


def test_the_match_over_side_panel_counts_rounds_in_plural():
    from arena_game.i18n import tn

    assert tn("ui.over_rounds", 3, "en") == "3 rounds played" and tn("ui.over_rounds", 3, "fr") == "3 tours de table joués"
    assert tn("ui.over_survivors", 2, "fr", total=3) == "2 survivants sur 3"


# -- hover cards -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_r2_4_the_jump_card_leaves_the_hovered_square_and_the_landing_in_sight(size, lang):
    app = scene_window("jump", lang, size)
    b = app.find(BoardScreen)
    landing = next(h for h in b.current_highlights() if h.kind == "landing")
    card = drawn_box(app, "hover_card")
    assert not card.colliderect(b.camera.square_rect(landing.square))
    assert not card.colliderect(b.camera.square_rect(b.hover))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r7_1_a_greyed_taunt_style_says_why_beside_it_without_hovering(lang):
    from arena_game.i18n import refusal_line

    app = scene_window("taunt", lang, (1280, 720))
    b = app.find(BoardScreen)
    refused = [c for c in b.mode.choices(b.ctrl.state, lang) if c.refusal is not None]
    assert refused and refused[0].id == "advantaged"
    button = b.hud.choice_buttons["advantaged"]
    from arena_game.render.text import noted_words

    record_text_boxes(True)
    app.draw()
    said = noted_words()
    cards = [rect for what, rect, _, _ in text_boxes() if what == "choice_refusal"]
    record_text_boxes(False)
    assert len(cards) == 1 and refusal_line(refused[0].refusal, lang) in said
    card = cards[0]
    # over the board, or in the key's row of its own when the taunt's wide styles take one (s56 audit)
    room = b.hud.legend_row if b.hud.key_rows == 2 else b.viewport
    assert room.contains(card) and card.bottom <= button.rect.top and card.right == button.rect.right
    assert button.tool_tip_text  # hovered, its tooltip says it too


@pytest.mark.parametrize("lang, says", [("en", "Téléportation (teleport) possible here by potion (R6)"),
                                        ("fr", "Téléportation possible ici par potion (R6)")])
def test_r6_a_teleport_square_hovered_says_it_can_be_reached(lang, says):
    app = scene_window("teleport", lang, (1280, 720))
    b = app.find(BoardScreen)
    assert b.card_text.split("\n")[1] == says
    wall = (0, 0)
    assert t("ui.square_why", lang, sq="(0, 0)", reason="").rstrip(" —") in b.mode.hover(b.ctrl.state, wall, lang)


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_house_rules_value_marks_its_field(size):
    from arena_game.ui.screens.house_rules import FAULT_COLOUR, HouseRulesScreen

    app = scene_window("house-rules", "en", size)
    screen = app.find(HouseRulesScreen)
    refused = screen.refused_fields()
    assert len(refused) == 1 and screen.keys_of[refused[0]] in screen.draft.faults
    app.draw()
    rect = refused[0].rect
    edge = [app.screen.get_at((x, rect.top))[:3] for x in range(rect.left + 4, rect.right - 4, 7)]
    assert all(px == FAULT_COLOUR for px in edge)  # its whole top edge, thick and red
    badge = (rect.right - max(6, rect.h * 3 // 10) - 6, rect.centery)
    assert app.screen.get_at(badge)[:3] in (FAULT_COLOUR, (255, 255, 255))
    fine = next(w for w, key in screen.keys_of.items() if key not in screen.draft.faults)
    assert app.screen.get_at((fine.rect.centerx, fine.rect.top))[:3] != FAULT_COLOUR
