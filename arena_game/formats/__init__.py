"""Files at the edges: maps, teams, rules settings, scenarios, saves. Validated by pydantic.

Every fault becomes a `FileProblem` whose message is one line naming the file, the
place (line and column for grids) and the fault.
"""

from arena_game.formats.problems import FileProblem

__all__ = ["FileProblem"]
