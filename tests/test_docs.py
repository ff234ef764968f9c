"""The docs stay in step with the code: every event type with its fields in docs/scenarios.md,
every rules setting with its default in docs/rules.md, and the shipped example rules file loads.

Regenerate the tables with `python -m tests.test_docs events|settings` and paste them.
"""

from __future__ import annotations

import re
import sys
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from arena_game.core.actions import ACTION_KINDS, Action
from arena_game.core.events import Event
from arena_game.core.settings import RulesSettings
from arena_game.formats.rulesfile import load_rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _type_name(annotation: object) -> str:
    text = str(annotation).replace("typing.", "").replace("NoneType", "None")
    text = re.sub(r"<class '([\w.]+)'>", lambda m: m.group(1).rsplit(".", 1)[-1], text)
    text = re.sub(r"arena_game\.[\w.]+\.", "", text)
    text = text.replace("tuple[int, int]", "square")
    text = re.sub(r"Literal\[([^\]]*)\]", lambda m: " / ".join(
        f'"{v.strip()[1:-1]}"' for v in m.group(1).split(",")), text)
    return text.replace(" | None", " or none").replace(" | ", " or ")  # a bare | would split the table cell


def _union(annotated: object) -> list[type[BaseModel]]:
    return list(typing.get_args(typing.get_args(annotated)[0]))


def event_rows() -> list[str]:
    """One markdown row per event type: type, fields with their types, what it means."""
    rows = []
    for cls in _union(Event):
        fields = [
            f"`{name}`: {_type_name(f.annotation)}"
            for name, f in cls.model_fields.items() if name != "type"
        ]
        doc = " ".join((cls.__doc__ or "").split("\n\n")[0].split())
        rows.append(f"| `{cls.model_fields['type'].default}` | {'<br>'.join(fields)} | {doc} |")
    return rows


def action_rows() -> list[str]:
    """One markdown row per action kind: kind, fields, what it does."""
    rows = []
    for cls in _union(Action):
        fields = [
            f"`{name}`: {_type_name(f.annotation)}"
            for name, f in cls.model_fields.items() if name not in ("kind", "fighter")
        ]
        doc = " ".join((cls.__doc__ or "").split("\n\n")[0].split())
        rows.append(f"| `{cls.model_fields['kind'].default}` | {'<br>'.join(fields) or '—'} | {doc} |")
    return rows


def _default_text(value: object) -> str:
    if isinstance(value, BaseModel):
        return "(table)"
    if isinstance(value, tuple) and value and isinstance(value[0], BaseModel):
        return "(table)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def setting_keys() -> list[tuple[str, str]]:
    """(`section.key`, default as TOML) for every setting."""
    out = []
    defaults = RulesSettings()
    for section in RulesSettings.model_fields:
        model = getattr(defaults, section)
        for key in type(model).model_fields:
            out.append((f"{section}.{key}", _default_text(getattr(model, key))))
    return out


def test_every_event_type_is_documented_with_its_fields():
    doc = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    missing = [row for row in event_rows() if row.split(" | ")[0] + " |" not in doc]
    assert not missing, "docs/scenarios.md lacks events:\n" + "\n".join(missing)
    stale = [row for row in event_rows() if row not in doc]
    assert not stale, "docs/scenarios.md has stale event rows; regenerate:\n" + "\n".join(stale)


def test_every_action_kind_is_documented():
    doc = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    assert len(action_rows()) == len(ACTION_KINDS)
    stale = [row for row in action_rows() if row not in doc]
    assert not stale, "docs/scenarios.md lacks action rows; regenerate:\n" + "\n".join(stale)


def test_every_setting_is_documented_with_its_default_and_rule():
    doc = (DOCS / "rules.md").read_text(encoding="utf-8")
    problems = []
    for key, default in setting_keys():
        m = re.search(rf"^\| `{re.escape(key)}` \| `([^`]*)` \| ([^|]*) \|", doc, re.M)
        if m is None:
            problems.append(f"{key}: no row")
        elif m.group(1) != default:
            problems.append(f"{key}: doc says {m.group(1)}, code says {default}")
        elif not re.search(r"R\d+|not a rule", m.group(2)):
            problems.append(f"{key}: no rule number named")
    assert not problems, "\n".join(problems)


def test_every_setting_is_in_the_example_rules_file():
    text = (DOCS / "rules.example.toml").read_text(encoding="utf-8")
    section = None
    found = set()
    for line in text.splitlines():
        if m := re.match(r"^\[([a-z_]+)\]", line):
            section = m.group(1)
        elif (m := re.match(r"^#? ?([a-z_0-9]+) = ", line)) and section:
            found.add(f"{section}.{m.group(1)}")
    missing = [k for k, _ in setting_keys() if k not in found]
    assert not missing, missing


def test_example_rules_file_loads_with_the_defaults():
    assert load_rules(DOCS / "rules.example.toml") == RulesSettings()


@pytest.mark.parametrize("name", ["scenarios.md", "rules.md", "maps.md"])
def test_doc_exists(name):
    assert (DOCS / name).read_text(encoding="utf-8").startswith("# ")


def test_maps_doc_keeps_a_tiled_section():
    assert re.search(r"^## Tiled maps", (DOCS / "maps.md").read_text(encoding="utf-8"), re.M)


def test_the_example_map_in_maps_md_loads():
    from arena_game.formats.mapfile import load_map_text

    doc = (DOCS / "maps.md").read_text(encoding="utf-8")
    text = re.search(r"```toml\n(.*?)```", doc, re.S).group(1)
    board = load_map_text("maps.md", text)
    assert (board.width, board.height, board.height_at((9, 2))) == (12, 5, 80)
    assert board.spawns["1"][0] == (1, 1)


def test_worked_examples_show_the_real_output():
    from tests.test_bad_input import run_cli

    doc = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    shown = re.findall(r"<!-- output: ([^>]*) -->\n```\n(.*?)\n```", doc, re.S)
    assert len(shown) >= 2
    for args, block in shown:
        proc = run_cli("scenario", *args.split())
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.rstrip("\n") == block, args


RULE_DOCS = ("rules-reference.md", "regles.md")


@pytest.mark.parametrize("name", RULE_DOCS)
def test_the_rule_documents_cover_r0_to_r13_and_every_setting(name):
    doc = (DOCS / name).read_text(encoding="utf-8")
    headings = re.findall(r"^## (R\d+) ", doc, re.M)
    assert headings == [f"R{n}" for n in range(14)]
    missing = [key for key, _ in setting_keys() if f"`{key}`" not in doc and not key.startswith("maps.")]
    assert not missing, missing
    for example in ("R4.2", "R4.4", "R4.7", "R8.2"):  # the run table, the 45° rule, tackles, shares
        assert f"**{example}" in doc


def test_the_project_points_at_its_own_rules_only():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules-reference.md" in readme and "docs/regles.md" in readme
    for path in [ROOT / "README.md", *DOCS.rglob("*.md"), *DOCS.rglob("*.toml")]:
        assert "shared/" not in path.read_text(encoding="utf-8"), path


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "events"
    if what == "events":
        print("| type | fields | meaning |\n|---|---|---|")
        print("\n".join(event_rows()))
    elif what == "actions":
        print("| kind | fields | meaning |\n|---|---|---|")
        print("\n".join(action_rows()))
    else:
        for key, default in setting_keys():
            print(f"| `{key}` | `{default}` |  |")
