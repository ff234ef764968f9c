"""R9.2 strikes a fighter off the player's own roster file: what the player wrote there
(comments, layout, the other sheets) stays as written; only the lost sheet moves."""

from __future__ import annotations

import tomllib

import pytest

from arena_game.formats.teamfile import load_teams, remove_fighter_for_good

SHEET = """pv = 16
attributes = { physique = 4, dexterite = 4, agilite = 3 }  # strong arms
skills = { corps_a_corps = 3, esquive = 2, weapons = { melee = 3 } }
weapon = { name = "Épée", family = "melee", damage = "1d8" }
"""

ROSTER = f"""# The club's rosters: keep this file in the club's folder.

[[teams]]
id = "rouges"
name = "Rouges"  # the home side

[[teams.fighters]]
id = "r1"
name = "Rouge Un"
{SHEET}
[[teams.fighters]]
# the captain
id = "r2"
name = "Rouge Deux"
{SHEET}
[[teams]]
id = "bleus"
name = "Bleus"

[[teams.fighters]]
id = "b1"
name = "Bleu Un"
{SHEET}"""


def test_r9_2_striking_off_keeps_the_players_comments_and_layout(tmp_path):
    roster = tmp_path / "club.toml"
    roster.write_text(ROSTER, encoding="utf-8")
    remove_fighter_for_good(roster, "r1")
    text = roster.read_text(encoding="utf-8")
    kept = ROSTER.replace(f'[[teams.fighters]]\nid = "r1"\nname = "Rouge Un"\n{SHEET}\n', "")
    assert text.startswith(kept)  # every line the player wrote but the lost sheet, as written
    # the sheet moves whole, the comment on its line with it
    assert text[len(kept):] == '\n[[struck_off]]\nid = "r1"\nteam = "rouges"\nname = "Rouge Un"\n' + SHEET
    assert [f.id for tm in load_teams(roster) for f in tm.fighters] == ["r2", "b1"]


def test_r9_2_a_second_fighter_struck_off_joins_the_first(tmp_path):
    roster = tmp_path / "club.toml"
    roster.write_text(ROSTER, encoding="utf-8")
    remove_fighter_for_good(roster, "r1")
    remove_fighter_for_good(roster, "b1")
    data = tomllib.loads(roster.read_text(encoding="utf-8"))
    assert [(s["id"], s["team"]) for s in data["struck_off"]] == [("r1", "rouges"), ("b1", "bleus")]
    assert [[f["id"] for f in t["fighters"]] for t in data["teams"]] == [["r2"], []]
    assert "# the captain" in roster.read_text(encoding="utf-8")


@pytest.mark.parametrize("layout", [
    # every team and sheet inline, and a struck-off list already written inline
    'struck_off = [{ id = "x9", team = "rouges", name = "Ancien", pv = 5 }]  # lost last season\n'
    'teams = [{ id = "rouges", name = "Rouges", fighters = [{ id = "r1", name = "Rouge Un", pv = 16 },'
    ' { id = "r2", name = "Rouge Deux", pv = 16 }] },\n'
    '  { id = "bleus", name = "Bleus", fighters = [{ id = "b1", name = "Bleu Un", pv = 16 }] }]\n',
    # a sheet's parts as tables of their own under the fighter
    '[[teams]]\nid = "rouges"\nname = "Rouges"\n[[teams.fighters]]\nid = "r1"\nname = "Rouge Un"\npv = 16\n'
    '[teams.fighters.attributes]\nphysique = 4\n[[teams.fighters]]\nid = "r2"\nname = "Rouge Deux"\npv = 16\n'
    '[[teams]]\nid = "bleus"\nname = "Bleus"\n[[teams.fighters]]\nid = "b1"\nname = "Bleu Un"\npv = 16\n',
])
def test_r9_2_any_layout_strikes_off_the_same_sheet(tmp_path, layout):
    roster = tmp_path / "club.toml"
    roster.write_text(layout, encoding="utf-8")
    before = tomllib.loads(layout)
    remove_fighter_for_good(roster, "r1")
    data = tomllib.loads(roster.read_text(encoding="utf-8"))
    lost = next(f for f in before["teams"][0]["fighters"] if f["id"] == "r1")
    assert data["struck_off"][-1] == {**lost, "team": "rouges"}
    assert data["struck_off"][:-1] == before.get("struck_off", [])
    assert [[f["id"] for f in t["fighters"]] for t in data["teams"]] == [["r2"], ["b1"]]
    assert data["teams"][0]["fighters"][0] == before["teams"][0]["fighters"][1]
