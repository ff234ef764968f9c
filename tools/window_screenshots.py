"""Render the window's gallery headless into docs/screenshots/: every screen and input mode,
at 1280×720 and 1920×1080, in French and English (`gallery/<scene>-<lang>-<width>.png`),
plus the README's pictures (match.png, attack.png, start.png) and docs/maps.md's
(designer-start.png, designer-notice.png: a map of the designer's own with `check` findings).

    python tools/window_screenshots.py [--out docs/screenshots] [--lang fr en] [--size 1280x720 1920x1080]
                                       [--scene NAME ...] [--readme-only]

Each scene is a real window on a shipped map or a demo scenario (the demo's scripted dice),
brought to the moment worth seeing, with the mouse resting where a player would look.
The layout tests (`tests/test_ui_layout.py`) open the same scenes (`scene_window`).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("ARENA_GAME_DATA", tempfile.mkdtemp(prefix="arena-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from arena_game.formats.scenario import Scenario
    from arena_game.ui.app import App
    from arena_game.ui.controller import MatchController

Size = tuple[int, int]
SIZES: tuple[Size, ...] = ((1280, 720), (1920, 1080))
LANGS = ("fr", "en")
COLOURS = 256  # the gallery's PNGs keep this many colours: the repository stays light
# An octree keeps the colours of small areas (a legend's swatch, a chance band on a few squares)
# that a median cut merges into the floor's beige: a picture must show the colour codes true.


def played_match(ctrl: Any) -> None:
    """A few turns of walking towards the middle, so the board is not the opening position."""
    from arena_game.core.queries import walk_options

    for _ in range(7):
        state = ctrl.state
        options = [sq for sq, err in walk_options(state).items() if err is None]
        if options:
            centre = (state.board.width // 2, state.board.height // 2)
            best = min(options, key=lambda sq: abs(sq[0] - centre[0]) + abs(sq[1] - centre[1]))
            ctrl.apply({"kind": "walk", "to": best})
        ctrl.apply({"kind": "end_turn"})


def demo_scenario(stem: str) -> Scenario:
    """The shipped demo scenario whose file name holds `stem` (e.g. "tackle")."""
    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir

    return load_scenario(next(p for p in sorted(demo_dir().glob("*.toml")) if stem in p.name))


def demo_match(stem: str, actions: int = 0) -> MatchController:
    """A demo scenario's match (its map, fighters and scripted dice), its first `actions` played."""
    from arena_game.ui.controller import MatchController

    sc = demo_scenario(stem)
    ctrl = MatchController(sc.setup())
    for action in sc.actions[:actions]:
        ctrl.apply(action)
    return ctrl


def _board_window(ctrl: MatchController, lang: str, size: Size, **kw: Any) -> App:
    from arena_game.ui.windows import match_window

    app = match_window(ctrl, size=size, lang=lang, realtime=False, handoff=kw.pop("handoff", False), **kw)
    app.run(frames=2)
    _started(app)
    return app


def _started(app: App) -> None:
    """Frames until the board's new match shows all its texts (done a piece a frame)."""
    from arena_game.ui.screens.board import BoardScreen

    board = app.find(BoardScreen)
    if board is None or not board.starting:
        return
    while board.starting:
        app.step()
    app.step()  # the sheet: a frame after the turn order


def _board(app: App) -> Any:
    from arena_game.ui.screens.board import BoardScreen

    return app.find(BoardScreen)


def _hover(app: App, sq: tuple[int, int] | None) -> None:
    board = _board(app)
    board.hover = sq
    board.show_hovered_sheet()


def _mode(app: App, mode: Any, hover: tuple[int, int] | None = None) -> App:
    _board(app).switch_mode(mode)
    _hover(app, hover)
    return app


def _foe_nearest(ctrl: MatchController) -> tuple[int, int]:
    state = ctrl.state
    me = state.active.position
    foes = [f.position for f in state.fighters.values() if f.alive and f.team != state.active.team]
    return min(foes, key=lambda p: max(abs(p[0] - me[0]), abs(p[1] - me[1])))


