"""The screens around the match read well in French and English: hand-off banner, match-over,
a refused file's message window (pygame_gui's own buttons in the player's language)."""

import pytest
from pygame_gui.core.utility import translate
from pygame_gui.windows import UIMessageWindow

from arena_game.render.glyphs import drawable
from arena_game.ui.panels_html import over_sheet_html
from arena_game.ui.screens.handoff import HandoffScreen
from arena_game.ui.screens.start import StartScreen
from arena_game.ui.strings import text
from tests.ui_driver import board, open_app, shot, top, ui_match

FIGHTERS = {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_handoff_curtain_is_opaque_in_the_incoming_team_colour_and_sums_up_the_other_turn(lang):
    app = open_app(ui_match("....", FIGHTERS), lang=lang, size=(1280, 800), handoff=True)
    board(app).apply({"kind": "walk", "to": (1, 0)})
    board(app).apply({"kind": "end_turn"})
    app.run(frames=2)
    curtain = top(app, HandoffScreen)
    assert curtain is not None and curtain.opaque
    walked = [line for line in curtain.summary if "(0, 0)" in line and "(1, 0)" in line]
    assert len(walked) == 1 and "Red" in curtain.summary_title
    seen = app.screen.get_at((5, app.screen.get_height() // 2))  # the blue team's colour, darkened
    assert seen.b > 2 * seen.r and seen.b > seen.g
    shot(app, f"handoff-{lang}")


@pytest.mark.parametrize("lang, word", [("fr", "victimes"), ("en", "kills")])
def test_match_over_lines_come_from_the_catalog(lang, word):
    app = open_app(ui_match("....", FIGHTERS), lang=lang)
    state = board(app).ctrl.state
    team = next(iter(state.teams.values()))
    team.kills.append((next(f for f in state.fighters if state.fighters[f].team != team.id), 1))  # kills are named
    html = over_sheet_html(state, lang)
    assert word in html
    if lang == "fr":
        assert "kills" not in html


@pytest.mark.parametrize("lang, pv, pr", [("en", "PV (HP)", "PR (renown)"), ("fr", "PV", "PR")])
def test_the_panels_gloss_pv_and_pr_in_english_and_keep_them_plain_in_french(lang, pv, pr):
    from arena_game.ui.panels_html import sheet_html, teams_html

    app = open_app(ui_match("....", FIGHTERS), lang=lang)
    state = board(app).ctrl.state
    teams = teams_html(state, lang).replace("\u00a0", " ")
    sheet = sheet_html(state, lang, "a").replace("\u00a0", " ")
    assert teams.count(f"0 {pr} ·") == 2
    assert f"{pv} " in sheet
    if lang == "fr":
        assert "(HP)" not in sheet and "(renown)" not in teams


def test_a_refused_file_message_window_speaks_french():
    app = open_app(ui_match("....", FIGHTERS), lang="fr")
    board(app).show_problem("partie.arena.json:3:14: actions[2]: refused on replay")
    app.run(frames=2)
    windows = [w for w in app.manager.get_window_stack().stack if isinstance(w, UIMessageWindow)]
    button = windows[-1].dismiss_button
    assert translate(button.text, **button.text_kwargs) == "Fermer"
    shot(app, "load-error-fr")


def test_english_action_bar_keeps_the_french_terms_with_the_english_beside_them():
    for key, term, english in (("act_run", "Course", "run"), ("act_push", "Poussée", "push"),
                               ("act_teleport", "Téléportation", "teleport"), ("act_taunt", "Provocation", "taunt")):
        label = text(key, "en")
        assert term in label and f"({english})" in label, label


@pytest.mark.parametrize("lang, locked, all_rolls, absent", [
    ("fr", "verrouillé", "à tous les jets", "locked"), ("en", "locked", "to all rolls", "verrouillé")])
def test_sheet_modifier_and_r10_2_mana_lock_in_the_players_language(lang, locked, all_rolls, absent):
    from arena_game.core.state import Modifier
    from arena_game.ui.panels_html import sheet_html

    app = open_app(ui_match("....", FIGHTERS), lang=lang)
    state = board(app).ctrl.state.clone()
    f = state.active
    f.mana_locked = True
    f.modifiers.append(Modifier("forced_stop", "R4.6", "all", -5, f.turns_taken + 5))
    html = sheet_html(state, lang)
    assert locked in html and "R10.2" in html and absent not in html
    assert f"{drawable('−')}5 {all_rolls}" in html  # a minus, as the log signs it


@pytest.mark.parametrize("lang, words", [("fr", "· labyrinthe ·"), ("en", "· labyrinth (labyrinthe) ·")])
def test_start_screen_names_a_labyrinth_map_in_the_players_language(lang, words):
    app = open_app(None, lang=lang)
    start = top(app, StartScreen)
    shown = start.map_labels[[p.stem for p in start.maps].index("labyrinthe")]
    assert shown != "labyrinthe"  # the map's own name, not its file name
    for item in start.map_list.item_list:
        item["selected"] = item["text"] == shown
    top(app, StartScreen).show_info()
    assert top(app, StartScreen).selected_map() == "labyrinthe"
    assert words in top(app, StartScreen).info.html_text


@pytest.mark.parametrize("lang, skills", [
    ("fr", "CàC 0 · Acro 0 · Séd 0 · Esq 0 · Course 0 · Nage 0"),
    ("en", "CàC (hand to hand) 0 · Acro (acrobatics) 0 · Séd (charm) 0 · Esq (dodge) 0 · Course (run) 0 · Nage (swim) 0")])
def test_sheet_skills_keep_the_french_terms_with_the_english_beside_them_in_english(lang, skills):
    from arena_game.ui.panels_html import sheet_html

    app = open_app(ui_match("....", FIGHTERS), lang=lang)
    shown = sheet_html(board(app).ctrl.state, lang)
    assert skills in shown.replace("\u00a0", " ")
    # no-break spaces hold each skill to its value and to the dot after it: a line breaks after a dot
    glued = {"en": "Esq\u00a0(dodge)\u00a00\u00a0· Course", "fr": "Esq\u00a00\u00a0· Course"}[lang]
    assert glued in shown


def test_the_handoff_curtain_lifts_on_a_click_and_holds_other_keys():
    import pygame

    from tests.ui_driver import click_at, press_key

    app = open_app(ui_match("....", FIGHTERS), handoff=True)
    press_key(app, pygame.K_e)  # red ends its turn: the curtain names blue
    assert top(app, HandoffScreen) is not None
    press_key(app, pygame.K_1)
    assert top(app, HandoffScreen) is not None and board(app).ctrl.state.active.id == "b"
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640)))
    app.run(frames=2)
    curtain = top(app, HandoffScreen)
    assert curtain is not None and app.screen.get_size() == (1000, 640)
    app.draw()  # the opaque curtain covers the new size whole, in the incoming team's colour
    assert all(app.screen.get_at(at).b > 2 * app.screen.get_at(at).r for at in ((995, 635), (5, 5), (500, 320)))
    click_at(app, (10, 10))
    assert app.top is board(app)


