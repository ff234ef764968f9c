"""A floating label's sub-line says something its main line does not (s58 audit: a failed jump
showed "Jump failed / jump failed", a run attack "Run attack / run attack (R4.8)", "Saut raté / saut raté", a fall "À terre / à terre")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import arena_game.i18n

CATALOGS = Path(arena_game.i18n.__file__).parent


def bare(line: str) -> str:
    """A label's words without its rule's number, its "!" or its case ("Run attack" and "run
    attack (R4.8)" say the same)."""
    return re.sub(r"\s*\(R\d+(\.\d+)*\)", "", line).strip(" !").casefold()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_s58_no_label_sub_line_repeats_its_main_line(lang):
    anim = tomllib.loads((CATALOGS / f"{lang}.toml").read_text(encoding="utf-8"))["anim"]
    subs = [k for k in anim if k.endswith("_sub")]
    assert len(subs) > 20
    same = [(k, anim[k]) for k in subs
            if isinstance(anim.get(k[:-4]), str) and bare(anim[k[:-4]]) == bare(anim[k])]
    assert same == []