def scene_start(lang: str, size: Size) -> App:
    import shutil

    from arena_game.formats.roster import roster_dir
    from arena_game.ui.controller import MatchController, setup_for_map

    shutil.rmtree(roster_dir(), ignore_errors=True)  # the same picture whatever scene ran before
    app = _board_window(MatchController(setup_for_map("arene-classique", None, 11)), lang, size)
    _board(app).open_start_screen()
    while app.top is not None and app.top.building:  # its widgets, a group a frame
        app.step()
    return app


def scene_walk(lang: str, size: Size) -> App:
    from arena_game.ui.modes import WalkMode

    app = _board_window(demo_match("walk"), lang, size)
    return _mode(app, WalkMode(), (9, 2))  # a diagonal the pillar forbids: the card says why


def scene_run_declared(lang: str, size: Size) -> App:
    from arena_game.ui.modes import RunDeclareMode

    app = _board_window(demo_match("tackle"), lang, size)
    mode = RunDeclareMode()
    mode.declared = [(4, 2), (5, 2)]
    return _mode(app, mode, (6, 2))


def scene_dice_at_table(lang: str, size: Size) -> App:
    """Dice at the table (issue 18): the run's d20 asked for, with the table of squares, and a
    face the die cannot show refused in place."""
    from dataclasses import replace

    from arena_game.ui.controller import MatchController

    setup = replace(demo_match("tackle").setup, dice_mode="physical", scripted=[])
    app = _board_window(MatchController(setup), lang, size)
    _board(app).apply({"kind": "run_start", "declared": [(4, 2), (5, 2), (6, 2)]})
    app.run(frames=2)
    while app.top is not None and app.top.building:  # the dialog, a part a frame
        app.step()
    app.top.take(25)  # type: ignore[union-attr]  # a face the d20 cannot show: refused in place
    app.run(frames=1)
    return app


def scene_house_rules(lang: str, size: Size) -> App:
    """The house rules panel (issue 18) from the start screen: a Reading changed, a typed value
    refused beside its field, the keyboard on the next field."""
    from arena_game.ui.screens.house_rules import HouseRulesScreen

    app = scene_start(lang, size)
    app.run(frames=1)
    start = app.top
    start.open_house_rules()  # type: ignore[union-attr]
    panel = app.find(HouseRulesScreen)
    assert panel is not None
    panel.build_now()
    panel.draft.cycle("turns.initiative_attribute")
    panel.draft.type_text("dice.die", "200")
    panel.focus = 1
    panel.show_values()
    app.run(frames=2)
    return app


def scene_run_under_way(lang: str, size: Size) -> App:
    return _board_window(demo_match("02-run", 3), lang, size)  # declared, rolled, two squares run


def scene_run_tackled(lang: str, size: Size) -> App:
    return _board_window(demo_match("tackle", 5), lang, size)  # tackled beside Nyssa: the run attack is offered


def basics_match(stem: str) -> MatchController:
    """A scenario of `scenarios/basics/` (its tiny map, fighters and scripted dice), nothing played."""
    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir
    from arena_game.ui.controller import MatchController

    return MatchController(load_scenario(demo_dir().parent / "basics" / f"{stem}.toml").setup())


def scene_swim(lang: str, size: Size) -> App:
    """R2.3: a swim path being picked across the pool, each square with its chance."""
    from arena_game.ui.modes import SwimMode

    app = _board_window(basics_match("swim"), lang, size)
    mode = SwimMode()
    mode.path = [(2, 1)]
    return _mode(app, mode, (3, 1))


def scene_jump(lang: str, size: Size) -> App:
    """R2.4: jumping over the fighter beside, its chance and the landing square."""
    from arena_game.ui.modes import JumpMode

    app = _board_window(basics_match("jump"), lang, size)
    return _mode(app, JumpMode(), (2, 1))


def scene_attack_melee(lang: str, size: Size) -> App:
    from arena_game.ui.modes import AttackMode

    ctrl = demo_match("circle")
    app = _board_window(ctrl, lang, size)
    return _mode(app, AttackMode(), (5, 9))


