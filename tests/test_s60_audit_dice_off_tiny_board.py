"""s60 audit, item 1b: on a board of three rows the rolls' lines and the turn's banner covered the
pieces. At 1920×1080 an attack's two lines (attack, dodge) lay over the top of both tokens and
their initials ("Al", "Br"), the board's rows too short to hold them clear of the pieces, while
empty floor of the window lay above and below the board. The stack now goes over the board's
edge into that room when no place on the board keeps it off the pieces, and that floor is
cleared once it fades (the turn's banner, fading after input is taken again, left its frame's
edge there)."""

from __future__ import annotations

import pytest

from arena_game.render.text import record_text_boxes, text_boxes
from arena_game.ui.screens.board_draw import BACKGROUND
from tests.ui_driver import board, open_app, ui_match

pytestmark = pytest.mark.usefixtures("fresh_pygame")

GRID = "......\n......\n......"


def _captions_over_pieces(lang: str, size: tuple[int, int]) -> tuple[list[tuple[str, tuple[int, ...]]], set[str], list, list]:
    """Every roll's line and banner box drawn over a piece's square while an attack and the end
    of the turn play, the kinds of captions seen, the boxes out of the board's viewport, and the
    points beside the board a caption covered that are not the floor's colour once all faded."""
    ctrl = ui_match(GRID, {"aldric": {"team": "rouge", "at": (2, 1)}, "bruna": {"team": "bleu", "at": (3, 1)}},
                    faces=[15, 4, 5, 3, 6] * 4)
    app = open_app(ctrl, lang=lang, size=size, anim_speed=1.0)
    screen = board(app)
    over, seen, out, beside = [], set(), [], set()
    for action in ({"kind": "attack", "target": "bruna"}, {"kind": "end_turn"}):
        assert screen.apply(action)
        for _ in range(60 * 10):
            pieces = [screen.camera.square_rect(f.position) for f in screen.ctrl.state.fighters.values() if f.alive]
            record_text_boxes(True)
            app.step()
            boxes = text_boxes()
            record_text_boxes(False)
            for what, rect, *_ in boxes:
                if what in ("dice", "banner"):
                    seen.add(what)
                    if rect.collidelist(pieces) >= 0:
                        over.append((what, tuple(rect)))
                    if not screen.viewport.contains(rect):
                        out.append((what, tuple(rect)))
                    beside |= {(x, y) for x in range(rect.left, rect.right, 4) for y in range(rect.top, rect.bottom, 4)
                               if not screen.view.covered().collidepoint(x, y)}
            if not screen.anim.active and screen.shown_state is None:
                break
    app.run(frames=3)
    left = [p for p in sorted(beside) if tuple(app.screen.get_at(p))[:3] != tuple(BACKGROUND)[:3]]
    return over, seen, out, left


@pytest.mark.parametrize(("lang", "size"), [("en", (1920, 1080)), ("fr", (1920, 1080)), ("en", (1280, 720))])
def test_s60_no_roll_nor_banner_covers_a_piece_on_a_three_row_board(lang, size):
    over, seen, out, left = _captions_over_pieces(lang, size)
    assert seen == {"dice", "banner"}  # the attack's rolls and the next turn's banner were drawn
    assert not over, over[:6]
    assert not out, out[:6]  # over the board's edge, still in the board's part of the window
    assert not left, left[:6]  # and that floor cleared once they faded
