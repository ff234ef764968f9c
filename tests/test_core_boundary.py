"""The rules core's read API is `core/queries.py`: nothing outside `arena_game/core/` imports
`arena_game.core.rules` (the window and the bots ask queries, never a rule module), and one
`Match` plays every match (no other module drives `apply` or `start_match`)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "arena_game"
CORE = PACKAGE / "core"


def rule_imports(source: str) -> list[str]:
    """The `arena_game.core.rules…` modules a source file imports, in any spelling."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("arena_game.core.rules"):
                found.append(node.module)
            elif node.module == "arena_game.core" and any(a.name == "rules" for a in node.names):
                found.append("arena_game.core.rules")
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("arena_game.core.rules")]
    return found


def engine_calls(source: str) -> list[str]:
    """The engine entry points (`apply`, `start_match`) a source file imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module in ("arena_game.core", "arena_game.core.engine",
                                                                 "arena_game.core.rules.turns"):
            found += [a.name for a in node.names if a.name in ("apply", "start_match")]
    return found


def _outside_core() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if CORE not in p.parents]


def test_the_check_sees_every_spelling_of_a_rules_import():
    assert rule_imports("from arena_game.core.rules.movement import jump_refusal") == ["arena_game.core.rules.movement"]
    assert rule_imports("from arena_game.core import rules") == ["arena_game.core.rules"]
    assert rule_imports("import arena_game.core.rules.attack as a") == ["arena_game.core.rules.attack"]
    assert rule_imports("from arena_game.core.queries import jump_refusal") == []
    assert engine_calls("from arena_game.core.engine import apply, parse_action") == ["apply"]


def test_nothing_outside_the_core_imports_a_rules_module():
    offenders = {str(p.relative_to(PACKAGE)): rule_imports(p.read_text(encoding="utf-8")) for p in _outside_core()}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_nothing_outside_the_core_runs_a_match_but_match_py():
    offenders = {str(p.relative_to(PACKAGE)): engine_calls(p.read_text(encoding="utf-8")) for p in _outside_core()}
    assert {k: v for k, v in offenders.items() if v} == {}
