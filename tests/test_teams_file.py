"""Teams files (R12): what the loader fills in when a file leaves it out."""

from arena_game.formats.roster import RosterDraft
from arena_game.formats.teamfile import DEFAULT_TEAM_COLOURS, load_teams

SHEET = """
[[teams.fighters]]
id = "{fid}"
name = "{fid}"
pv = 10
[teams.fighters.attributes]
physique = 3
sensoriel = 3
magie = 1
charisme = 2
dexterite = 3
agilite = 3
"""


def write_teams(tmp_path, colours):
    text = ""
    for i, colour in enumerate(colours):
        text += f'[[teams]]\nid = "t{i}"\nname = "Team {i}"\n' + (f'colour = "{colour}"\n' if colour else "")
        text += SHEET.format(fid=f"f{i}")
    path = tmp_path / "teams.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_r12_teams_without_a_colour_get_different_colours_by_their_place(tmp_path):
    teams = load_teams(write_teams(tmp_path, [None, None, None]))
    assert [t.colour for t in teams] == list(DEFAULT_TEAM_COLOURS[:3])
    assert len({t.colour for t in teams}) == 3


def test_r12_a_colour_given_in_the_file_is_kept(tmp_path):
    teams = load_teams(write_teams(tmp_path, ["#00aa11", None]))
    assert [t.colour for t in teams] == ["#00aa11", DEFAULT_TEAM_COLOURS[1]]


def test_a_new_team_in_the_roster_editor_gets_the_next_colour():
    draft = RosterDraft.new("mine", "en")
    i = draft.add_team("en")
    assert draft.teams[i]["colour"] == DEFAULT_TEAM_COLOURS[i % len(DEFAULT_TEAM_COLOURS)]
    assert draft.teams[i]["colour"] != draft.teams[0]["colour"]
