"""Window text lookup: a thin shim over the one catalog, `arena_game.i18n` (section `[ui]`).

Every string lives in `arena_game/i18n/fr.toml` and `en.toml`; add new window text there
(under `[ui]`) and keep calling `text(key, lang, **fields)`.
"""

from __future__ import annotations

from arena_game.i18n import LANGS, t

__all__ = ["LANGS", "text"]


def text(name: str, lang: str = "fr", /, **fields: object) -> str:
    """The UI string `name` in `lang` (French when unknown), with `fields` filled in."""
    return t(f"ui.{name}", lang, **fields)
