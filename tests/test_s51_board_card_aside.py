"""s51: the big forecast cards (attack, circle attack) covered a pillar or crate where no free spot
lay within `card_room.MOST` squares of the hovered square, or sat eight rows off on a long leader
line. A card that finds no free spot on the board (`hover_card.crowded`) goes over the side
panel's top instead (the panels it covers hidden: no text over text), headed by the square it is
about, its square framed on the board in the card's colour."""

from __future__ import annotations

import pygame
import pytest

from arena_game.core.geometry import fmt
from arena_game.render.text import font
from arena_game.ui.screens import hover_card
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.strings import text
from tests.layout_boxes import (
    assert_words_whole_and_apart,
    drawn_box,
    pillars_and_crates,
    squares_under,
)
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", ["circle", "attack-ranged", "attack-melee"])
def test_s51_a_card_with_no_free_spot_goes_over_the_side_panel(scene, lang, size):
    app = scene_window(scene, lang, size)
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    assert not squares_under(board, card, pillars_and_crates(board)), card  # it covered (7, 3) or (7, 11)
    assert not card.colliderect(board.viewport) and app.screen.get_rect().contains(card), card
    sheet = board.hud.sheet_box
    assert card.colliderect(sheet.rect) and not sheet.visible  # the sheet's words are not under it
    square = board.camera.square_rect(board.hover)
    for x, y in ((square.left - 1, square.centery), (square.right, square.centery), (square.centerx, square.top - 1)):
        assert app.screen.get_at((x, y))[:3] == hover_card.ASIDE_EDGE_COLOUR, (x, y)  # its square framed
    assert drawn_box(app, "hover_card") == card  # the next frames keep it there
    assert_words_whole_and_apart(app)
    # the pointer leaves the board: from that very frame the card is gone, then the sheet is back
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(board.viewport.left + 3, board.viewport.bottom - 3), rel=(1, 0),
                                         buttons=(0, 0, 0)))
    app.run(frames=1)
    assert board.hover is None and not hover_card.went_aside()
    assert app.screen.get_at((card.left, card.centery))[:3] != hover_card.ASIDE_EDGE_COLOUR
    app.run(frames=1)
    assert sheet.visible


def test_s51_the_french_push_lava_card_at_1366_leaves_the_crate_in_sight():
    app = scene_window("push-lava", "fr", (1366, 768))
    board = app.find(BoardScreen)
    card = drawn_box(app, "hover_card")
    assert not squares_under(board, card, pillars_and_crates(board)), card  # it covered the crate at (15, 2)
    assert not card.colliderect(board.viewport)


def test_s51_crowded_board_card_goes_aside_headed_by_its_square():
    """A 10×6 room of 40 px squares with pillars all round the hovered square, 4 squares out:
    every spot within MOST squares covers one. Without `aside` the card stays on the board over a
    pillar (as before); with it, it goes to the `aside` box, at least as large as the box, its
    head naming the square, and the square is framed."""
    t = 40
    surface = pygame.Surface((640, 240))
    room = pygame.Rect(0, 0, 10 * t, 6 * t)
    cursor = pygame.Rect(4 * t, 2 * t, t, t)
    pillars = [pygame.Rect(x * t, y * t, t, t) for x in range(10) for y in range(6) if (x + y) % 2 and (x, y) != (4, 2)]
    words = "Tarn: hit 50%, mean damage 3.0, kill 0%\ndamage 2–12 if it hits\nBrakka attacks: d20 + Dextérité (dexterity) 6"
    on_board = hover_card.draw(surface, words, cursor, room, 1.0, False, obstacles=pillars)
    assert on_board is not None and room.contains(on_board) and on_board.collidelist(pillars) != -1
    assert not hover_card.went_aside()
    aside = pygame.Rect(410, 0, 230, 200)
    label = text("card_aside", "en", sq=fmt((4, 2)))
    box = hover_card.draw(surface, words, cursor, room, 1.0, False, obstacles=pillars, aside=aside, label=label)
    assert box is not None and aside.contains(box) and box.w >= aside.w - 8 and box.h >= aside.h - 8, box
    assert hover_card.went_aside() and surface.get_at((cursor.left - 1, cursor.centery))[:3] == hover_card.ASIDE_EDGE_COLOUR
    screen = pygame.Surface((640, 240))
    assert hover_card.draw_aside(screen) == box and not hover_card.went_aside()
    assert screen.get_at((box.left, box.centery))[:3] == hover_card.ASIDE_EDGE_COLOUR  # its edge
    mark = (box.left + hover_card.PAD + 2, box.top + hover_card.PAD + font(14).get_height() // 2)
    assert screen.get_at(mark)[:3] == hover_card.ASIDE_EDGE_COLOUR  # the head's mark pointing to the board
    assert label == "Square (4, 2), framed on the board"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s51_a_panel_hidden_by_a_card_shows_nothing_below_the_card_from_its_first_frame(lang):
    """At 800×560 the circle card sent aside reaches the teams box: the box is hidden, and its
    words below the card's foot showed on the frame the card came (the widgets had drawn it) and
    in the gallery's picture (a frame put back from the widget layer's copy)."""
    from arena_game.render import text as text_module
    from arena_game.ui.screens.base import BACKGROUND
    from tools.window_screenshots import SCENES

    pygame.quit()
    text_module.reset_caches()
    app = SCENES["circle"](lang, (800, 560))
    board = app.find(BoardScreen)
    for frame in range(3):
        app.step()
        app.draw()  # a frame drawn again, as the gallery does
        card = hover_card.aside_box() or board.aside_drawn
        teams = board.hud.teams_box.rect
        assert card is not None and card.colliderect(teams) and not board.hud.teams_box.visible, frame
        below = pygame.Rect(teams.left, card.bottom, teams.w, teams.bottom - card.bottom)
        ink = [(x, y) for x in range(below.left, below.right) for y in range(below.top, below.bottom)
               if app.screen.get_at((x, y))[:3] != BACKGROUND]
        assert not ink, (frame, ink[:3])


def test_s51_a_box_another_screen_hid_stays_hidden_when_the_card_goes():
    """`cover_panels` shows again only the boxes it hid: the match-over bar hides the teams box,
    and the board's frame (no card) showed it again under the bar."""
    app = scene_window("walk", "en", (1280, 720))
    hud = app.find(BoardScreen).hud
    hud.teams_box.hide()
    assert hud.cover_panels(None) == [] and not hud.teams_box.visible
    hud.cover_panels(pygame.Rect(hud.sheet_box.rect))
    assert not hud.sheet_box.visible
    hud.cover_panels(None)
    assert hud.sheet_box.visible and not hud.teams_box.visible
