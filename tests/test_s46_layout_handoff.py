"""The hand-off curtain shows the other team's whole turn (a run's steps one line), says who
plays without "Team … to play", and lays its words out in the middle of the window, in one or
two columns of the largest font that holds them; a window too small for a very long turn
leaves out middle lines and says how many."""

from __future__ import annotations

import itertools

import pytest

from arena_game.core.events import TurnEnded
from arena_game.i18n.narration import describe
from arena_game.render.text import noted_words, record_text_boxes, text_boxes
from arena_game.ui.app import MIN_SIZE
from arena_game.ui.screens.handoff import HandoffScreen
from tests.ui_driver import board, open_app, top
from tools.window_screenshots import scene_window

pytestmark = pytest.mark.usefixtures("fresh_pygame")


def _drawn(app) -> list[tuple[str, object, int, object]]:
    record_text_boxes(True)
    app.draw()
    out = text_boxes()
    record_text_boxes(False)
    return out


@pytest.mark.parametrize("lang, declared", [("en", "Tarn declares a Course (run)"), ("fr", "Tarn annonce sa Course")])
def test_the_curtain_sums_up_the_whole_turn_from_its_declaration_with_a_runs_steps_on_one_line(lang, declared):
    app = scene_window("handoff", lang, (1280, 720))
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    # the run's declaration and roll explain the rest: they were the lines cut ("5 earlier lines: see the log")
    assert any(line.startswith(declared) for line in curtain.summary)
    steps = [line for line in curtain.summary if "(5, 2) → (6, 2)" in line and not line.startswith(declared)]
    assert len(steps) == 1 and "(4, 2) → (5, 2) → (6, 2)" in steps[0]  # three squares run, one line
    ctrl = board(app).ctrl
    ended = next(e for e in reversed(ctrl.log) if isinstance(e, TurnEnded))
    assert curtain.summary[-1] == describe(ended, ctrl.names(), lang).strip()  # down to the turn's end
    assert curtain.left_out == 0
    shown = [box for box in _drawn(app) if box[0] == "handoff_summary"]
    assert len(shown) >= len(curtain.summary)


@pytest.mark.parametrize("lang, title, team, hint", [
    ("en", "Oruk to play", "Team: Les Vipères d'Onyx (Onyx Vipers)", "Click or press Enter to start the turn."),
    ("fr", "À Oruk de jouer", "Équipe\u00a0: Les Vipères d'Onyx", "Cliquez ou appuyez sur Entrée pour commencer le tour.")])
def test_the_curtain_names_the_fighter_then_the_team_then_how_to_lift_it(lang, title, team, hint):
    app = scene_window("handoff", lang, (1280, 720))
    curtain = top(app, HandoffScreen)
    assert curtain is not None
    assert (curtain.message, curtain.team_line, curtain.hint) == (title, team, hint)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_curtains_words_sit_in_the_middle_of_the_window_not_its_top_half(size):
    app = scene_window("handoff", "en", size)
    rects = [box[1] for box in _drawn(app) if box[0].startswith("handoff")]
    top_y, bottom_y = min(r.top for r in rects), max(r.bottom for r in rects)
    h = size[1]
    assert abs((h - bottom_y) - top_y) <= h // 10, (top_y, bottom_y)  # as much room above as below


def _long_turn(n: int) -> list[str]:
    return [f"Fighter {i} walks: (1, {i}) → (2, {i}) → (3, {i})" for i in range(n)]


@pytest.mark.parametrize("size, n, whole", [((1280, 720), 12, True), ((1280, 720), 40, True),
                                            ((1920, 1080), 40, True), (MIN_SIZE, 24, True),
                                            (MIN_SIZE, 120, False), ((1280, 720), 120, False)])
def test_a_long_turn_fills_the_curtain_in_columns_and_stays_inside_it_words_apart(size, n, whole):
    app = open_app(None, size=size, lang="en")
    curtain = HandoffScreen(app, "Oruk to play", "#3050c0", _long_turn(n), "Last turn of Red:",
                            team_line="Team: Blue", hint="Click or press Enter to start the turn.")
    app.push(curtain)
    app.run(frames=2)
    drawn = [box for box in _drawn(app) if box[0].startswith("handoff")]
    window = app.screen.get_rect()
    for what, rect, _size, place in drawn:
        assert window.contains(rect) and place.contains(rect), (what, rect, place)
    for a, b in itertools.combinations(drawn, 2):
        assert not a[1].colliderect(b[1]), (a, b)
    words = " ".join(_words(app))
    assert "Fighter 0 walks" in words and f"Fighter {n - 1} walks" in words  # its start and its end
    assert (curtain.left_out == 0) is whole
    if whole:
        assert all(f"Fighter {i} walks" in words for i in range(n))
    else:  # the middle lines left out, and said
        assert f"… {curtain.left_out} more lines, in the log …" in words
        assert sum(f"Fighter {i} walks" in words for i in range(n)) == n - curtain.left_out
    assert min(box[2] for box in drawn if box[0] == "handoff_summary") >= 12


def _words(app) -> list[str]:
    record_text_boxes(True)
    app.draw()
    words = noted_words()
    record_text_boxes(False)
    return words