def scene_attack_ranged(lang: str, size: Size) -> App:
    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.modes import AttackMode

    ctrl = MatchController(setup_for_map("arene-classique", None, 11))
    played_match(ctrl)
    app = _board_window(ctrl, lang, size)
    return _mode(app, AttackMode(), _foe_nearest(ctrl))


def scene_push_lava(lang: str, size: Size) -> App:
    from arena_game.ui.modes import PushMode

    app = _board_window(demo_match("lava"), lang, size)
    return _mode(app, PushMode(), (6, 6))


def scene_teleport(lang: str, size: Size) -> App:
    from arena_game.ui.modes import TeleportMode

    app = _board_window(demo_match("teleport"), lang, size)
    return _mode(app, TeleportMode(), (12, 10))


def scene_taunt(lang: str, size: Size) -> App:
    from arena_game.ui.modes import TauntMode

    app = _board_window(demo_match("taunt"), lang, size)
    return _mode(app, TauntMode())


def scene_circle(lang: str, size: Size) -> App:
    from arena_game.ui.modes import CircleMode

    app = _board_window(demo_match("circle"), lang, size)
    mode = CircleMode()
    mode.order = [(5, 9)]
    return _mode(app, mode, (6, 10))


def scene_circle_split(lang: str, size: Size) -> App:
    """R8.2 under the house rule `combat.circle_split = "player"`: the circle demo's swing rolled,
    the match waiting for the player's split of its damage."""
    from dataclasses import replace

    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir
    from arena_game.ui.controller import MatchController

    sc = load_scenario(next(p for p in sorted(demo_dir().glob("*.toml")) if "circle" in p.name))
    setup = sc.setup()
    combat = setup.settings.combat.model_copy(update={"circle_split": "player"})
    ctrl = MatchController(replace(setup, settings=setup.settings.model_copy(update={"combat": combat})))
    ctrl.apply(sc.actions[0])
    app = _board_window(ctrl, lang, size)
    _hover(app, ctrl.state.fighters[ctrl.state.split_pending.hit[0]].position if ctrl.state.split_pending else None)
    return app


def _playing(stem: str, lang: str, size: Size, action_index: int, seconds: float) -> App:
    """A demo scenario's window `seconds` into the animation of its action `action_index`."""
    ctrl = demo_match(stem, action_index)
    app = _board_window(ctrl, lang, size, anim_speed=1.0)
    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir

    sc = load_scenario(next(p for p in sorted(demo_dir().glob("*.toml")) if stem in p.name))
    _board(app).apply(sc.actions[action_index])
    app.run(frames=max(1, int(seconds * 60)))
    return app


def scene_circle_playing(lang: str, size: Size) -> App:
    return _playing("circle", lang, size, 0, 1.2)


def scene_push_playing(lang: str, size: Size) -> App:
    return _playing("lava", lang, size, 0, 1.0)


def scene_handoff(lang: str, size: Size) -> App:
    app = _board_window(demo_match("tackle", 5), lang, size, handoff=True)
    board = _board(app)
    board.apply({"kind": "end_turn"})
    app.run(frames=2)
    return app


def scene_match_over(lang: str, size: Size) -> App:
    """The lava demo without Brakka: the push into the lava ends the match."""
    from dataclasses import replace

    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir
    from arena_game.ui.controller import MatchController

    sc = load_scenario(next(p for p in sorted(demo_dir().glob("*.toml")) if "lava" in p.name))
    setup = sc.setup()
    teams = [t.model_copy(update={"fighters": [f for f in t.fighters if f.id != "brakka"]}) for t in setup.teams]
    setup = replace(setup, teams=teams, placements={k: v for k, v in setup.placements.items() if k != "brakka"},
                    turn_order=[k for k in setup.turn_order if k != "brakka"])
    app = _board_window(MatchController(setup), lang, size)
    _board(app).apply(sc.actions[0])
    app.run(frames=2)
    return app


