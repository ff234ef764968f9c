"""Every modal and popup follows the window: resized while it is open (1280×720 → 1920×1080 →
800×560, the smallest window → 1280×720), each stays wholly inside the window, in the middle
when it was in the middle, its words neither cut nor over other words. What a small window
cannot hold (the house rules' longer pages, the roster editor) scrolls in a box of its own;
Tab brings the field it goes to into sight."""

from __future__ import annotations

import itertools

import pygame
import pytest
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UITextBox

from arena_game.render.text import ui_scale
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.dialog import (
    LoadDialogScreen,
    MessageScreen,
    WindowScreen,
    window_shadow,
)
from arena_game.ui.screens.dice_dialog import FaceDialogScreen
from arena_game.ui.scroll_box import ScrollBox, containers_above
from tests.layout_boxes import _leaves, boxes
from tests.ui_driver import board, press_key, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

CYCLE = [(1920, 1080), MIN_SIZE, (1280, 720)]
MODALS = ["rules", "house-rules", "roster", "dice-at-table", "match-over", "handoff", "tutorial", "start",
          "tutorial-list"]


def _resize(app, size) -> None:
    app.resize(size)
    app.run(frames=2)
    wait_while_building(app)


def _words(el) -> str:
    return el.html_text if isinstance(el, UITextBox) else str(getattr(el, "text", ""))


def _scrolled(screen) -> list[UIContainer]:
    """The containers whose contents scroll on this screen (they clip what is out of sight)."""
    out = []
    for name in ("page_box", "scroller"):
        box = getattr(screen, name, None)
        if isinstance(box, ScrollBox):
            out.append(box.get_container())
    column = getattr(screen, "column", None)
    if column is not None:  # the rules' section
        out.append(column.viewport)
    return out


def _holder(el, scrolled: list[UIContainer]) -> UIContainer | None:
    return next((parent for parent in containers_above(el) if parent in scrolled), None)


def _frame(app):
    """The top screen's window or panel: its rectangle on the screen and the room inside it."""
    top = app.top
    window = getattr(top, "window", None)
    if window is not None:
        return window, window.get_container().get_rect()
    panel = getattr(top, "panel", None)
    if panel is not None and hasattr(panel, "get_container"):
        return panel, panel.get_container().get_rect()
    return None, app.screen.get_rect()


def _text_widgets(app):
    frame, _room = _frame(app)
    if frame is None:
        return []
    out = []
    for el in _leaves(frame):
        if not el.visible or not isinstance(el, (UIButton, UILabel, UITextBox)) or not _words(el).strip() \
                or "scroll_bar" in el.most_specific_combined_id:
            continue
        lst = el.ui_container.ui_container if "item_list" in el.most_specific_combined_id else None
        if lst is not None and not lst.get_rect().colliderect(el.rect):
            continue  # a list's row scrolled out of its list: not drawn
        out.append(el)
    return out


def check_fits(app, where: str) -> None:
    """The top screen inside the window, centred as it should be, its words whole and apart."""
    screen_rect = app.screen.get_rect()
    top = app.top
    frame, room = _frame(app)
    if frame is not None:
        assert screen_rect.contains(frame.rect), (where, frame.rect, screen_rect)
    if isinstance(top, WindowScreen):  # a dialog: in the middle of the window (the dice dialog: of what is
        middle = screen_rect.centery  # above the board's status line when it fits there, s47 review 3 item 6)
        floor = top.status_top() if isinstance(top, FaceDialogScreen) else None
        if floor is not None and frame.rect.h + 2 * window_shadow(app.manager, "#dice_dialog") <= floor:
            middle = floor // 2
        assert abs(frame.rect.centerx - screen_rect.centerx) <= 1 and abs(frame.rect.centery - middle) <= 1, \
            (where, frame.rect)
    scrolled = _scrolled(top)
    groups: dict[object, list] = {}
    for el in _text_widgets(app):
        holder = _holder(el, scrolled)
        inside = holder.get_container().get_rect() if holder is not None else room
        if holder is not None and holder is scrolled[-1] and getattr(top, "column", None) is not None:
            inside = pygame.Rect(inside.left, el.rect.top, inside.w, el.rect.h)  # the rules' text scrolls up and down
        assert inside.contains(el.rect), (where, el.most_specific_combined_id, _words(el)[:40], el.rect, inside)
        groups.setdefault(holder, []).append(el)
        if isinstance(el, (UIButton, UILabel)):
            need = (getattr(el, "font", None) or el.ui_theme.get_font(el.combined_element_ids)).size(_words(el))[0]
            assert need <= el.rect.w - 6, (where, "cut", _words(el), need, el.rect.w)
    for els in groups.values():
        for a, b in itertools.combinations(els, 2):
            assert not a.rect.colliderect(b.rect), (where, _words(a)[:30], a.rect, _words(b)[:30], b.rect)
    # where each scrolling box shows: a scroll box's view, the rules' column itself
    views = [pygame.Rect(h.ui_container.rect) if isinstance(h.ui_container, UIContainer) and h is not getattr(
        getattr(top, "column", None), "viewport", None) else pygame.Rect(h.rect) for h in groups if h is not None]
    for el in groups.get(None, []):  # nothing of the screen's own over what scrolls
        assert not any(v.colliderect(el.rect) for v in views), (where, _words(el)[:30], el.rect, views)
    drawn = [b for b in boxes(app) if not b[0].startswith(("UIButton", "UILabel", "UITextBox"))]
    for what, rect, _size, place in drawn:  # what the window drew itself (the curtain's words, the board's)
        assert place.contains(rect), (where, what, rect, place)
    for a, b in itertools.combinations(drawn, 2):
        assert not a[1].colliderect(b[1]), (where, a[:2], b[:2])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scene", MODALS)
