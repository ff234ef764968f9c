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


def played_match(ctrl: object) -> None:
    """A few turns of walking towards the middle, so the board is not the opening position."""
    from arena_game.core.queries import walk_options

    for _ in range(7):
        state = ctrl.state  # type: ignore[attr-defined]
        options = [sq for sq, err in walk_options(state).items() if err is None]
        if options:
            centre = (state.board.width // 2, state.board.height // 2)
            best = min(options, key=lambda sq: abs(sq[0] - centre[0]) + abs(sq[1] - centre[1]))
            ctrl.apply({"kind": "walk", "to": best})  # type: ignore[attr-defined]
        ctrl.apply({"kind": "end_turn"})  # type: ignore[attr-defined]


def every_screen(app: object, board: object, out: Path, lang: str, size: tuple[int, int]) -> None:
    """The screens over the board, then the tutorial's and the demo's windows."""
    import pygame

    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir, ordered_files, shipped_lessons
    from arena_game.ui.screens.demo import DemoScreen
    from arena_game.ui.screens.dialog import LoadDialogScreen
    from arena_game.ui.screens.handoff import HandoffScreen
    from arena_game.ui.screens.match_over import MatchOverScreen
    from arena_game.ui.screens.tutorial import tutorial_window
    from arena_game.ui.strings import text

    def shoot(name: str, frames: int = 2) -> None:
        app.run(frames=frames)  # type: ignore[attr-defined]
        app.screenshot(out / f"{name}-{lang}-{size[0]}.png")  # type: ignore[attr-defined]

    app.pop(app.top)  # type: ignore[attr-defined]  # the start screen
    state = board.ctrl.state  # type: ignore[attr-defined]
    team = state.teams[state.active.team]
    curtain = app.push(HandoffScreen(app, text("handoff", lang, team=team.name, name=state.active.sheet.name)))  # type: ignore[attr-defined, arg-type]
    shoot("handoff")
    curtain.close()
    over = app.push(MatchOverScreen(app, board))  # type: ignore[attr-defined, arg-type]
    shoot("match-over")
    over.close()
    board.open_load_dialog()  # type: ignore[attr-defined]
    shoot("load-dialog")
    app.pop(app.find(LoadDialogScreen))  # type: ignore[attr-defined]
    board.show_problem("partie.arena.json:3:14: actions[2]: refused on replay")  # type: ignore[attr-defined]
    shoot("problem")
    pygame.quit()
    lessons = shipped_lessons()
    tut = tutorial_window(lessons, lang, out / "lessons.json", size, realtime=False)
    tut.run(frames=2)
    tut.screenshot(out / f"tutorial-picker-{lang}-{size[0]}.png")
    tut.top.open_lesson(3)  # type: ignore[union-attr]
    tut.run(frames=3)
    tut.screenshot(out / f"tutorial-lesson-{lang}-{size[0]}.png")
    pygame.quit()
    from arena_game.ui.app import App

    demo_app = App(size=size, lang=lang, realtime=False)
    demo_app.push(DemoScreen(demo_app, [load_scenario(p) for p in ordered_files(demo_dir())[:1]], fps=10))
    demo_app.run(frames=40)
    demo_app.screenshot(out / f"demo-{lang}-{size[0]}.png")
    (out / "lessons.json").unlink(missing_ok=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--lang", default="fr", choices=("fr", "en"))
    ap.add_argument("--size", default="1440x900", help="window WIDTHxHEIGHT")
    ap.add_argument("--all", action="store_true", help="every screen (hand-off, match over, dialogs, tutorial, demo), not only the README's three")
    args = ap.parse_args()
    out = Path(args.out)
    size = tuple(int(v) for v in args.size.split("x"))

    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.modes import AttackMode, RunDeclareMode
    from arena_game.ui.screens.board import BoardScreen
    from arena_game.ui.windows import match_window

    ctrl = MatchController(setup_for_map("arene-classique", None, 11))
    played_match(ctrl)
    app = match_window(ctrl, size=size, lang=args.lang, realtime=False, handoff=False)  # type: ignore[arg-type]
    board = app.find(BoardScreen)
    assert board is not None
    app.run(frames=3)
    board.switch_mode(RunDeclareMode())
    board.hover = None
    app.run(frames=2)
    app.screenshot(out / "match.png")
    board.switch_mode(AttackMode())
    app.run(frames=2)
    app.screenshot(out / "attack.png")
    board.open_start_screen()
    app.run(frames=2)
    app.screenshot(out / "start.png")
    if args.all:
        every_screen(app, board, out, args.lang, size)  # type: ignore[arg-type]
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