def scene_tutorial(lang: str, size: Size) -> App:
    from arena_game.learn.lessons import shipped_lessons
    from arena_game.ui.screens.tutorial import tutorial_window

    progress = Path(os.environ["ARENA_GAME_DATA"]) / "lessons.json"
    app = tutorial_window(shipped_lessons(), lang, progress, size, realtime=False)
    app.run(frames=2)
    app.top.open_lesson(3)  # type: ignore[attr-defined]
    app.run(frames=3)
    while app.top is not None and app.top.building:  # the lesson, a part a frame
        app.step()
    _started(app)
    return app


def scene_tutorial_list(lang: str, size: Size) -> App:
    """The lesson list the tutorial opens on (lessons 1 and 2 done)."""
    import json

    from arena_game.learn.lessons import shipped_lessons
    from arena_game.ui.screens.tutorial import tutorial_window

    lessons = shipped_lessons()
    progress = Path(os.environ["ARENA_GAME_DATA"]) / "lessons-list.json"
    progress.parent.mkdir(parents=True, exist_ok=True)
    progress.write_text(json.dumps({"completed": [ls.id for ls in lessons[:2]]}), encoding="utf-8")
    app = tutorial_window(lessons, lang, progress, size, realtime=False)
    app.run(frames=2)
    return app


def scene_rules(lang: str, size: Size) -> App:
    """The rules screen (F1) over a match, opened on R4.4 from a refusal's link."""
    from arena_game.ui.controller import MatchController, setup_for_map

    app = _board_window(MatchController(setup_for_map("arene-classique", None, 11)), lang, size)
    _board(app).open_rules("R4.4")
    app.run(frames=2)
    return app


def scene_demo(lang: str, size: Size) -> App:
    from arena_game.formats.scenario import load_scenario
    from arena_game.learn.lessons import demo_dir, ordered_files
    from arena_game.ui.app import App
    from arena_game.ui.screens.demo import DemoScreen

    app = App(size=size, lang=lang, realtime=False)
    films = [load_scenario(p) for p in ordered_files(demo_dir()) if "lava" in p.name]
    demo = app.push(DemoScreen(app, films, fps=10))
    # The film's 47th frame: the push drawn and its log line shown (once the animation has
    # played it), Tarn sinking. Stepped to that frame, not a count of window frames: the
    # session's first film spends more frames preparing (`Film.prepare`) than the next ones.
    for _ in range(400):
        if demo.shown >= 47:
            break
        app.step()
    return app


def scene_roster(lang: str, size: Size) -> App:
    """The roster editor (issue 18): a copy of the default teams, Sielle struck off for good
    (R9.2), a damage typed wrong (the fault beside it) and a fifth chest animal refused (R12.1)."""
    import shutil

    from arena_game.formats.roster import roster_dir
    from arena_game.formats.teamfile import remove_fighter_for_good
    from arena_game.ui.controller import MatchController, setup_for_map
    from arena_game.ui.screens.roster import RosterScreen

    shutil.rmtree(roster_dir(), ignore_errors=True)  # the same picture whatever scene ran before
    app = _board_window(MatchController(setup_for_map("arene-classique", None, 11)), lang, size)
    editor = app.push(RosterScreen(app))
    editor.build_now()
    editor.press(editor.file_dup)
    remove_fighter_for_good(editor.shelf.files[editor.shelf.index], "sielle")
    editor.open_file(editor.shelf.index)
    editor.refresh()
    for animal in ("faucon", "mule", "chien de chasse", "ours"):
        editor.chest_entry.set_text(animal)
        editor.press(editor.chest_add)
    editor.typed(editor.form.rows["weapon.damage"].widget, "2d")
    editor.form.rows["weapon.damage"].widget.set_text("2d")
    editor.shelf.flush()  # the refused damage keeps the file from being written: the status line says so
    editor.say(*editor.shelf_status())  # as `RosterScreen.update` shows it
    app.run(frames=2)
    return app


SEALED_MAP = """##############
#1....#.....2#
#1....#.....2#
#1L...#.....2#
#1....#......#
#.....#..###.#
#.....#..#.#.#
##############"""
"""A designer's map with `check` findings: a wall seals the teams apart (an error), a spawn by
lava, a pocket no one reaches, unequal spawns (warnings)."""