def test_match_over_panel_n_opens_the_start_screen_and_esc_goes_back_to_the_board():
    import pygame

    from arena_game.ui.screens.match_over import MatchOverScreen
    from tests.ui_driver import press_key

    app = open_app(ui_match("....", FIGHTERS))
    board(app).show_match_over()
    assert top(app, MatchOverScreen) is not None
    press_key(app, pygame.K_e)  # the board's shortcut does not reach under the panel
    assert board(app).ctrl.state.active.id == "a"
    press_key(app, pygame.K_n)
    assert top(app, StartScreen) is not None and app.find(MatchOverScreen) is None
    press_key(app, pygame.K_ESCAPE)  # Back: a match is shown
    assert app.top is board(app)
    board(app).show_match_over()
    press_key(app, pygame.K_ESCAPE)  # one step back: the board under the panel (issue 19)
    assert app.top is board(app) and app.running


def test_cancelling_the_load_dialog_gives_the_board_its_keys_back():
    import pygame

    from arena_game.ui.screens.dialog import LoadDialogScreen
    from tests.ui_driver import click_button, press_key

    app = open_app(ui_match("....", FIGHTERS))
    press_key(app, pygame.K_o, pygame.KMOD_CTRL)
    dialog = top(app, LoadDialogScreen)
    assert dialog is not None
    press_key(app, pygame.K_e)  # held by the dialog
    assert board(app).ctrl.state.active.id == "a"
    click_button(app, dialog.window.cancel_button, frames=4)
    assert app.top is board(app)
    press_key(app, pygame.K_e)
    assert board(app).ctrl.state.active.id == "b"