def test_every_modal_stays_inside_centred_and_whole_through_resizes(scene, lang):
    app = scene_window(scene, lang, (1280, 720))
    kind = type(app.top)
    check_fits(app, "1280x720")
    for size in CYCLE:
        _resize(app, size)
        assert type(app.top) is kind and app.screen.get_size() == size
        check_fits(app, f"{size[0]}x{size[1]}")
        if scene == "match-over":  # a bar in the side panel, laid out again there: off the final position
            b = app.find(BoardScreen)
            panel = app.top.panel.rect
            assert app.screen.get_rect().contains(panel) and not panel.colliderect(b.viewport), (size, panel)
            teams = b.hud.teams_box.rect  # over the teams box, at its foot (as tall as its buttons need)
            assert teams.contains(panel) and (panel.x, panel.w, panel.bottom) == (teams.x, teams.w, teams.bottom), (size, panel)
        if scene == "handoff":  # the curtain's words in the middle, drawn again at the new size
            lines = [rect for what, rect, _, _ in boxes(app) if what == "handoff"]
            assert lines and all(abs(r.centerx - size[0] // 2) <= 1 for r in lines)


def _opened_dialog(lang: str, size=(1280, 720)):
    app = scene_window("walk", lang, size)
    press_key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    wait_while_building(app)
    assert isinstance(app.top, LoadDialogScreen)
    return app


def _expected(app, design) -> pygame.Rect:
    """Where a dialog of `design` size opened at the window's current size is (its shadow round it)."""
    rect = app.top.centred(*design)
    shadow = app.top.window.shadow_width
    return rect.inflate(2 * shadow, 2 * shadow)


@pytest.mark.parametrize("lang, title", [("en", "Load a saved match (Ctrl+O)"),
                                          ("fr", "Charger une partie enregistrée (Ctrl+O)")])
def test_the_load_dialog_goes_back_to_the_middle_at_its_opening_size_after_a_resize(lang, title):
    app = _opened_dialog(lang)
    dialog = app.top
    assert dialog.window.window_display_title == title  # words in the window's language, not a bare key
    first = dialog.window.rect.copy()
    assert first == _expected(app, (640, 480))
    dialog.window.file_path_text_line.set_text("/tmp/typed-before-the-resize")
    for size in CYCLE:
        _resize(app, size)
        assert app.top is dialog and dialog.window.alive()
        assert dialog.window.rect == _expected(app, (640, 480)), size  # as it would open at this size
        assert app.screen.get_rect().contains(dialog.window.rect)
        assert dialog.veil is not None and dialog.veil.rect.size == size
        ok, cancel = dialog.window.ok_button.rect, dialog.window.cancel_button.rect
        box = dialog.window.get_container().get_rect()
        assert box.contains(ok) and box.contains(cancel) and not ok.colliderect(cancel)
        assert box.contains(dialog.window.file_selection_list.rect)
    assert dialog.window.rect == first
    assert dialog.window.file_path_text_line.get_text() == "/tmp/typed-before-the-resize"  # what was typed is kept


def test_the_load_dialog_resized_to_1920_is_the_one_opened_there():
    grown = _opened_dialog("en")
    _resize(grown, (1920, 1080))
    rect, ok = grown.top.window.rect.copy(), grown.top.window.ok_button.rect.copy()
    opened = _opened_dialog("en", (1920, 1080))
    assert opened.top.window.rect == rect and opened.top.window.ok_button.rect == ok


def _message(lang: str = "en"):
    app = scene_window("walk", lang, (1280, 720))
    board(app).show_problem("/tmp/x/refused.arena.json: line 3, column 4: a value of the wrong type")
    app.run(frames=2)
    wait_while_building(app)
    assert isinstance(app.top, MessageScreen)
    return app


def _message_font_size(screen: MessageScreen) -> int:
    box = next(el for el in _leaves(screen.window) if isinstance(el, UITextBox))
    chunk = next(c for row in box.text_box_layout.layout_rows for c in row.items if getattr(c, "text", "").strip())
    return int(chunk.font.point_size)


def test_the_message_window_is_made_again_in_the_middle_with_words_of_the_new_size():
    app = _message()
    first = app.top.window.rect.copy()
    assert _message_font_size(app.top) == 13
    for size in CYCLE:
        _resize(app, size)
        screen = app.top
        assert isinstance(screen, MessageScreen) and screen.window.alive()
        assert screen.window.rect == _expected(app, (560, 220)), size
        # its words at the size a message opened now has them (they kept 13 px at 1920×1080)
        assert _message_font_size(screen) == round(13 * ui_scale(size)), size
        assert screen.veil is not None and screen.veil.visible
    assert app.top.window.rect == first
    press_key(app, pygame.K_ESCAPE)
    app.run(frames=2)
    assert isinstance(app.top, BoardScreen)  # closed as ever, after being made again


# -- what a small window cannot hold scrolls -----------------------------------------------------------


def test_a_house_rules_page_scrolls_in_the_smallest_window_and_tab_brings_its_fields_in_sight():
    from arena_game.ui.screens.house_rules import HouseRulesScreen

    app = scene_window("house-rules", "fr", MIN_SIZE)
    panel = app.find(HouseRulesScreen)
    view = panel.page_view()
    assert view is not None and view.bottom <= panel.status_label.rect.top
    fields = list(panel.keys_of)
    assert max(w.rect.bottom for w in fields) > view.bottom  # the page is taller than its room: it scrolls
    for i in range(len(fields)):  # Tab through the page: each field shows whole when it has the keyboard
        panel.move_focus(i)
        app.run(frames=1)
        assert view.contains(fields[i].rect), (i, fields[i].rect, view)
        mark = panel.marks[panel.keys_of[fields[i]]]
        assert view.contains(mark.rect)
    app.draw()  # the focus frame is drawn inside the page's box, never over the foot
    assert app.screen.get_at((view.centerx, view.bottom + 3))[:3] != (255, 210, 122)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_in_a_narrow_window_a_readings_mark_goes_under_its_explanation(lang):
    from arena_game.ui.screens.house_rules import HouseRulesScreen

    app = scene_window("house-rules", lang, MIN_SIZE)
    panel = app.find(HouseRulesScreen)
    for widget, key in panel.keys_of.items():
        mark = panel.marks[key]
        assert mark.rect.top >= widget.rect.bottom or mark.rect.top > widget.rect.top  # below, never beside
        assert mark.rect.w >= 400  # the whole width of the explanation and the value
    refused = panel.refused_fields()[0]  # the scene's die of 200: its fault whole under it
    fault = panel.marks[panel.keys_of[refused]]
    assert fault.text and fault.font.size(fault.text)[0] <= fault.rect.w - 6


def test_the_roster_editor_scrolls_in_the_smallest_window_and_tab_brings_its_fields_in_sight():
    from arena_game.ui.screens.roster import RosterScreen

    app = scene_window("roster", "en", MIN_SIZE)
    editor = app.find(RosterScreen)
    assert editor.scroller is not None
    view = editor.scroller.view
    title = next(el for el in _leaves(editor.panel) if isinstance(el, UILabel) and "roster editor" in el.text)
    assert abs(title.rect.centerx - MIN_SIZE[0] // 2) <= 1 and not title.rect.colliderect(view)
    far = editor.form.rows["skills.nage"].widget  # the attributes' column, off to the right and down
    assert not view.contains(far.rect)
    for _ in range(len(editor.ring.widgets)):
        press_key(app, pygame.K_TAB, frames=1)
        if editor.ring.current is far:
            break
    assert editor.ring.current is far and view.contains(far.rect)
    app.draw()  # the colour's swatch follows its entry, scrolled or not
    entry = editor.team_form.rows["colour"].widget.rect
    assert editor.swatch.move(entry.topleft).left > entry.right


def test_a_window_as_large_as_the_roster_editors_design_does_not_scroll():
    from arena_game.ui.screens.roster import DESIGN, RosterScreen

    app = scene_window("roster", "en", DESIGN)
    assert app.find(RosterScreen).scroller is None
