"""A scenario played for an audience: frames of the board with the animation queue, a big
caption and the log line of what just happened. The demo shows these frames in a window;
`arena-game scenario --gif` and `demo --gif-dir` write them to animated GIFs (Pillow).

Time is a fake clock moved by 1/fps per frame, so a film is the same frames on any
machine (and headless under SDL's dummy driver).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arena_game.core.errors import IllegalAction
from arena_game.core.events import ActionRefused, DiceRolled, Event
from arena_game.core.geometry import Square
from arena_game.core.match import Match
from arena_game.core.state import MatchState
from arena_game.formats.problems import FileProblem, keyed, unwritable
from arena_game.formats.scenario import Scenario, play
from arena_game.i18n import refusal_text, t
from arena_game.i18n.narration import describe, told
from arena_game.learn.lessons import text_of
from arena_game.render.sprites import SpriteBook
from arena_game.render.text import note_text, wrap_words
from arena_game.ui.anim import AnimationQueue, pose_to_draw
from arena_game.ui.anim.draw import text_surface
from arena_game.ui.anim.strips import FakeClock, board_image, draw_frame
from arena_game.ui.board_view import font as _cached_font

if TYPE_CHECKING:
    from PIL import Image

BG = (14, 14, 18)
CAPTION_BG = (8, 8, 10)
CAPTION_FG = (255, 255, 255)
ACCENT = (255, 210, 63)
LOG_FG = (225, 228, 235)
REFUSED_FG = (255, 140, 120)
TRIED = (235, 60, 50)  # the square a refused attempt tried, framed and crossed on the board
BLOCKER = (255, 170, 40)  # what refused it (a wall corner, the step before a right angle)
MAX_TILE = 96
LOG_MIN_FONT = 12  # px: the log band's smallest font (the window's smallest text)
NAME_GAP = 3  # px kept between two fighters' name tags
FOCUS_MARGIN = 2
FOCUS_MIN = (10, 6)  # squares: enough of the map around the action to know where we are
FIT_MARGIN = 8  # px round the board in its stage
CAPTION_SHARE, LOG_SHARE = 0.19, 0.085  # of the height: the caption's and the log's bands under the board
SIDE_MIN, SIDE_SHARE = 300, 0.24  # px, of the width: the narrowest column beside the board
SIDE_GAIN = 1.15  # the caption and the log go beside the board when its squares get this much larger
SIDE_CAPTION = 0.55  # of the column's height: the step counter and the caption, the log under them
SIDE_LOG_ENTRIES = 6  # the most log entries the column shows (the band under the board: 3)


@dataclass(frozen=True)
class Timing:
    """How long a film lingers (seconds): on the caption first, after each action, on a refusal."""

    opening: float = 2.5
    after_action: float = 0.6
    refusal: float = 2.2
    closing: float = 1.6


@dataclass(frozen=True)
class Layout:
    """Where a film frame's parts go: the board's `stage`, the `caption` (with the step counter)
    and the `log`; `beside`: the caption and the log in a column right of the board."""

    stage: pygame.Rect
    caption: pygame.Rect
    log: pygame.Rect
    beside: bool = False


def fit_tile(room: pygame.Rect, squares: tuple[int, int]) -> int:
    """The largest square (px, 8 to `MAX_TILE`) that shows `squares` whole in `room`, less its margin."""
    w, h = squares
    return max(8, min(MAX_TILE, (room.w - 2 * FIT_MARGIN) // max(1, w), (room.h - 2 * FIT_MARGIN) // max(1, h)))


def film_layout(size: tuple[int, int], squares: tuple[int, int], beside: bool | None = None) -> Layout:
    """The caption and the log in bands under the board, or in a column beside it when the
    window is wider than the `squares` shown need and the squares get `SIDE_GAIN` larger there
    (or as `beside` says): on a 20×15 map at 1920×1080 the board under the bands used half the
    width (s45 review). The board's stage is then as wide as its squares need; the column takes the rest."""
    w, h = size
    cap, log = int(h * CAPTION_SHARE), int(h * LOG_SHARE)
    below = Layout(pygame.Rect(0, 0, w, h - cap - log), pygame.Rect(0, h - cap, w, cap),
                   pygame.Rect(0, h - cap - log, w, log))
    column = max(SIDE_MIN, int(w * SIDE_SHARE))
    tile = fit_tile(pygame.Rect(0, 0, w - column, h), squares)
    if not (beside if beside is not None else tile >= fit_tile(below.stage, squares) * SIDE_GAIN):
        return below
    board_w = min(w - column, squares[0] * tile + 2 * FIT_MARGIN)
    top = int(h * SIDE_CAPTION)
    return Layout(pygame.Rect(0, 0, board_w, h), pygame.Rect(board_w, 0, w - board_w, top),
                  pygame.Rect(board_w, top, w - board_w, h - top), beside=True)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font (Noto Sans); made again if a pygame.quit() killed the cached one."""
    return _cached_font(size, bold)


def focus_region(scenario: Scenario) -> tuple[int, int, int, int]:
    """The squares the story happens on (x, y, width, height): every square a fighter
    starts on, passes or lands on in the scenario's play, with a margin, clamped to the map."""
    squares: list[Square] = list(scenario.placements.values())
    for ev in play(scenario).events:
        data = ev.model_dump()
        for key in ("path", "declared"):
            squares += [tuple(sq) for sq in data.get(key) or []]
        for key in ("to", "origin", "at", "landing"):
            if isinstance(data.get(key), tuple | list):
                squares.append(tuple(data[key]))
    board = scenario.board
    xs, ys = [sq[0] for sq in squares], [sq[1] for sq in squares]
    x0, x1 = min(xs) - FOCUS_MARGIN, max(xs) + FOCUS_MARGIN
    y0, y1 = min(ys) - FOCUS_MARGIN, max(ys) + FOCUS_MARGIN
    while x1 - x0 + 1 < min(FOCUS_MIN[0], board.width):
        x0, x1 = x0 - 1, x1 + 1
    while y1 - y0 + 1 < min(FOCUS_MIN[1], board.height):
        y0, y1 = y0 - 1, y1 + 1
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(board.width - 1, x1), min(board.height - 1, y1)
    return x0, y0, x1 - x0 + 1, y1 - y0 + 1


