"""The tutorial: a lesson picker, then each lesson on the real board with its goal panel.

`tutorial_window` opens the picker (`LessonPickerScreen`); a lesson is a `LessonScreen` pushed
over it: the match board (`BoardScreen`) playing one lesson, the learner's fighter only
(the others pass their turns), the goal square marked, hints on H, the worked solution
on M, and every refused move explained as the match window's log words it: who, what, the
rule number and the core's reason. Whether the goal is met is decided by
`arena_game.learn.lessons` from the core's events; the window only shows it. Progress goes
to the user data folder.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextBox

from arena_game.core import queries
from arena_game.core.actions import Action
from arena_game.core.engine import parse_action
from arena_game.core.errors import IllegalAction
from arena_game.core.events import ActionRefused, Event
from arena_game.core.state import MatchState
from arena_game.i18n import refusal_line, t
from arena_game.i18n.narration import describe
from arena_game.learn.lessons import Lesson, LessonRun, load_progress, mark_completed, text_of
from arena_game.render.glyphs import drawable
from arena_game.render.text import ui_scale
from arena_game.ui import keys
from arena_game.ui.app import App
from arena_game.ui.controller import MatchController
from arena_game.ui.hud import ACTION_BUTTONS, THEME
from arena_game.ui.modes import MODE_FOR_BUTTON, Choice, Highlight, IdleMode, Refused, Result
from arena_game.ui.modes.base import describe_square
from arena_game.ui.panels_html import px
from arena_game.ui.rules_text import rule_links
from arena_game.ui.screens.base import MadeOverFrames, Screen
from arena_game.ui.screens.board import BoardScreen
from arena_game.ui.words_box import WordsBox

PANEL_H = 132
SHOW_ME_STEP_MS = 900  # between the solution's actions, so the learner can follow
CAMERA_COMMANDS = frozenset({"fit", "zoom_in", "zoom_out", "pan_left", "pan_right", "pan_up", "pan_down", "speed"})
"""The keys that still work while the solution plays: they move the view, not the fighters."""
# the action kind a mode plays, where its name is not the kind (a refusal names the kind tried)
MODE_KINDS = {bid: kind for bid, _, _, kind in ACTION_BUTTONS if kind} | {"run_go": "run_step"}


def refusal_sentence(err: IllegalAction, fighter: str, kind: str, names: dict[str, str], lang: str) -> str:
    """A refused action as the match window's log words it ("Refused: Tarn's Course (run) —
    R4.4: …"): the log's own line for the `ActionRefused` it amounts to (`describe`)."""
    refused = ActionRefused(fighter=fighter, kind=kind, rule=err.rule, code=err.code or "", fields=err.fields)
    return describe(refused, names, lang).strip()


def esc(s: str) -> str:
    """Text made safe for pygame_gui's HTML subset, in glyphs its font draws (`drawable`)."""
    return html.escape(drawable(s), quote=False)


