"""The start screen: pick a map from maps/, the teams file and the seed, then play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import (
    UIButton,
    UIImage,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from arena_game.core.board import Board
from arena_game.formats.mapfile import load_map
from arena_game.formats.problems import FileProblem
from arena_game.resources import DEFAULT_MAP, data_dir, default_teams_path, shipped_maps
from arena_game.ui.board_view import draw_terrain, font, load_sprites
from arena_game.ui.hud import esc
from arena_game.ui.strings import text

if TYPE_CHECKING:
    from arena_game.ui.app import App


def team_files() -> list[Path]:
    """Shipped team files: the default pair first."""
    folder = data_dir() / "teams"
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    default = default_teams_path()
    return [default, *[f for f in files if f != default]]


class StartScreen:
    """A full-window panel with the map list (with a description of the selected map), teams and seed."""

    def __init__(self, app: App) -> None:
        self.app = app
        lang = app.lang
        w, h = app.screen.get_size()
        m = app.manager
        self.panel = UIPanel(pygame.Rect(0, 0, w, h), starting_height=8, manager=m, object_id=ObjectID("#start"))
        self.maps = shipped_maps()
        self.teams = team_files()
        col = min(360, (w - 80) // 3)
        right = w - (60 + 2 * col) - 20  # the third column: the selected map's preview
        UILabel(pygame.Rect(20, 14, w - 40, 40), text("start_title", lang), m, container=self.panel, object_id=ObjectID("#banner_text"))
        UILabel(pygame.Rect(20, 60, col, 24), text("start_map", lang), m, container=self.panel)
        names = [p.stem for p in self.maps]
        default = DEFAULT_MAP if DEFAULT_MAP in names else (names[0] if names else None)
        list_h = min(h - 200, 24 * len(names) + 40)
        self.map_list = UISelectionList(pygame.Rect(20, 86, col, list_h), names, m, container=self.panel,
                                        default_selection=default)
        UILabel(pygame.Rect(40 + col, 60, col, 24), text("start_teams", lang), m, container=self.panel)
        self.team_list = UISelectionList(pygame.Rect(40 + col, 86, col, 120), [p.stem for p in self.teams], m,
                                         container=self.panel, default_selection=self.teams[0].stem if self.teams else None)
        UILabel(pygame.Rect(40 + col, 216, 130, 30), text("start_seed", lang), m, container=self.panel)
        self.seed = UITextEntryLine(pygame.Rect(176 + col, 216, col - 136, 30), m, container=self.panel)
        self.seed.set_text("0")
        self.info = UITextBox("", pygame.Rect(40 + col, 256, col, min(h - 370, 240)), m, container=self.panel)
        self.preview_rect = pygame.Rect(60 + 2 * col, 86, right, h - 200)
        self.preview: UIImage | None = None
        self.go = UIButton(pygame.Rect(40 + col, h - 104, 160, 44), text("start_go", lang), m, container=self.panel)
        self.back = UIButton(pygame.Rect(40 + col + 170, h - 104, 160, 44), text("start_cancel", lang), m, container=self.panel)
        if app.ctrl is None:
            self.back.disable()
        self._shown: str | None = None
        self.show_info()

    def selected_map(self) -> str | None:
        """The map name picked in the list."""
        return self.map_list.get_single_selection()

    def show_info(self) -> None:
        """Name, size and description of the selected map."""
        name = self.selected_map()
        if name == self._shown:
            return
        self._shown = name
        if name is None:
            self.info.set_text("")
            return
        path = next(p for p in self.maps if p.stem == name)
        try:
            board = load_map(path)
        except FileProblem as e:
            self.info.set_text(f"<font color='#ff9a8a'>{esc(e.one_line())}</font>")
            return
        lab = " · labyrinthe" if board.labyrinth else ""
        self.info.set_text(f"<b>{esc(board.name)}</b><br>{board.width}×{board.height}{lab}<br><br>{esc(board.description)}")
        self.show_preview(board)

    def show_preview(self, board: Board) -> None:
        """The selected map drawn small with the shipped sprites, its spawns numbered."""
        if self.preview is not None:
            self.preview.kill()
            self.preview = None
        book = self.app.book or load_sprites()
        self.app.book = book
        r = self.preview_rect
        tile = max(4, min(r.w // board.width, r.h // board.height))
        surf = pygame.Surface((board.width * tile, board.height * tile)).convert()
        if book is not None:
            from arena_game.render.board import draw_board

            draw_board(surf, board, book, tile)  # type: ignore[arg-type]
        else:
            draw_terrain(surf, board, tile)
        f = font(max(9, tile // 2), bold=True)  # the window's font cache is reset with each window
        for slot, squares in board.spawns.items():
            label, shadow = f.render(slot, True, (255, 255, 255)), f.render(slot, True, (0, 0, 0))
            for sq in squares:
                at = label.get_rect(center=(sq[0] * tile + tile // 2, sq[1] * tile + tile // 2))
                surf.blit(shadow, at.move(1, 1))
                surf.blit(label, at)
        rect = surf.get_rect(midtop=r.midtop)
        self.preview = UIImage(rect, surf, self.app.manager, container=self.panel)

    def handle(self, event: pygame.event.Event) -> None:
        """Events while the start screen is up."""
        self.show_info()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.seed.is_focused:
            self.play()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.app.ctrl is not None:
            self.app.close_start_screen()

    def on_button(self, element: object) -> None:
        """Play or Back."""
        if element is self.go:
            self.play()
        elif element is self.back:
            self.app.close_start_screen()

    def play(self) -> None:
        """Start the picked match."""
        name = self.selected_map()
        if name is None:
            return
        path = next(p for p in self.maps if p.stem == name)
        team_name = self.team_list.get_single_selection()
        team = next((p for p in self.teams if p.stem == team_name), None)
        try:
            seed = int(self.seed.get_text() or "0")
        except ValueError:
            seed = 0
        self.app.new_match(str(path), str(team) if team else None, seed)

    def kill(self) -> None:
        """Remove the screen."""
        self.panel.kill()
