"""The start screen: pick a map from maps/, the teams file and the seed, then play."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from arena_game.core.board import Board
from arena_game.core.match import DICE_MODES, DiceMode
from arena_game.core.settings import DEFAULT_SETTINGS, RulesSettings
from arena_game.formats.house_rules import house_rules_files, load_house_rules
from arena_game.formats.mapfile import load_map, tiled_readers_made
from arena_game.formats.problems import FileProblem
from arena_game.formats.save import user_data_dir
from arena_game.formats.teamfile import load_teams
from arena_game.i18n import has, t
from arena_game.i18n.glosses import glossed, glosses
from arena_game.render.board import draw_board
from arena_game.render.text import draw_label, ui_scale, wrap_words
from arena_game.resources import DEFAULT_MAP, data_dir, default_teams_path, is_file, shipped_maps
from arena_game.ui import keys
from arena_game.ui.backdrop import VEIL_ALPHA, covering_container
from arena_game.ui.board_view import (
    canvas_due,
    font,
    load_sprites,
    screen_surface,
    warm_canvas,
    warm_terrain,
)
from arena_game.ui.controller import user_roster
from arena_game.ui.map_findings import ERROR_COLOUR, Answer, desk, findings_html
from arena_game.ui.panels_html import esc
from arena_game.ui.screens.base import BuiltOverFrames
from arena_game.ui.screens.roster_fields import (
    LIST_EDGE,
    LIST_ROW_IDS,
    pick_again,
    rows_fitted,
    show_picked,
)
from arena_game.ui.strings import text
from arena_game.ui.words_box import WordsBox, whole_rows_height

if TYPE_CHECKING:
    from arena_game.ui.app import App
    from arena_game.ui.screens.board import BoardScreen


# the modules of the panels this screen opens (R, E), imported a module a frame once it shows:
# imported in the frame of the key, they made it 4–13 ms longer
PANEL_MODULES = ("arena_game.ui.house_draft", "arena_game.ui.screens.house_rules", "arena_game.formats.roster",
                 "arena_game.formats.roster_shelf", "arena_game.ui.screens.roster_fields", "arena_game.ui.screens.roster")


def team_files(extra: Path | str | None = None) -> list[Path]:
    """Team files to pick from: the shipped default pair first, the other shipped files, then the
    user's roster files (the `--teams` file and the user data folder's `teams/`; R9.2 updates those)."""
    folder = data_dir() / "teams"
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    default = default_teams_path()
    user_folder = user_data_dir() / "teams"
    user = sorted(user_folder.glob("*.toml")) if user_folder.is_dir() else []
    out = [default, *[f for f in files if f != default]]
    for f in ([Path(extra)] if extra else []) + user:
        if f.resolve() not in {o.resolve() for o in out}:
            out.append(f)
    return out


def team_label(path: Path) -> str:
    """The list entry of a teams file: the names of its teams (what players know them by), a
    user's roster file followed by its file name; the file name alone when it cannot be read."""
    try:
        names = " · ".join(team.name for team in load_teams(path))
    except FileProblem:
        names = ""
    if user_roster(path) is None:
        return names or path.stem
    return f"{path.stem} — {names}" if names else path.stem


def team_gloss(path: Path, lang: str) -> str:
    """The English of a teams file's list entry, for the line under the list: its teams'
    names in English where the shipped data glosses them ("(Ember Lions · Onyx Vipers)"), as
    written where not; "" when none is glossed, and in French. The entry itself keeps the
    names alone: with their glosses (~560 px at 1280×720) they did not fit its row."""
    try:
        names = [team.name for team in load_teams(path)]
    except FileProblem:
        return ""
    english = [glossed(name, lang) for name in names]
    if english == names:
        return ""
    return "(" + " · ".join(glosses().get(name, name) for name in names) + ")"


def named_rules(settings: RulesSettings) -> str | None:
    """The name of the table's rules file that holds `settings`, None when none does."""
    for path in house_rules_files():
        try:
            if load_house_rules(path.stem) == settings:
                return path.stem
        except FileProblem:
            continue
    return None


