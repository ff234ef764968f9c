"""s62 designer: what `arena-game check` finds about a map shows in the window, in its language,
from the catalog: on the start screen under the picked map's description, and in a match on
that map as a notice over the log that the player can hide, updated on each hot reload. The
analysis runs off the frame path, once per map version."""

from __future__ import annotations

import os
import threading

import pygame
import pytest

from arena_game.design.hotreload import MapWatcher
from arena_game.design.mapcheck import Finding
from arena_game.i18n import t, tn
from arena_game.ui import map_findings
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.map_findings import HIDE_LINK, FindingsDesk, desk, findings_title
from arena_game.ui.screens.start import StartScreen
from tests.builders import write_tiled
from tests.layout_boxes import assert_words_whole_and_apart
from tests.ui_driver import board, click_at, open_app, wait_while_building

SEALED = """############
#1...#....2#
#1...#....2#
#1...#....2#
############"""
OPEN = SEALED.replace("#.", "..")  # the wall between the teams gone
MAP = 'name = "Sealed arena"\ndescription = "Un mur."\ndescription_en = "A wall."\ngrid = """\n{grid}\n"""\n'


def _write(path, grid, bump=0):
    path.write_text(MAP.format(grid=grid), encoding="utf-8")
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + bump * 1_000_000_000))


def _settle(app):
    """The worker's answers in, then the frames that show them."""
    for screen in app.stack:
        answer = getattr(screen, "findings", None)
        if answer is not None:
            answer.wait()
    app.run(frames=3)


def _sealed_window(tmp_path, lang, watch=False):
    path = tmp_path / "sealed.toml"
    _write(path, SEALED)
    ctrl = MatchController(setup_for_map(str(path), None, 1))
    app = open_app(ctrl, lang=lang, size=(1280, 720), **({"watcher": MapWatcher(path, lang=lang)} if watch else {}))
    _settle(app)
    return app, path


def _open_start(app):
    board(app).open_start_screen()
    wait_while_building(app)
    _settle(app)
    start = app.find(StartScreen)
    assert start is not None
    return start


def _sealed_words(lang):
    return t("check.sealed_teams", lang, a="1", b="2")


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_a_sealed_map_says_its_error_on_the_start_screen(tmp_path, lang):
    app, path = _sealed_window(tmp_path, lang)
    start = _open_start(app)
    assert start.selected_path() == path  # the match's own map file, offered in the list
    info = start.info.html_text
    assert _sealed_words(lang) in info
    assert {"en": "1 error", "fr": "1 erreur"}[lang] in info
    assert f"<b>{t('ui.finding_error', lang)}</b>" in info  # a word, not a colour alone
    assert map_findings.ERROR_COLOUR in info
    assert_words_whole_and_apart(app)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_a_sealed_map_says_its_error_in_the_match_till_hidden(tmp_path, lang):
    app, _ = _sealed_window(tmp_path, lang)
    hud = board(app).hud
    assert hud.notice_box is not None
    assert _sealed_words(lang) in hud.notice_box.html_text and HIDE_LINK in hud.notice_box.html_text
    notice, log, teams = hud.notice_box.rect, hud.log_box.rect, hud.teams_box.rect
    assert not notice.colliderect(log) and not notice.colliderect(teams)
    assert not notice.colliderect(board(app).viewport)
    assert hud.notice_box.scroll_bar is None  # read whole
    assert_words_whole_and_apart(app)
    box = hud.notice_box
    link = next(c for c in box.link_hover_chunks if c.href == HIDE_LINK)
    base_x, base_y = box._calculate_hyperlinks_offsets()
    click_at(app, (base_x + link.centerx, base_y + link.centery))  # the notice's Hide link, clicked
    assert hud.notice_box is None
    assert hud.log_box.rect.top == teams.bottom  # the log has its room back


@pytest.mark.usefixtures("fresh_pygame")
def test_s62_a_clean_shipped_map_shows_no_finding():
    ctrl = MatchController(setup_for_map("arene-classique", None, 1))
    app = open_app(ctrl, lang="en", size=(1280, 720))
    _settle(app)
    assert board(app).hud.notice_box is None
    start = _open_start(app)
    assert start.selected_map() == "arene-classique"
    assert t("ui.findings_title", "en", counts="") not in start.info.html_text
    for path in start.maps:  # every shipped map: no finding
        answer = desk().ask_file(path)
        assert answer is not None
        answer.wait()
        assert answer.findings == () and not answer.refused, path


@pytest.mark.usefixtures("fresh_pygame")
def test_s62_a_hot_reload_that_fixes_the_map_clears_the_notice(tmp_path):
    app, path = _sealed_window(tmp_path, "en", watch=True)
    hud = board(app).hud
    assert hud.notice_box is not None
    _write(path, "#1..#\n#..", 1)  # broken (a ragged row): refused, the match goes on
    app.run(frames=40)
    _settle(app)
    assert hud.status_error  # the reload's own refusal line, as before
    assert hud.notice_box is not None and _sealed_words("en") in hud.notice_box.html_text  # the board kept, its notice too
    _write(path, OPEN, 2)
    app.run(frames=40)
    _settle(app)
    assert board(app).ctrl.state.board.terrain((5, 2)).value == "floor"
    assert hud.notice_box is None
    _write(path, SEALED, 3)  # sealed again: said again
    app.run(frames=40)
    _settle(app)
    assert hud.notice_box is not None and _sealed_words("en") in hud.notice_box.html_text
    board(app).hide_findings()
    _write(path, SEALED + "\n", 4)  # saved again, the same findings: kept hidden
    app.run(frames=40)
    _settle(app)
    assert hud.notice_box is None
    _write(path, SEALED.replace("#1...#", "#1L..#", 1), 5)  # lava by a spawn: news, shown again
    app.run(frames=40)
    _settle(app)
    assert hud.notice_box is not None and "lava" in hud.notice_box.html_text


