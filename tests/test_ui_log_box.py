"""The combat log's text box keeps the rows it has drawn when lines are appended: it must
look, scroll and link exactly as the same text set at once."""

from __future__ import annotations

import pygame
import pytest

from arena_game.ui.app import App
from arena_game.ui.hud import Hud
from arena_game.ui.log_box import GrowingLayout
from arena_game.ui.rules_text import LINK_PREFIX, rule_links

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LINES = [
    "<font color='#ffe066'><b>Tour 2 : Brakka</b></font>",
    "Brakka marche de (3, 4) à (4, 5).",
    "<font color='#a9b4c2'>   • Jet d'attaque : 7 + 3 = 10 contre 9, " + rule_links("R4.2") + "</font>",
    "Nyssa tire sur Brakka à l'arc long : touché, 4 dégâts à la tête (" + rule_links("R12.2") + "), "
    "une ligne assez longue pour aller à la ligne dans la boîte du journal",
]


def _pixels(box) -> bytes:
    """The text as drawn (its surface may be taller, blank below) and the box as shown."""
    text = box.text_box_layout.finalised_surface.subsurface(box.text_box_layout.layout_rect)
    return pygame.image.tobytes(text, "RGBA") + pygame.image.tobytes(box.image, "RGBA")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_log_grown_line_by_line_looks_like_the_same_log_set_at_once(size):
    app = App(size=size, realtime=False)
    grown, fresh = Hud(app.manager, "fr"), Hud(app.manager, "fr")
    grown.build(size)
    fresh.build(size)
    lines = [LINES[i % len(LINES)] + f" {i}" for i in range(60)]  # taller than the box: the scroll bar comes
    for line in lines:
        grown.log_lines.append(line)
        grown.log_box.append_html_text(line + "<br>")
    assert isinstance(grown.log_box.text_box_layout, GrowingLayout)
    fresh.log_lines = list(lines)
    fresh._fill_log()
    grown._scroll_log_to_end()  # as Hud.append_log does
    app.manager.update(1 / 60)
    app.manager.update(1 / 60)  # the scroll bar comes the frame after the text outgrew the box
    assert grown.log_box.text_box_layout.layout_rect == fresh.log_box.text_box_layout.layout_rect
    assert _pixels(grown.log_box) == _pixels(fresh.log_box)
    assert grown.log_box.scroll_bar is not None
    # every rule link of the appended lines can be clicked, as in the box set at once
    links = [c.href for c in grown.log_box.link_hover_chunks]
    assert links == [c.href for c in fresh.log_box.link_hover_chunks]
    assert links.count(LINK_PREFIX + "R4.2") == 15 and links.count(LINK_PREFIX + "R12.2") == 15


def test_a_grown_log_draws_on_one_surface_only():
    """Rows and their chunks keep the surface they were drawn on (a link redraws itself there
    when hovered): after the log grew, all must be the box's own, or every surface the log
    ever had stays in memory and hovered links light up where nobody sees them."""
    app = App(size=(1280, 720), realtime=False)
    hud = Hud(app.manager, "fr")
    hud.build((1280, 720))
    for i in range(80):
        hud.log_box.append_html_text(LINES[i % len(LINES)] + f" {i}<br>")
    layout = hud.log_box.text_box_layout
    drawn_on = {id(row.target_surface) for row in layout.layout_rows if row.target_surface is not None}
    drawn_on |= {id(c.target_surface) for row in layout.layout_rows for c in row.items
                 if getattr(c, "target_surface", None) is not None}
    assert drawn_on == {id(layout.finalised_surface)}


def _bot_match_logs(seed: int, actions: int):
    """The log of each action of a bot-vs-bot match on the default map (rolls with their rule
    links, turn starts, moves), and the fighters' names."""
    from arena_game.bots.seats import BotSeats
    from arena_game.resources import DEFAULT_MAP
    from arena_game.ui.controller import MatchController, setup_for_map

    setup = setup_for_map(DEFAULT_MAP, None, seed)
    ctrl = MatchController(setup)
    seats = BotSeats(["all"], [t.id for t in setup.teams], seed, "fast")
    batches = []
    while not ctrl.state.over and len(batches) < actions:
        batches.append(ctrl.apply(seats.next_action(ctrl.state)))
    return batches, ctrl.names()


