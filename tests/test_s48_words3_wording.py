"""Words of the window (s48 review 2, items 6, 7 and 7b): the French run key says what its
figures count, a deadly landing reads as a square, the R7.1 refusal has the turn follow a
death (not a person), and the jump card reads as a jump over a square, not a move from it."""

from __future__ import annotations

import pytest

from arena_game.core.events import Died
from arena_game.i18n import t
from arena_game.i18n.narration import describe
from arena_game.ui.board_view import _legend, legend_size
from arena_game.ui.modes import JumpMode, PushMode
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.screens.board_draw import area_lightened, shown_highlights, shown_kinds
from tests.builders import tiny_match
from tools.window_screenshots import scene_window


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_r4_5_the_run_key_at_1280_says_what_the_reach_figures_count(lang):
    """The French key fell back to "encore à portée": nothing about the "2" and "3" on the squares."""
    app = scene_window("run-under-way", lang, (1280, 720))
    board = app.find(BoardScreen)
    app.draw()
    assert board.legend_rect is not None
    hl = shown_highlights(board)
    kinds = shown_kinds(board, hl, board.version)
    height = board.legend_rect.h
    whole = _legend("run_go", lang, height, legend_size(height), kinds, area_lightened(hl), False)
    assert whole is not None and board.legend_rect.w == whole.get_width()  # the long words, not the short ones
    assert ("pas" if lang == "fr" else "steps") in t("ui.legend_reach", lang)


@pytest.mark.parametrize("lang, said", [
    ("en", "either way it ends on (0, 0), lava — deadly square (R2.5)"),
    ("fr", "dans les deux cas, arrivée en (0, 0), lave — case mortelle (R2.5)")])
def test_r2_5_a_push_card_calls_a_deadly_landing_a_deadly_square(lang, said):
    state, _ = tiny_match("L...", {"a": {"team": "red", "at": (2, 0)}, "b": {"team": "blue", "at": (1, 0)}})
    tips = [_plain(h.tip) for h in PushMode().highlights(state, lang) if h.kind == "target"]
    assert len(tips) == 1 and tips[0].split("\n")[1].endswith(said)


def test_r7_1_the_french_refusal_has_the_turn_follow_a_death():
    said = t("refusal.taunt_advantage_not_earned", "fr")
    assert "qui suit une mise à mort par l'équipe" in said and "suit un adversaire" not in said


def test_r2_5_the_french_log_says_a_push_death_as_the_push_into_a_deadly_square():
    line = describe(Died(fighter="n", cause="push_into_hazard", by="o", at=(5, 6)), {"n": "Nyssa", "o": "Oruk"}, "fr")
    assert line == "Nyssa meurt en (5, 6) (par Poussée dans une case mortelle, R2.5)"


@pytest.mark.parametrize("lang, said", [
    ("en", "Jump over (1, 0), landing on (2, 0): difficulty"),
    ("fr", "Saut par-dessus (1, 0), arrivée en (2, 0) : difficulté")])
def test_r2_4_the_jump_card_names_the_square_jumped_over_and_the_landing(lang, said):
    state, _ = tiny_match("....", {"a": {"team": "red", "at": (0, 0)}, "b": {"team": "blue", "at": (1, 0)}})
    tips = [_plain(h.tip) for h in JumpMode().highlights(state, lang) if h.kind == "target"]
    assert len(tips) == 1 and tips[0].startswith(said), tips
    assert "–›" not in tips[0] and "→" not in tips[0]
    if lang == "fr":  # "45 % de chances", as the run card's "88 % de chances d'y arriver"
        assert tips[0].endswith("de chances") and "chances " not in tips[0]
