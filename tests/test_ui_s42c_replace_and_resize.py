"""Nothing is replaced without asking, and a resize keeps the reader's place:

- house rules saved under the name of another rules file ask first (Replace / Cancel, in the
  window's language, naming the file) and replace it only on Replace; the file being edited is
  saved over without a question;
- a roster exported onto a file that is there asks first the same way;
- the rules screen keeps the same part of its text at the top through a resize;
- in the smallest window (800×560) a long OS error under the house rules' name wraps, whole,
  inside the window, over nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UILabel

from arena_game.formats.house_rules import house_rules_files, house_rules_path, load_house_rules
from arena_game.formats.teamfile import load_teams
from arena_game.render.text import font
from arena_game.resources import default_teams_path
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.house_draft import HouseRulesDraft
from arena_game.ui.screens.dialog import ConfirmScreen, LoadDialogScreen
from arena_game.ui.screens.house_rules import HouseRulesScreen, fitted_lines
from arena_game.ui.screens.roster import RosterScreen
from arena_game.ui.screens.rules import RulesScreen
from arena_game.ui.screens.start import StartScreen
from tests.test_ui_s41r_modal_resize import check_fits
from tests.ui_driver import click_button, open_app, press_key, top, wait_while_building
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")

THEIRS = "[push]\ninto_water = false\n"  # another table's rules file, already saved


def _type(app, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.run(frames=2)


def _panel(lang: str = "en", size=(1280, 720)):
    """The house rules panel opened from the start screen with its key, a Reading changed."""
    app = open_app(None, lang=lang, size=size)
    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    assert panel is not None
    panel.draft.cycle("turns.initiative_attribute")  # agilite → physique
    panel.show_values()
    return app, panel


def _save_as(app, panel: HouseRulesScreen, name: str) -> None:
    """The name typed in its field, then Enter in it (which saves)."""
    click_button(app, panel.name)
    panel.name.set_text("")
    _type(app, name)
    press_key(app, pygame.K_RETURN)
    wait_while_building(app)


def _asked(app) -> ConfirmScreen:
    asked = top(app, ConfirmScreen)
    assert asked is not None, [type(s).__name__ for s in app.stack]
    assert asked.window is not None and asked.window.visible and asked.veil is not None
    return asked


# -- house rules ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, title, yes, no, words", [
    ("en", "Replace a file?", "Replace — Enter", "Cancel", "House rules named “Chez Paul” are already saved"),
    ("fr", "Remplacer un fichier\u00a0?", "Remplacer — Entrée", "Annuler", "Des règles maison nommées «\u00a0Chez Paul\u00a0»"),
])
def test_house_rules_saved_under_another_files_name_ask_first_and_replace_it_only_on_replace(lang, title, yes, no,
                                                                                            words):
    target = house_rules_path("Chez Paul")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(THEIRS, encoding="utf-8")
    app, panel = _panel(lang)
    _save_as(app, panel, "Chez Paul")
    asked = _asked(app)
    assert target.read_text(encoding="utf-8") == THEIRS  # nothing written before the answer
    assert asked.window.window_display_title == title
    assert (asked.yes.text, asked.no.text) == (yes, no)
    assert words in asked.question and str(target) in asked.question  # the file named, whole
    assert words in asked.box.html_text
    check_fits(app, lang)  # inside the window, in its middle, its words whole and apart
    click_button(app, asked.no)  # Cancel: the file stays theirs
    assert top(app, HouseRulesScreen) is panel and target.read_text(encoding="utf-8") == THEIRS
    assert panel.saved is None
    _save_as(app, panel, "Chez Paul")
    press_key(app, pygame.K_ESCAPE)  # Esc answers Cancel too
    assert top(app, HouseRulesScreen) is panel and target.read_text(encoding="utf-8") == THEIRS
    _save_as(app, panel, "Chez Paul")
    if lang == "en":
        click_button(app, _asked(app).yes)  # Replace
    else:
        _asked(app)
        press_key(app, pygame.K_RETURN)  # Enter answers Replace: no mouse needed
    assert top(app, HouseRulesScreen) is panel and panel.saved == "Chez Paul"
    assert load_house_rules("Chez Paul").turns.initiative_attribute == "physique"
    assert load_house_rules("Chez Paul").push.into_water == DEFAULT_INTO_WATER  # their Reading gone with their file
    assert "Chez Paul" in panel.status_label.text
    # now the file being edited: saved over at once
    panel.draft.cycle("turns.initiative_attribute")
    _save_as(app, panel, "Chez Paul")
    assert top(app, ConfirmScreen) is None and top(app, HouseRulesScreen) is panel
    assert load_house_rules("Chez Paul").turns.initiative_attribute == panel.draft.values["turns.initiative_attribute"]


DEFAULT_INTO_WATER = HouseRulesDraft().values["push.into_water"]


def test_a_new_name_and_the_file_opened_for_editing_are_saved_without_a_question():
    app, panel = _panel()
    _save_as(app, panel, "Mardi")
    assert top(app, ConfirmScreen) is None and [p.stem for p in house_rules_files()] == ["Mardi"]
    pygame.quit()
    # the start screen opens the panel on the file picked: that file is saved over without asking
    app = open_app(None, lang="en")
    start = top(app, StartScreen)
    start.rules_name = "Mardi"
    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    assert panel is not None and panel.name.get_text() == "Mardi"
    panel.draft.cycle("run.attribute")
    _save_as(app, panel, "Mardi")
    assert top(app, ConfirmScreen) is None and load_house_rules("Mardi").run.attribute == panel.draft.values["run.attribute"]


def test_the_draft_names_the_file_a_save_would_replace():
    house_rules_path("Autre").parent.mkdir(parents=True, exist_ok=True)
    house_rules_path("Autre").write_text(THEIRS, encoding="utf-8")
    draft = HouseRulesDraft(name="Mine")
    assert draft.replaces("Nouveau") is None  # a new file
    assert draft.replaces("../Autre") is None  # refused by its name (`save` says why)
    assert draft.replaces(" Autre ") == house_rules_path("Autre")
    assert draft.save("Mine") is not None and draft.replaces("Mine") is None  # the file edited
    assert draft.save("Autre") is not None and draft.editing == "Autre"  # replaced once asked: edited now
    assert draft.replaces("Autre") is None and draft.replaces("Mine") == house_rules_path("Mine")


# -- the roster editor's export ---------------------------------------------------------------------


def _editor(lang: str = "en"):
    app = open_app(None, lang=lang, size=(1280, 720))
    click_button(app, top(app, StartScreen).edit_teams)
    editor = top(app, RosterScreen)
    assert editor is not None
    return app, editor


def _export_to(app, editor: RosterScreen, path: Path) -> None:
    """Export… clicked, a file's name typed in the dialog's path, and OK."""
    click_button(app, editor.file_export)
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None and not dialog.must_exist
    entry = dialog.window.file_path_text_line
    click_button(app, entry)
    entry.set_text("")
    _type(app, str(path))
    press_key(app, pygame.K_RETURN)
    assert dialog.window.ok_button.is_enabled
    click_button(app, dialog.window.ok_button)
    app.run(frames=2)
    wait_while_building(app)


@pytest.mark.parametrize("lang, yes, words", [("en", "Replace — Enter", "already exists. Replace it with the teams file"),
                                              ("fr", "Remplacer — Entrée", "existe déjà. Le remplacer par le fichier d'équipes")])
def test_a_roster_exported_onto_a_file_there_asks_first_and_replaces_it_only_on_replace(tmp_path, lang, yes, words):
    theirs = tmp_path / "shared.toml"
    theirs.write_text("# someone's notes, not a teams file\n", encoding="utf-8")
    app, editor = _editor(lang)
    _export_to(app, editor, tmp_path / "shared")  # ".toml" added: that file
    asked = _asked(app)
    assert asked.yes.text == yes and words in asked.question and str(theirs) in asked.question
    assert theirs.read_text(encoding="utf-8").startswith("# someone's notes")
    check_fits(app, lang)
    click_button(app, asked.no)
    assert top(app, RosterScreen) is editor and theirs.read_text(encoding="utf-8").startswith("# someone's notes")
    _export_to(app, editor, theirs)
    click_button(app, _asked(app).yes)
    assert top(app, RosterScreen) is editor
    assert load_teams(theirs) == load_teams(default_teams_path())
    assert editor.status_line.text.endswith(str(theirs))  # "Exported: …" in the window's language
    # a new file: exported at once
    _export_to(app, editor, tmp_path / "new-one.toml")
    assert top(app, ConfirmScreen) is None and load_teams(tmp_path / "new-one.toml") == load_teams(default_teams_path())


def test_the_shelf_names_the_file_an_export_would_replace(tmp_path):
    from arena_game.formats.roster_shelf import RosterShelf, export_path

    shelf = RosterShelf("en")
    (tmp_path / "there.toml").write_text("x", encoding="utf-8")
    (tmp_path / "folder.toml").mkdir()
    assert export_path(tmp_path / "there") == tmp_path / "there.toml"
    assert shelf.export_replaces(tmp_path / "there") == tmp_path / "there.toml"
    assert shelf.export_replaces(tmp_path / "there.toml") == tmp_path / "there.toml"
    assert shelf.export_replaces(tmp_path / "new") is None
    assert shelf.export_replaces(tmp_path / "folder.toml") is None  # not a file: the export says why
    assert shelf.new_file(shelf.draft.copy("Mine")) and shelf.path is not None
    assert shelf.export_replaces(shelf.path) is None  # the file open, written as it is edited anyway


# -- the rules screen keeps the reader's place ------------------------------------------------------


def _top_piece(rules: RulesScreen) -> tuple[int, str, float]:
    """The piece at the top of the column shown, its text, and how far into it the top is."""
    column = rules.column
    view = column.viewport.rect
    index = next(i for i, box in enumerate(column.boxes) if box.rect.top <= view.top < box.rect.bottom)
    box = column.boxes[index]
    return index, box.html_text, (view.top - box.rect.top) / box.rect.h


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_screen_keeps_the_readers_place_through_resizes(lang):
    app = scene_window("rules", lang, (1280, 720))  # opened at R4.4 (a refusal's link)
    rules = top(app, RulesScreen)
    assert rules is not None and rules.current == "R4"
    asked = _top_piece(rules)
    centre = rules.column.viewport.rect.center
    pygame.mouse.set_pos(centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    for _ in range(20):  # the reader scrolls on, with the wheel over the text
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        app.step()
    app.run(frames=10)
    place = _top_piece(rules)
    assert place[0] > asked[0] + 1, (place, asked)  # well past the rule asked
    for size in ((1920, 1080), MIN_SIZE, (1280, 720)):
        app.resize(size)
        app.run(frames=2)
        wait_while_building(app)
        rules = top(app, RulesScreen)
        index, words, into = _top_piece(rules)
        assert (index, words) == place[:2], (size, index, place[0])  # the same text at the top
        assert abs(into - place[2]) < 0.2, (size, into, place[2])
    # scrolled back to the top, it stays at the top (not back at the rule asked)
    rules.column.scroll_to_piece(0)
    app.resize((1920, 1080))
    app.run(frames=2)
    assert _top_piece(top(app, RulesScreen))[0] == 0 and top(app, RulesScreen).column.offset == 0


# -- a long OS error under the house rules' name, in the smallest window -----------------------------


def test_fitted_lines_break_a_path_too_long_for_a_line_after_a_separator():
    pygame.font.init()
    f = font(13, bold=True)
    path = "/home/someone/" + "/".join(["a-rather-long-folder-name"] * 8) + "/rules"
    words = f"{path}: cannot be written (No space left on device)"
    lines = fitted_lines(words, f, 400, most=20)
    assert len(lines) >= 3 and all(f.size(line)[0] <= 400 for line in lines)
    assert all(line.endswith("/") for line in lines[:-2])  # broken after a separator
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")  # whole: nothing lost, nothing added
    assert fitted_lines("", f, 400) == [""]
    few = fitted_lines(words, f, 120, most=3)
    assert len(few) == 3 and few[-1].endswith("…") and all(f.size(line)[0] <= 120 for line in few)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_os_error_under_the_name_wraps_whole_inside_the_smallest_window(tmp_path, monkeypatch, lang):
    data = tmp_path / "a-user-data-folder-with-a-rather-long-name" / "and-another-folder-inside-it-for-the-game"
    monkeypatch.setenv("ARENA_GAME_DATA", str(data))
    data.mkdir(parents=True)
    (data / "rules").write_text("a file where the folder should be", encoding="utf-8")
    app, panel = _panel(lang, MIN_SIZE)
    roomy = panel.page_view().copy()
    _save_as(app, panel, "Chez Paul")
    fault = panel.draft.name_fault
    assert str(data / "rules") in fault and len(panel.status_lines) >= 2  # too long for one line at 800 px
    said = "".join(label.text for label in panel.status_lines)
    assert re.sub(r"\s", "", said) == re.sub(r"\s", "", fault) and "…" not in said  # whole
    window = app.screen.get_rect()
    for label in panel.status_lines:
        assert window.contains(label.rect)
        need = label.font.size(label.text)[0] if getattr(label, "font", None) else font(13, bold=True).size(label.text)[0]
        assert need <= label.rect.w - 6, (label.text, need, label.rect.w)  # not cut
    page = panel.page_view()
    assert page.bottom <= panel.status_lines[0].rect.top and page.h < roomy.h  # the page's box made room
    others = [el for el in panel.panel.get_container().elements
              if isinstance(el, UILabel) and el not in panel.status_lines and el.visible]
    others += panel.bottom
    for label in panel.status_lines:
        assert not any(label.rect.colliderect(other.rect) for other in others), label.text
    check_fits(app, f"800x560 {lang}")
    app.resize((1280, 720))  # the fault kept through a resize, on fewer lines
    app.run(frames=2)
    wait_while_building(app)
    assert panel.draft.name_fault == fault and 1 <= len(panel.status_lines) <= 2
    check_fits(app, f"1280x720 {lang}")
    # a name that can be saved: the status line on one line again, the page's room given back
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path / "fine"))
    app.resize(MIN_SIZE)
    app.run(frames=2)
    wait_while_building(app)
    _save_as(app, panel, "Chez Paul")
    assert not panel.draft.name_fault and len(panel.status_lines) == 1 and panel.page_view().h == roomy.h


def test_the_question_follows_the_window_through_resizes_and_the_panel_draws_nothing_over_it():
    from arena_game.ui.screens.house_rules import FOCUS_COLOUR

    target = house_rules_path("Chez Paul")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(THEIRS, encoding="utf-8")
    app, panel = _panel("fr")
    _save_as(app, panel, "Chez Paul")  # the keyboard's amber frame is on the name
    # a refused field under the question: its red mark, drawn by the panel itself (a refused
    # field before Save saves nothing and asks nothing, s61 audit)
    panel.draft.type_text("dice.die", "200")
    panel.show_values()
    for size in ((1920, 1080), MIN_SIZE, (1280, 720)):
        app.resize(size)
        app.run(frames=2)
        wait_while_building(app)
        asked = _asked(app)
        check_fits(app, f"{size}")
        assert asked.question in asked.box.html_text.replace("&amp;", "&")
        window = asked.window.rect
        under = [i for i, w in enumerate(panel.ring) if w.visible and panel.page_view().contains(w.rect)
                 and w.rect.inflate(6, 6).colliderect(window)]
        assert under, size  # a field of the page under the question
        panel.focus = under[0]  # the keyboard's frame would be drawn round it
        app.draw()
        amber = [(x, y) for x in range(window.left, window.right, 2) for y in range(window.top, window.bottom, 2)
                 if tuple(app.screen.get_at((x, y)))[:3] == FOCUS_COLOUR]
        assert not amber, (size, amber[:3])  # nothing of the panel's own drawn over the question
    panel.draft.type_text("dice.die", "20")  # set right again: Replace writes the file
    panel.show_values()
    click_button(app, _asked(app).yes)  # still answers after three layouts
    assert load_house_rules("Chez Paul").turns.initiative_attribute == "physique"
    assert not panel.under_a_dialog()
