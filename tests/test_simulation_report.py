"""The balance report's statistics and wording: exact tests at any size, draws in the
verdict, the smallest split a series detects, sheet order rotated, one language."""

import math
from fractions import Fraction

import pytest

from arena_game.bots.match import MatchRecord, MatchSetup, match_seed, play_bot_match
from arena_game.core.actions import EndTurn
from arena_game.design.simulation.report import build_report, format_report
from arena_game.design.simulation.runner import run_series
from arena_game.design.simulation.stats import binomial_two_sided_p, smallest_detectable_split
from arena_game.formats.mapfile import load_map
from arena_game.formats.teamfile import load_teams

MIRROR = tuple(load_teams("tests/data/teams/mirror.toml"))


def _exact_two_sided(k: int, n: int) -> Fraction:
    weights = [math.comb(n, i) for i in range(n + 1)]
    return Fraction(sum(w for w in weights if w <= weights[k]), 2**n)


@pytest.mark.parametrize("wins, decided", [(560, 1100), (600, 1100), (2600, 5000), (3, 1031)])
def test_binomial_p_value_no_overflow_past_1030_decided_matches(wins, decided):
    # The old test multiplied comb(n, k) by 0.5**n and overflowed a float from ~1,030 matches.
    got = binomial_two_sided_p(wins, decided)
    want = float(_exact_two_sided(wins, decided))
    assert got == pytest.approx(want, rel=1e-9, abs=1e-300)


def test_binomial_p_value_for_a_huge_series_is_a_probability():
    assert binomial_two_sided_p(50_000, 100_000) == pytest.approx(1.0)
    assert 0.0 <= binomial_two_sided_p(49_000, 100_000) < 1e-9


def test_smallest_detectable_split_at_the_series_size():
    assert smallest_detectable_split(5) is None  # even 5–0 has p = 0.0625
    # n = 10: only 9 or 10 wins (or 0–1) are significant; P(X ≥ 9 or ≤ 1 | p) = 0.8 at p ≈ 0.9167.
    assert smallest_detectable_split(10) == pytest.approx(0.91674, abs=1e-4)
    # Large n: the normal approximation 0.5 + (1.96 + 0.8416) · 0.5 / √n.
    assert smallest_detectable_split(1000) == pytest.approx(0.5 + 2.8016 * 0.5 / math.sqrt(1000), abs=0.002)
    assert smallest_detectable_split(4000) < smallest_detectable_split(1000)


def _setup(map_name="symmetric", cap=25):
    return MatchSetup(load_map(f"tests/data/maps/{map_name}.toml"), MIRROR, round_cap=cap)


def _records(setup, outcomes):
    """Records from a list of winners by side ("1", "2") or None for a draw at the cap."""
    recs = []
    for i, side in enumerate(outcomes):
        slots = setup.slot_assignment(i)
        winner = next((t for t, s in slots.items() if s == side), None)
        recs.append(MatchRecord(index=i, seed=i, slots=slots, winner=winner, rounds=5,
                                capped=winner is None, first_contact=2))
    return recs


def test_a_map_that_mostly_draws_is_reported_as_such():
    setup = _setup()
    # 60 draws in 100; the 40 decided ones all go to side 1, which alone would say "unbalanced".
    rep = build_report(setup, _records(setup, [None] * 60 + ["1"] * 40), 0)
    assert rep["draws"]["count"] == 60 and rep["draws"]["share"] == 0.6 and rep["draws"]["warning"]
    assert rep["verdict"]["kind"] == "mostly_draws"
    text = format_report(rep, "en")
    assert "MOSTLY DRAWS" in text and "60.0%" in text and "WARNING" in text


def test_a_sealed_map_played_out_is_reported_as_mostly_drawing():
    # The wall splits the teams: every match reaches the round cap.
    setup = _setup("sealed", cap=3)
    rep = build_report(setup, run_series(setup, 4, seed=2), 2)
    assert rep["draws"]["capped"] == 4 and rep["verdict"]["kind"] == "mostly_draws"


