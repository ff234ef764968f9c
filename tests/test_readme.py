"""The README's first screen gives the two commands, and CI runs exactly its test command."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.startswith("    python3 -m venv")]


def test_readme_first_screen_has_the_play_and_test_commands():
    first_screen = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:24])
    play, test = _commands(first_screen)
    assert play.endswith(".venv/bin/arena-game") and "pip install -q ." in play
    assert test.endswith("python -m pytest") and "'.[test]'" in test


def test_ci_runs_exactly_the_readme_test_command():
    _, test = _commands((ROOT / "README.md").read_text(encoding="utf-8"))
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert test in ci_lines
