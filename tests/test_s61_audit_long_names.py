"""Session 61 audit, long names in the turn order strip: six fighters named as a roster allows
("Guillaume-Alexandre de Montmorency-Laval") ran the strip onto a second row behind a scroll
bar, cut after "Guillaume-Alexandre de" at 1280×720 (the next fighters out of sight), and at
1920×1080 ended its row with a lone "·". Now the longest names are shortened with "…" till
the line fits, every fighter in sight."""

from __future__ import annotations

import html
import re

import pytest

from arena_game.render.text import font, ui_scale
from arena_game.resources import default_teams_path
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, click_button, open_app, top, ui_match

DEFAULT_TEAMS = default_teams_path()

NAMES = {"a": "Guillaume-Alexandre de Montmorency-Laval", "b": "Oruk le Très Grand Briseur de Boucliers",
         "c": "Maximilienne Éléonore de la Tour d'Auvergne", "d": "Tarn", "e": "Nyssa", "f": "Kael"}


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "fr"), ((1920, 1080), "en"), ((1366, 768), "fr")])
def test_s61_audit_turn_order_keeps_every_fighter_on_its_one_row(size, lang):
    fighters = {fid: {"team": "red" if i % 2 else "blue", "at": (i, 0), "name": name}
                for i, (fid, name) in enumerate(NAMES.items())}
    app = open_app(ui_match("......\n......", fighters), size=size, lang=lang)
    box = board(app).hud.order_box
    shown = html.unescape(re.sub("<[^>]+>", "", box.html_text)).replace("\u00a0", " ")
    assert box.scroll_bar is None, shown  # one row: nobody behind a scroll bar
    for name in NAMES.values():  # whole, or its start and "…"
        assert name in shown or re.search(re.escape(name[:6]) + r"[^·]*…", shown), (name, shown)


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "fr"), ((1920, 1080), "en"), ((1366, 768), "fr")])
def test_s61_audit_start_screen_teams_list_cuts_a_long_entry_with_an_ellipsis(size, lang, tmp_path):
    """A user's teams file ("mes-equipes — Les Chevaliers Flamboyants de la Table Ronde d'Avalon ·
    Les Vipères…") ran past the list's right edge, cut in the middle of a word; now cut with "…",
    and picked it is still that file that Play starts."""
    roster = tmp_path / "mes-equipes.toml"
    words = (DEFAULT_TEAMS.read_text(encoding="utf-8")
             .replace('"Les Lions de Braise"', '"Les Chevaliers Flamboyants de la Table Ronde d\'Avalon"'))
    roster.write_text(words, encoding="utf-8")
    app = open_app(None, teams_path=str(roster), size=size, lang=lang)
    start = top(app, StartScreen)
    assert start is not None
    k = ui_scale(size)
    item = next(it for it in start.team_list.item_list if it["text"].startswith("mes-equipes"))
    button = item["button_element"]
    assert font(round(14 * k)).size(item["text"])[0] <= button.rect.w - 2 * round(8 * k), item["text"]
    assert item["text"].endswith("…")
    click_button(app, button)
    assert start.picked_team_label() == "mes-equipes — Les Chevaliers Flamboyants de la Table Ronde d'Avalon · Les Vipères d'Onyx"
    click_button(app, start.go)
    assert top(app, StartScreen) is None and board(app).ctrl.roster == roster.resolve()


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "fr"), ((1920, 1080), "en")])
def test_s61_audit_roster_lists_cut_a_long_name_with_an_ellipsis(size, lang):
    """The roster editor's teams and fighters lists: "1. Guillaume-Alexandre de Montmorency-L"
    ran past the list's edge; now "1. Guillaume-Alexandre de Montmoren…", picked by its row."""
    from arena_game.formats.roster import roster_dir
    from arena_game.ui.screens.roster import RosterScreen

    roster_dir().mkdir(parents=True, exist_ok=True)
    words = DEFAULT_TEAMS.read_text(encoding="utf-8")
    for old, new in (("Les Lions de Braise", "Les Chevaliers Flamboyants de la Table Ronde d'Avalon"),
                     ("Brakka", NAMES["a"]), ("Sielle", NAMES["c"])):
        words = words.replace(f'"{old}"', f'"{new}"')
    (roster_dir() / "longues.toml").write_text(words, encoding="utf-8")
    app = open_app(None, size=size, lang=lang)
    editor = app.push(RosterScreen(app))
    editor.build_now()
    editor.open_file(1)
    editor.refresh()
    app.run(frames=2)
    for lst in (editor.team_list, editor.fighter_list):
        for item in lst.item_list:
            row = item["button_element"]
            assert row.font.size(item["text"])[0] <= row.rect.w - 8, item["text"]
    assert editor.fighter_list.item_list[0]["text"].endswith("…")
    click_button(app, editor.fighter_list.item_list[1]["button_element"])
    assert editor.form.rows["name"].widget.get_text() == NAMES["c"]  # the whole name in its field


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s61_audit_start_screen_a_choice_clicked_again_stays_picked(lang, tmp_path):
    """The map or the teams already picked, clicked again: pygame_gui dropped the choice, the
    map's description went blank and Play did nothing, the teams fell back to the shipped pair."""
    roster = tmp_path / "mes-equipes.toml"
    roster.write_text(DEFAULT_TEAMS.read_text(encoding="utf-8"), encoding="utf-8")
    app = open_app(None, teams_path=str(roster), size=(1280, 720), lang=lang)
    start = top(app, StartScreen)
    assert start is not None
    mine = next(it for it in start.team_list.item_list if it["text"].startswith("mes-equipes"))
    click_button(app, mine["button_element"])
    app.run(frames=40)  # past a double click's time: the next click is a click of its own
    picked = [next(it for it in lst.item_list if it["selected"]) for lst in (start.map_list, start.team_list)]
    for item in picked:  # clicked once more
        click_button(app, item["button_element"])
    assert start.selected_map() == "arene-classique" and start.picked_team_label().startswith("mes-equipes")
    assert "20×15" in start.info.html_text  # the map's description stays
    click_button(app, start.go)
    assert top(app, StartScreen) is None
    assert board(app).ctrl.roster == roster.resolve() and board(app).ctrl.state.board.width == 20


def test_s61_audit_roster_list_row_clicked_again_stays_picked():
    """The roster editor's fighter picked, clicked again: pygame_gui dropped the row's
    highlight, the list showing no fighter beside that fighter's sheet."""
    from arena_game.ui.screens.roster import RosterScreen

    app = open_app(None, size=(1280, 720), lang="en")
    editor = app.push(RosterScreen(app))
    editor.build_now()
    editor.press(editor.file_dup)
    editor.open_file(editor.shelf.index)
    editor.refresh()
    click_button(app, editor.fighter_list.item_list[1]["button_element"])
    app.run(frames=40)  # past a double click's time
    click_button(app, editor.fighter_list.item_list[1]["button_element"])
    for lst, row in ((editor.fighter_list, 1), (editor.team_list, 0), (editor.file_list, editor.shelf.index)):
        assert [it["selected"] for it in lst.item_list] == [i == row for i in range(len(lst.item_list))]
    assert editor.fighter_i == 1 and editor.form.rows["name"].widget.get_text() == "Sielle"
