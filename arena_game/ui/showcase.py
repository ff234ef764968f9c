"""A scenario played for an audience: frames of the board with the animation queue, a big
caption and the log line of what just happened. The demo shows these frames in a window;
`arena-game scenario --gif` and `demo --gif-dir` write them to animated GIFs (Pillow).

Time is a fake clock moved by 1/fps per frame, so a film is the same frames on any
machine (and headless under SDL's dummy driver).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame

from arena_game.core.events import ActionRefused, DiceRolled, Event
from arena_game.core.geometry import Square
from arena_game.core.match import Match
from arena_game.core.state import MatchState
from arena_game.core.terrain import Terrain
from arena_game.formats.problems import FileProblem, keyed, unwritable
from arena_game.formats.scenario import Scenario, play
from arena_game.i18n import catalog, t
from arena_game.i18n.glosses import glosses
from arena_game.i18n.narration import describe, told
from arena_game.learn.lessons import text_of
from arena_game.render.glyphs import drawable
from arena_game.render.sprites import SpriteBook, decoder_steps
from arena_game.render.text import breakable_words, note_text, wrap_words
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
MIN_WHOLE_TILE = 24  # px: the smallest squares a film shows a whole map with (a larger map: its story's part)
CAPTION_SHARE, LOG_SHARE = 0.19, 0.085  # of the height: the caption's and the log's bands under the board
SIDE_MIN, SIDE_SHARE = 300, 0.24  # px, of the width: the narrowest column beside the board
SIDE_GAIN = 1.15  # the caption and the log go beside the board when its squares get this much larger
SIDE_CAPTION = 0.55  # of the column's height: the step counter and the caption, the log under them
_T = TypeVar("_T")
FONTS_A_FRAME = 3  # caption sizes `Film.prepare` makes and tries in one frame (2–3 ms each)
SIDE_CAPTION_MAX = 0.62  # of the column's height: the most the step counter and the caption take
SIDE_FONT_MAX = 0.058  # of the window's height: the column's largest caption font
SIDE_MEASURE = 16  # characters: about the fewest a caption line in the column holds
SIDE_LOG_FONT = 0.034  # of the window's height: the log's font in the column
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


_AMOUNT = re.compile(r"(\d) (PV|HP|PR|mana|squares?|cases?|turns?|tours?)\b")  # "2 turns" on one line
_OPERATOR = re.compile(r"(?<= )([+=]) (?=\S)")
# A space inside a game term ("Corps à corps", "hand to hand"): `wrap_words` breaks a line at
# plain spaces, and at no-break ones only inside a piece wider than the line; at this one never.
KEEP = "\u2007"
# The catalog's game terms (both languages), each kept on one line by `held_terms`.
TERM_KEYS = ("term.attr_", "term.skill_", "term.purpose_", "term.source_", "log.kind_")
# A capitalised word with a short English gloss the catalogs do not list as a term: "PR (renown)".
_GLOSSED = re.compile(r"(?<![\w(])([A-Z\u00c0-\u00dd][\w'\u2019-]*) \(([A-Za-z][A-Za-z'\u2019 -]{0,24})\)")


@cache
def _terms() -> re.Pattern[str]:
    """The game terms and glossed names of several words, longest first (the catalogs' terms
    in both languages, the shipped names of `glosses.toml` with and without their gloss)."""
    words = {v for lang in ("en", "fr") for k, v in catalog(lang).items()
             if k.startswith(TERM_KEYS) and "{" not in v and v == v.strip()}
    words |= {f"{name} ({gloss})" for name, gloss in glosses().items()} | set(glosses())
    several = sorted((w for w in words if " " in w), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, several)) + r")(?!\w)")


def held_terms(text: str) -> str:
    """`text` with each game term held on one line, its gloss with it ("Corps à corps (hand to
    hand)"): the term's own spaces are `KEEP`, the one before its gloss a no-break space, the
    only place a term wider than the whole line may still break (s46 review: "Corps à / corps
    (hand to / hand)")."""
    def hold(m: re.Match[str]) -> str:
        name, bracket, gloss = m.group(0).partition(" (")
        return name.replace(" ", KEEP) + ("\u00a0(" + gloss.replace(" ", KEEP) if bracket else "")

    text = _terms().sub(hold, text)
    return _GLOSSED.sub(lambda m: f"{m.group(1)}\u00a0({m.group(2).replace(' ', KEEP)})", text)


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Split `text` into lines that fit `width` pixels with font `f`, as the window wraps
    (`render.text.wrap_words`: a square, "(5, 6)", stays whole); an amount, "15 PV", and a game
    term with its gloss (`held_terms`) are held together too. The lines are in glyphs the font
    draws well (`drawable`: no dice emoji, an arrow as "»", the minus as the en dash Noto does
    not draw as a hyphen)."""
    words = " ".join(re.split(r"[ \t\n]+", drawable(text).strip()))  # a caption's line breaks are spaces here
    if not words:
        return []
    lines = wrap_words(_held(words), _KeptAsSpaces(f), width)  # type: ignore[arg-type]  # it only measures
    return [x.replace("\u00a0", " ").replace(KEEP, " ") for x in lines]


class _KeptAsSpaces:
    """A font that measures a `KEEP` as the space it is drawn as (the figure space is wider)."""

    def __init__(self, f: pygame.font.Font) -> None:
        self.f = f

    def size(self, text: str) -> tuple[int, int]:
        return self.f.size(text.replace(KEEP, " "))


def _held(words: str) -> str:
    """`words` with its game terms (`held_terms`) and its amounts ("15 PV", "2 turns") held together, and
    a "+" or "=" with what follows it (a "+" alone on a line read as a stray mark)."""
    return _OPERATOR.sub("\\1\u00a0", _AMOUNT.sub("\\1\u00a0\\2", held_terms(words)))


def drained(steps: Generator[None, None, _T]) -> _T:
    """A paused search (a generator that yields between its steps) run to its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def name_places(tags: Sequence[tuple[tuple[int, int], pygame.Rect]], labels: Sequence[pygame.Rect],
                stage: pygame.Rect) -> list[pygame.Rect | None]:
    """Where each fighter's name tag goes (`tags`: its size and its token's square on the
    screen): under the token, overlapping its foot as the board draws it, else fully under
    it, above it, or slid to a side there — the first place inside `stage` that covers no
    other token's disc, no floating label and no tag already placed (a space apart, so
    "Brakka" and "Kael" never read as one word); None where there is none (s47 review4: "Oruk"
    sat on Brakka's disc, "Tarn" on Oruk's)."""
    discs = [disc.inflate(-disc.w // 5, -disc.h // 5) for _, disc in tags]  # the round token, not its square's corners
    taken = [box.inflate(2, 2) for box in labels]
    out: list[pygame.Rect | None] = []
    for n, ((w, h), disc) in enumerate(tags):
        others = [d for k, d in enumerate(discs) if k != n]
        tops = (disc.bottom - int(h * 0.55), disc.bottom, disc.top - int(h * 0.8))  # above: off its initials
        lefts = (disc.centerx - w // 2, disc.left, disc.right - w)  # centred, else slid to one side
        at = None
        for top in tops:
            for left in lefts:
                box = pygame.Rect(left, top, w, h)
                if stage.contains(box) and box.collidelist(others) < 0 and box.collidelist(taken) < 0:
                    at = box
                    break
            if at is not None:
                break
        if at is not None:  # a space's width between two tags, at least
            taken.append(at.inflate(2 * max(NAME_GAP, h // 4), 0))
        out.append(at)
    return out


class Film:
    """Frames of one scenario's play with its caption (`frames()` is a generator); `beside`: the
    caption and the log in a column beside the board, or under it (None: the column when the
    squares get larger there, `film_layout`: a 16:9 frame, under it in a 4:3 one); `canvas`: the
    surface to draw the frames into (another film's `canvas`; one is made when None)."""

    def __init__(self, scenario: Scenario, lang: str, size: tuple[int, int], fps: int = 10,
                 step: tuple[int, int] | None = None, timing: Timing = Timing(),
                 book: SpriteBook | None = None, beside: bool | None = None,
                 canvas: pygame.Surface | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.scenario = scenario
        self.lang = lang
        self.size = size
        self.fps = fps
        self.step = step
        self.timing = timing
        w, h = size
        self._beside = beside
        self._focus: tuple[int, int, int, int] | None = None  # `focus_region`, worked out if a map is too large
        self.layout = film_layout(size, self.framed(), beside)
        self.stage = self.layout.stage
        # the band's; a size larger in the column, where the log has the height a short caption leaves
        self.band_log_font = max(LOG_MIN_FONT, int(int(h * LOG_SHARE) * 0.36))
        self.log_font = max(self.band_log_font, int(h * SIDE_LOG_FONT) if self.layout.beside else 0)
        self._wraps: dict[tuple[str, int, int], list[str]] = {}  # (entry, font size, width) → its lines
        self.tile, self.origin = self.camera()
        self.book = book or SpriteBook(tile=self.tile, use_user_folder=False)
        self.background: pygame.Surface | None = None  # made by `prepare` (the board's picture)
        self.caption = text_of(scenario.spec.caption or None, lang) or scenario.spec.title
        self.names = {tm.id: tm.name for tm in scenario.teams}
        self.names.update({f.id: f.name for tm in scenario.teams for f in tm.fighters})
        self.log: list[tuple[str, bool]] = []  # (line, refused)
        # the log's round lines (a turn's start, "— Round 2: Sielle —"): each drawn whole on one
        # row, as a heading (`_banner_image`); their font sizes by (line, log font size, width)
        self.banners: set[str] = set()
        # nothing told since the last round line: a turn's end is then told, else its round's
        # heading stood alone above the next one and read as a skipped turn (s48 review 2, item 10)
        self._turn_quiet = True
        self._banner_sizes: dict[tuple[str, int, int], int] = {}
        self.refused_marks: RefusalMarks | None = None  # shown on the board while a refusal holds
        self._caption_img: pygame.Surface | None = None
        self._side_fit: tuple[int, list[str]] | None = None  # the column caption's font size and lines
        # the frame `frames` draws into: `canvas` if it is of the film's size (the demo hands each
        # film the last one's: one of 1920×1080 takes 5 ms to make), else made by `prepare`
        self._canvas = canvas if canvas is not None and canvas.get_size() == tuple(size) else None

    @property
    def focus(self) -> tuple[int, int, int, int]:
        """Where the story happens (`focus_region`, squares: x, y, width, height)."""
        if self._focus is None:
            self._focus = focus_region(self.scenario)
        return self._focus

    def framed(self) -> tuple[int, int]:
        """The squares across and down the film shows whole: the whole map, or where the story
        happens (`focus`) on a map whose squares would be smaller than `MIN_WHOLE_TILE` whole."""
        board = self.scenario.board
        whole = (board.width, board.height)
        if fit_tile(film_layout(self.size, whole, self._beside).stage, whole) >= MIN_WHOLE_TILE:
            return whole
        return self.focus[2], self.focus[3]

    def camera(self) -> tuple[int, tuple[int, int]]:
        """The squares' size (px) and the board's top-left corner: the squares `framed` as large
        as the stage shows them whole, centred on the stage. A part of a larger map is centred
        on where the story happens, the rest of the map drawn round it (clipped to the stage),
        never leaving an empty band on one side while the map runs past the other. (The films
        cut the 20×15 arena at row 7 beside empty bands and drew the marsh map 680 px wide in
        a 1280 px frame, s46 review.)"""
        board, st = self.scenario.board, self.stage
        shown = self.framed()
        tile = fit_tile(st, shown)
        if shown == (board.width, board.height):
            return tile, (st.centerx - board.width * tile // 2, st.centery - board.height * tile // 2)
        fx, fy, fw, fh = self.focus
        origin = []
        for centre, low, high, start, span, squares in ((st.centerx, st.left, st.right, fx, fw, board.width),
                                                        (st.centery, st.top, st.bottom, fy, fh, board.height)):
            at = centre - (start + span / 2) * tile
            if squares * tile > high - low:  # past the stage: its edge at the stage's edge at most
                at = min(max(at, high - squares * tile), low)
            else:
                at = centre - squares * tile / 2
            origin.append(int(at))
        return tile, (origin[0], origin[1])

    def prepare(self) -> Iterator[None]:
        """Make the film's pictures, yielding between them (the demo window makes them in
        frames of their own): the first film of a session first compiles the game terms'
        pattern (3 ms) and imports the sprite decoder (`decoder_steps`, 19 ms, a module a
        step); then the board (5–9 ms), the caption (1–13 ms with its fonts made beforehand,
        three a frame) with the frame the film draws into (5 ms at 1920×1080)."""
        if self.background is None:
            if not _terms.cache_info().currsize:
                _terms()
                yield
            yield from decoder_steps()
            self.background = board_image(self.scenario.board, self.tile, self.book)
            yield
        if self._caption_img is None:
            if self.layout.beside and self._side_fit is None:
                # the column's caption tries font sizes, 2–3 ms each to make the first time:
                # its search runs a few sizes a frame, not all in the frame that draws it
                search = self._side_caption_search()
                tried = 0
                while True:
                    try:
                        next(search)
                    except StopIteration as found:
                        self._side_fit = found.value
                        break
                    tried += 1
                    if tried % FONTS_A_FRAME == 0:
                        yield
            self._caption_img = self._draw_caption()
            if self._canvas is None:  # not in the film's first frame, which draws a lot the first time
                self._canvas = pygame.Surface(self.size)
            yield

    @property
    def canvas(self) -> pygame.Surface | None:
        """The surface the frames are drawn into (None till `prepare` made it)."""
        return self._canvas

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
                drawable(t("demo.step", self.lang, n=self.step[0], total=self.step[1])), True, ACCENT)
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

    def _side_counter_size(self) -> int:
        """The step counter's font size in the column."""
        return max(16, int(self.size[1] * 0.04))

    def _side_caption_y(self) -> int:
        """Where the caption's first line goes: under the step counter, if the film has one."""
        pad = self._column_margins()[1]
        if self.step is None:
            return pad
        return pad + font(self._side_counter_size(), bold=True).get_height() + pad // 2

    def _side_caption_search(self) -> Generator[None, None, tuple[int, list[str]]]:
        """`_side_caption_font` for the column's room, pausing after each size it makes and
        wraps (a font takes 2–3 ms to make the first time): `prepare` runs it a few sizes a
        frame, the frame that draws the caption finds its answer."""
        edge, pad = self._column_margins()
        avail = self.layout.caption.w - pad - edge - pad // 2
        y = self._side_caption_y()
        fit = yield from self._side_caption_font(avail, int(self.size[1] * SIDE_CAPTION_MAX) - y - pad)
        return fit

    def _draw_side_caption(self) -> pygame.Surface:
        """The column's top: the step counter, then the caption in the font `_side_caption_font`
        picks. The band is as tall as they are (at most `SIDE_CAPTION_MAX` of the column): the
        log takes the rest of the column, which a short caption left empty."""
        column, height = self.layout.caption, self.size[1]
        edge, pad = self._column_margins()
        counter, step_size, y = None, self._side_counter_size(), self._side_caption_y()
        if self.step is not None:
            counter = font(step_size, bold=True).render(
                drawable(t("demo.step", self.lang, n=self.step[0], total=self.step[1])), True, ACCENT)
        if self._side_fit is None:
            self._side_fit = drained(self._side_caption_search())
        size, lines = self._side_fit
        f = font(size, bold=True)
        top = min(height, y + f.get_linesize() * len(lines) + pad)
        self.layout = Layout(self.layout.stage, pygame.Rect(column.x, 0, column.w, top),
                             pygame.Rect(column.x, top, column.w, height - top), beside=True)
        band = pygame.Surface((column.w, top))
        band.fill(CAPTION_BG)
        pygame.draw.line(band, ACCENT, (edge // 2, 0), (edge // 2, top), edge)
        self._caption_boxes = []
        if counter is not None:
            at = band.blit(counter, (edge + pad // 2, pad))
            self._caption_boxes.append(("demo_step", at, step_size))
        for line in lines:
            img = f.render(line, True, CAPTION_FG)
            at = band.blit(img, (edge + pad // 2, y))
            self._caption_boxes.append(("demo_caption", at, size))
            y += f.get_linesize()
        return band

    def _side_caption_font(self, avail: int, room: int) -> Generator[None, None, tuple[int, list[str]]]:
        """The caption's font size and lines in the column (`avail` px wide, `room` px high): the
        largest size up to `SIDE_FONT_MAX` of the window's height whose lines fit and hold about
        `SIDE_MEASURE` characters each; down to a fifth smaller where that breaks fewer game terms
        from their glosses (a term too wide for the line goes on with its gloss on the next one).
        A generator that pauses after each size it makes and tries (`drained` runs it through)."""
        fits: list[tuple[int, int, list[str]]] = []  # (terms broken, size, lines)
        words = " ".join(self.caption.split())
        held = [piece.replace(KEEP, " ") for piece in breakable_words(_held(words)) if "\u00a0" in piece]
        top = max(16, int(self.size[1] * SIDE_FONT_MAX))
        ref = font(top, bold=True)  # text scales with its font: sizes that cannot fit are skipped unmade
        for size in range(top, 13, -1):
            if fits and (fits[-1][0] == 0 or size < 0.8 * fits[0][1]):  # no smaller size does better
                break
            wide, line_h = ref.size(words)[0] * size / top, ref.get_linesize() * size / top
            if (wide * SIDE_MEASURE > 1.03 * avail * max(1, len(words))  # too few characters a line
                    or int(wide / avail) * line_h > room):  # too tall, even packed tight
                continue
            yield
            f = font(size, bold=True)
            lines = wrap(self.caption, f, avail)
            # a held piece wider than the column stays whole on its line ("Attaque circulaire :"
            # at 40 px, s47 review): such a size does not fit, however few lines it makes
            if f.get_linesize() * len(lines) <= room and all(f.size(line)[0] <= avail for line in lines):
                fits.append((sum(1 for piece in held if f.size(piece)[0] > avail), size, lines))
        if not fits:  # a caption too long for the column at any size: the smallest font,
            f = font(14, bold=True)  # its held pieces broken at any space rather than cut off
            lines = wrap(self.caption, f, avail)
            if any(f.size(line)[0] > avail for line in lines):
                lines = wrap_words(drawable(words), f, avail)
            return 14, lines
        _broken, size, lines = min(fits, key=lambda fit: (fit[0], -fit[1]))
        return size, lines

    def _draw_log(self, surface: pygame.Surface) -> None:
        band = self.layout.log
        surface.fill(BG, band)
        # beside the board: the column's margins, the lines from the top; under it: centred in the band
        edge, pad = self._column_margins() if self.layout.beside else (0, 16)
        left = band.x + (edge + pad // 2 if self.layout.beside else pad)
        width = band.right - left - pad // 2 if self.layout.beside else band.w - 2 * pad
        size, lines = self._log_lines(width)
        f = font(size, bold=False)
        if self.layout.beside:  # the caption's edge, on down the column
            pygame.draw.line(surface, ACCENT, (band.x + edge // 2, band.y), (band.x + edge // 2, band.bottom), edge)
            y = band.y + pad // 2
        else:
            y = band.y + (band.h - f.get_linesize() * len(lines)) // 2
        for line, refused, banner in lines:
            if banner:  # on its row, centred in it when its font is smaller
                img, drawn = self._banner_image(line, size, width)
                at = (left, y + (f.get_linesize() - img.get_height()) // 2)
            else:
                img, drawn, at = f.render(line, True, REFUSED_FG if refused else LOG_FG), size, (left, y)
            surface.blit(img, at)
            note_text("demo_log", img.get_rect(topleft=at), drawn, band, line)
            y += f.get_linesize()

    def _banner_image(self, line: str, size: int, width: int) -> tuple[pygame.Surface, int]:
        """A round's line of the log (`banners`) drawn as its heading, in the accent colour, and
        its font size: whole on one row, at the log's `size` if it fits `width`, else at the
        largest smaller size that does (the column at 1280×720 is narrower than "— Tour de table
        3 : Sielle —", which it showed as "— Tour de table 3 :" / "Sielle —"), squeezed across
        to `width` at `LOG_MIN_FONT` if even that is too wide (a long name)."""
        key = (line, size, width)
        if key not in self._banner_sizes:
            fit = size
            while fit > LOG_MIN_FONT and font(fit, bold=False).size(line)[0] > width:
                fit -= 1
            self._banner_sizes[key] = fit
        fit = self._banner_sizes[key]
        img = font(fit, bold=False).render(line, True, ACCENT)
        if img.get_width() > width:
            img = pygame.transform.smoothscale(img, (width, img.get_height()))
        return img, fit

    def _log_lines(self, width: int) -> tuple[int, list[tuple[str, bool, bool]]]:
        """The font size and rows the log band shows: whole entries only, the newest first kept,
        then the ones before it while they fit whole; an entry too long for the band at its
        font gets a smaller one (never half a sentence, as the R4.4 refusal showed). In the
        column, whose font is larger than the band's, two entries where the band's font shows
        them (a long refusal kept in sight under the line after it). A row: its text, whether
        its entry is a refusal, whether it is a round's line (`banners`, one row always)."""
        size = self.log_font
        room = self.layout.log.h - (self._column_margins()[1] if self.layout.beside else 0)
        recent = self.log[-(SIDE_LOG_ENTRIES if self.layout.beside else 3):]
        while True:
            f = font(size, bold=False)
            rows = max(1, room // f.get_linesize())
            lines: list[tuple[str, bool, bool]] = []
            shown = 0
            for entry, refused in reversed(recent):
                banner = entry in self.banners
                wrapped = [(x, refused, banner) for x in self._wrapped(entry, size, width)]
                if len(lines) + len(wrapped) > rows:
                    break
                lines, shown = wrapped + lines, shown + 1
            wanted = min(len(recent), 2 if size > self.band_log_font else 1)
            if shown >= wanted or size <= LOG_MIN_FONT:
                break
            size -= 1
        if not lines and self.log:  # the newest entry, even at the smallest font, is too long: its start
            entry, refused = self.log[-1]
            lines = [(x, refused, False) for x in self._wrapped(entry, size, width)[:rows]]
            lines[-1] = (lines[-1][0] + " …", refused, False)
        return size, lines

    def _wrapped(self, entry: str, size: int, width: int) -> list[str]:
        """`wrap` of a log entry at a font size, kept: each frame draws the same entries again;
        a round's line (`banners`) on one row, whatever its width (`_banner_image` fits it)."""
        key = (entry, size, width)
        if key not in self._wraps:
            whole = entry in self.banners
            self._wraps[key] = wrap(entry, font(size, bold=False), 1 << 20 if whole else width)
        return self._wraps[key]

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
        """Each fighter's name by its token, so the audience can follow the log: under it, else
        above it or moved aside (`name_places`), never over another fighter's disc, a floating
        label (`labels`: their boxes) nor another tag; with no such place the token keeps only
        the initials it carries, as on the match board."""
        size = max(11, int(self.tile * 0.30))
        shown = []
        for f in state.fighters.values():
            pose = pose_to_draw(queue, f)
            if pose is None or pose.alpha < 0.3:
                continue
            disc = pygame.Rect(int(self.origin[0] + pose.x * self.tile), int(self.origin[1] + pose.y * self.tile),
                               self.tile, self.tile)
            shown.append((f.sheet.name, text_surface(f.sheet.name, size, (255, 255, 255)), disc))
        places = name_places([(img.get_size(), disc) for _, img, disc in shown], labels, self.stage)
        for (name, img, _), at in zip(shown, places, strict=True):
            if at is not None:
                surface.blit(img, at)
                note_text("demo_name", at, size, self.stage, name)

    def obstacles(self) -> list[pygame.Rect]:
        """The boxes of the pillars and crates (the solid squares but walls) on the film's stage:
        the floating labels keep off them where a place allows (s51: the lava film's "Dead"
        covered the pillar at (8, 5)), as the board's do (`board_draw`)."""
        return self._boxes(lambda t: t.solid and t.name != "WALL")

    def deadly(self) -> list[pygame.Rect]:
        """The boxes of the dead squares (lava, acid, holes) on the film's stage: the rolls'
        lines and banners keep off them where a place allows, as on the board (`board_draw`)."""
        return self._boxes(lambda t: t.dead)

    def _boxes(self, kind: Callable[[Terrain], bool]) -> list[pygame.Rect]:
        """The boxes on the film's stage of the squares whose terrain is of that `kind`."""
        board, (ox, oy), tile = self.scenario.board, self.origin, self.tile
        boxes = (pygame.Rect(ox + x * tile, oy + y * tile, tile, tile) for x, y in board.squares()
                 if kind(board.terrain((x, y))))
        return [box for box in boxes if box.colliderect(self.stage)]

    # -- playing ---------------------------------------------------------------------

    def frames(self) -> Iterator[pygame.Surface]:
        """Every frame of the film, in order (the same Surface, redrawn each time)."""
        for _ in self.prepare():
            pass
        sc = self.scenario
        match = Match(sc.setup())
        self._turn_quiet = True
        clock = FakeClock()
        queue = AnimationQueue(clock=clock, lang=self.lang)
        queue.soft_clear = self.obstacles()  # labels keep off the pillars and crates, as on the board
        queue.stacks_clear = self.deadly()  # the rolls and banners off the lava too
        frame = self._canvas if self._canvas is not None else pygame.Surface(self.size)
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
                # worded as the match window's log words it ("Refused: Tarn's Course (run) — R4.4: …")
                self.log.append((describe(refused[0], self.names, self.lang, held_terms=True).strip(), True))
                self._turn_quiet = False  # the turn has a line: its end need not be told
                self.refused_marks = refusal_marks(action, refused[0], match.state)
                yield from hold(self.timing.refusal)
                self.refused_marks = None
                continue
            # (the event's place in `events`, its line): a line shows once the animation has
            # played its event (`AnimationQueue.reached`), never ahead of it — a death was told
            # while the dice still rolled, before the push was drawn
            lines = self._told_lines(events)
            self.banners.update(line for k, line in lines if events[k].type == "turn_started")
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

    def _told_lines(self, events: Sequence[Event]) -> list[tuple[int, str]]:
        """(each told event's place in `events`, its line): what `_worth_telling` keeps, and a
        turn's end when nothing was told since its round line (a turn of no action: "Oruk's turn
        ends" under "— Round 3: Oruk —", as the board's log has it)."""
        out = []
        for k, ev in enumerate(events):
            if (ev.type == "turn_ended" and self._turn_quiet and told(ev)) or self._worth_telling(ev):
                out.append((k, describe(ev, self.names, self.lang, held_terms=True).strip()))
                self._turn_quiet = ev.type == "turn_started"
        return out

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