_AMOUNT = re.compile(r"(\d) (PV|HP|PR|mana)\b")


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Split `text` into lines that fit `width` pixels with font `f`, as the window wraps
    (`render.text.wrap_words`: a square, "(5, 6)", stays whole); an amount, "15 PV", is held
    together too."""
    words = " ".join(re.split(r"[ \t\n]+", text.strip()))  # a caption's line breaks are spaces here
    if not words:
        return []
    return [x.replace("\u00a0", " ") for x in wrap_words(_AMOUNT.sub("\\1\u00a0\\2", words), f, width)]


def screen_text(line: str) -> str:
    """A log line for the big screen: the UI font has no dice emoji nor arrows."""
    return line.replace("🎲", "").replace("→", "»").strip()


class Film:
    """Frames of one scenario's play with its caption (`frames()` is a generator); `beside`: the
    caption and the log in a column beside the board (None: when the squares get larger there,
    `film_layout`), under it by default (a GIF's frame)."""

    def __init__(self, scenario: Scenario, lang: str, size: tuple[int, int], fps: int = 10,
                 step: tuple[int, int] | None = None, timing: Timing = Timing(),
                 book: SpriteBook | None = None, beside: bool | None = False) -> None:
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
        self.focus = focus_region(scenario)
        self.layout = film_layout(size, self.framed(), beside)
        self.stage = self.layout.stage
        self.log_font = max(LOG_MIN_FONT, int(int(h * LOG_SHARE) * 0.36))  # the band's, beside the board too
        board = scenario.board
        st = self.stage
        area = pygame.Rect(st.x + 12, st.y + self.dice_band, st.w - 24, st.h - self.dice_band - 8)
        fx, fy, fw, fh = self.focus
        self.tile = max(8, min(MAX_TILE, area.w // fw, area.h // fh))
        # the camera centres the squares where the story happens; the rest of the map is
        # still drawn around them, clipped to the stage
        cx, cy = (fx + fw / 2) * self.tile, (fy + fh / 2) * self.tile
        bw, bh = board.width * self.tile, board.height * self.tile
        ox = area.centerx - cx if bw > area.w else area.centerx - bw / 2
        oy = area.centery - cy if bh > area.h else area.centery - bh / 2
        ox = min(max(ox, area.right - bw), area.left) if bw > area.w else ox
        oy = min(max(oy, area.bottom - bh), area.top) if bh > area.h else oy
        self.origin = (int(ox), int(oy))
        self.book = book or SpriteBook(tile=self.tile, use_user_folder=False)
        self.background: pygame.Surface | None = None  # made by `prepare` (the board's picture)
        self.caption = text_of(scenario.spec.caption or None, lang) or scenario.spec.title
        self.names = {tm.id: tm.name for tm in scenario.teams}
        self.names.update({f.id: f.name for tm in scenario.teams for f in tm.fighters})
        self.log: list[tuple[str, bool]] = []  # (line, refused)
        self.refused_marks: RefusalMarks | None = None  # shown on the board while a refusal holds
        self._caption_img: pygame.Surface | None = None

    def framed(self) -> tuple[int, int]:
        """The squares across and down the film shows whole: where the story happens (`focus_region`)."""
        return self.focus[2], self.focus[3]

    def prepare(self) -> Iterator[None]:
        """Make the film's pictures, the board then the caption, yielding between them (the
        demo window makes them in frames of their own: together 7–18 ms)."""
        if self.background is None:
            self.background = board_image(self.scenario.board, self.tile, self.book)
            yield
        if self._caption_img is None:
            self._caption_img = self._draw_caption()
            yield

    # -- drawing ---------------------------------------------------------------------

    def _draw_caption(self) -> pygame.Surface:
        if self.layout.beside:
            return self._draw_side_caption()
        w, h = self.layout.caption.size
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
        self._caption_boxes: list[tuple[str, pygame.Rect, int]] = []
        for line in lines:
            img = f.render(line, True, CAPTION_FG)
            band.blit(img, (pad, y))
            self._caption_boxes.append(("demo_caption", img.get_rect(topleft=(pad, y)), size))
            y += line_h
        if counter is not None:
            at = counter.get_rect(topleft=(w - pad - counter.get_width(), (h - counter.get_height()) // 2))
            band.blit(counter, at)
            self._caption_boxes.append(("demo_step", at, max(16, int(h * 0.24))))
        return band

    def _column_margins(self) -> tuple[int, int]:
        """The column's accent edge on its left and its padding (px)."""
        return max(3, self.size[1] // 270), max(16, self.layout.caption.w // 14)

    def _draw_side_caption(self) -> pygame.Surface:
        """The column's top: the step counter, then the caption on as many lines as it needs,
        in the largest font that fits them above the log."""
        w, h = self.layout.caption.size
        band = pygame.Surface((w, h))
        band.fill(CAPTION_BG)
        edge, pad = self._column_margins()
        pygame.draw.line(band, ACCENT, (edge // 2, 0), (edge // 2, h), edge)
        avail = w - pad - edge - pad // 2
        self._caption_boxes = []
        y = pad
        if self.step is not None:
            size = max(16, int(self.size[1] * 0.04))
            counter = font(size, bold=True).render(t("demo.step", self.lang, n=self.step[0], total=self.step[1]),
                                                   True, ACCENT)
            at = band.blit(counter, (edge + pad // 2, y))
            self._caption_boxes.append(("demo_step", at, size))
            y = at.bottom + pad // 2
        size = max(16, int(self.size[1] * 0.048))
        while True:  # the largest font that fits the caption above the log
            f = font(size, bold=True)
            lines = wrap(self.caption, f, avail)
            if f.get_linesize() * len(lines) <= h - y - pad // 2 or size <= 14:
                break
            size -= 1
        for line in lines:
            img = f.render(line, True, CAPTION_FG)
            at = band.blit(img, (edge + pad // 2, y))
            self._caption_boxes.append(("demo_caption", at, size))
            y += f.get_linesize()
        return band

    def _draw_log(self, surface: pygame.Surface) -> None:
        band = self.layout.log
        surface.fill(BG, band)
        # beside the board: the column's margins, the lines from the top; under it: centred in the band
        edge, pad = self._column_margins() if self.layout.beside else (0, 16)
        left = band.x + (edge + pad // 2 if self.layout.beside else pad)
        size, lines = self._log_lines(band.right - left - pad // 2 if self.layout.beside else band.w - 2 * pad)
        f = font(size, bold=False)
        if self.layout.beside:  # the caption's edge, on down the column
            pygame.draw.line(surface, ACCENT, (band.x + edge // 2, band.y), (band.x + edge // 2, band.bottom), edge)
            y = band.y + pad // 2
        else:
            y = band.y + (band.h - f.get_linesize() * len(lines)) // 2
        for line, refused in lines:
            img = f.render(line, True, REFUSED_FG if refused else LOG_FG)
            surface.blit(img, (left, y))
            note_text("demo_log", img.get_rect(topleft=(left, y)), size, band, line)
            y += f.get_linesize()

    def _log_lines(self, width: int) -> tuple[int, list[tuple[str, bool]]]:
        """The font size and rows the log band shows: whole entries only, the newest first kept,
        then the ones before it while they fit whole; an entry too long for the band at its
        font gets a smaller one (never half a sentence, as the R4.4 refusal showed)."""
        size = self.log_font
        room = self.layout.log.h - (self._column_margins()[1] if self.layout.beside else 0)
        entries = SIDE_LOG_ENTRIES if self.layout.beside else 3
        while True:
            f = font(size, bold=False)
            rows = max(1, room // f.get_linesize())
            lines: list[tuple[str, bool]] = []
            for entry, refused in reversed(self.log[-entries:]):
                wrapped = [(x, refused) for x in wrap(entry, f, width)]
                if len(lines) + len(wrapped) > rows:
                    break
                lines = wrapped + lines
            if lines or not self.log or size <= LOG_MIN_FONT:
                break
            size -= 1
        if not lines and self.log:  # the newest entry, even at the smallest font, is too long: its start
            entry, refused = self.log[-1]
            lines = [(x, refused) for x in wrap(entry, f, width)[:rows]]
            lines[-1] = (lines[-1][0] + " …", refused)
        return size, lines

    def draw(self, surface: pygame.Surface, queue: AnimationQueue, state: MatchState) -> None:
        """One frame: board, tokens and effects from the queue, name tags, log lines, caption."""
        surface.fill(BG)
        assert self.background is not None and self._caption_img is not None  # `frames` prepared them
        board = pygame.Rect(self.origin, self.background.get_size())
        surface.set_clip(self.stage.clip(board))  # captions, dice and banners stay on the board
        draw_frame(surface, queue, state, self.background, self.tile, self.book, origin=self.origin,
                   under_labels=lambda labels: self._draw_names(surface, queue, state, labels))
        if self.refused_marks is not None:  # over the board: nothing else plays while a refusal shows
            self._draw_marks(surface, self.refused_marks)
        surface.set_clip(None)
        self._draw_log(surface)
        band = self.layout.caption
        surface.blit(self._caption_img, band)
        for what, box, size in self._caption_boxes:
            note_text(what, box.move(band.topleft), size, band, self.caption)

    def _draw_marks(self, surface: pygame.Surface, marks: RefusalMarks) -> None:
        """The refused attempt on the board: the square tried framed and crossed in red, what
        stood in the way (a wall corner) framed in orange, the way tried as arrows."""
        tile, (ox, oy) = self.tile, self.origin
        width = max(2, tile // 12)

        def box(sq: Square) -> pygame.Rect:
            return pygame.Rect(ox + sq[0] * tile, oy + sq[1] * tile, tile, tile)

        def centre(sq: Square) -> tuple[int, int]:
            return box(sq).center

        for a, b, colour in marks.way:
            pygame.draw.line(surface, colour, centre(a), centre(b), width + 1)
            pygame.draw.circle(surface, colour, centre(b), width + 1)
        for sq in marks.blockers:
            r = box(sq).inflate(-width, -width)
            pygame.draw.rect(surface, BLOCKER, r, width + 1)
            for k in range(1, 4):  # hatched: stands out from the square tried
                d = r.w * k // 4
                pygame.draw.line(surface, BLOCKER, (r.left + d, r.top), (r.left, r.top + d), width)
                pygame.draw.line(surface, BLOCKER, (r.right - d, r.bottom), (r.right, r.bottom - d), width)
        if marks.tried is not None:
            r = box(marks.tried).inflate(-width, -width)
            pygame.draw.rect(surface, TRIED, r, width + 1)
            m = r.inflate(-r.w // 3, -r.h // 3)
            pygame.draw.line(surface, TRIED, m.topleft, m.bottomright, width + 1)
            pygame.draw.line(surface, TRIED, m.topright, m.bottomleft, width + 1)

    def _draw_names(self, surface: pygame.Surface, queue: AnimationQueue, state: MatchState,
                    labels: Sequence[pygame.Rect] = ()) -> None:
        """Each fighter's name under its token, so the audience can follow the log; drawn under
        the floating labels (`labels`: their boxes), never where one is nor across another tag:
        such a token keeps only the initials it carries, as on the match board."""
        size = max(11, int(self.tile * 0.30))
        taken = [box.inflate(2, 2) for box in labels]
        for f in state.fighters.values():
            pose = pose_to_draw(queue, f)
            if pose is None or pose.alpha < 0.3:
                continue
            img = text_surface(f.sheet.name, size, (255, 255, 255))
            x = self.origin[0] + (pose.x + 0.5) * self.tile
            y = self.origin[1] + (pose.y + 1.0) * self.tile - img.get_height() * 0.55
            at = img.get_rect(topleft=(int(x - img.get_width() / 2), int(y)))
            if at.collidelist(taken) >= 0:
                continue
            taken.append(at.inflate(2 * NAME_GAP, 0))  # "Brakka" and "Kael" never read as one word
            surface.blit(img, at)
            note_text("demo_name", at, size, self.stage, f.sheet.name)

    # -- playing ---------------------------------------------------------------------

    def frames(self) -> Iterator[pygame.Surface]:
        """Every frame of the film, in order (the same Surface, redrawn each time)."""
        for _ in self.prepare():
            pass
        sc = self.scenario
        match = Match(sc.setup())
        clock = FakeClock()
        queue = AnimationQueue(clock=clock, lang=self.lang)
        frame = pygame.Surface(self.size)
        dt = 1 / self.fps

        def hold(seconds: float) -> Iterator[pygame.Surface]:
            for _ in range(max(1, round(seconds * self.fps))):
                clock.now += dt
                queue.update()
                self.draw(frame, queue, match.state)
                yield frame

        yield from hold(self.timing.opening)
        for i, action in enumerate(sc.actions):
            expected = sc.expected_refusals[i] if i < len(sc.expected_refusals) else None
            before = match.state
            try:
                events = match.play(action, expect_refused=expected)
            except ValueError as e:  # refused against the file, or a face the die cannot show
                raise FileProblem(sc.path, f"refused: {e}", field=f"actions[{i}]") from None
            refused = [ev for ev in events if isinstance(ev, ActionRefused)]
            if refused:
                self.log.append((screen_text(self._refusal_line(refused[0])), True))
                self.refused_marks = refusal_marks(action, refused[0], match.state)
                yield from hold(self.timing.refusal)
                self.refused_marks = None
                continue
            # (the event's place in `events`, its line): a line shows once the animation has
            # played its event (`AnimationQueue.reached`), never ahead of it — a death was told
            # while the dice still rolled, before the push was drawn
            lines = [(k, screen_text(describe(ev, self.names, self.lang)))
                     for k, ev in enumerate(events) if self._worth_telling(ev)]
            first = queue.pushed
            queue.push(events, before)
            shown = 0
            while queue.active or shown < len(lines):
                done = queue.reached - first  # events played to the end
                while shown < len(lines) and lines[shown][0] < done:
                    self.log.append((lines[shown][1], False))
                    shown += 1
                yield from hold(dt)
            yield from hold(self.timing.after_action)
        yield from hold(self.timing.closing)

    def _refusal_line(self, ev: ActionRefused) -> str:
        """The expected refusal, with its rule, the rule's name and its reason from the catalog."""
        err = IllegalAction(ev.rule, ev.code, code=ev.code, fields=ev.fields)
        return t("demo.refused", self.lang, rule=ev.rule, rule_name=t(f"rule.{ev.rule}", self.lang),
                 reason=refusal_text(err, self.lang))

    @staticmethod
    def _worth_telling(event: Event) -> bool:
        """Log lines for the audience: the dice are shown by the animation itself."""
        return (not isinstance(event, DiceRolled) and event.type not in ("turn_ended", "modifier_expired")
                and told(event))


@dataclass(frozen=True)
class RefusalMarks:
    """What the demo marks on the board while a refusal shows: the square tried, what stood in
    the way (a wall corner), and the way tried (segments with their colours)."""

    tried: Square | None
    blockers: tuple[Square, ...] = ()
    way: tuple[tuple[Square, Square, tuple[int, int, int]], ...] = ()


def refusal_marks(action: object, refused: ActionRefused, state: MatchState) -> RefusalMarks | None:
    """The marks of a refused `action` (None: nothing on the board to show, a taunt refused).
    The square tried is the action's (a step's `to`, a jump's `over`, a target's square); a
    diagonal blocked by a wall corner (R2.2) names the corner; a run's turn (R4.4) shows the
    step before it and the step refused."""
    fields = refused.fields or {}
    tried: Square | None = None
    for key in ("to", "over"):
        sq = getattr(action, key, None)
        if isinstance(sq, tuple | list) and len(sq) == 2:
            tried = (int(sq[0]), int(sq[1]))
    target = getattr(action, "target", None)
    if tried is None and isinstance(target, str) and target in state.fighters:
        tried = state.fighters[target].position
    blockers: tuple[Square, ...] = ()
    corner = fields.get("square")
    if refused.code == "diagonal_blocked" and isinstance(corner, tuple | list):
        blockers = ((int(corner[0]), int(corner[1])),)
    way: tuple[tuple[Square, Square, tuple[int, int, int]], ...] = ()
    prev, origin = fields.get("prev"), fields.get("origin")
    if tried is not None and isinstance(prev, tuple | list) and isinstance(origin, tuple | list):
        p, o = (int(prev[0]), int(prev[1])), (int(origin[0]), int(origin[1]))
        way = ((p, o, BLOCKER), (o, tried, TRIED))
    elif tried is not None and getattr(action, "kind", "") in ("walk", "run_step"):  # the step tried
        way = ((state.active.position, tried, TRIED),)
    if tried is None and not blockers:
        return None
    return RefusalMarks(tried, blockers, way)


# -- GIF ---------------------------------------------------------------------------------

def gif_palette(frames: Iterable[pygame.Surface], samples: int = 24) -> Image.Image:
    """One palette for the whole GIF, from frames sampled across the film (a first pass):
    an unchanged pixel keeps its index from frame to frame, so each GIF frame stores only
    the region that moved and the file stays small enough to post."""
    from PIL import Image

    kept: list[Image.Image] = []
    for i, surface in enumerate(frames):
        if i % 4 == 0:  # thinned again below to at most `samples`
            w, h = surface.get_size()
            img = Image.frombytes("RGB", (w, h), pygame.image.tobytes(surface, "RGB"))
            kept.append(img.resize((max(1, w // 2), max(1, h // 2))))
    kept = kept[:: max(1, len(kept) // samples)] or kept
    w, h = kept[0].size
    montage = Image.new("RGB", (w, h * len(kept)))
    for i, img in enumerate(kept):
        montage.paste(img, (0, i * h))
    return montage.quantize(colors=255, method=Image.Quantize.MEDIANCUT)


def write_gif(make_frames: Callable[[], Iterable[pygame.Surface]], out: Path, fps: int) -> tuple[int, tuple[int, int]]:
    """Write a film to an animated GIF in two passes (palette, then frames; identical frames
    merged into one longer frame); returns (frames written, size)."""
    from PIL import Image

    palette = gif_palette(make_frames())
    images: list[Image.Image] = []
    durations: list[int] = []
    last: bytes | None = None
    step_ms = round(1000 / fps)
    for surface in make_frames():
        data = pygame.image.tobytes(surface, "RGB")
        if data == last:
            durations[-1] += step_ms
            continue
        last = data
        img = Image.frombytes("RGB", surface.get_size(), data)
        images.append(img.quantize(palette=palette, dither=Image.Dither.NONE))
        durations.append(step_ms)
    if not images:
        raise keyed(out, "no_frame")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, disposal=1, optimize=False)
    except OSError as e:
        raise unwritable(out, e) from None  # a folder on the way at fault: named
    return len(images), images[0].size


def scenario_gif(scenario: Scenario, out: Path, lang: str, size: tuple[int, int] = (960, 720), fps: int = 10,
                 step: tuple[int, int] | None = None) -> tuple[int, tuple[int, int]]:
    """Record a scenario's animated play to a GIF, headless."""
    book = SpriteBook(tile=64, use_user_folder=False)  # shared by both passes
    return write_gif(lambda: Film(scenario, lang, size, fps, step, book=book).frames(), out, fps)


# -- the demo window -------------------------------------------------------------------------
