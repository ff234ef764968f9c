"""Fighter tokens: team colour + weapon glyph (or a plain disc without sprites), initials,
state marks (R5.2 fallen: tipped over; R10.1 asleep: "z"), the active fighter ringed, a PV bar.

    tokens = fighter_tokens(state)
    draw_fighters(surface, tokens, tile, book, origin=(0, 0), time_ms=0)
    token_image(token, tile, book)     one token's cached picture (the animation uses it too)
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arena_game.core.geometry import Square
from arena_game.core.kept import Kept
from arena_game.core.state import FighterState, MatchState
from arena_game.render import palette
from arena_game.render.sprites import TOKEN_PICTURES
from arena_game.render.text import INITIALS_AT, font, initials

if TYPE_CHECKING:
    from arena_game.render.sprites import SpriteBook


@dataclass(frozen=True)
class FighterToken:
    """What the board needs to draw one fighter."""

    square: Square
    name: str
    colour: str  # the team's colour
    family: str = "melee"  # weapon family: the glyph on the token
    status: str = "ok"  # "ok", "fallen" (R5.2) or "asleep" (R10.1), as `Fighter.status()`
    active: bool = False  # whose turn it is: ringed
    pv: float = 1.0  # fraction of PV left
    slot: int = 0  # the team's place in the match (0, 1…): its frame shape, a cue besides the colour


def team_slot(state: MatchState, team: str) -> int:
    """The team's place among the match's teams (its token frame: none, square, diamond, triangle)."""
    return list(state.teams).index(team)


def token_of(state: MatchState, f: FighterState) -> FighterToken:
    """The token of one fighter, standing where the state has it."""
    active = None if state.over or not state.order else state.active.id
    return FighterToken(square=f.position, name=f.sheet.name, colour=state.teams[f.team].colour,
                        family=f.sheet.weapon.family.value, status=f.status(), active=f.id == active,
                        pv=max(0.0, min(1.0, f.pv / max(1, f.sheet.pv))), slot=team_slot(state, f.team))


def fighter_tokens(state: MatchState) -> list[FighterToken]:
    """Tokens of the living fighters of a match, in sheet order."""
    return [token_of(state, f) for f in state.fighters.values() if f.alive]


_PLAIN: Kept[tuple[object, int], pygame.Surface] = Kept(TOKEN_PICTURES)  # pictures drawn without a sprite book


def token_image(tok: FighterToken, tile: int, book: SpriteBook | None) -> pygame.Surface:
    """A token's picture at `tile` px: the sprite (or a plain disc) with initials and marks,
    cached with the book that drew it (`SpriteBook.pictures`: a board view draws with a copy
    of its own, so a match's pictures go with its view), or here without a book."""
    pictures = book.pictures if book is not None else _PLAIN
    key = (FighterToken((0, 0), tok.name, tok.colour, tok.family, tok.status, tok.active, slot=tok.slot), tile)
    surf = pictures.get(key)
    if surf is None:
        surf = _sprite_token(tok, tile, book) if book is not None else _plain_token(tok, tile)
        if tok.status != "fallen":
            _team_frame(surf, tok.slot, tok.colour, tile)
        if book is not None:  # over the frame: a frame's edge would cut the first letter ("Or" read "Dr")
            surf.blit(initials(tok.name, tile), INITIALS_AT)
        if tok.status == "asleep":
            z = font(max(8, tile // 3), bold=True).render("z", True, palette.ASLEEP_MARK)
            surf.blit(z, (tile - z.get_width() - 1, 0))
        pictures.keep(key, surf)
    return surf


def _team_frame(surf: pygame.Surface, slot: int, colour: str, tile: int) -> None:
    """The second team cue (colour-blind players, grey print): the first team's tokens are round,
    the others' framed by a square, a diamond or a triangle, outlined in black."""
    if slot == 0:
        return
    m, t = max(1, tile // 16), max(2, tile // 14)
    n = tile - 1 - m
    c = tile // 2
    shapes = {1: [(m, m), (n, m), (n, n), (m, n)], 2: [(c, 0), (tile - 1, c), (c, tile - 1), (0, c)],
              3: [(c, 0), (tile - 1, n), (0, n)]}
    points = shapes.get(1 + (slot - 1) % 3, shapes[1])
    pygame.draw.polygon(surf, palette.BLACK, points, t + 2)
    pygame.draw.polygon(surf, pygame.Color(colour), points, t)


def _sprite_token(tok: FighterToken, tile: int, book: SpriteBook) -> pygame.Surface:
    surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
    img = book.token(tok.family, tok.colour, tile)
    if tok.status == "fallen":  # R5.2: tipped over
        img = pygame.transform.rotate(pygame.transform.smoothscale(img, (tile, tile * 2 // 3)), 90)
    surf.blit(img, img.get_rect(center=(tile // 2, tile // 2)))
    if tok.active:
        pygame.draw.circle(surf, palette.ACTIVE_RING, (tile // 2, tile // 2), tile // 2 - 1, max(2, tile // 14))
    return surf


def _plain_token(tok: FighterToken, tile: int) -> pygame.Surface:
    surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
    c = pygame.Color(tok.colour)
    centre = (tile // 2, tile // 2)
    if tok.status == "fallen":
        body = pygame.Rect(0, 0, int(tile * 0.8), int(tile * 0.45))
        body.center = centre
        pygame.draw.ellipse(surf, c, body)
        pygame.draw.ellipse(surf, palette.TOKEN_EDGE, body, max(1, tile // 16))
    else:
        radius = int(tile * 0.36)
        pygame.draw.circle(surf, c, centre, radius)
        pygame.draw.circle(surf, palette.ACTIVE_EDGE if tok.active else palette.TOKEN_EDGE, centre, radius, max(1, tile // 14))
    label = font(max(11, tile // 3), bold=True).render(tok.name[:2], True, palette.WHITE)
    if label.get_width() > tile - 2:  # on small squares, squeezed across rather than cut at the token's edges
        label = pygame.transform.smoothscale(label, (tile - 2, label.get_height()))
    surf.blit(label, label.get_rect(center=centre))
    return surf


def draw_fighters(surface: pygame.Surface, tokens: Iterable[FighterToken], tile: int, book: SpriteBook | None,
                  origin: tuple[int, int] = (0, 0), time_ms: int = 0) -> None:
    """Tokens on their squares, the active one in a pulsing ring (`time_ms`), with PV bars."""
    for tok in tokens:
        x, y = origin[0] + tok.square[0] * tile, origin[1] + tok.square[1] * tile
        surface.blit(token_image(tok, tile, book), (x, y))
        if tok.active:  # over the token: a team's square frame would hide a ring drawn under it
            pygame.draw.circle(surface, palette.ACTIVE_PULSE, (x + tile // 2, y + tile // 2), tile // 2, pulse(time_ms))
            if book is not None:  # the ring crosses the initials' corner: they stay on top
                surface.blit(initials(tok.name, tile), (x + INITIALS_AT[0], y + INITIALS_AT[1]))
        draw_pv_bar(surface, tok, (x, y), tile)


def pulse(time_ms: int) -> int:
    """The active fighter's ring's width (px) at `time_ms`: 2 to 4 and back in 0.8 s."""
    return 2 + int(2 * abs(((time_ms // 40) % 20) - 10) / 10)


def draw_pv_bar(surface: pygame.Surface, tok: FighterToken, at: tuple[int, int], tile: int) -> None:
    """The token's PV bar along the bottom of its square, whose top-left corner is `at`."""
    x, y = at
    bar = pygame.Rect(x + tile // 8, y + tile - max(3, tile // 9), int((tile - tile // 4) * tok.pv), max(2, tile // 12))
    pygame.draw.rect(surface, palette.PV_BACK, (x + tile // 8 - 1, bar.y - 1, tile - tile // 4 + 2, bar.h + 2))
    pygame.draw.rect(surface, palette.pv_colour(tok.pv), bar)


def draw_pv_bars_over(surface: pygame.Surface, tokens: Iterable[FighterToken], squares: Container[Square],
                      tile: int, origin: tuple[int, int] = (0, 0)) -> None:
    """The PV bars of the tokens on `squares` again, over the highlights drawn above the
    fighters there (a target's bold outline runs along the square's bottom edge, where the
    bar is: choosing whom to strike, the targets' PV would be hidden)."""
    for tok in tokens:
        if tok.square in squares:
            draw_pv_bar(surface, tok, (origin[0] + tok.square[0] * tile, origin[1] + tok.square[1] * tile), tile)


def reset_caches() -> None:
    """Forget the token pictures drawn without a sprite book (a pygame.quit() invalidates
    them; a book's go with the book)."""
    _PLAIN.clear()
