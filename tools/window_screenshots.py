"""Render the window's screens headless into docs/screenshots/ (the README shows match.png).

    python tools/window_screenshots.py [--out docs/screenshots] [--lang fr|en]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("ARENA_GAME_DATA", tempfile.mkdtemp(prefix="arena-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--lang", default="fr", choices=("fr", "en"))
    args = ap.parse_args()
    out = Path(args.out)

    from arena_game.core.queries import walk_options
    from arena_game.ui.app import App
    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.modes import AttackMode, RunDeclareMode

    ctrl = MatchController(setup_for_map("arene-classique", None, 11))
    # a few turns of walking towards the middle, so the board is not the opening position
    for _ in range(7):
        options = [sq for sq, err in walk_options(ctrl.state).items() if err is None]
        if options:
            centre = (ctrl.state.board.width // 2, ctrl.state.board.height // 2)
            best = min(options, key=lambda sq: abs(sq[0] - centre[0]) + abs(sq[1] - centre[1]))
            ctrl.apply({"kind": "walk", "to": best})
        ctrl.apply({"kind": "end_turn"})
    app = App(ctrl, size=(1440, 900), lang=args.lang, realtime=False, handoff=False)
    app.run(frames=3)
    app.mode = RunDeclareMode()
    app.refresh()
    app.hover = None
    app.run(frames=2)
    app.screenshot(out / "match.png")
    app.mode = AttackMode()
    app.refresh()
    app.run(frames=2)
    app.screenshot(out / "attack.png")
    app.open_start_screen()
    app.run(frames=2)
    app.screenshot(out / "start.png")
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
