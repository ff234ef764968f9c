"""s62 polish, the match's map-findings notice: hidden by a key too (X, shown beside its Hide
link, bound to nothing else), and its first finding read whole without scrolling wherever the
log's room allows it (up to two thirds of it); at 800×560 the count line and first finding
need more than the log's whole room, and the notice keeps half of it."""

from __future__ import annotations

import pygame
import pytest

from arena_game.i18n import t
from arena_game.ui import keys
from arena_game.ui.controller import MatchController, setup_for_map
from tests.ui_driver import board, open_app, press_key

SEALED = "############\n#1L..#....2#\n#1...#....2#\n#1...#....2#\n############"  # an error, then warnings
MAP = 'name = "Sealed arena"\ndescription = "Un mur."\ndescription_en = "A wall."\ngrid = """\n{grid}\n"""\n'


def _window(tmp_path, lang, size):
    path = tmp_path / "sealed.toml"
    path.write_text(MAP.format(grid=SEALED), encoding="utf-8")
    app = open_app(MatchController(setup_for_map(str(path), None, 1)), lang=lang, size=size)
    for _ in range(2):
        answer = board(app).findings
        if answer is not None:
            answer.wait()
        app.run(frames=3)
    assert board(app).hud.notice_box is not None
    return app


def test_s62_polish_the_notice_key_is_bound_to_nothing_else():
    assert keys.command("x", ("board",)) == "hide_findings"
    others = {b.scope for b in keys.BINDINGS} - {"board"}
    assert all(keys.command("x", (scope,)) is None for scope in others)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_polish_the_notice_shows_its_key_and_the_key_hides_it(tmp_path, lang):
    app = _window(tmp_path, lang, (1280, 720))
    hud = board(app).hud
    assert f">{t('ui.findings_hide', lang)}</a>  X<br>" in hud.notice_box.html_text  # beside its link
    teams = hud.teams_box.rect
    press_key(app, pygame.K_x)
    assert hud.notice_box is None and hud.log_box.rect.top == teams.bottom  # the log has its room back
    press_key(app, pygame.K_x)  # nothing left to hide: nothing happens
    assert hud.notice_box is None and board(app).hidden_findings


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("lang", "size"), [("fr", (1024, 680)), ("fr", (1280, 600)), ("en", (1280, 720)),
                                            ("fr", (1280, 720)), ("en", (1920, 1080)), ("fr", (1920, 1080))])
def test_s62_polish_the_first_finding_is_read_whole_where_the_room_allows(tmp_path, lang, size):
    app = _window(tmp_path, lang, size)
    box = board(app).hud.notice_box
    layout = box.text_box_layout
    warning = t("ui.finding_warning", lang)
    rows = layout.layout_rows
    texts = ["".join(getattr(chunk, "text", "") for chunk in row.items) for row in rows]
    second = next(i for i, words in enumerate(texts) if warning in words)  # where the second finding starts
    assert t("ui.finding_error", lang) in "".join(texts[:second])
    assert rows[second - 1].bottom <= layout.view_rect.height, (texts[:second], layout.view_rect.height)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s62_polish_at_800x560_the_notice_keeps_half_of_the_logs_room(tmp_path, lang):
    app = _window(tmp_path, lang, (800, 560))
    hud = board(app).hud
    room = hud.log_box.rect.bottom - hud.teams_box.rect.bottom
    assert hud.notice_box.rect.h <= room // 2 and hud.notice_box.scroll_bar is not None
