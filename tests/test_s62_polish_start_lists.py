"""s62 polish, the start screen's lists: the picked map or teams file is in view at every size
(a map of one's own, added last and picked, was below the rows shown at 800×560), and the
teams list cuts a long entry with the same measure as the roster editor's lists (its rows'
own font, a scroll bar's room kept aside), so a long team name is cut alike in both."""

from __future__ import annotations

import pytest

from arena_game.formats.roster import roster_dir
from arena_game.resources import default_teams_path
from arena_game.ui.controller import MatchController, setup_for_map
from arena_game.ui.screens.roster_fields import LIST_BAR, LIST_EDGE, LIST_PAD
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, open_app, top, wait_while_building

SIZES = [(800, 560), (1280, 720), (1920, 1080)]
MAP = 'name = "Zz arena of my own"\ndescription = "Un mur."\ndescription_en = "A wall."\ngrid = """\n{grid}\n"""\n'
GRID = "#########\n#1.....2#\n#1.....2#\n#1.....2#\n#########"
LONG = "Les Chevaliers Flamboyants de la Table Ronde d'Avalon"


def _in_view(lst):
    """The picked row is drawn wholly inside the list's rows' room."""
    picked = next(it for it in lst.item_list if it["selected"])
    row = picked["button_element"]
    assert row is not None, f"{picked['text']} has no row drawn: out of view"
    assert lst.item_list_container.rect.contains(row.rect), (picked["text"], row.rect, lst.item_list_container.rect)


def _start_over(app):
    board(app).open_start_screen()
    wait_while_building(app)
    app.run(frames=2)
    start = top(app, StartScreen)
    assert start is not None
    return start


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_s62_polish_a_map_of_ones_own_is_picked_and_in_view(tmp_path, lang, size):
    path = tmp_path / "mine.toml"
    path.write_text(MAP.format(grid=GRID), encoding="utf-8")
    app = open_app(MatchController(setup_for_map(str(path), None, 1)), lang=lang, size=size)
    start = _start_over(app)
    assert start.selected_path() == path and start.maps[-1] == path  # added last, picked
    _in_view(start.map_list)
    _in_view(start.team_list)
    start.relayout(size)  # laid out again (a resize): still in view
    app.run(frames=2)
    _in_view(start.map_list)


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_s62_polish_the_teams_file_back_from_the_editor_is_picked_and_in_view(lang, size):
    roster_dir().mkdir(parents=True, exist_ok=True)
    words = default_teams_path().read_text(encoding="utf-8")
    files = [roster_dir() / f"equipe-{i}.toml" for i in range(8)]  # more than the list shows at any size
    for f in files:
        f.write_text(words, encoding="utf-8")
    app = open_app(None, size=size, lang=lang)
    start = top(app, StartScreen)
    assert start is not None and start.team_list.scroll_bar is not None
    start.roster_closed(files[-1])  # the roster editor's last file: offered picked
    app.run(frames=2)
    assert start.picked_team_label() is not None and start.picked_team_label().startswith("equipe-7")
    _in_view(start.team_list)


def _cut_alike(lst, whole):
    """The list's entry for `whole`: cut with "…", in its rows' own font, to its width less a
    scroll bar and a row's padding — the one measure; it fits its row."""
    shown = [it for it in lst.item_list if it["text"].rstrip("…") and whole.startswith(it["text"].rstrip("…"))]
    assert shown, [it["text"] for it in lst.item_list]
    item = shown[0]
    row = item["button_element"]
    room = lst.rect.w - LIST_EDGE - LIST_BAR - 2 * LIST_PAD
    assert item["text"].endswith("…") and row.font.size(item["text"])[0] <= room, item["text"]
    kept = len(item["text"]) - 1
    longer = whole[:kept + 2] if whole[kept] == " " else whole[:kept + 1]  # one more letter: too wide
    assert row.font.size(f"{longer}…")[0] > room, (item["text"], room)
    return row.font


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "fr"), ((1920, 1080), "en"), ((800, 560), "en")])
def test_s62_polish_a_long_team_name_is_cut_by_one_measure_in_both_lists(size, lang):
    from arena_game.ui.screens.roster import RosterScreen

    roster_dir().mkdir(parents=True, exist_ok=True)
    words = default_teams_path().read_text(encoding="utf-8").replace('"Les Lions de Braise"', f'"{LONG}"')
    (roster_dir() / "longues.toml").write_text(words, encoding="utf-8")
    app = open_app(None, size=size, lang=lang)
    start = top(app, StartScreen)
    assert start is not None
    label = next(whole for whole in start.team_labels if whole.startswith("longues"))
    start_font = _cut_alike(start.team_list, label)
    editor = app.push(RosterScreen(app))
    editor.build_now()
    editor.open_file(1)
    editor.refresh()
    app.run(frames=2)
    team = next(it["text"] for it in editor.team_list.item_list)
    whole_team = f"1. {LONG}" if team.startswith("1.") else LONG
    roster_font = _cut_alike(editor.team_list, whole_team)
    assert start_font.size("Avalon") == roster_font.size("Avalon")  # the rows' one font
