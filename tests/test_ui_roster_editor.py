"""The roster editor in the window (issue 18), headless: opened from the start screen, fields
refused beside themselves as they are typed, the chest limit (R12.1), a new team played."""

import shutil
from pathlib import Path

import pygame
import pytest

from arena_game.formats.teamfile import load_teams, remove_fighter_for_good
from arena_game.ui.screens.roster import RosterScreen
from arena_game.ui.screens.start import StartScreen
from tests.ui_driver import board, click_button, open_app, press_key, shot, top

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def type_text(app, text, frames=2):
    """Type characters into the focused entry."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.run(frames=frames)


def retype(app, entry, text):
    """Click into an entry, empty it and type `text`."""
    click_button(app, entry)
    entry.set_text("")
    type_text(app, text)


def open_editor(lang="en", size=(1280, 720)):
    app = open_app(None, lang=lang, size=size)
    click_button(app, top(app, StartScreen).edit_teams)
    editor = top(app, RosterScreen)
    assert editor is not None
    return app, editor


def new_file(app, editor):
    click_button(app, editor.file_new)
    app.run(frames=30)  # past the pause before the write
    assert not editor.shelf.read_only and editor.shelf.saved_name == ("my-teams" if editor.lang == "en" else "mes-equipes")


def test_the_editor_opens_from_the_start_screen_on_the_shipped_teams_read_only():
    app, editor = open_editor()
    assert editor.shelf.read_only and editor.shelf.files[0].name == "default.toml"
    assert not editor.form.rows["pv"].widget.is_enabled and editor.status_line.text.startswith("Shipped teams")
    assert editor.form.rows["name"].widget.get_text() == "Brakka"
    press_key(app, pygame.K_ESCAPE)  # no entry focused: out to the start screen
    assert top(app, StartScreen) is not None and top(app, StartScreen).panel.visible and not top(app, StartScreen).editing_teams


def test_create_a_fighter_with_a_bad_value_then_fix_it(data_folder):
    app, editor = open_editor()
    new_file(app, editor)
    click_button(app, editor.fighter_new)
    assert editor.fighter_i == 1 and editor.form.rows["name"].widget.get_text() == "Fighter 2"
    retype(app, editor.form.rows["name"].widget, "Garance")
    pv = editor.form.rows["pv"]
    retype(app, pv.widget, "0")
    assert pv.fault.text == "at least 1"  # beside the field, from FighterSheet's pv >= 1
    assert pv.fault.rect.left > pv.widget.rect.right and pv.fault.rect.centery == pv.widget.rect.centery
    type_text(app, "x")
    assert pv.fault.text == "a whole number"
    app.run(frames=30)
    assert editor.status_line.text == "Not saved: fix the fields with a red (!) mark"  # the fault said once, beside it
    saved = data_folder / "teams" / "my-teams.toml"
    assert [f.name for f in load_teams(saved)[0].fighters] == ["Fighter 1"]  # the refused sheet not written
    retype(app, pv.widget, "18")
    assert pv.fault.text == ""
    app.run(frames=30)
    sheets = load_teams(saved)[0].fighters
    assert [(f.name, f.pv) for f in sheets] == [("Fighter 1", 20), ("Garance", 18)]
    assert editor.fighter_list.item_list[1]["text"] == "2. Garance"
    assert sorted(p.name for p in saved.parent.iterdir()) == ["my-teams.toml"]  # atomic: no temporary file


def test_r12_1_a_fifth_chest_animal_is_refused_in_place():
    app, editor = open_editor(lang="fr")
    new_file(app, editor)
    for animal in ("chien", "faucon", "mule", "esclave"):
        retype(app, editor.chest_entry, animal)
        press_key(app, pygame.K_RETURN)  # Enter in the entry adds it
    assert editor.draft.teams[0]["chest"] == ["chien", "faucon", "mule", "esclave"]
    assert [it["text"] for it in editor.chest_list.item_list][-1] == "4. esclave"
    retype(app, editor.chest_entry, "ours")
    click_button(app, editor.chest_add)
    assert editor.chest_fault.text == "R12.1 : le coffre d'une équipe tient au plus 4 animaux et esclaves"
    assert editor.draft.teams[0]["chest"] == ["chien", "faucon", "mule", "esclave"]
    assert editor.chest_entry.get_text() == "ours"  # left for the player to see what was refused


def test_a_match_with_a_new_team_started_from_the_start_screen(data_folder):
    app, editor = open_editor()
    new_file(app, editor)
    click_button(app, editor.team_list.item_list[1]["button_element"])
    retype(app, editor.team_form.rows["name"].widget, "Les Corbeaux")
    retype(app, editor.form.rows["name"].widget, "Corvin")
    click_button(app, editor.back)
    start = top(app, StartScreen)
    assert start is not None and start.picked_team_label().startswith("my-teams — ")  # file, then its teams
    assert start.picked_team_label().endswith("Les Corbeaux")
    click_button(app, start.go)
    assert top(app, StartScreen) is None
    ctrl = board(app).ctrl
    assert ctrl.roster == (data_folder / "teams" / "my-teams.toml").resolve()  # R9.2 strikes off from this file
    assert [tm.name for tm in ctrl.state.teams.values()] == ["Team 1", "Les Corbeaux"]
    assert "Corvin" in [f.sheet.name for f in ctrl.state.fighters.values()]


def test_keyboard_only_tab_enter_and_esc():
    app, editor = open_editor()
    assert editor.ring.current is editor.file_list
    press_key(app, pygame.K_TAB)
    assert editor.ring.current is editor.file_new
    press_key(app, pygame.K_RETURN)  # New file
    app.run(frames=30)
    assert editor.shelf.saved_name == "my-teams"
    while editor.ring.current is not editor.form.rows["mana"].widget:
        press_key(app, pygame.K_TAB, frames=1)
    assert editor.form.rows["mana"].widget.is_focused
    type_text(app, "z")
    assert editor.form.rows["mana"].fault.text == "a whole number"
    press_key(app, pygame.K_BACKSPACE)
    assert editor.form.rows["mana"].fault.text == ""
    press_key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert editor.ring.current is editor.form.rows["pv"].widget
    press_key(app, pygame.K_ESCAPE)  # one step back: out of the entry, still in the editor
    assert top(app, RosterScreen) is editor and not editor.form.rows["pv"].widget.is_focused
    while editor.ring.current is not editor.team_list:
        press_key(app, pygame.K_TAB, frames=1)
    press_key(app, pygame.K_DOWN)
    assert editor.team_i == 1 and editor.team_form.rows["name"].widget.get_text() == "Team 2"
    press_key(app, pygame.K_ESCAPE)  # then out
    assert top(app, StartScreen) is not None
    press_key(app, pygame.K_e)  # and in again from the start screen
    assert top(app, RosterScreen) is not None


def test_delete_asks_twice_and_struck_off_fighters_are_shown(data_folder):
    roster = data_folder / "teams" / "mirror.toml"
    roster.parent.mkdir(parents=True)
    shutil.copy(DATA / "teams" / "mirror.toml", roster)
    remove_fighter_for_good(roster, "r1")  # R9.2
    app, editor = open_editor(lang="fr")
    assert editor.shelf.files[-1] == roster and not editor.shelf.read_only
    assert [it["text"] for it in editor.fighter_list.item_list] == ["1. Rouge Deux", "† Rouge Un (perdu pour toujours)"]
    click_button(app, editor.fighter_list.item_list[1]["button_element"])
    assert editor.notice.text.startswith("R9.2 : Rouge Un est rayé pour toujours")
    assert not editor.form.rows["pv"].widget.is_enabled  # shown, never edited
    click_button(app, editor.fighter_list.item_list[0]["button_element"])
    click_button(app, editor.fighter_del)
    assert editor.fighter_del.text == "Supprimer : sûr ?" and len(editor.draft.teams[0]["fighters"]) == 1
    click_button(app, editor.fighter_del)
    assert editor.draft.teams[0]["fighters"] == []
    app.run(frames=30)
    assert editor.status_line.text.startswith("Non enregistré : l'équipe Rouges n'a aucun combattant")


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("fr", (1920, 1080))])
def test_the_editor_fits_the_window(lang, size):
    app, editor = open_editor(lang, size)
    new_file(app, editor)
    retype(app, editor.form.rows["weapon.damage"].widget, "2d")
    retype(app, editor.form.rows["name"].widget, " ")
    labels = [el for el in editor.panel.get_container().elements if hasattr(el, "font") and hasattr(el, "text")]
    for label in labels:  # pygame_gui cuts a label that does not fit with "..."
        if label.text:
            assert label.font.size(label.text)[0] <= label.rect.w - 2, label.text
    widgets = [el.rect for el in editor.panel.get_container().elements if el.visible]
    assert all(editor.panel.rect.contains(r) for r in widgets)
    shot(app, f"roster-{lang}-{size[0]}")


def test_import_and_export_through_the_file_dialog(data_folder, tmp_path):
    from arena_game.ui.screens.dialog import LoadDialogScreen

    app, editor = open_editor()
    click_button(app, editor.file_import)
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None and dialog.must_exist and dialog.title == "Import…"
    dialog.close()
    dialog.on_pick(str(DATA / "teams" / "mirror.toml"))  # what the dialog does with the file picked
    app.run(frames=2)
    assert editor.shelf.saved_name == "mirror" and editor.status_line.text.startswith("Imported: ")
    assert load_teams(data_folder / "teams" / "mirror.toml") == load_teams(DATA / "teams" / "mirror.toml")
    click_button(app, editor.file_export)
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None and not dialog.must_exist  # a new file's name may be typed
    dialog.close()
    dialog.on_pick(str(tmp_path / "to-share"))
    app.run(frames=2)
    assert load_teams(tmp_path / "to-share.toml") == load_teams(DATA / "teams" / "mirror.toml")
    assert editor.status_line.text == f"Exported: {tmp_path / 'to-share.toml'}"


def test_keyboard_only_a_chest_item_picked_with_the_arrows_and_removed():
    app, editor = open_editor()
    new_file(app, editor)
    for animal in ("chien", "faucon"):
        retype(app, editor.chest_entry, animal)
        press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_ESCAPE)  # out of the entry
    while editor.ring.current is not editor.chest_list:
        press_key(app, pygame.K_TAB, frames=1)
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_DOWN)
    assert editor.chest_list.get_single_selection() == "2. faucon (falcon)"
    while editor.ring.current is not editor.chest_remove:
        press_key(app, pygame.K_TAB, frames=1)
    press_key(app, pygame.K_RETURN)
    assert editor.draft.teams[0]["chest"] == ["chien"]


def test_back_from_the_editor_the_start_screen_is_shown_as_it_was_or_with_its_new_files(data_folder):
    """Its widgets are kept hidden under the editor (made again, they took ~50 ms in one
    frame): unchanged when no file changed, the teams list made again when one did."""
    app, editor = open_editor()
    start = app.find(StartScreen)
    assert start is not None and start.panel is not None and not start.panel.visible
    kept = (start.panel, start.map_list, start.team_list, start.go)
    press_key(app, pygame.K_ESCAPE)
    assert top(app, StartScreen) is start and start.panel.visible
    assert (start.panel, start.map_list, start.team_list, start.go) == kept
    click_button(app, start.edit_teams)
    editor = top(app, RosterScreen)
    assert editor is not None
    new_file(app, editor)
    press_key(app, pygame.K_ESCAPE)
    assert top(app, StartScreen) is start and start.panel.visible and start.map_list is kept[1]
    assert start.team_list is not kept[2] and start.team_list.alive() and not kept[2].alive()
    assert str(start.team_list.get_single_selection()).startswith("my-teams")  # the file the editor showed, picked
    assert start.team_list.visible


@pytest.mark.parametrize("lang, shown", [("en", "1. chien de guerre (war dog)"), ("fr", "1. chien de guerre")])
def test_the_chest_shows_shipped_animals_glossed_in_english_only(lang, shown):
    app, editor = open_editor(lang=lang)
    team = editor.draft.teams[editor.team_i]
    assert team["chest"][0] == "chien de guerre"  # the shipped data keeps the French name
    assert editor.chest_list.item_list[0]["text"] == shown