def sealed_map() -> Path:
    """`SEALED_MAP` written as a map file of the designer's own (in the pictures' data folder)."""
    path = Path(os.environ["ARENA_GAME_DATA"]) / "designer" / "mur.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('name = "Arène coupée"\ndescription = "Un mur coupe l\'arène en deux."\n'
                    'description_en = "A wall cuts the arena in two."\ngrid = """\n' + SEALED_MAP + '\n"""\n',
                    encoding="utf-8")
    return path


def _findings_in(app: App) -> None:
    """Frames until the screens' map findings, worked out off the frame path, are shown."""
    for screen in app.stack:
        answer = getattr(screen, "findings", None)
        if answer is not None:
            answer.wait()
    app.run(frames=4)


def scene_designer_notice(lang: str, size: Size) -> App:
    from arena_game.ui.controller import MatchController, setup_for_map

    app = _board_window(MatchController(setup_for_map(str(sealed_map()), None, 11)), lang, size)
    _findings_in(app)
    return app


def scene_designer_start(lang: str, size: Size) -> App:
    app = scene_designer_notice(lang, size)
    _board(app).open_start_screen()
    while app.top is not None and app.top.building:
        app.step()
    _findings_in(app)
    return app


SCENES: dict[str, Callable[[str, Size], App]] = {
    "start": scene_start, "walk": scene_walk, "run-declared": scene_run_declared,
    "run-under-way": scene_run_under_way, "run-tackled": scene_run_tackled, "swim": scene_swim, "jump": scene_jump,
    "attack-melee": scene_attack_melee, "attack-ranged": scene_attack_ranged,
    "push-lava": scene_push_lava, "teleport": scene_teleport, "taunt": scene_taunt,
    "circle": scene_circle, "circle-playing": scene_circle_playing, "circle-split": scene_circle_split, "push-playing": scene_push_playing,
    "handoff": scene_handoff, "match-over": scene_match_over, "dice-at-table": scene_dice_at_table,
    "house-rules": scene_house_rules,
    "tutorial-list": scene_tutorial_list, "tutorial": scene_tutorial, "rules": scene_rules,
    "demo": scene_demo, "roster": scene_roster,
    "designer-start": scene_designer_start, "designer-notice": scene_designer_notice,
}
"""Every screen and mode of the gallery, by name."""


def scene_window(name: str, lang: str, size: Size) -> App:
    """The window of one gallery scene, drawn and ready to read or save."""
    import pygame

    from arena_game.render import text

    pygame.quit()
    text.reset_caches()
    app = SCENES[name](lang, size)
    app.run(frames=1)
    for _ in range(60):  # a screen still making its widgets a part a frame (match over, start; the rules ~31)
        if not any(s.building for s in app.stack):
            break
        app.step()
    app.draw()
    return app


def save_small(app: App, path: Path) -> None:
    """The window's picture as a PNG of at most COLOURS colours."""
    import pygame
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    raw = pygame.image.tobytes(app.screen, "RGB")
    img = Image.frombytes("RGB", app.screen.get_size(), raw)
    img.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(path, optimize=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--lang", nargs="+", default=list(LANGS), choices=LANGS)
    ap.add_argument("--size", nargs="+", default=[f"{w}x{h}" for w, h in SIZES], help="window WIDTHxHEIGHT")
    ap.add_argument("--scene", nargs="+", default=list(SCENES), choices=list(SCENES))
    ap.add_argument("--readme-only", action="store_true", help="only the README's pictures")
    args = ap.parse_args()
    out = Path(args.out)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size]
    if not args.readme_only:
        for lang in args.lang:
            for size in sizes:
                for name in args.scene:
                    app = scene_window(name, lang, size)  # type: ignore[arg-type]
                    save_small(app, out / "gallery" / f"{name}-{lang}-{size[0]}.png")
    for name, scene in (("match", "run-declared"), ("attack", "attack-ranged"), ("start", "start"),
                        ("designer-start", "designer-start"), ("designer-notice", "designer-notice")):
        app = scene_window(scene, "en", (1280, 720))
        save_small(app, out / f"{name}.png")
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
