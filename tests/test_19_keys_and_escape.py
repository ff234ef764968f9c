"""Issue 19: what a newcomer trips over. One key, one meaning in every mode (the key table in
`arena_game/ui/keys.py` that the window, the catalog's prompts, README and F1 all read),
Esc one step back and finally out in every screen and lesson, and lesson 5's "M: show me".
Tests are named after the issue's points (19.1 Esc in lessons, 19.2 keys, 19.3 lesson 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from arena_game.i18n import LANGS, catalog, placeholders, t
from arena_game.ui import keys
from arena_game.ui.modes import MODE_FOR_BUTTON, IdleMode, RunGoMode, SuicideVerdictMode, Unused
from arena_game.ui.screens.dialog import LoadDialogScreen, MessageScreen
from arena_game.ui.screens.handoff import HandoffScreen
from arena_game.ui.screens.rules import KEYS_PAGE, RulesScreen
from arena_game.ui.screens.start import StartScreen
from arena_game.ui.screens.tutorial import LessonPickerScreen, LessonScreen
from tests.builders import tiny_match
from tests.ui_driver import (
    board,
    click_button,
    open_app,
    open_lesson,
    press_key,
    top,
    ui_match,
    wait_while_building,
)

ROOT = Path(__file__).resolve().parent.parent
OPEN = "\n".join(["." * 10] * 4)
DUEL = {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (8, 2)}}
MODES = {cls.name for cls in MODE_FOR_BUTTON.values()} | {"idle", "run_go", "suicide_verdict", "circle_split"}


def play_out(app, lesson: LessonScreen) -> None:
    """Run frames until the worked solution has played (a step every 0.9 s of window time)."""
    for _ in range(40):
        if lesson.completed or not lesson.pending:
            return
        app.run(frames=60)


def stack(app) -> list[str]:
    return [type(s).__name__ for s in app.stack]


# -- 19.2 one key, one meaning: the table ------------------------------------------------


def test_19_2_no_mode_or_lesson_rebinds_a_board_key():
    board_keys = {k for b in keys.BINDINGS if b.scope == "board" for k in b.keys}
    over = {b.scope for b in keys.BINDINGS} & (MODES | set(keys.OVER_BOARD))
    for scope in over:
        own = {k for b in keys.BINDINGS if b.scope == scope for k in b.keys}
        assert own & board_keys == set(), scope
    lesson = {k for b in keys.BINDINGS if b.scope == "lesson" for k in b.keys}
    for mode in MODES:  # a lesson's keys (H, M, R) answered over every mode
        assert {k for b in keys.BINDINGS if b.scope == mode for k in b.keys} & lesson == set(), mode


def test_19_2_a_key_has_one_meaning_in_each_scope_and_esc_is_back_everywhere():
    seen: dict[tuple[str, str], str] = {}
    for b in keys.BINDINGS:
        for k in b.keys:
            assert seen.setdefault((b.scope, k), b.command) == b.command, (b.scope, k)
    for scope in {b.scope for b in keys.BINDINGS} - {"window", "lesson"}:
        assert keys.command("escape", (scope,)) in ("back", "lift"), scope


@pytest.mark.parametrize("name", sorted(MODE_FOR_BUTTON))
def test_19_2_modes_answer_commands_of_the_table_never_raw_keys(name):
    state, _ = tiny_match("......\n......\n......", {"a": {"team": "red", "at": (1, 1)}, "b": {"team": "blue", "at": (2, 1)}})
    for raw in ("return", "escape", "backspace", "1", "2", "p", "m", "tab"):
        assert isinstance(MODE_FOR_BUTTON[name]().key(state, raw), Unused), raw
    commands = {b.command for b in keys.BINDINGS if b.scope == "board"}
    assert {"confirm", "next_choice", "erase", "back"} <= commands


WINDOW_SECTIONS = ("ui.", "tutorial.", "lesson.", "table.", "house_ui.", "roster.", "demo.", "watch.", "anim.")
"""The catalog sections the window shows: where prompts name keys."""


def _key_words(text: str) -> list[str]:
    """Keys a text names literally (outside `{keys[...]}`): the names players read."""
    bare = re.sub(r"\{keys\[\w+\]\}", "", text)
    found = re.findall(r"\b(?:Enter|Entrée|Esc|Échap|Escape|Backspace|Retour arrière|Space|Espace|Tab|Shift|Maj"
                       r"|Ctrl\+\w|F\d{1,2})\b", bare)
    found += re.findall(r"\(([A-Z0-9])\)", bare)  # "(M)", "(8)"
    found += re.findall(r"(?:^|[\s«“])([A-Z])(?= :|:| again| encore| to | pour | ends)", bare)  # "H: hint"
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_19_2_every_prompt_names_its_keys_from_the_table(lang):
    cat = catalog(lang)
    commands = {b.command for b in keys.BINDINGS}
    named = 0
    for key, template in cat.items():
        if key.startswith(("key_name.", "key_does.")) or not key.startswith(WINDOW_SECTIONS):
            continue
        for field in placeholders(template):
            if field.startswith("keys["):
                assert field[5:-1] in commands, (key, field)
                named += 1
        assert _key_words(template) == [], (key, template)
    assert named > 40
    assert t("ui.mode_run_go_other", lang, left=3).count(keys.KeyNames(lang)["confirm"]) == 1
    assert t("tutorial.keys", lang).startswith("H" if lang == "en" else "Indice (H)")  # French: the word, then its key


def test_19_2_the_key_check_catches_a_key_named_by_hand():
    assert _key_words("Course (run): 3 squares left. S to stop (R4.5).") == ["S"]
    assert _key_words("Téléportation button (8), pick “spell” (M)") == ["8", "M"]
    assert _key_words("H: hint · M: show me") == ["H", "M"]
    assert _key_words("then Enter (R8.1)") == ["Enter"]
    assert _key_words("{keys[confirm]} to stop (R4.5), 3 squares, R7, 1d8") == []


def test_19_2_readme_key_list_is_the_table():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- keys:[^\n]*-->\n(.*?)\n<!-- /keys -->", readme, re.S)
    assert block is not None and block.group(1) == keys.markdown("en")
    for b in keys.BINDINGS:
        if b.scope in keys.HELP_SCOPES:
            assert keys.keys_label(b, "en") in block.group(1), b


@pytest.mark.parametrize("lang", LANGS)
def test_19_2_f1_has_a_keys_page_from_the_table(lang):
    app = open_app(ui_match(OPEN, DUEL), lang=lang)
    press_key(app, pygame.K_F1)
    rules = top(app, RulesScreen)
    assert rules is not None and KEYS_PAGE in rules.contents.html_text
    rules.show(KEYS_PAGE)
    wait_while_building(app)  # the page is made a piece a frame
    page = rules.shown_html.replace("\u00a0", " ")  # French "a :" held together by a no-break space
    for shown, does in keys.rows(lang):
        assert shown.replace("&", "&amp;") in page and does.split(" (")[0].split(":")[0] in page


def test_19_2_action_buttons_show_their_key_from_the_table():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    for bid, button in board(app).hud.buttons.items():
        assert button.text.endswith(keys.keys_label(keys.binding(bid, "board"), "en", first_only=True)), bid


# -- 19.2 the taunt and the run: the bugs the issue found -------------------------------


def test_19_2_in_taunt_mode_1_is_walk_and_rolls_nothing():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    press_key(app, pygame.K_9)
    assert board(app).mode.name == "taunt"
    before = list(board(app).ctrl.log)
    press_key(app, pygame.K_1)
    assert board(app).mode.name == "walk" and board(app).ctrl.log == before
    press_key(app, pygame.K_9)
    press_key(app, pygame.K_2)  # 2 is Course, never the advantaged taunt
    assert board(app).mode.name == "run" and board(app).ctrl.log == before


def test_19_2_taunt_style_picked_with_tab_and_rolled_with_enter():
    from arena_game.core.events import Taunted

    app = open_app(ui_match(OPEN, DUEL, faces=[20] * 4), lang="en")
    press_key(app, pygame.K_9)
    screen = board(app)
    assert screen.mode.picked(screen.ctrl.state) == "simple"
    assert screen.hud.choice_buttons["simple"].is_selected and "Tab" in screen.hud.status_text
    press_key(app, pygame.K_TAB)
    assert screen.mode.picked(screen.ctrl.state) == "advantaged" and screen.hud.choice_buttons["advantaged"].is_selected
    press_key(app, pygame.K_TAB)
    assert screen.mode.picked(screen.ctrl.state) == "simple"
    press_key(app, pygame.K_RETURN)
    assert any(isinstance(e, Taunted) and e.style == "simple" for e in screen.ctrl.log)


def _run_under_way(lang: str = "en"):
    app = open_app(ui_match(OPEN, DUEL, faces=[20, 8, 8, 8]), lang=lang)
    press_key(app, pygame.K_2)
    n = board(app).ctrl.state.settings.run.declared_squares
    board(app).apply({"kind": "run_start", "declared": [(1 + i, 1) for i in range(1, n + 1)]})
    app.run(frames=2)
    assert isinstance(board(app).mode, RunGoMode) and not board(app).ctrl.state.budget.run.finished
    return app


@pytest.mark.parametrize("lang", LANGS)
def test_19_2_the_run_prompt_and_its_button_name_the_one_stop_key(lang):
    app = _run_under_way(lang)
    screen = board(app)
    stop_key = keys.KeyNames(lang)["confirm"]
    assert stop_key in screen.hud.status_text and stop_key in screen.hud.choice_buttons["stop"].text
    assert keys.command("s", ("run_go", "board"), place="s") == "pan_down"  # S pans: never named as the stop
    press_key(app, pygame.K_s)
    assert not screen.ctrl.state.budget.run.finished
    press_key(app, pygame.K_RETURN)
    assert screen.ctrl.state.budget.run.finished and screen.ctrl.state.budget.run.end_reason == "voluntary_stop"


# -- 19.1 Esc one step back, then out: lessons -----------------------------------------


LESSONS = ["walk", "run", "tackle", "push", "teleport", "taunt", "circle", "mana"]


@pytest.mark.parametrize("stem", LESSONS)
def test_19_1_esc_leaves_every_unfinished_lesson_step_by_step(stem, tmp_path):
    app, lesson = open_lesson(stem, tmp_path / "progress.json")
    for action in keys.ACTIONS:  # into the first action the lesson's fighter may take
        if getattr(lesson.hud.buttons.get(action), "refusal", None) is None and action in MODE_FOR_BUTTON:
            lesson.press_button(action)
            break
    assert lesson.mode.name != "idle"
    press_key(app, pygame.K_ESCAPE)  # out of the action
    assert isinstance(lesson.mode, IdleMode) and app.top is lesson
    press_key(app, pygame.K_ESCAPE)  # to the list
    assert stack(app) == ["LessonPickerScreen"] and app.running
    press_key(app, pygame.K_ESCAPE)  # out
    assert not app.running


def test_19_1_esc_leaves_a_lesson_while_its_solution_plays_and_once_it_is_done(tmp_path):
    app, lesson = open_lesson("walk", tmp_path / "progress.json")
    press_key(app, pygame.K_m)
    assert lesson.pending
    press_key(app, pygame.K_ESCAPE)
    assert stack(app) == ["LessonPickerScreen"]
    lesson = top(app, LessonPickerScreen).open_lesson(0)
    wait_while_building(app)  # the lesson, made a part a frame, shows
    press_key(app, pygame.K_m)
    play_out(app, lesson)
    assert lesson.completed
    press_key(app, pygame.K_ESCAPE)
    assert stack(app) == ["LessonPickerScreen"]


# -- 19.3 lesson 5: M shows the worked solution, in any mode ----------------------------


def test_19_3_lesson_5_m_shows_the_worked_solution_even_in_teleport_mode(tmp_path):
    app, lesson = open_lesson("teleport", tmp_path / "progress.json")
    assert "M: show me" in lesson.panel_html()
    press_key(app, pygame.K_8)
    assert lesson.mode.name == "teleport"
    press_key(app, pygame.K_m)
    assert lesson.pending  # the solution plays (M did not pick the spell)
    play_out(app, lesson)
    assert lesson.completed


def test_19_3_lesson_5_tab_switches_the_teleport_means():
    app = open_app(ui_match(OPEN, {"a": {"team": "red", "at": (1, 1), "teleport_potions": 1, "mana": 10,
                                         "attributes": {"magie": 3}},
                                   "b": {"team": "blue", "at": (8, 2)}}), lang="en")
    press_key(app, pygame.K_8)
    mode = board(app).mode
    assert mode.current(board(app).ctrl.state) == "potion" and board(app).hud.choice_buttons["potion"].is_selected
    press_key(app, pygame.K_TAB)
    assert mode.means == "spell" and board(app).hud.choice_buttons["spell"].is_selected
    press_key(app, pygame.K_m)  # M is not a means (it is a lesson's "show me")
    assert mode.means == "spell"


@pytest.mark.parametrize("stem", LESSONS)
def test_19_3_every_lessons_keys_do_what_its_panel_says(stem, tmp_path):
    app, lesson = open_lesson(stem, tmp_path / "progress.json")
    for action in keys.ACTIONS:  # in every action the lesson allows, H still gives a hint
        button = lesson.hud.buttons.get(action)
        if action not in MODE_FOR_BUTTON or getattr(button, "refusal", None) is not None:
            continue
        lesson.press_button(action)
        shown = lesson.hints_shown
        press_key(app, pygame.K_h)
        assert lesson.hints_shown == min(shown + 1, len(lesson.lesson.goal.hints) + 1), action
    for _ in range(len(lesson.lesson.goal.hints) + 1):
        press_key(app, pygame.K_h)
    panel = lesson.panel_html()
    assert t("tutorial.no_more_hints", "en").split(":")[0] in panel  # H past the last hint says so
    for command in ("hint", "show_me", "restart", "rules", "back"):
        assert keys.KeyNames("en")[command] in panel


# -- 19.1 / what to build: Esc in every screen ------------------------------------------


def test_19_1_esc_on_the_board_steps_back_then_asks_then_leaves_autosaved(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    ctrl = ui_match(OPEN, DUEL)
    ctrl.autosave = True
    app = open_app(ctrl, lang="en")
    board(app).apply({"kind": "walk", "to": (2, 1)})
    assert board(app).mode.name == "walk" or board(app).mode.name == "idle"
    board(app).switch_mode(MODE_FOR_BUTTON["attack"]())
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(board(app).mode, IdleMode) and app.running
    press_key(app, pygame.K_ESCAPE)
    assert app.running and "again" in board(app).hud.status_text
    press_key(app, pygame.K_f)  # anything else forgets it
    press_key(app, pygame.K_ESCAPE)
    assert app.running
    press_key(app, pygame.K_ESCAPE)
    assert not app.running
    from arena_game.formats.save import autosave_path, read_save

    _, actions = read_save(autosave_path())
    assert [a.kind for a in actions][-1] == "walk"  # this turn's walk kept for resume


def test_19_1_esc_during_a_run_under_way_does_not_cancel_it():
    app = _run_under_way()
    press_key(app, pygame.K_ESCAPE)
    assert app.running and not board(app).ctrl.state.budget.run.finished


def test_19_1_esc_on_the_match_over_panel_goes_back_to_the_board_then_out():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    board(app).show_match_over()
    press_key(app, pygame.K_ESCAPE)
    assert app.top is board(app) and app.running


def test_19_1_esc_on_the_start_screen_leaves_the_seed_then_goes_back_or_out():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    press_key(app, pygame.K_n)
    start = top(app, StartScreen)
    click_button(app, start.seed)
    assert start.seed.is_focused
    press_key(app, pygame.K_ESCAPE)
    assert top(app, StartScreen) is start and not start.seed.is_focused
    press_key(app, pygame.K_ESCAPE)
    assert app.top is board(app)
    first = open_app(None, lang="en")  # the window's first screen: Esc leaves the window
    press_key(first, pygame.K_ESCAPE)
    assert not first.running


def test_19_1_esc_closes_the_rules_screen_and_the_dialogs(tmp_path):
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    for opened in (lambda: board(app).open_rules(), lambda: app.push(MessageScreen(app, "x")),
                   lambda: app.push(LoadDialogScreen(app, tmp_path, lambda p: None))):
        opened()
        app.run(frames=2)
        assert app.top is not board(app)
        press_key(app, pygame.K_ESCAPE)
        app.run(frames=2)
        assert app.top is board(app) and app.running, stack(app)


def test_19_1_esc_lifts_the_hand_off_curtain():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    app.push(HandoffScreen(app, "Team Blue to play"))
    press_key(app, pygame.K_ESCAPE)
    assert top(app, HandoffScreen) is None and app.top is board(app)


def test_19_1_the_suicide_verdict_cannot_be_put_off_by_esc():
    state, _ = tiny_match("....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (3, 0)}})
    assert isinstance(SuicideVerdictMode().key(state, "back"), Unused)
    assert t("ui.verdict_strike", "en").endswith(keys.KeyNames("en")["confirm"])


def test_19_1_esc_in_the_roster_editor_leaves_the_entry_then_the_editor_then_the_window(tmp_path, monkeypatch):
    from arena_game.ui.screens.roster import RosterScreen

    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(None, lang="en")  # no match yet: the start screen is the window's first screen
    press_key(app, pygame.K_e)
    editor = top(app, RosterScreen)
    click_button(app, editor.file_new)  # a file of one's own: its entries take typing
    entry = editor.form.rows["name"].widget
    click_button(app, entry)
    assert entry.is_focused
    press_key(app, pygame.K_ESCAPE)  # out of the entry
    assert top(app, RosterScreen) is editor and not entry.is_focused
    press_key(app, pygame.K_ESCAPE)  # out of the editor
    assert top(app, StartScreen) is not None
    press_key(app, pygame.K_ESCAPE)  # out of the window
    assert not app.running


def test_19_1_esc_in_the_house_rules_panel_leaves_the_field_then_the_panel(tmp_path, monkeypatch):
    from arena_game.ui.screens.house_rules import HouseRulesScreen

    monkeypatch.setenv("ARENA_GAME_DATA", str(tmp_path))
    app = open_app(ui_match(OPEN, DUEL), lang="fr")
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_r)
    panel = top(app, HouseRulesScreen)
    press_key(app, pygame.K_TAB)
    assert panel.focus is not None
    press_key(app, pygame.K_ESCAPE)
    assert top(app, HouseRulesScreen) is panel and panel.focus is None
    press_key(app, pygame.K_ESCAPE)
    assert top(app, StartScreen) is not None
    press_key(app, pygame.K_ESCAPE)
    assert app.top is board(app) and app.running


def test_19_1_esc_in_the_dice_dialog_plays_nothing_and_goes_back_to_the_board():
    from dataclasses import replace

    from arena_game.ui.controller import MatchController
    from arena_game.ui.screens.dice_dialog import FaceDialogScreen

    ctrl = ui_match(OPEN, DUEL)
    app = open_app(MatchController(replace(ctrl.setup, dice_mode="physical")), lang="en")
    board(app).apply({"kind": "run_start", "declared": [(2, 1), (3, 1), (4, 1)]})
    app.run(frames=2)
    wait_while_building(app)
    assert top(app, FaceDialogScreen) is not None
    assert keys.KeyNames("en")["back"] in top(app, FaceDialogScreen).cancel.text
    press_key(app, pygame.K_ESCAPE)
    assert app.top is board(app) and board(app).ctrl.actions == []


def test_19_2_every_key_in_the_table_is_a_key_pygame_names():
    pygame.init()  # key names are read from SDL
    for b in keys.BINDINGS:
        for k in b.keys:
            if k.startswith("place:"):  # a key by its place: one the window reads off SDL's scancodes
                assert k.removeprefix("place:") in keys.PLACES, (b, k)
            elif not k.startswith("mouse:"):
                name = k.split("+", 1)[1] if k.startswith(("ctrl+", "shift+")) else k
                assert pygame.key.name(pygame.key.key_code(name)) == name, (b, k)


def test_19_2_plus_and_minus_zoom_the_board():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    camera = board(app).camera
    fitted = camera.tile
    press_key(app, pygame.K_MINUS)
    zoomed_out = camera.tile
    assert zoomed_out < fitted
    press_key(app, pygame.K_KP_PLUS)
    assert camera.tile > zoomed_out  # (back within a pixel or two: each step rounds to whole pixels)


def test_19_1_esc_while_an_animation_plays_skips_it_and_steps_back():
    app = open_app(ui_match(OPEN, DUEL), lang="en")
    screen = board(app)
    screen.anim.speed = 1.0  # animations take their time, as in a real window
    screen.apply({"kind": "walk", "to": (2, 1)})
    screen.switch_mode(MODE_FOR_BUTTON["attack"]())
    assert screen.anim.busy
    press_key(app, pygame.K_e, frames=1)  # other keys wait while pieces move
    assert screen.ctrl.state.active.id == "a"
    press_key(app, pygame.K_ESCAPE, frames=1)
    assert not screen.anim.busy and isinstance(screen.mode, IdleMode)