class LessonScreen(MadeOverFrames, BoardScreen):  # type: ignore[override]  # `opaque`: a property
    """The match board playing one lesson (`lessons[index]`); Enter once it is done opens the
    next one; Esc puts the action down, then goes back to the list."""

    checks_maps = False  # a lesson's board is made for its lesson: no `check` notice

    def __init__(self, app: App, lessons: Sequence[Lesson], index: int, progress: Path | None = None) -> None:
        self.lessons, self.index = lessons, index
        self.lesson = lessons[index]
        self.number, self.total = index + 1, len(lessons)
        self.progress = progress
        self.panel: UITextBox | None = None
        self.hints_shown = 0
        self.refusal: str | None = None
        self.completed = False
        self.failed = False
        self.verdict_shown = False  # the panel says "well done" or "lost" (once the animation has shown why)
        self.pending: list[Action] = []  # the worked solution being shown
        self.next_show_ms = 0
        self.on_shown: Callable[[], object] | None = None  # told once the lesson shows (the screen under it goes)
        self._building: Iterator[bool] | None = None
        self._panel_heights: dict[tuple[int, int], int] = {}  # (panel width, window height) → its height
        self._text_heights: dict[tuple[int, int, str], int] = {}  # (width, window height, text) → its box's
        self._goal_kind: str | None = None  # `LessonRun.goal_kind`, once worked out ("" for none)
        ctrl = self._fresh_match()
        super().__init__(app, ctrl, handoff=False)

    def enter(self) -> None:
        """The board, the lesson panel over its top, the other fighters' turns passed: made a
        part a frame from the frame after the one that opened it, hidden, then shown whole
        (all at once, ~70 ms in that frame). The screen under it shows meanwhile."""
        self._building = self._build()

    def _build(self) -> Iterator[bool]:
        yield False
        for _ in self.laid_out(self.app.screen.get_size(), hidden=True):
            yield False
        if self.first_match is not None:
            self.set_match(self.first_match)
            self.first_match = None
        yield False
        while self.starting:  # the match's log, memory and side panels, a piece a frame, unseen:
            self.starting.pop(0)()  # shown with the board, not the four frames after it (s49: the
            yield False  # sheet, teams, log and round bar stood empty while the lesson showed)
        for _ in self._measure_panel(self.viewport.w):  # its texts measured a frame each (~2 ms apiece)
            yield False
        self._layout()
        assert self.panel is not None
        self.panel.hide()
        yield False
        self.pass_others()
        self.open_goal_mode()
        self.refresh_panel()
        yield False
        assert self.view is not None  # set by `set_match`
        self.view.terrain()  # the board's pictures, made before it shows: the terrain, then the rest
        yield False
        self.hud.flush()  # the sheet `refresh_match` left for a frame of its own
        BoardScreen.draw(self, self.app.screen)  # unseen: the screen under it is drawn over it this frame
        yield False
        yield True  # shown whole, drawn for real, in a frame of its own

    def _shown_whole(self) -> None:
        """Made whole: shown, and the screen it was opened over told."""
        self.hud.show_all()
        if self.panel is not None:
            self.panel.show()
        if self.on_shown is not None:
            self.on_shown()

    def draw(self, surface: pygame.Surface) -> None:
        if self._building is None:
            super().draw(surface)

    def handle(self, event: pygame.event.Event) -> None:
        """While it is made only Esc counts: back to the list."""
        if self._building is None:
            BoardScreen.handle(self, event)
        elif event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("board",)) == "back":
            self.close()

    def leave(self) -> None:
        super().leave()
        if self.panel is not None:
            self.panel.kill()
            self.panel = None

    def show_match_over(self) -> None:
        """No match-over panel in a lesson: the lesson panel gives the verdict (`judge`)."""

    def finish(self, outcome: str) -> None:
        """Leave the lesson: "next" opens the following one (the list after the last), "list" the list."""
        if outcome == "next" and self.index + 1 < len(self.lessons):  # made over this one, which
            lesson = LessonScreen(self.app, self.lessons, self.index + 1, self.progress)  # leaves once it shows
            lesson.on_shown = self.close
            self.app.push(lesson)
        else:
            self.close()

    # -- the match -------------------------------------------------------------------

    def _fresh_match(self) -> MatchController:
        """The lesson's match (its setup actions played), the window's controller over it."""
        self.lesson_run = LessonRun(self.lesson, pass_now=False)  # the window plays the passes: it animates them
        return MatchController(self.lesson_run.match.setup, match=self.lesson_run.match)

    def restart(self) -> None:
        """R: the lesson from the start (completed lessons stay completed)."""
        ctrl = self._fresh_match()
        self.completed = self.failed = False
        self.refusal = None
        self.pending = []
        self.set_match(ctrl)
        self.pass_others()
        self.open_goal_mode()
        self.refresh_panel()

    def open_goal_mode(self) -> None:
        """Pick the action the lesson's goal needs (`LessonRun.goal_kind`), as its button
        would, when the learner may take it now: the push lesson opened in Walk, its hint
        a walk, while its goal is a push (s47 review4). Else the board's own mode stays."""
        if self._goal_kind is None:
            self._goal_kind = self.lesson_run.goal_kind() or ""
        kind = {"run_step": "run_start"}.get(self._goal_kind, self._goal_kind)
        bid = next((bid for bid, k in MODE_KINDS.items() if k == kind and bid in MODE_FOR_BUTTON), None)
        if (bid is None or self.ctrl is None or self.completed or self.pending
                or self.ctrl.state.active.id != self.lesson.goal.fighter
                or queries.kind_refusal(self.ctrl.state, kind) is not None):
            return
        self.switch_mode(MODE_FOR_BUTTON[bid]())

    def show_me(self) -> None:
        """M: restart and play the worked solution, one action at a time; while it plays the
        window says so and offers nothing to pick (`watching`)."""
        self.restart()
        self.pending = list(self.lesson.scenario.actions[self.lesson.goal.setup:])
        self.next_show_ms = self.app.time_ms + SHOW_ME_STEP_MS
        self.refresh()

    @property
    def watching(self) -> bool:
        """The worked solution is playing ("show me"): the learner watches. Its mode's prompt
        ("click the next square, or Enter to stop") and choices would invite input that the
        solution does not take (s49: Enter did nothing, a click played into the solution)."""
        return bool(self.pending) and not self.completed

    def hover_text(self, sq: tuple[int, int]) -> str:
        """The hover card: while the solution plays (`watching`), what the square is and who
        stands there; the solution's mode said why a click there would be refused ("not allowed
        — R4.1: the run goes along its declared squares first"), a click the learner cannot make."""
        if self.watching and self.ctrl is not None:
            return describe_square(self.ctrl.state, sq, self.lang)
        return super().hover_text(sq)

    @property
    def card_refused(self) -> bool:
        """Whether the hover card is edged as a refusal: never while the solution plays."""
        return False if self.watching else BoardScreen.card_refused.fget(self)  # type: ignore[attr-defined]

    def apply(self, action: object, faces: Sequence[int] = (),
              then: Callable[[list[Event]], object] | None = None) -> list[Event]:
        """The learner's action: a refusal is explained with its rule, the others pass, the goal is judged
        (lessons roll scripted dice: `faces` are never needed; `then(events)` once it is played)."""
        if self.completed or self.ctrl is None:
            return []
        before, turn = len(self.ctrl.log), (self.ctrl.state.round, self.ctrl.state.active.id)
        try:
            self.ctrl.apply(action)  # type: ignore[arg-type]
        except IllegalAction as e:
            self.explain(e, parse_action(action).kind)  # type: ignore[arg-type]  # parsed: the core refused it
            return []
        except ValueError as e:  # a malformed action from a mode
            self.hud.set_status(t("ui.illegal", self.lang, reason=str(e)), error=True)
            return []
        self.refusal = None
        self.after_events(self.ctrl.log[before:], None)
        self.judge()
        self.pass_others()
        self.judge()
        if (self.ctrl.state.round, self.ctrl.state.active.id) != turn:  # the learner's turn again, the others
            self.open_goal_mode()  # passed: the goal's action, as at the start (a walk was lit, s60)
        if then is not None:
            then(self.ctrl.log[before:])
        return self.ctrl.log[before:]

    def explain(self, e: IllegalAction, kind: str | None = None) -> None:
        """Show a refused move in the panel as the match window's log words it (`refusal_sentence`):
        the active fighter's action of `kind` (the current mode's when None), its rule, the core's reason."""
        if self.ctrl is not None:
            kind = kind or MODE_KINDS.get(self.mode.name, self.mode.name)
            self.refusal = refusal_sentence(e, self.ctrl.state.active.id, kind, self.ctrl.names(), self.lang)
        self.hud.set_status(t("ui.illegal", self.lang, reason=refusal_line(e, self.lang)), error=True)
        self.refresh_panel()

    def pass_others(self) -> None:
        """Every fighter but the learner's passes its turn (`LessonRun.passes`), shown in the window."""
        if self.ctrl is None or self.pending or self.completed:
            return
        for action in self.lesson_run.passes():
            BoardScreen.apply(self, action)

    def judge(self) -> None:
        """Ask the lessons module whether the goal is met or lost; save progress once met."""
        if self.ctrl is None or self.completed:
            return
        if self.lesson_run.done:
            self.completed = True
            self.pending = []
            mark_completed(self.lesson.id, self.progress)
        elif self.lesson_run.lost:
            self.failed = True
        if self.completed or self.failed:  # the action put down: no square invites a move now
            self.mode = IdleMode()
            self.refresh()
        self.refresh_panel()

    # -- the panel ------------------------------------------------------------------

    def _layout(self) -> None:
        """Take the top of the board viewport for the lesson panel: as tall as its tallest text
        for this lesson (`panel_height`), the rest for the board (a fixed 132 px left a third
        of it empty and the board of a 20×15 map at 26 px squares)."""
        v = self.viewport
        tall = self.panel_height(v.w)
        panel_rect = pygame.Rect(v.x, v.y, v.w, tall)
        self.viewport = pygame.Rect(v.x, v.y + tall, v.w, v.h - tall)
        self.camera.view = tuple(self.viewport)  # type: ignore[assignment]
        self.camera.fit()
        if self.panel is not None:
            self.panel.kill()
        self.panel = WordsBox("", panel_rect, self.app.manager, object_id=ObjectID("#lesson_panel"))

    def panel_height(self, width: int) -> int:
        """The panel's height for a `width` px panel: the tallest of what it may say in this
        lesson (each hint, the last with "no more hints", the verdict), measured as pygame_gui
        lays it out, so it neither scrolls nor changes height (the board would move) as the
        learner asks for hints; at most `PANEL_H` (grown with the window). The board is laid out
        under this height; the panel's box is drawn to what it says now (`refresh_panel`)."""
        key = (width, self.app.screen.get_height())
        if key not in self._panel_heights:
            for _ in self._measure_panel(width):
                pass
        return self._panel_heights[key]

    def _measure_panel(self, width: int) -> Iterator[None]:
        """`panel_height` worked out a text at a time (yielding between them), then kept."""
        hints = len(self.lesson.goal.hints)
        texts = [self._html(hints=n) for n in range(hints + 2)] + [self._html(completed=True)]
        tallest = 0
        for words in texts:
            tallest = max(tallest, self._text_height(width, words))
            yield
        cap = round(PANEL_H * ui_scale(self.app.screen.get_size()))
        self._panel_heights[(width, self.app.screen.get_height())] = min(tallest, cap)

    def _text_height(self, width: int, words: str) -> int:
        """The height of a `width` px panel saying `words` whole, as pygame_gui lays it out (a
        probe box, ~2 ms, kept)."""
        key = (width, self.app.screen.get_height(), words)
        if key not in self._text_heights:
            if len(self._text_heights) > 64:  # many refusals, many window sizes: start afresh
                self._text_heights.clear()
            probe = WordsBox(words, pygame.Rect(0, 0, width, -1), self.app.manager,
                              object_id=ObjectID("#lesson_panel"))
            self._text_heights[key] = probe.rect.h
            probe.kill()
        return self._text_heights[key]

    def relayout(self, size: tuple[int, int]) -> None:
        """Lay out again, panel included."""
        if self._building is not None:  # being made: made whole now, then laid out for the size
            self.build_now()
        super().relayout(size)
        if self.panel is not None:  # entered: else `enter` lays the panel out
            self._layout()
            self.refresh_panel()

    @property
    def verdict_due(self) -> bool:
        """Whether the panel gives the verdict: the goal met or lost, and the animation over (the
        pieces drawn where the rules put them): "well done" came while the dice still rolled,
        before the push into the lava was drawn."""
        return (self.completed or self.failed) and not self.anim.busy

    def panel_html(self) -> str:
        """The panel's text: title and goal, hint, refusal or verdict (once the animation has
        shown it, `verdict_due`), keys."""
        return self._html(self.completed, self.failed and self.verdict_due, self.verdict_due, self.refusal,
                          self.hints_shown)

    def _html(self, completed: bool = False, lost: bool = False, due: bool = True, refusal: str | None = None,
              hints: int = 0) -> str:
        """The panel's text for a state of the lesson: `completed`, `lost` (its verdict due),
        the verdict `due` (the animation over), a `refusal` shown, `hints` asked for."""
        g = self.lesson.goal
        scale = ui_scale(self.app.screen.get_size())
        title = self.lesson.title(self.lang)  # its number once, in "4/8" after it (it read "4. … 4/8")
        goal = t("tutorial.goal", self.lang, goal=text_of(g.text, self.lang))
        # the title, its place in the list and the goal on one line (a line of the board's height saved)
        parts = [f"<font {px(18, scale)}><b>{esc(title)}</b></font>  "
                 f"<font color='#a9b4c2'>{self.number}/{self.total}</font>   "
                 f"<font color='#ffd23f'><b>{esc(goal)}</b></font>"]
        if completed and due:  # the verdict, larger than everything else on the panel; what comes
            # next is said once, by the status line (`show_prompt`), where a greyed button says it again
            parts.append(f"<font {px(24, scale)} color='#7dff8a'><b>{esc(t('tutorial.success', self.lang, goal=''))}"
                         f"</b></font>")
        elif completed:  # met, still being drawn: the verdict follows
            pass
        elif lost:
            why = t(self.lesson_run.why_lost(), self.lang)
            parts.append(f"<font {px(20, scale)} color='#ff9a8a'><b>{esc(t('tutorial.failed', self.lang, why=why))}"
                         f"</b></font>")
        elif refusal:
            parts.append(f"<font color='#ff9a8a'>{rule_links(esc(refusal))}</font>")
        if hints and not completed:  # the last hint asked for; past the last one, a word that it was
            words = [rule_links(esc(t('tutorial.hint', self.lang, hint=text_of(h, self.lang)))) for h in g.hints[:hints][-1:]]
            if hints > len(g.hints):
                words.append(esc(t('tutorial.no_more_hints', self.lang)))
            parts.append(f"<font color='#8fe3ff'>{' '.join(words)}</font>")  # a rule named opens the rules screen
        if not completed:
            parts.append(f"<font color='#a9b4c2'>{esc(t('tutorial.keys', self.lang))}</font>")
        return "<br>".join(parts)

    def next_steps(self, completed: bool | None = None) -> str:
        """What may be done once the verdict is given: the next lesson (the list after the
        last one), replay, the list; after a loss: try again, show me, the list."""
        if self.completed if completed is None else completed:
            last = self.index + 1 >= len(self.lessons)
            return t("tutorial.success_keys_last" if last else "tutorial.success_keys", self.lang)
        return t("tutorial.failed_keys", self.lang)

    def show_prompt(self, keep_refusal: bool = True) -> None:
        """The status line; once the verdict is given (the lesson done, or lost with no action
        picked), what to do next in place of the action bar's prompt."""
        if self.watching:  # what R and Esc do, in place of the solution's mode's prompt
            if not (keep_refusal and self.hud.status_error):
                self.hud.set_status(t("tutorial.watching", self.lang))
            return
        given = self.verdict_due and self.shown_state is None
        idle = self.completed or isinstance(self.mode, IdleMode)  # after a loss, an action may still be picked
        if given and idle and not (keep_refusal and self.hud.status_error):
            self.hud.set_status(self.next_steps())
        else:
            super().show_prompt(keep_refusal)

    def greyed_buttons(self) -> dict[str, str]:
        """No new match in a lesson; once it is done, no action, end of turn nor undo either
        (Enter, R and Esc say what comes next)."""
        greyed = {"new": t("tutorial.no_new_match", self.lang)}
        why = "watching_greyed" if self.watching else "done_greyed" if self.completed else None
        if why is not None:
            reason = t(f"tutorial.{why}", self.lang)
            greyed.update({bid: reason for bid, *_ in ACTION_BUTTONS if bid not in ("fit", "rules", "new")})
        return greyed

    def refresh_panel(self) -> None:
        """Rewrite the panel, its box as tall as what it says: the board stays laid out under the
        tallest text (`panel_height`), so it does not move when a hint shows, and the room a hint
        would take is not an empty band inside the box before H is pressed (s48 review 2, item 11)."""
        if self.panel is not None:
            self.verdict_shown = self.verdict_due
            words = self.panel_html()
            w = self.panel.rect.w
            h = min(self.panel_height(w), self._text_height(w, words))
            if self.panel.rect.h != h:
                self.panel.set_dimensions((w, h))
            self.panel.set_text(words)

    def current_highlights(self) -> list[Highlight]:
        """The mode's highlights plus the lesson's goal square."""
        hl = list(super().current_highlights())
        reach = self.lesson.goal.reach
        if reach is not None and not self.completed:
            hl.append(Highlight(square=tuple(reach), kind="goal", tip=text_of(self.lesson.goal.text, self.lang)))  # type: ignore[arg-type]
        return hl

    # -- input -------------------------------------------------------------------------

    def press_button(self, bid: str) -> None:
        """Action-bar buttons; those greyed in a lesson (`greyed_buttons`) say why, and what comes next."""
        greyed = self.greyed_buttons()
        if bid not in greyed:
            super().press_button(bid)
        elif self.completed:
            self.show_prompt(keep_refusal=False)
        else:
            self.refuse(greyed[bid])

    def key_scopes(self) -> tuple[str, ...]:
        """The mode's keys, the lesson's (H, M, R), then the board's."""
        return (self.mode.name, "lesson", "board")

    def on_command(self, command: str, key: int = 0) -> None:
        """Lesson commands (hint, show me, restart; Enter once done opens the next lesson) and
        the board's; Esc steps back: out of the action, then to the lesson list (`step_out`)."""
        if command == "rules":
            self.open_rules()
        elif self.completed:
            if command == "confirm":
                self.finish("next")
            elif command == "restart":
                self.restart()
            elif command == "back":
                self.finish("list")
        elif command == "hint":  # past the last hint, the panel says so and points to "show me"
            self.hints_shown = min(len(self.lesson.goal.hints) + 1, self.hints_shown + 1)
            self.refresh_panel()
        elif command == "show_me":
            self.show_me()
        elif command == "restart":
            self.restart()
        elif self.pending:  # the solution is playing: only Esc (out), the lesson keys and the camera
            if command == "back":
                self.finish("list")
            elif command in CAMERA_COMMANDS:
                super().on_command(command, key)
        else:
            super().on_command(command, key)

    def step_out(self, again: bool) -> None:
        """Esc with no action to put down: back to the lesson list."""
        self.finish("list")

    def offered_choices(self, state: MatchState) -> list[Choice]:
        """The mode's choices, none while the solution plays (`watching`)."""
        return [] if self.watching else super().offered_choices(state)

    def do(self, result: Result) -> None:
        """A mode's answer; its refusals are explained in the panel too. While the solution
        plays, a click on the board is not the learner's move (`watching`)."""
        if self.watching:
            return
        if isinstance(result, Refused):
            self.explain(result.error)
        else:
            super().do(result)

    def update(self, dt_ms: int) -> None:
        """Each frame; plays the next action of "show me" when its time has come."""
        if self._building is not None:  # the next part, till it is shown whole
            self._build_step()
            return
        if self.pending and self.app.time_ms >= self.next_show_ms:
            action = self.pending.pop(0)
            BoardScreen.apply(self, action)  # the file's solution plays the other fighters' turns too
            self.judge()
            self.next_show_ms = self.app.time_ms + SHOW_ME_STEP_MS
        super().update(dt_ms)
        if self.verdict_due and not self.verdict_shown:  # the animation has shown the goal met or lost
            self.refresh_panel()
            self.show_prompt(keep_refusal=False)


