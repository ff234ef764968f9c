"""`quick_theme_ids`: the theme's lookup of a widget's combined ids, without pygame_gui's key.

pygame_gui (0.6.12–0.6.14) keys its cache of each widget's combined theme ids with
`str(a).join(str(b).join(str(c)).join(str(d)))`, the four id lists of the widget and of every
container it is in. Each `join` repeats its left string between the characters of the right
one, so the key grows with the cube of the nesting depth (333,201 characters for a scroll
bar's button five containers deep). Making it took 2–3 ms per text box of the rules screen's
column and 15–30 ms for its scroll bar, for every widget made, cached or not.

The combined ids are a pure function of the four lists: here they are kept by the lists'
tuples, and made (on a miss) by the theme's own walk over them, `_get_next_id_node`; a
pygame_gui without that walk gets its own method, behind the same cache.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame_gui

Ids = Sequence[str | None] | None


def quick_theme_ids(manager: pygame_gui.UIManager) -> None:
    """Replace `manager`'s theme's `build_all_combined_ids` by a cache keyed by the id tuples."""
    theme = manager.get_theme()
    walk: Callable[..., None] | None = getattr(theme, "_get_next_id_node", None)
    slow = theme.build_all_combined_ids
    known: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def combined(element_base_ids: Ids, element_ids: Ids, class_ids: Ids, object_ids: Ids) -> list[str]:
        if walk is None or element_base_ids is None or element_ids is None or class_ids is None or object_ids is None \
                or not len(element_base_ids) == len(element_ids) == len(class_ids) == len(object_ids):
            return slow(element_base_ids, element_ids, class_ids, object_ids)  # type: ignore[arg-type]
        ids: list[str] = []
        if element_ids:
            walk(None, element_base_ids, element_ids, class_ids, object_ids, 0, len(element_ids), ids)
        # then the ids without their leading parts, as pygame_gui does ("a.b.c" → "b.c" → "c"):
        # a pass over them all, till a pass meets one with no part left to drop
        current, done = ids[:], not ids
        while not done:
            for i, c in enumerate(current):
                dot = c.find(".")
                if dot == -1:
                    done = True
                else:
                    current[i] = c[dot + 1:]
                    ids.append(current[i])
        return ids

    def build_all_combined_ids(element_base_ids: Ids, element_ids: Ids, class_ids: Ids, object_ids: Ids) -> list[str]:
        key = tuple(None if x is None else tuple(x) for x in (element_base_ids, element_ids, class_ids, object_ids))
        found = known.get(key)
        if found is None:
            found = known[key] = combined(element_base_ids, element_ids, class_ids, object_ids)
        return found

    theme.build_all_combined_ids = build_all_combined_ids  # type: ignore[method-assign]