def _finding(severity):
    return Finding("unequal-spawns", severity, {"counts": {"1": 2, "2": 3}})


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Map check: 1 warning", "Map check: 2 warnings"),
    ("fr", "Vérification de la carte : 1 avertissement", "Vérification de la carte : 2 avertissements"),
])
def test_s62_the_count_line_has_real_plurals(lang, one, two):
    assert findings_title((_finding("warning"),), lang) == one
    assert findings_title((_finding("warning"),) * 2, lang) == two
    both = findings_title((_finding("error"), _finding("warning")), lang)
    assert both == {"en": "Map check: 1 error, 1 warning", "fr": "Vérification de la carte : 1 erreur, 1 avertissement"}[lang]


def test_s62_the_analysis_runs_off_the_frame_thread_once_per_map_version(tmp_path, monkeypatch):
    calls = []
    analyse = map_findings.analyse_board

    def counted(b, *args):
        calls.append(threading.current_thread() is threading.main_thread())
        return analyse(b, *args)

    monkeypatch.setattr(map_findings, "analyse_board", counted)
    fresh = FindingsDesk()  # its own tables: what the tests before asked is not known to it
    path = tmp_path / "m.toml"
    _write(path, SEALED)
    first = fresh.ask_file(path)
    assert first is not None
    first.wait()
    assert fresh.ask_file(path) is first  # the same version: asked once
    same = MatchController(setup_for_map(str(path), None, 1)).state.board
    by_board = fresh.ask_board(same)
    by_board.wait()
    assert by_board.findings == first.findings and calls == [False]  # the same contents: analysed once
    _write(path, OPEN, 1)
    second = fresh.ask_file(path)
    assert second is not None and second is not first
    second.wait()
    assert second.findings == () and calls == [False, False]  # a new version, off the main thread


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("lang", "size", "lines"), [("en", (1920, 1080), 200), ("fr", (1280, 720), 200), ("en", (1280, 720), 3)])
def test_s62_the_notice_shortens_the_log_as_a_log_laid_out_at_that_height(lang, size, lines):
    """The notice coming and going keeps the log's rows as laid out (laid out again, a log of 200
    lines took ~110 ms in that frame at 1920×1080): the log then looks as one laid out at its new
    height, its end in sight."""
    from arena_game.ui.app import App
    from arena_game.ui.hud import Hud

    app = App(size=size, realtime=False)
    notice = map_findings.notice_html((_finding("error"), _finding("warning")), lang)
    log = [f"• Tarn — Attack: d20 {i} + CàC (hand to hand) 3 = {i + 3} against 12" for i in range(lines)]
    shown, fresh = Hud(app.manager, lang), Hud(app.manager, lang)
    for hud, first in ((shown, ""), (fresh, notice)):
        hud.show_notice(first)
        hud.build(size)
        hud.append_lines(log)
        app.manager.update(1 / 60)
    layout = shown.log_box.text_box_layout
    shown.show_notice(notice)
    assert shown.notice_box is None and shown.log_box.text_box_layout is layout  # made hidden: shown next frame
    shown.place_notice()
    app.manager.update(1 / 60)
    assert (shown.log_box.text_box_layout is layout) == (lines > 100)  # a long log not laid out again
    assert shown.log_box.rect == fresh.log_box.rect and shown.notice_box.rect == fresh.notice_box.rect
    assert _drawn(shown.log_box) == _drawn(fresh.log_box)
    shown.show_notice("")
    shown.place_notice()
    app.manager.update(1 / 60)
    assert shown.log_box.rect.top == shown.teams_box.rect.bottom and shown.notice_box is None


def _drawn(box):
    """The box as shown, and where its scroll bar stands."""
    bar = box.scroll_bar
    return pygame.image.tobytes(box.image, "RGBA"), bar.start_percentage if bar is not None else None


def _decorated_tiled(folder):
    """A Tiled map with a tile layer drawn over its terrain: the board reads only the terrain."""
    w, h = 6, 3

    def tiles(name, gid):
        return {"type": "tilelayer", "name": name, "width": w, "height": h, "visible": True, "opacity": 1,
                "data": [gid] * (w * h)}

    def spawn(oid, team, x, y):
        return {"id": oid, "point": True, "visible": True, "x": x * 64 + 32, "y": y * 64 + 32,
                "properties": [{"name": "team", "type": "int", "value": team}]}

    spawns = [*(spawn(1 + y, 1, 0, y) for y in range(h)), *(spawn(4 + y, 2, w - 1, y) for y in range(h))]
    return write_tiled(folder, {
        "type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
        "width": w, "height": h, "tilewidth": 64, "tileheight": 64, "infinite": False,
        "tilesets": [{"firstgid": 1, "source": "arena-tiles.tsj"}],
        "layers": [tiles("terrain", 1), tiles("decor", 2),
                   {"type": "objectgroup", "name": "spawns", "visible": True, "objects": spawns}]})


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_a_tiled_layer_over_the_terrain_is_said_on_the_start_screen_and_in_the_match(tmp_path, lang):
    path = _decorated_tiled(tmp_path)
    said = tn("check.layer_over_terrain", 1, lang, layers="'decor'", terrain="'terrain'")
    app = open_app(MatchController(setup_for_map(str(path), None, 1)), lang=lang, size=(1280, 720))
    _settle(app)
    notice = board(app).hud.notice_box
    assert notice is not None and said in notice.html_text  # the file's warning, as `check` says it
    start = _open_start(app)
    assert start.selected_path() == path
    assert said in start.info.html_text