PICKER_FONTS = {"#picker_title": 30, "#lesson_todo": 20, "#lesson_done": 20, "#picker_line": 15}
"""The lesson list's font sizes at 720 pixels high (the window's theme grows them): the title
largest, then the lessons, then the progress and help lines."""


def picker_theme() -> dict[str, object]:
    """The window's theme plus the picker's big title, its lessons, its lines and the completed
    lessons' green. Each block has a font of its own: the window grows every theme font with
    its height, and a font shared by two blocks would grow twice."""
    theme: dict[str, object] = json.loads(THEME.read_text(encoding="utf-8"))

    def font(name: str) -> dict[str, str]:
        return {"name": "noto_sans", "size": str(PICKER_FONTS[name]), **({"bold": "1"} if name == "#picker_title" else {})}

    theme["#picker_title"] = {"font": font("#picker_title"), "colours": {"normal_text": "#ffd23f"}}
    theme["#lesson_todo"] = {"font": font("#lesson_todo")}
    theme["#lesson_done"] = {"font": font("#lesson_done"),
                             "colours": {"normal_bg": "#1f4d2b", "hovered_bg": "#2b6a3b",
                                         "normal_border": "#3fae5a", "normal_text": "#e8ffe8"}}
    theme["#picker_line"] = {"font": font("#picker_line"), "colours": {"normal_text": "#c8c2b4"}}
    return theme