def test_draws_past_five_percent_are_warned_and_below_are_not():
    setup = _setup()
    few = build_report(setup, _records(setup, [None] * 2 + ["1", "2"] * 24), 0)
    assert few["draws"]["warning"] is False and "WARNING" not in format_report(few, "en")
    many = build_report(setup, _records(setup, [None] * 6 + ["1", "2"] * 22), 0)
    assert many["draws"]["warning"] is True and many["verdict"]["kind"] == "balanced"
    assert "12.0%" in format_report(many, "en").split("WARNING")[1]


def test_report_states_the_smallest_detectable_split():
    setup = _setup()
    rep = build_report(setup, _records(setup, ["1", "2"] * 500), 0)
    assert rep["side_balance"]["detectable_split"] == pytest.approx(0.5447, abs=1e-3)
    assert "54.5% against 45.5%" in format_report(rep, "en")
    # French writes a narrow no-break space before "%", as every other share of the report.
    assert "54,5\u202f% contre 45,5\u202f%" in format_report(rep, "fr")


@pytest.mark.parametrize("lang, own, other", [("en", "Wins per team", "Victoires"), ("fr", "Victoires par équipe", "Wins")])
def test_19_6_simulate_report_text_is_in_one_language(lang, own, other):
    setup = _setup()
    rep = build_report(setup, _records(setup, ["1", "2", None] * 10), 0)
    text = format_report(rep, lang)
    assert own in text and other not in text


class _SheetOrderSpy:
    """Ends every turn; notes which team's fighters the match lists first (sheet order)."""

    def __init__(self, seen):
        self.seen = seen

    def choose(self, state):
        self.seen.append(next(iter(state.fighters.values())).team)  # fighters are kept in sheet order
        return EndTurn()


def test_r0_5_sheet_order_rotates_with_the_spawn_sides():
    # Initiative ties go by sheet order: over n² matches each team is listed first on each side once.
    setup = _setup(cap=1)
    combos = set()
    for i in range(4):
        seen = []
        spy = _SheetOrderSpy(seen)
        rec = play_bot_match(setup, match_seed(3, i), i, bots={t.id: spy for t in MIRROR})
        first = seen[0]
        combos.add((first, rec.slots[first]))
    assert combos == {(t.id, s) for t in MIRROR for s in ("1", "2")}


@pytest.mark.parametrize("lang, shown", [("en", "p < 0.0001"), ("fr", "p < 0,0001")])
def test_a_p_value_too_small_to_write_reads_below_the_floor_not_zero(lang, shown):
    setup = _setup()
    rep = build_report(setup, _records(setup, ["1"] * 4900 + ["2"] * 100), 0)
    assert rep["side_balance"]["p_value"] < 1e-300  # exact, in log space: it underflows
    text = format_report(rep, lang)
    assert f"({shown} <" in text and "p = 0 " not in text and "p = 0)" not in text
    balanced = format_report(build_report(setup, _records(setup, ["1", "2"] * 30), 0), lang)
    assert "(p = 1 ≥" in balanced


@pytest.mark.parametrize("lang, words", [
    ("en", "Round of first contact: none, no fighter met an enemy in 3\u00a0matches"),
    ("fr", "Tour de table du premier contact : aucun, aucun combattant n'a rencontré d'adversaire en 3\u00a0matchs"),
])
def test_s50_report_series_without_contact_says_none(lang, words):
    # A series where no fighter ever met an enemy printed "mean None, median None" (s50).
    setup = _setup()
    recs = _records(setup, [None, None, None])
    for r in recs:
        r.first_contact = None
    text = format_report(build_report(setup, recs, seed=0), lang)
    assert words in text.splitlines()
    assert "None" not in text


def test_s61_the_stronger_team_is_named_as_in_its_row():
    # "Teams: vipers is significantly stronger": the file's id alone, where the rows above name the team
    setup = _setup()
    first = MIRROR[0]
    recs = [MatchRecord(index=i, seed=i, slots=setup.slot_assignment(i), winner=first.id, rounds=5,
                        capped=False, first_contact=2) for i in range(40)]
    rep = build_report(setup, recs, 0)
    assert rep["team_balance"]["significant"]
    for lang in ("en", "fr"):
        line = next(ln for ln in format_report(rep, lang).splitlines() if first.id in ln and "(" in ln and "%" not in ln)
        assert f"{first.name} ({first.id})" in line, line
