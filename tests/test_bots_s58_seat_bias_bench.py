"""`bench/seat_bias.py`: the spawn sides and the sheet order each rotated as `simulate` rotates
them, or held as match 0's (docs/bots.md, "Seat bias, and the run's reach")."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from seat_bias import SeatSetup  # noqa: E402

from arena_game.bots.match import MatchSetup  # noqa: E402
from arena_game.formats.mapfile import load_map  # noqa: E402
from arena_game.formats.teamfile import load_teams  # noqa: E402
from arena_game.resources import default_teams_path, find_map  # noqa: E402


def test_seat_bias_holds_or_rotates_the_sides_and_the_sheet_order_apart():
    board, teams = load_map(find_map("arene-classique")), tuple(load_teams(default_teams_path()))
    plain = MatchSetup(board, teams)
    rotated = SeatSetup(board, teams)
    sides_held = SeatSetup(board, teams, rotate_sides=False)
    sheet_held = SeatSetup(board, teams, rotate_sheet=False)
    for i in range(8):
        assert rotated.slot_assignment(i) == plain.slot_assignment(i)
        assert rotated.sheet_order(i) == plain.sheet_order(i)
        assert sides_held.slot_assignment(i) == plain.slot_assignment(0)
        assert sides_held.sheet_order(i) == plain.sheet_order(i)
        assert sheet_held.slot_assignment(i) == plain.slot_assignment(i)
        assert sheet_held.sheet_order(i) == plain.sheet_order(0)
    # over the rotation both teams take both sides and both places on the sheet
    assert {rotated.slot_assignment(i)[teams[0].id] for i in range(4)} == {"1", "2"}
    assert {rotated.sheet_order(i)[0].id for i in range(4)} == {t.id for t in teams}
