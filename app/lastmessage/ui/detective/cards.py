"""Board cards: each public board pre-rendered once, with its label strip.

Boards never change once public (they are erased before the detectives see
them), so a card is drawn once per board and size and then only blitted. The
cache key is a cheap fingerprint of the board, not the board itself: hashing
thousands of ink points every frame would cost more than the blit.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.i18n import Translator
from lastmessage.rules.board import Stroke, Word
from lastmessage.surface_cache import SurfaceCache
from lastmessage.rules.projections import FullBoard, PublicBoard
from lastmessage.ui import theme
from lastmessage.ui.board_draw import draw_board
from lastmessage.ui.detective.words import board_erased, board_round
from lastmessage.ui.detective.layout import LABEL
from lastmessage.ui.text import blit_text, fit_size
from lastmessage.ui.theme import Theme

PEN_WEIGHT = 1.6    # ink and words a little bolder than on the tablet: read from across a table
WORD_SCALE = 1.5
_cards: SurfaceCache[Hashable] = SurfaceCache("board cards", budget_mb=12)


def fingerprint(board: PublicBoard | FullBoard) -> Hashable:
    """Tells two boards apart without walking every ink point."""
    if isinstance(board, PublicBoard):
        strokes, words = board.strokes, board.words
    else:
        strokes = tuple(item for item in board.items if isinstance(item, Stroke))
        words = tuple(item for item in board.items if isinstance(item, Word))
    ends = tuple((s.points[0], s.points[-1], len(s.points)) for s in strokes[:8])
    return (type(board).__name__, board.round, board.erased, len(strokes), ends,
            tuple((w.cell, w.text) for w in words))


def _label(surface: pygame.Surface, t: Theme, tx: Translator, round_number: int, erased: int,
           accent: theme.Color) -> None:
    strip = pygame.Rect(0, 0, surface.get_width(), t.px(LABEL))
    left = blit_text(surface, board_round(tx, round_number), t.px(24), accent, bold=True,
                     midleft=(strip.x + t.px(2), strip.centery))
    erased_text = board_erased(tx, erased)
    room = strip.right - t.px(2) - left.right - t.px(12)
    blit_text(surface, erased_text, fit_size(erased_text, room, t.px(22)), theme.TEXT_DIM,
              midright=(strip.right - t.px(2), strip.centery))


def card(board: PublicBoard | FullBoard, side: int, t: Theme, tx: Translator, *,
         ghosts: bool = False) -> pygame.Surface:
    """The label strip and the board, `side` pixels wide; at the reveal (`ghosts`)
    the erased ink is drawn back in, in the ghost colour."""
    key = (fingerprint(board), side, t.height, ghosts, tx)
    cached = _cards.get(key)
    if cached is not None:
        return cached
    surface = pygame.Surface((side, side + t.px(LABEL)), pygame.SRCALPHA)
    _label(surface, t, tx, board.round, len(board.erased), theme.AMBER)
    rect = pygame.Rect(0, t.px(LABEL), side, side)
    grid = max(2, t.px(3))
    if isinstance(board, PublicBoard):
        draw_board(surface, rect, strokes=board.strokes, words=board.words,
                   erased=board.erased, grid_width=grid, pen_weight=PEN_WEIGHT,
                   word_scale=WORD_SCALE)
    else:
        strokes = [item for item in board.items if isinstance(item, Stroke)]
        words = [item for item in board.items if isinstance(item, Word)]
        visible = [piece for stroke in strokes for piece in stroke.clipped(board.erased)]
        draw_board(surface, rect, strokes=visible,
                   words=[w for w in words if w.cell not in board.erased],
                   erased=board.erased, ghost_strokes=strokes if ghosts else (),
                   ghost_words=words if ghosts else (), grid_width=grid,
                   pen_weight=PEN_WEIGHT, word_scale=WORD_SCALE)
    return _cards.put(key, surface)


def empty_slot(round_number: int, erase: int, side: int, t: Theme, tx: Translator, *, note: str = "",
               active: bool = False) -> pygame.Surface:
    """A board still to come: a dashed outline where it will land."""
    key = ("slot", round_number, erase, side, t.height, note, active, tx)
    cached = _cards.get(key)
    if cached is not None:
        return cached
    surface = pygame.Surface((side, side + t.px(LABEL)), pygame.SRCALPHA)
    accent = theme.AMBER if active else theme.TEXT_DIM
    _label(surface, t, tx, round_number, erase, accent)
    rect = pygame.Rect(0, t.px(LABEL), side, side)
    pygame.draw.rect(surface, theme.NIGHT_RAISED, rect, border_radius=t.px(10))
    dash, width = t.px(18), max(2, t.px(3))
    color = theme.AMBER if active else theme.NIGHT_LINE
    inner = rect.inflate(-width, -width)
    for start in range(0, inner.w, 2 * dash):
        end = min(inner.w, start + dash)
        for y in (inner.top, inner.bottom - 1):
            pygame.draw.line(surface, color, (inner.x + start, y), (inner.x + end, y), width)
    for start in range(0, inner.h, 2 * dash):
        end = min(inner.h, start + dash)
        for x in (inner.left, inner.right - 1):
            pygame.draw.line(surface, color, (x, inner.y + start), (x, inner.y + end), width)
    if note:
        size = fit_size(note, rect.w - t.px(24), t.px(26), bold=active)
        blit_text(surface, note, size, accent, bold=active, center=rect.center)
    return _cards.put(key, surface)
