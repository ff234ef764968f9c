"""A teams file that cannot make a match, refused in the window as on the command line (s50
review, items 2 and 3): the start screen let a file of one team start a match over at its first
action (the command line refuses it: `file_fault.match_one_team`); `play --teams` with more
teams than the map has spawn slots said "map: not enough spawn squares for team 3 (C)" — the
map blamed, the teams file unnamed — where `simulate` counts the slots."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_game.ui.controller import setup_for_map
from arena_game.ui.screens.dialog import MessageScreen
from arena_game.ui.screens.start import StartScreen
from tests.file_faults import cli_fault
from tests.ui_driver import board, click_button, open_app, top


def teams_file(tmp_path: Path, names: list[str]) -> Path:
    """A teams file of one one-fighter team per name."""
    path = tmp_path / f"{len(names)}-teams.toml"
    path.write_text("".join(f'[[teams]]\nid = "t{i}"\nname = "{name}"\nfighters = [{{ id = "f{i}", name = "F{i}", pv = 10 }}]\n'
                            for i, name in enumerate(names)), encoding="utf-8")
    return path


REFUSED = {
    ("Solo",): {"en": "{path}: teams: holds one team, 'Solo': a match needs at least two",
                "fr": "{path} : teams : ne contient qu'une équipe, 'Solo' : une partie en demande au moins deux"},
    ("Ambre", "Basalte", "Cendre"): {
        "en": "{path}: teams: the map 'Arène classique' has spawn slots for 2 teams, not 3",
        "fr": "{path} : teams : la carte 'Arène classique' a des emplacements de départ pour 2 équipes, pas 3"},
}


@pytest.mark.usefixtures("fresh_pygame")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("names", list(REFUSED))
def test_s50_the_start_screen_refuses_a_teams_file_that_cannot_make_a_match(tmp_path, names, lang):
    path = teams_file(tmp_path, list(names))
    app = open_app(None, teams_path=str(path), lang=lang)
    start = top(app, StartScreen)
    assert start is not None
    item = next(it for it in start.team_list.item_list if it["text"].startswith(path.stem))
    click_button(app, item["button_element"])
    click_button(app, start.go)
    line = REFUSED[names][lang].format(path=path)
    assert board(app).ctrl is None and app.find(StartScreen) is start  # no match: the picker stays
    message = top(app, MessageScreen)
    assert message is not None and message.line == line  # shown as a bad map or teams file is
    assert line in board(app).hud.status_text
    # the message window whole: the map's preview beside it (dimmed), no longer drawn over it
    app.draw()
    box, preview = message.window.rect, start.preview[1]
    y = box.centery + box.h // 8  # under the words, over the Close button
    inside, beside = (preview.left + 40, y), (box.left + 20, y)
    assert box.collidepoint(inside) and preview.collidepoint(inside) and not preview.collidepoint(beside)
    assert app.screen.get_at(inside) == app.screen.get_at(beside)


def three_teams(tmp_path: Path) -> Path:
    return teams_file(tmp_path, ["Ambre", "Basalte", "Cendre"])


def test_s50_play_names_the_teams_file_and_the_map_s_spawn_slots(tmp_path, capsys):
    path = three_teams(tmp_path)
    assert cli_fault(capsys, "play", "arene-classique", "--teams", path, "--frames", "0") == (
        f"arena-game: {path}: teams: the map 'Arène classique' has spawn slots for 2 teams, not 3")
    assert cli_fault(capsys, "play", "arene-classique", "--teams", path, "--frames", "0", "--lang", "fr") == (
        f"arena-game : {path} : teams : la carte 'Arène classique' a des emplacements de départ pour 2 équipes, pas 3")


def test_s50_a_map_with_more_spawn_slots_than_teams_still_sets_up(tmp_path):
    grid = tmp_path / "three-sides.toml"
    grid.write_text('name = "Trois côtés"\ngrid = """\n1..2\n....\n..3.\n"""\n', encoding="utf-8")
    setup = setup_for_map(str(grid), teams_file(tmp_path, ["Ambre", "Basalte"]))
    assert sorted(setup.placements.values()) == [(0, 0), (3, 0)]  # slots 1 and 2; slot 3 left empty