def _click(app, box, chunk) -> list[str]:
    """Click in the middle of a link chunk where the box shows it; the links the box answers."""
    base_x, base_y = box._calculate_hyperlinks_offsets()
    pos = (base_x + chunk.centerx, base_y + chunk.centery)
    pygame.event.clear()
    app.manager.process_events(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.manager.process_events(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    import pygame_gui

    return [e.link_target for e in pygame.event.get(pygame_gui.UI_TEXT_BOX_LINK_CLICKED)]


@pytest.mark.parametrize("lang,size", [("fr", (1920, 1080)), ("en", (1280, 720))])
def test_a_trimmed_log_is_its_last_lines_set_at_once_and_was_not_laid_out_again(lang, size):
    """Past LOG_LIMIT + LOG_SLACK lines the log drops its oldest lines back to LOG_LIMIT: the box
    must then look, scroll (at its end) and link exactly as its lines set at once, with the
    rows it kept (no re-layout of the whole text: ~90 ms in one frame)."""
    from arena_game.ui.hud import LOG_LIMIT, LOG_SLACK

    app = App(size=size, realtime=False)
    grown, fresh = Hud(app.manager, lang), Hud(app.manager, lang)
    grown.build(size)
    fresh.build(size)
    batches, names = _bot_match_logs(5, 400)
    trims, kept_layout = 0, True
    for events in batches:
        before, layout = len(grown.log_lines), grown.log_box.text_box_layout
        grown.append_log(events, names)
        app.manager.update(1 / 60)  # a frame between two actions, as in the window
        if len(grown.log_lines) < before:
            trims += 1
            kept_layout &= grown.log_box.text_box_layout is layout
    assert trims >= 3, "the match must be long enough to trim the log a few times"
    assert kept_layout
    assert LOG_LIMIT - 60 <= len(grown.log_lines) <= LOG_LIMIT + LOG_SLACK  # cut at a turn's first line (s59)
    fresh.log_lines = list(grown.log_lines)
    fresh._fill_log()
    app.manager.update(1 / 60)
    g, f = grown.log_box, fresh.log_box
    assert g.html_text + g.appended_text == f.html_text + f.appended_text  # what a resize lays out
    assert g.text_box_layout.layout_rect == f.text_box_layout.layout_rect
    assert g.text_box_layout.plain_text == f.text_box_layout.plain_text
    assert _pixels(g) == _pixels(f)
    assert g.scroll_bar is not None and f.scroll_bar is not None  # both at the end of the log
    assert (g.scroll_bar.start_percentage, g.scroll_bar.visible_percentage) == \
        (f.scroll_bar.start_percentage, f.scroll_bar.visible_percentage)
    assert g.scroll_bar.start_percentage + g.scroll_bar.visible_percentage == pytest.approx(1, abs=0.01)
    links = [c.href for c in g.link_hover_chunks]
    assert links == [c.href for c in f.link_hover_chunks] and links
    # the first and the last link, scrolled to and clicked where the box shows them, open the
    # rule they read
    fresh.clear()  # (its box lies over this one)
    height = g.text_box_layout.layout_rect.height
    for chunk in (g.link_hover_chunks[0], g.link_hover_chunks[-1]):
        g.scroll_bar.set_scroll_from_start_percentage(max(0, chunk.y - 40) / height)
        app.manager.update(1 / 60)
        # (a link reads its rule and the brackets glued round it, s49 and s60: "(R1.3)")
        assert _click(app, g, chunk) == [LINK_PREFIX + chunk.text.strip().lstrip("([").rstrip(")].,;:")]

def test_a_new_match_log_draws_on_the_surface_the_last_one_had():
    """A log tens of MiB of pixels tall made anew at each match start, and again each time it
    grows, costs ~25 ms a time in system pages and leaves the heap in pieces: the box keeps
    one canvas and a new text that grows past its first surface draws there."""
    app = App(size=(1280, 720), realtime=False)
    hud = Hud(app.manager, "fr")
    hud.build((1280, 720))
    batches, names = _bot_match_logs(3, 120)
    for events in batches:
        hud.append_log(events, names)
        app.manager.update(1 / 60)  # a frame between two actions, as in the window
    canvas = hud.log_box.canvas.surface
    assert canvas is not None and hud.log_box.text_box_layout.finalised_surface is canvas
    hud.reset_log([], names)  # a new match
    assert hud.log_box.text_box_layout.finalised_surface is not canvas
    for events in batches:
        hud.append_log(events, names)
        app.manager.update(1 / 60)  # a frame between two actions, as in the window
    assert hud.log_box.text_box_layout.finalised_surface is canvas
    fresh = Hud(app.manager, "fr")
    fresh.build((1280, 720))
    fresh.log_lines = list(hud.log_lines)
    fresh._fill_log()
    app.manager.update(1 / 60)
    assert _pixels(hud.log_box) == _pixels(fresh.log_box)  # no pixel of the last match's text left


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_at_its_end_shows_its_top_line_whole_and_its_last_line(size):
    """Scrolled to its end the box's top edge would fall where the text's height puts it,
    often through a line (a cut line of text at the top of the log): it starts on a row's top,
    and the last line of text is still shown whole, whatever the text's height."""
    app = App(size=size, realtime=False)
    hud = Hud(app.manager, "en")
    hud.build(size)
    for n in range(30, 70):  # texts of many heights, all taller than the box
        hud.log_lines = [LINES[i % len(LINES)] + f" {i}" for i in range(n)]
        hud._fill_log()
        app.manager.update(1 / 60)
        layout = hud.log_box.text_box_layout
        assert hud.log_box.scroll_bar is not None
        start = int(hud.log_box.scroll_bar.start_percentage * layout.layout_rect.height)
        rows = layout.layout_rows
        assert start in {row.top for row in rows}, f"{n} lines: the top line is cut"
        assert rows[-2].bottom <= start + layout.view_rect.height, f"{n} lines: the last line is cut"  # [-1]: the empty line after the last break


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("source", [LINES, LINES[3:]])  # LINES[3:]: lines of many rows, an overflow of more than one
def test_the_line_that_outgrows_the_log_leaves_the_scroll_bar_to_the_next_frame(size, source):
    """Building the scroll bar lays the whole text out again (~12 ms): not in the frame that
    appended the line (the one that ends an animation), but in the next, which then shows
    the log's end exactly as the same text set at once."""
    app = App(size=size, realtime=False)
    grown, fresh = Hud(app.manager, "en"), Hud(app.manager, "en")
    grown.build(size)
    fresh.build(size)
    box = grown.log_box
    lines: list[str] = []
    while box.scroll_bar is None and not box.end_due:
        lines.append(source[len(lines) % len(source)] + f" {len(lines)}")
        grown.log_lines.append(lines[-1])
        box.append_html_text(lines[-1] + "<br>")
        grown._scroll_log_to_end()
        app.manager.update(1 / 60)
        assert len(lines) < 100
    assert box.scroll_bar is None, "the scroll bar was built in the frame of the line"
    app.manager.update(1 / 60)  # the next frame
    assert box.scroll_bar is not None and not box.end_due
    fresh.log_lines = list(lines)
    fresh._fill_log()
    app.manager.update(1 / 60)
    assert box.text_box_layout.layout_rect == fresh.log_box.text_box_layout.layout_rect
    height = box.text_box_layout.layout_rect.height
    shown = int(box.scroll_bar.start_percentage * height)  # the text's row drawn at the box's top
    assert shown == int(fresh.log_box.scroll_bar.start_percentage * height)
    rows = box.text_box_layout.layout_rows  # at the log's end: its last line of text shown whole
    assert rows[-2].bottom - box.text_box_layout.layout_rect.top <= shown + box.text_box_layout.view_rect.height
    assert _pixels(box) == _pixels(fresh.log_box)