def outside(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`rect` less `hole`: up to four rectangles (above, below, left, right of it)."""
    cut = rect.clip(hole)
    if not cut:
        return [rect]
    parts = [pygame.Rect(rect.x, rect.y, rect.w, cut.top - rect.top),
             pygame.Rect(rect.x, cut.bottom, rect.w, rect.bottom - cut.bottom),
             pygame.Rect(rect.x, cut.top, cut.left - rect.left, cut.h),
             pygame.Rect(cut.right, cut.top, rect.right - cut.right, cut.h)]
    return [p for p in parts if p.w > 0 and p.h > 0]


def list_item_height(manager: pygame_gui.UIManager) -> int:
    """A selection list's row height as the window's theme sets it (`app.scaled_theme`: grown
    with the window's text), pygame_gui's 20 px when the theme says nothing."""
    try:
        return int(str(manager.ui_theme.get_misc_data("list_item_height", ["selection_list"])))
    except (LookupError, ValueError, TypeError):
        return 20


def list_height(items: int, item: int, cap: int) -> int:
    """A selection list's height for `items` rows `item` px high: whole rows only (no part of a
    blank row under the last one), as many as it has but no more than `cap` px holds (then it
    scrolls), at least one."""
    return LIST_EDGE + max(1, min(items, (cap - LIST_EDGE) // item)) * item


def map_labels(paths: list[Path], lang: str, fits: Callable[[str], bool] = lambda _: True) -> list[str]:
    """The name each map gives itself (its file name when it cannot be read), made unique; a
    shipped map's French name with its English gloss in English where the list's row `fits`
    it (else the name alone: the description beside the list names it with its gloss)."""
    out: list[str] = []
    for p in paths:
        out.append(map_label(p, lang, out, fits))
    return out


def map_label(path: Path, lang: str, before: list[str], fits: Callable[[str], bool] = lambda _: True) -> str:
    """The label `map_labels` gives the map at `path`, the labels of the maps listed `before` it given."""
    try:
        own = load_map(path).name or path.stem
    except FileProblem:
        own = path.stem
    name = glossed(own, lang)
    name = name if fits(name) else own
    return f"{name} ({path.stem})" if name in before else name


def dice_label(mode: DiceMode, lang: str, fits: Callable[[str], bool] = lambda _: True) -> str:
    """The dice menu's words for `mode`, its shorter ones where the menu's row does not hold
    them (`fits`): pygame_gui's menu cuts a row's words, "…the computer rolls for t" at 800 px."""
    words = t(f"table.mode_{mode}", lang)
    short = f"table.mode_{mode}_short"
    return words if fits(words) or not has(short) else t(short, lang)


QUIET_BEFORE_MS = 6.0  # the most the frame before may have taken for one to draw a terrain ahead (`_quiet`)


class StartScreen(BuiltOverFrames):
    """A full-window panel over the board: on the left the map list, teams, seed, the map's
    description and the Play button; on the right the selected map's preview, as large as the
    window allows. Play starts the match on `board`; Back (Esc) returns to the match shown."""

    blank_while_building = True  # its panel made hidden; `draw` paints nothing till it shows

    def __init__(self, app: App, board: BoardScreen) -> None:
        super().__init__(app)
        self.board = board
        played = board.ctrl.setup if board.ctrl is not None else None
        self.offered_map = Path(played.map_path) if played and played.map_path else None
        # the shipped maps, and the match's own map file when it is none of them (a designer's,
        # `play MAP`): offered again, its findings shown
        self.maps = shipped_maps()
        if self.offered_map is not None and is_file(self.offered_map) \
                and self.offered_map.resolve() not in {p.resolve() for p in self.maps}:
            self.maps.append(self.offered_map)
        self.teams = team_files(board.teams_path)
        self.team_labels: list[str] = []  # what the lists show (each map's own name): read by `_build`
        self.team_shown: dict[str, str] = {}  # a label as the list shows it (cut to its width) → whole
        self.team_glosses: list[str] = []  # each teams file's names in English, under the list (`team_gloss`)
        self.team_gloss_box: UITextBox | None = None
        self._gloss_width, self._gloss_h = 0, 0  # the line's width and height as laid out
        self._team_rows = 0  # the rows the team list shows as laid out
        self._gloss_shown: str | None = None
        self.map_labels: list[str] = []
        self.panel: UIContainer | None = None
        # over a match (N, or New match once it is over): that match offered again, its map, seed,
        # dice and house rules picked, so that Play is the rematch the seed's help speaks of
        self.dice_mode: DiceMode = played.dice_mode if played else "computer"  # the switch: who rolls (issue 18)
        self.rules_name: str | None = None  # a house rules file by name, None for the standard readings
        self.offered_seed = played.seed if played else 0
        self._rules_played = played.settings if played and played.settings != DEFAULT_SETTINGS else None
        self.picked_teams: Path | None = None  # the teams file to select (the roster editor's last one)
        self.editing_rules = False  # the house rules panel is open over this screen
        self.editing_teams = False  # the roster editor is open over this screen
        self._shown: Path | None = None  # the map the info and preview show
        self._info_words = ""  # the map's info as shown before its findings (`show_findings`)
        self.findings: Answer | None = None  # `check`'s findings about the map shown, once worked out
        self._findings_due: Board | None = None  # the map whose findings are to show (then its preview)
        self.preview: tuple[pygame.Surface, pygame.Rect] | None = None  # the map's picture, where it goes
        self._to_import = [name for name in PANEL_MODULES if name not in sys.modules]
        self._to_warm: Board | None = None  # the map shown, its terrain to draw ahead for Play
        self._preview_due: Board | None = None  # the map whose preview `_build` draws in a frame of its own

    def update(self, dt_ms: int) -> None:
        """The next part while it is made; then the map's findings once the worker has them (and its
        preview in the next frame); in a quiet frame, the offered map's terrain as a match on it
        opens (`warm_terrain`: first, Play may come soon); then the panels' modules, one a frame."""
        super().update(dt_ms)
        if self._building is None and self._findings_due is not None and self.findings is not None \
                and self.findings.ready and self.show_findings():
            pass  # the info laid out again: that frame's room taken
        elif self._building is None and self._preview_due is not None:  # the info grew: a frame of its own
            board, self._preview_due = self._preview_due, None
            self.show_preview(board)
        elif self._building is None and self._to_warm is not None and self._quiet():
            board, self._to_warm = self._to_warm, None  # ~3.5 ms at 1920×1080, not in the frame of Play
            warm_terrain(board, self.board.viewport, self.board.book)
        elif self._building is None and canvas_due() and self._quiet():
            warm_canvas()
        elif self._building is None and self._to_import:
            importlib.import_module(self._to_import.pop(0))

    def _quiet(self) -> bool:
        """A frame with room for a few ms more: no key nor click in it, and the frame before it
        light (not the one the panel was shown whole in, which drew all its widgets)."""
        frames = self.app.meter.frames
        return self.app.meter.tags <= {"hover"} and bool(frames) and frames[-1][0] <= QUIET_BEFORE_MS

    def _build(self) -> Iterator[bool]:
        """The panel's widgets for the window's size, a group a frame from the one after
        `enter` (all in one frame they took 70–140 ms at 1920×1080: the match kept playing
        under a frozen window)."""
        lang, m = self.lang, self.app.manager
        w, h = self.app.screen.get_size()
        yield False  # from the frame after the key's (that one may have imported this module)
        self.panel = covering_container(m, (w, h), 8, ObjectID("#start"), visible=False)
        yield False
        self.team_labels = [team_label(p) for p in self.teams]  # the team files read: a frame of their own
        yield False
        self.team_glosses = [team_gloss(p, lang) for p in self.teams]
        k = ui_scale((w, h))  # the theme's fonts grow with the window: so do the rows
        pad, gap = 24, 12
        lab, line = round(26 * k), round(32 * k)
        item = list_item_height(m)  # a list's row: the lists hold whole rows (an empty half-row under the maps)
        col = max(300, min(round(440 * k), w * 3 // 10))  # the controls' column
        UILabel(pygame.Rect(pad, 12, w - 2 * pad, round(44 * k)), text("start_title", lang), m, container=self.panel,
                object_id=ObjectID("#banner_text"))
        y = 20 + round(44 * k)
        row_font = m.ui_theme.get_font(LIST_ROW_IDS)  # a row's words never cut (its scroll bar beside it)
        yield False
        for _ in tiled_readers_made():  # what the board's quiet frames have not made of the Tiled
            yield False  # loader, a part a frame (all in the maps' frame: ~30 ms, s56)
        # the map files read, one a frame (all in one: 12-18 ms at 1920×1080 at the session's first opening)
        read: list[str] = []
        for path in self.maps:
            read.append(map_label(path, lang, read, lambda words: row_font.size(words)[0] <= col - round(30 * k)))
            yield False
        self.map_labels = read
        names = list(self.map_labels)
        stems = [p.stem for p in self.maps]
        default = names[stems.index(DEFAULT_MAP)] if DEFAULT_MAP in stems else (names[0] if names else None)
        if self.offered_map is not None:  # the map of the match shown, when it is one of the list's
            offered = [i for i, p in enumerate(self.maps) if p.resolve() == self.offered_map.resolve()]
            default = names[offered[0]] if offered else default
        UILabel(pygame.Rect(pad, y, col, lab), text("start_map", lang), m, container=self.panel, object_id=ObjectID("#start_label"))
        y += lab + 2
        yield False
        list_h = list_height(len(names), item, h // 3)
        teams_h = list_height(len(self.teams), item, h // 6)  # one file: one row, no empty one under it
        self._team_rows = (teams_h - LIST_EDGE) // item
        help_words = text("start_seed_help", lang)  # tall enough for all its lines: no scroll bar
        small = font(round(13 * k))
        help_h = round(small.get_linesize() * 1.2 * len(wrap_words(help_words, small, col - 24))) + 14
        self._gloss_width = col
        gloss_h = self._gloss_h = self._gloss_height(self.team_glosses)
        go_h = round(46 * k)
        # a low window: the maps' list shorter (it scrolls), then Play and Back under the map's
        # description on the right, so that no control goes under another or off the window
        # the foot of the column's last control (the house rules' button), as laid out below
        foot = (y + list_h + gap + lab + 2 + teams_h + gloss_h + gap + line + 2 + help_h + gap
                + 2 * (line + gap) + line)
        over = foot + gap + go_h + pad - h  # Play and Back under it
        if over > 0 and over <= list_h - min(list_h, 3 * item + LIST_EDGE):
            shown = LIST_EDGE + (list_h - over - LIST_EDGE) // item * item  # whole rows, none cut at the foot
            list_h, over = shown, 0
        buttons_right = over > 0
        if buttons_right:  # Play and Back at the right column's foot: the maps keep the column's room
            # (at 800 × 560 the list showed 3 of its 6 maps over 80 px of bare column, s50)
            over = foot + pad - h
            if over > 0:
                shorter = min(over, list_h - min(list_h, 3 * item + LIST_EDGE))
                list_h = LIST_EDGE + (list_h - shorter - LIST_EDGE) // item * item
        map_items: list[str | tuple[str, str]] = list(names)
        self.map_list = UISelectionList(pygame.Rect(pad, y, col, list_h), map_items, m, container=self.panel,
                                        default_selection=default)
        show_picked(self.map_list)  # a map of one's own comes last: in view at any size
        yield False
        y += list_h + gap
        edit_words = text("start_edit_teams", lang)  # the roster editor (issue 18): its words never cut
        split = min(col // 2, col - font(round(14 * k)).size(edit_words)[0] - round(24 * k))
        UILabel(pygame.Rect(pad, y, split, lab), text("start_teams", lang), m, container=self.panel, object_id=ObjectID("#start_label"))
        self.edit_teams = UIButton(pygame.Rect(pad + split, y, col - split, lab), edit_words, m, container=self.panel)
        y += lab + 2
        self._team_list_rect = pygame.Rect(pad, y, col, teams_h)
        self._make_team_list()
        y += teams_h
        self.team_gloss_box = None
        if gloss_h:
            self.team_gloss_box = WordsBox("", pygame.Rect(pad, y, col, gloss_h), m, container=self.panel,
                                            object_id=ObjectID("#start_help"))
            y += gloss_h
        self._gloss_shown = None
        self.show_team_gloss()
        yield False
        y += gap
        seed_label = text("start_seed", lang)
        label_w = font(round(16 * k), bold=True).size(seed_label)[0] + 20  # the label's own width: never cut
        UILabel(pygame.Rect(pad, y, label_w, line), seed_label, m, container=self.panel, object_id=ObjectID("#start_label"))
        self.seed = UITextEntryLine(pygame.Rect(pad + label_w + 8, y, col - label_w - 8, line), m, container=self.panel)
        self.seed.set_text(str(self.offered_seed))
        y += line + 2
        self.seed_help = WordsBox(esc(help_words), pygame.Rect(pad, y, col, help_h), m,
                                   container=self.panel, object_id=ObjectID("#start_help"))
        y += help_h + gap
        self.dice_labels = {dice_label(mode, lang, lambda words: row_font.size(words)[0] <= col - round(34 * k)): mode
                            for mode in DICE_MODES}
        labels: list[str | tuple[str, str]] = list(self.dice_labels)
        self.dice = UIDropDownMenu(labels, list(self.dice_labels)[DICE_MODES.index(self.dice_mode)],
                                   pygame.Rect(pad, y, col, line), m, container=self.panel)
        yield False
        y += line + gap
        self._rules_rect = pygame.Rect(pad, y, col, line)
        if self._rules_played is not None:  # the match's house rules: the file that holds them, if one does
            self.rules_name = named_rules(self._rules_played)
            self._rules_played = None  # once: a layout made again keeps what the player picked since
        self._make_rules()
        y += line + gap
        edit = t("house_ui.open", lang)  # the house rules panel: edit the Readings, save them by name
        self.edit_rules = UIButton(pygame.Rect(pad, y, col, line), edit, m, container=self.panel)
        left = pad + col + 2 * pad  # the right column's left edge
        buttons_y = h - pad - go_h
        half = (col - gap) // 2
        go_x = w - pad - col if buttons_right else pad  # low window: at the right column's foot
        self.go = UIButton(pygame.Rect(go_x, buttons_y, half, go_h), text("start_go", lang), m,
                           container=self.panel, object_id=ObjectID("#start_go"))
        self.back = UIButton(pygame.Rect(go_x + half + gap, buttons_y, col - half - gap, go_h),
                             text("start_cancel", lang), m, container=self.panel)
        yield False
        # right of the controls: the map's preview, and under it what the map is (its name,
        # size, what its numbers mean, its description), never behind a scroll bar
        info_h = round(104 * k)  # till the map's text is known (`_fit_info`)
        top = 20 + round(44 * k)
        info_bottom = buttons_y - gap if buttons_right else h - pad
        self._info_room = pygame.Rect(left, top, w - left - pad, info_bottom - top)  # the preview and the info
        self._info_gap = gap
        self.info = WordsBox("", pygame.Rect(left, info_bottom - info_h, w - left - pad, info_h), m, container=self.panel,
                              object_id=ObjectID("#start_info"))
        self.preview_rect = pygame.Rect(left, top, w - left - pad, info_bottom - info_h - gap - top)
        self.preview = None
        if self.board.ctrl is None:
            self.back.disable()
        self._shown = None
        yield False
        self.show_info(preview=False)  # the map's info, then its preview in a frame of its own (21 ms in one)
        yield False
        if self._preview_due is not None:
            self.show_preview(self._preview_due)
            self._preview_due = None
        yield False
        if self._to_warm is not None:  # the offered map's terrain for Play, in a frame of its own: the
            board, self._to_warm = self._to_warm, None  # frames after it is shown may never be quiet
            warm_terrain(board, self.board.viewport, self.board.book)
        yield False
        warm_canvas()  # its copy for the highlights, in a frame of its own
        yield False
        yield True  # then shown whole (`update`)

    def _make_team_list(self) -> None:
        """The list of teams files, the picked one (else the first) selected."""
        assert self.panel is not None
        picked = self.picked_teams if self.picked_teams in self.teams else (self.teams[0] if self.teams else None)
        shown = rows_fitted(self.app.manager, self._team_list_rect.w, self.team_labels)  # as the roster editor's
        if len(set(shown)) < len(shown):  # two cut alike: whole, for the player to tell apart
            shown = list(self.team_labels)
        self.team_shown = dict(zip(shown, self.team_labels, strict=True))
        items: list[str | tuple[str, str]] = list(shown)  # a user's file name before long team names ran past the edge
        self.team_list = UISelectionList(self._team_list_rect, items, self.app.manager, container=self.panel,
                                         default_selection=shown[self.teams.index(picked)] if picked else None)
        show_picked(self.team_list)

    def picked_team_label(self) -> str | None:
        """The whole label of the teams file picked in the list (which may show it cut)."""
        picked = self.team_list.get_single_selection()
        return self.team_shown.get(picked, picked) if isinstance(picked, str) else None

    def _fit_team_list(self) -> None:
        """The team list's room made as tall as its files now need (`list_height`: a second
        file, a second row rather than one row that scrolls), the widgets under it in the
        column moved by as much; kept as it is when the column has no room left for it (the
        list scrolls). Nothing is made again: the map picked and the seed typed stay."""
        assert self.panel is not None
        rect, item = self._team_list_rect, list_item_height(self.app.manager)
        want = list_height(len(self.teams), item, self.app.screen.get_height() // 6)
        delta = want - rect.h
        if delta == 0:
            return
        fixed = (self.go, self.back, self.team_list)
        under = [(el, el.get_relative_rect()) for el in self.panel.elements if el not in fixed]
        under = [(el, at) for el, at in under if at.top >= rect.bottom and at.left < rect.right]
        floor = self.app.screen.get_height() - 24  # the panel's foot (`_build`'s pad), or Play's top in the column
        if self.go.get_relative_rect().left < rect.right:
            floor = int(self.go.get_relative_rect().top) - 12
        if delta > 0 and max((at.bottom for _, at in under), default=rect.bottom) + delta > floor:
            return
        for el, at in under:
            el.set_relative_position((at.x, at.y + delta))
        self._rules_rect.y += delta  # where the rules' menu is made again (`_make_rules`)
        rect.h = want
        self._team_rows = (want - LIST_EDGE) // item

    def _gloss_height(self, glosses_: list[str]) -> int:
        """The line under the team list: the picked teams' English (the row holds the French
        names only) in the help's smaller font, as tall as the longest needs (nothing moves
        when another file is picked); 0 when no file has any."""
        small = font(round(13 * ui_scale(self.app.screen.get_size())))
        lines = max((len(wrap_words(g, small, self._gloss_width - 24)) for g in glosses_ if g), default=0)
        return round(small.get_linesize() * 1.2 * lines) + 6 if lines else 0

    def show_team_gloss(self) -> None:
        """The picked teams file's names in English under the list (`team_gloss`), if any."""
        if self.team_gloss_box is None:
            return
        picked = self.picked_team_label()
        words = next((g for label, g in zip(self.team_labels, self.team_glosses, strict=True) if label == picked), "")
        if words != self._gloss_shown:
            self._gloss_shown = words
            self.team_gloss_box.set_text(esc(words))

    def _make_rules(self) -> None:
        """House rules (issue 18): the standard readings, or a rules file the table saved by name."""
        lang = self.lang
        self.rules_labels = {t("table.rules_default", lang): None,
                             **{t("table.rules_named", lang, name=p.stem): p.stem for p in house_rules_files()}}
        items: list[str | tuple[str, str]] = list(self.rules_labels)
        self.rules = UIDropDownMenu(items, next(k for k, v in self.rules_labels.items() if v == self.rules_name),
                                    self._rules_rect, self.app.manager, container=self.panel)

    def _cover(self) -> None:
        """A panel covering the window opens over this screen: its widgets are hidden, kept as
        they are for its return (made again, they took ~50 ms in one frame)."""
        if self.panel is not None and self._building is None:
            self.panel.hide()
        else:
            self.leave()

    def _uncover(self, remake: Callable[[], None] | None) -> None:
        """Back from the panel over it: shown again, with `remake` done first (a widget whose
        choices changed, made again hidden), or laid out anew if it was not kept."""
        if self.panel is None or self._building is not None:
            self.relayout(self.app.screen.get_size())
            return
        if remake is not None:
            remake()
        self.panel.show()

    def selected_map(self) -> str | None:
        """The map name picked in the list (its file's stem)."""
        path = self.selected_path()
        return path.stem if path is not None else None

    def selected_path(self) -> Path | None:
        """The map file picked in the list."""
        picked = self.map_list.get_single_selection()
        if not isinstance(picked, str) or picked not in self.map_labels:  # the list holds plain names, never tuples
            return None
        return self.maps[self.map_labels.index(picked)]

    def show_info(self, preview: bool = True) -> None:
        """Name, size and description of the selected map, and its preview (unless not
        `preview`: then `_preview_due` holds the map to draw it from)."""
        path = self.selected_path()
        if path == self._shown:
            return
        self._shown = path
        self.findings, self._findings_due = None, None
        if path is None:
            self._fit_info("")
            return
        try:
            board = load_map(path)
        except FileProblem as e:
            self._fit_info(f"<font color='{ERROR_COLOUR}'>{esc(e.in_language(self.lang))}</font>")
            return
        lab = " · " + text("start_labyrinth", self.lang) if board.labyrinth else ""
        spawns = " · " + text("start_spawns", self.lang) if board.spawns else ""
        self._info_words = (f"<b>{esc(glossed(board.name, self.lang))}</b>   {board.width}×{board.height}{lab}{esc(spawns)}"
                            f"<br>{esc(board.description_in(self.lang))}")
        self._fit_info(self._info_words)
        self.findings = desk().ask_file(path)  # worked out off the frame: shown once known (`update`)
        self._findings_due = board
        if preview:
            self.show_preview(board)
        else:
            self._preview_due = board
        self._to_warm = board

    def show_findings(self) -> bool:
        """`check`'s findings about the map shown, under its description, once the worker has
        them; its preview drawn again in the next frame when the info grew (the preview takes
        the room above it). A map without any is left as it is shown. True when laid out again."""
        answer, board = self.findings, self._findings_due
        assert answer is not None and board is not None
        self._findings_due = None
        found = findings_html(answer.findings, self.lang)
        if not found:
            return False
        self._fit_info(f"{self._info_words}<br>{found}")
        if self.preview is not None:
            self._preview_due = board
        return True

    def _fit_info(self, words: str) -> None:
        """The map's info box as tall as its text, at least two lines, at most a third of the
        right column (a longer one scrolls); the preview takes the rest above it (a 104 px box
        held two lines and left the map smaller)."""
        room = self._info_room
        probe = WordsBox(words or " ", pygame.Rect(0, 0, room.w, -1), self.app.manager, object_id=ObjectID("#start_info"))
        k = ui_scale(self.app.screen.get_size())  # laid out as pygame_gui lays it out, padding and all
        tall = max(round(52 * k), whole_rows_height(probe, room.h // 3))  # a longer one scrolls: whole rows
        probe.kill()
        self.info.set_dimensions((room.w, tall))
        self.info.set_relative_position((room.left, room.bottom - tall))
        self.info.set_text(words)
        self.preview_rect = pygame.Rect(room.left, room.top, room.w, room.h - tall - self._info_gap)

    def show_preview(self, board: Board) -> None:
        """The selected map drawn small with the shipped sprites, its spawns numbered (drawn
        by `draw`: a pygame_gui image copies and converts it, ~7 ms)."""
        self.preview = None
        book = self.board.book or load_sprites()
        self.board.book = book
        r = self.preview_rect
        tile = max(4, min(r.w // board.width, r.h // board.height))
        surf = screen_surface((board.width * tile, board.height * tile))
        draw_board(surf, board, book, tile, grid=False)
        for slot, squares in board.spawns.items():
            for sq in squares:
                draw_label(surf, sq, slot, tile, size=max(11, tile // 2))
        self.preview = (surf, surf.get_rect(center=r.center))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel and its widgets, and the map's preview (once they are all made)."""
        if self._building is None:
            super().draw(surface)
            if self.preview is not None:
                self.draw_preview(surface)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """The map's preview over the panel; under a dialog's window (a refused file's message)
        only beside that window, dimmed as its veil dims the rest (it was drawn over the window)."""
        assert self.preview is not None
        image, at = self.preview
        windows = [w for w in (getattr(s, "window", None) for s in self.above()) if w is not None and w.alive() and w.visible]
        window = windows[-1] if windows else None
        if window is None:
            surface.blit(image, at)
            return
        keep = 255 - VEIL_ALPHA  # what the veil's black leaves of each colour
        shadow = int(getattr(window, "shadow_width", 0))  # the window's rect holds its shadow: the map goes up to its edge
        for part in outside(at, window.rect.inflate(-2 * shadow, -2 * shadow)):
            surface.blit(image, part, part.move(-at.x, -at.y))
            surface.fill((keep, keep, keep), part, special_flags=pygame.BLEND_MULT)

    def leave(self) -> None:
        self._building = None
        self.preview = None
        if self.panel is not None:
            self.panel.kill()
            self.panel = None

    def relayout(self, size: tuple[int, int]) -> None:
        self.leave()
        self._shown = None
        if not (self.editing_rules or self.editing_teams):  # under a panel: laid out when it closes
            self.build_now()  # the screens under it never show between two layouts

    def handle(self, event: pygame.event.Event) -> None:
        """Play (the button, Enter), Back (the button, Esc, when a match is shown)."""
        if self._building is not None:  # its widgets are still being made: only Esc counts
            if event.type == pygame.KEYDOWN and keys.command(pygame.key.name(event.key), ("start",)) == "back":
                self.step_back()
            return
        self.widgets_see(event)
        if event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and event.ui_element in (self.map_list, self.team_list):
            pick_again(event.ui_element, event.text)
        self.show_info()
        self.show_team_gloss()
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.dice:
            self.dice_mode = self.dice_labels.get(event.text, "computer")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.rules:
            self.rules_name = self.rules_labels.get(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.go:
                self.play()
            elif event.ui_element is self.back:
                self.close()
            elif event.ui_element is self.edit_teams:
                self.open_roster()
            elif event.ui_element is self.edit_rules:
                self.open_house_rules()
        elif event.type == pygame.KEYDOWN:
            command = keys.command(pygame.key.name(event.key), ("start",))
            if command == "back" and self.seed.is_focused:
                self.app.manager.set_focus_set(None)  # one step back: out of the seed field
            elif command == "back":
                self.step_back()
            elif self.seed.is_focused:
                return  # typing a seed
            elif command == "confirm":
                self.play()
            elif command == "house_rules":
                self.open_house_rules()
            elif command == "edit_teams":
                self.open_roster()

    def step_back(self) -> None:
        """Esc: back to the match shown; with none (the window's first screen), out of the window."""
        if self.board.ctrl is not None:
            self.close()
        else:
            self.app.quit()

    def open_roster(self) -> None:
        """The roster editor over this screen; back here, its last file is offered picked."""
        from arena_game.ui.screens.roster import RosterScreen

        self.editing_teams = True  # this screen stays shown till the editor is made (`_cover`)
        self.app.push(RosterScreen(self.app, on_close=self.roster_closed, covered=self._cover))

    def roster_closed(self, shown: Path | None) -> None:
        """Back from the roster editor: the teams files read again, the one edited picked."""
        teams = team_files(self.board.teams_path)
        labels = [team_label(p) for p in teams]
        glosses_ = [team_gloss(p, self.lang) for p in teams]
        same = (teams, labels) == (self.teams, self.team_labels) and (shown is None or shown == self.picked_teams)
        # a file's English needs more (or less) room under the list than it has: laid out anew
        relay = self.panel is not None and self._gloss_height(glosses_) != self._gloss_h
        self.teams, self.team_labels, self.team_glosses, self.picked_teams = teams, labels, glosses_, shown
        self.editing_teams = False

        def remake() -> None:
            self.team_list.kill()
            self._fit_team_list()
            self._make_team_list()
            self._gloss_shown = None
            self.show_team_gloss()
        if relay:
            self.relayout(self.app.screen.get_size())
            return
        self._uncover(None if same else remake)

    def open_house_rules(self) -> None:
        """The house rules panel (issue 18), the rules file picked here opened in it."""
        from arena_game.ui.screens.house_rules import HouseRulesScreen

        self.editing_rules = True  # this screen stays shown till the panel is made (`_cover`)
        self.app.push(HouseRulesScreen(self.app, self.rules_name, self.house_rules_closed, self._cover))

    def house_rules_closed(self, saved: str | None) -> None:
        """Back from the panel: the file saved last is offered and picked."""
        self.editing_rules = False
        if saved is not None:
            self.rules_name = saved

        def remake() -> None:  # the files may have changed in the panel (a few ms)
            self.rules.kill()
            self._make_rules()
        self._uncover(remake)

    def play(self) -> None:
        """Start the picked match."""
        path = self.selected_path()
        if path is None:
            return
        picked = self.picked_team_label()
        team = next((p for p, label in zip(self.teams, self.team_labels, strict=True) if label == picked), None)
        try:
            seed = int(self.seed.get_text() or "0")
        except ValueError:
            seed = 0
        try:
            settings = load_house_rules(self.rules_name) if self.rules_name else DEFAULT_SETTINGS
        except FileProblem as e:
            self.board.show_problem(e.in_language(self.lang))
            return
        if self.board.new_match(str(path), str(team) if team else None, seed, self.dice_mode, settings):
            self.close()
