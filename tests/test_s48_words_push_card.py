"""The push card says where each push ends (s48 review #11): "1 square → (5, 6) lava" then
"3 squares → (5, 6) lava (critical 10%)" read as a 3-square push landing next door. When both
pushes end on the same square the card says it once; a push stopped on the way says so."""

from __future__ import annotations

import pytest

from arena_game.core.settings import RulesSettings
from arena_game.ui.modes import PushMode
from tests.builders import tiny_match


def card(grid: str, pusher: tuple[int, int], pushed: tuple[int, int], lang: str,
         settings: RulesSettings | None = None) -> list[str]:
    """The lines of the card on the pushed fighter's square, as the push mode shows it."""
    extra = {"settings": settings} if settings is not None else {}
    state, _ = tiny_match(grid, {"a": {"team": "red", "at": pusher}, "b": {"team": "blue", "at": pushed}}, **extra)
    tips = [h.tip for h in PushMode().highlights(state, lang) if h.kind == "target"]
    assert len(tips) == 1
    return tips[0].replace("\u00a0", " ").replace("\u202f", " ").split("\n")


@pytest.mark.parametrize("lang, said", [
    ("en", "1 square, or 3 on a critical (10%): either way it ends on (0, 0), lava — deadly square (R2.5)"),
    ("fr", "1 case, ou 3 sur un critique (10 %) : dans les deux cas, arrivée en (0, 0), lave — case mortelle (R2.5)")])
def test_r5_3_push_card_says_once_the_square_both_pushes_end_on(lang, said):
    lines = card("L...", (2, 0), (1, 0), lang)
    assert lines[1:] == [said]


@pytest.mark.parametrize("lang, said", [
    ("en", ["1 square → (2, 0)", "critical (10%): 3 squares, stopped on (1, 0)"]),
    ("fr", ["1 case → (2, 0)", "critique (10 %) : 3 cases, mais arrêt en (1, 0)"])])
def test_r5_3_push_card_says_a_critical_push_is_stopped_on_the_way(lang, said):
    assert card("#......", (4, 0), (3, 0), lang)[1:] == said


@pytest.mark.parametrize("lang, said", [
    ("en", ["1 square → (2, 0)", "critical (10%): 3 squares → (4, 0)"]),
    ("fr", ["1 case → (2, 0)", "critique (10 %) : 3 cases → (4, 0)"])])
def test_r5_2_push_card_gives_the_whole_critical_push_where_it_ends(lang, said):
    assert card(".......", (0, 0), (1, 0), lang)[1:] == said


def test_r5_2_push_card_counts_the_squares_the_rules_give():
    settings = RulesSettings.model_validate({"push": {"squares": 2, "critical_squares": 4}})
    assert card("........", (0, 0), (1, 0), "en", settings)[1:] == ["2 squares → (3, 0)", "critical (10%): 4 squares → (5, 0)"]


@pytest.mark.parametrize("lang, said", [
    ("en", "1 square, or 3 on a critical (10%): blocked at once, stays on (2, 0)"),
    ("fr", "1 case, ou 3 sur un critique (10 %) : aucun recul, reste en (2, 0)")])
def test_r5_3_push_card_says_once_that_a_push_against_a_wall_moves_no_one(lang, said):
    assert card(".#..", (3, 0), (2, 0), lang)[1:] == [said]