class LessonPickerScreen(Screen):
    """The lesson list: one button per lesson, completed ones marked; a click or its number
    opens the lesson over the list. The list is built afresh each time it is back on top."""

    def __init__(self, app: App, lessons: Sequence[Lesson], progress: Path | None = None) -> None:
        super().__init__(app)
        self.lessons = lessons
        self.progress = progress
        self.buttons: list[UIButton] = []
        self.elements: list[pygame_gui.core.UIElement] = []

    def enter(self) -> None:
        """The title, the progress line, the lesson buttons, the keys."""
        pygame.display.set_caption(t("tutorial.title", self.lang))
        lang, m, lessons = self.lang, self.app.manager, self.lessons
        done = load_progress(self.progress)
        w, h = self.app.screen.get_size()
        k = ui_scale((w, h))  # the theme's fonts grow with the window: so do the rows
        col = min(round(760 * k), w - 80)
        x = (w - col) // 2
        progress = t("tutorial.progress", lang, done=len(done & {ls.id for ls in lessons}), total=len(lessons))
        if done >= {ls.id for ls in lessons}:
            progress = f"{progress} — {t('tutorial.all_done', lang)}"
        self.buttons = []
        title_h, line_h = round(60 * k), round(30 * k)
        top = round(24 * k) + title_h + line_h + round(16 * k)
        row = max(round(40 * k), min(round(56 * k), (h - top - 2 * line_h) // max(1, len(lessons))))
        for i, lesson in enumerate(lessons):
            label = t("tutorial.lesson_button", lang, n=i + 1, title=lesson.title(lang))
            if lesson.id in done:
                label = f"{label} {t('tutorial.done_mark', lang)}"
            self.buttons.append(UIButton(pygame.Rect(x, top + i * row, col, row - 8), label, m,
                                         object_id=ObjectID("#lesson_done" if lesson.id in done else "#lesson_todo")))
        self.elements = [
            UILabel(pygame.Rect(x, round(24 * k), col, title_h), t("tutorial.picker_title", lang), m,
                    object_id=ObjectID("#picker_title")),
            UILabel(pygame.Rect(x, round(24 * k) + title_h, col, line_h), progress, m,
                    object_id=ObjectID("#picker_line")),
            *self.buttons,
            UILabel(pygame.Rect(x, top + len(lessons) * row + 8, col, line_h), t("tutorial.picker_hint", lang), m,
                    object_id=ObjectID("#picker_line")),
        ]

    def leave(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements, self.buttons = [], []

    def relayout(self, size: tuple[int, int]) -> None:
        if self.elements:
            self.leave()
            self.enter()

    def update(self, dt_ms: int) -> None:
        if self.on_top and not self.elements:  # back from a lesson: the marks may have changed
            self.enter()

    def handle(self, event: pygame.event.Event) -> None:
        """Clicks on a lesson button, number keys, Esc (quit)."""
        self.widgets_see(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.open_lesson(self.buttons.index(event.ui_element))
        elif event.type == pygame.KEYDOWN:
            name = pygame.key.name(event.key)
            command = keys.command(name, ("picker",))
            if command == "open_lesson" and int(name) <= len(self.lessons):
                self.open_lesson(int(name) - 1)
            elif command == "back":
                self.app.quit()

    def open_lesson(self, index: int) -> LessonScreen:
        """Play lesson `index` over the list, hidden once the lesson shows (`LessonScreen.enter`)."""
        lesson = LessonScreen(self.app, self.lessons, index, self.progress)
        lesson.on_shown = self.leave
        return self.app.push(lesson)


def tutorial_window(lessons: Sequence[Lesson], lang: str, progress: Path | None = None,
                    size: tuple[int, int] = (1280, 800), realtime: bool = True) -> App:
    """The tutorial's window: the lesson list on the stack."""
    app = App(size=size, lang=lang, realtime=realtime, theme=picker_theme(), caption=t("tutorial.title", lang))
    app.push(LessonPickerScreen(app, lessons, progress))
    return app


def run_tutorial(lessons: Sequence[Lesson], lang: str, progress: Path | None = None,
                 size: tuple[int, int] = (1280, 800)) -> int:
    """The picker, then lessons, until the window closes."""
    return tutorial_window(lessons, lang, progress, size).run()
