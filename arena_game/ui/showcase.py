"""A scenario played for an audience: frames of the board with the animation queue, a big
caption and the log line of what just happened. The demo shows these frames in a window;
`arena-game scenario --gif` and `demo --gif-dir` write them to animated GIFs (Pillow).

Time is a fake clock moved by 1/fps per frame, so a film is the same frames on any
machine (and headless under SDL's dummy driver).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame

from arena_game.core.engine import apply
from arena_game.core.errors import IllegalAction
from arena_game.core.events import DiceRolled, Event
from arena_game.core.rules.turns import start_match
from arena_game.formats.problems import FileProblem
from arena_game.formats.scenario import Scenario
from arena_game.i18n import t
from arena_game.lessons import text_of
from arena_game.narration import describe
from arena_game.render.sprites import SpriteBook
from arena_game.ui.anim import AnimationQueue
from arena_game.ui.anim.strips import FakeClock, board_image, draw_frame
from arena_game.ui.board_view import font

BG = (14, 14, 18)
CAPTION_BG = (8, 8, 10)
CAPTION_FG = (255, 255, 255)
ACCENT = (255, 210, 63)
LOG_FG = (225, 228, 235)
REFUSED_FG = (255, 140, 120)


@dataclass(frozen=True)
class Timing:
    """How long a film lingers (seconds): on the caption first, after each action, on a refusal."""

    opening: float = 2.5
    after_action: float = 0.6
    refusal: float = 2.2
    closing: float = 1.6


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Split `text` into lines that fit `width` pixels with font `f`."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        cand = f"{line} {word}".strip()
        if f.size(cand)[0] <= width or not line:
            line = cand
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def screen_text(line: str) -> str:
    """A log line for the big screen: the UI font has no dice emoji nor arrows."""
    return line.replace("🎲", "").replace("→", "»").strip()


class Film:
    """Frames of one scenario's play with its caption (`frames()` is a generator)."""

    def __init__(self, scenario: Scenario, lang: str, size: tuple[int, int], fps: int = 10,
                 step: tuple[int, int] | None = None, timing: Timing = Timing(),
                 book: SpriteBook | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.scenario = scenario
        self.lang = lang
        self.size = size
        self.fps = fps
        self.step = step
        self.timing = timing
        w, h = size
        self.dice_band = int(h * 0.10)
        self.caption_band = int(h * 0.19)
        self.log_band = int(h * 0.085)
        board = scenario.board
        area_w, area_h = w - 24, h - self.dice_band - self.caption_band - self.log_band - 12
        self.tile = max(8, min(area_w // board.width, area_h // board.height))
        bw, bh = board.width * self.tile, board.height * self.tile
        self.origin = ((w - bw) // 2, self.dice_band + (area_h - bh) // 2 + 6)
        self.book = book or SpriteBook(tile=self.tile, use_user_folder=False)
        self.background = board_image(board, self.tile, self.book)
        self.caption = text_of(scenario.spec.caption or None, lang) or scenario.spec.title
        self.names = {tm.id: tm.name for tm in scenario.teams}
        self.names.update({f.id: f.name for tm in scenario.teams for f in tm.fighters})
        self.log: list[tuple[str, bool]] = []  # (line, refused)
        self._caption_img = self._draw_caption()

    # -- drawing ---------------------------------------------------------------------

    def _draw_caption(self) -> pygame.Surface:
        w, h = self.size[0], self.caption_band
        band = pygame.Surface((w, h))
        band.fill(CAPTION_BG)
        pygame.draw.line(band, ACCENT, (0, 0), (w, 0), max(3, h // 40))
        pad = max(12, w // 60)
        counter = None
        if self.step is not None:
            counter = font(max(16, int(h * 0.24)), bold=True).render(
                t("demo.step", self.lang, n=self.step[0], total=self.step[1]), True, ACCENT)
        avail = w - 2 * pad - (counter.get_width() + pad if counter else 0)
        size = max(16, int(h * 0.30))
        while True:  # the largest font that fits the caption in two lines
            f = font(size, bold=True)
            lines = wrap(self.caption, f, avail)
            if len(lines) <= 2 or size <= 14:
                break
            size -= 2
        line_h = f.get_linesize()
        y = (h - line_h * len(lines)) // 2
        for line in lines:
            band.blit(f.render(line, True, CAPTION_FG), (pad, y))
            y += line_h
        if counter is not None:
            band.blit(counter, (w - pad - counter.get_width(), (h - counter.get_height()) // 2))
        return band

    def _draw_log(self, surface: pygame.Surface) -> None:
        w, h = self.size
        top = h - self.caption_band - self.log_band
        pygame.draw.rect(surface, BG, (0, top, w, self.log_band))
        lines = self.log[-2:]
        if not lines:
            return
        size = max(12, int(self.log_band * 0.36))
        f = font(size, bold=False)
        y = top + (self.log_band - f.get_linesize() * len(lines)) // 2
        for line, refused in lines:
            text = line
            while f.size(text)[0] > w - 32 and len(text) > 8:
                text = text[:-2]
            if text != line:
                text = text.rstrip() + "…"
            surface.blit(f.render(text, True, REFUSED_FG if refused else LOG_FG), (16, y))
            y += f.get_linesize()

    def draw(self, surface: pygame.Surface, queue: AnimationQueue, state: object) -> None:
        """One frame: board, tokens and effects from the queue, log lines, caption."""
        draw_frame(surface, queue, state, self.background, self.tile, self.book, origin=self.origin)  # type: ignore[arg-type]
        self._draw_log(surface)
        surface.blit(self._caption_img, (0, self.size[1] - self.caption_band))

    # -- playing ---------------------------------------------------------------------

    def frames(self) -> Iterator[pygame.Surface]:
        """Every frame of the film, in order (the same Surface, redrawn each time)."""
        sc = self.scenario
        dice = sc.dice()
        state, _ = start_match(sc.board, sc.teams, sc.placements, sc.settings, dice, sc.spec.turn_order)
        clock = FakeClock()
        queue = AnimationQueue(clock=clock)
        frame = pygame.Surface(self.size)
        dt = 1 / self.fps

        def hold(seconds: float) -> Iterator[pygame.Surface]:
            for _ in range(max(1, round(seconds * self.fps))):
                clock.now += dt
                queue.update()
                self.draw(frame, queue, state)
                yield frame

        yield from hold(self.timing.opening)
        for i, action in enumerate(sc.actions):
            expected = sc.expected_refusals[i] if i < len(sc.expected_refusals) else None
            before = state
            try:
                state, events = apply(state, action, dice)
            except IllegalAction as e:
                if expected is None:
                    raise FileProblem(sc.path, f"refused: {e}", field=f"actions[{i}]") from None
                reason = f"{e.rule} {t(f'rule.{e.rule}', self.lang)}: {e.reason}"
                self.log.append((t("ui.illegal", self.lang, reason=reason), True))
                yield from hold(self.timing.refusal)
                continue
            self.log.extend((screen_text(describe(ev, self.names, self.lang)), False)
                            for ev in events if self._worth_telling(ev))
            queue.push(events, before)
            while queue.active:
                yield from hold(dt)
            yield from hold(self.timing.after_action)
        yield from hold(self.timing.closing)

    @staticmethod
    def _worth_telling(event: Event) -> bool:
        """Log lines for the audience: the dice are shown by the animation itself."""
        return not isinstance(event, DiceRolled) and event.type not in ("turn_ended", "modifier_expired")


# -- GIF ---------------------------------------------------------------------------------

def write_gif(frames: Iterator[pygame.Surface], out: Path, fps: int) -> tuple[int, tuple[int, int]]:
    """Write frames to an animated GIF (identical frames merged); returns (frames, size)."""
    from PIL import Image

    images: list[Image.Image] = []
    durations: list[int] = []
    last: bytes | None = None
    step_ms = round(1000 / fps)
    for surface in frames:
        data = pygame.image.tobytes(surface, "RGB")
        if data == last:
            durations[-1] += step_ms
            continue
        last = data
        img = Image.frombytes("RGB", surface.get_size(), data)
        images.append(img.quantize(colors=255, method=Image.Quantize.FASTOCTREE))
        durations.append(step_ms)
    if not images:
        raise FileProblem(out, "no frame to write")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, disposal=1, optimize=False)
    except OSError as e:
        raise FileProblem(out, f"cannot be written ({e.strerror or e})") from None
    return len(images), images[0].size


def scenario_gif(scenario: Scenario, out: Path, lang: str, size: tuple[int, int] = (960, 720), fps: int = 10,
                 step: tuple[int, int] | None = None) -> tuple[int, tuple[int, int]]:
    """Record a scenario's animated play to a GIF, headless."""
    return write_gif(Film(scenario, lang, size, fps, step).frames(), out, fps)


# -- the demo window -------------------------------------------------------------------------

def run_demo(scenarios: list[Scenario], lang: str, *, once: bool = False, size: tuple[int, int] = (1280, 800),
             fps: int = 30, realtime: bool = True, max_loops: int | None = None) -> int:
    """Play the demo steps in a window, looping until a key or a click; returns the frames shown.

    `once` plays every step a single time (tests, CI); `realtime=False` does not wait
    between frames (headless runs).
    """
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption(t("demo.title", lang))
    clock = pygame.time.Clock()
    book = SpriteBook(tile=64)  # a game master's sprite overrides show in the demo too
    shown = 0
    loops = 0
    total = len(scenarios)
    while True:
        for n, sc in enumerate(scenarios, start=1):
            film = Film(sc, lang, screen.get_size(), fps, step=(n, total), book=book)
            for frame in film.frames():
                screen.blit(frame, (0, 0))
                pygame.display.flip()
                shown += 1
                if realtime:
                    clock.tick(fps)
                for event in pygame.event.get():
                    if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                        return shown
        loops += 1
        if once or (max_loops is not None and loops >= max_loops):
            return shown
