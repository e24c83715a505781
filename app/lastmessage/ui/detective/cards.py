"""Board cards: each public board pre-rendered once, with its label strip.

Boards never change once public (they are erased before the detectives see
them), so a card is drawn once per board and size and then only blitted. The
cache key is a cheap fingerprint of the board, not the board itself: hashing
thousands of ink points every frame would cost more than the blit.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.rules.board import Stroke, Word
from lastmessage.scenes.surface_cache import SurfaceCache
from lastmessage.rules.projections import FullBoard, PublicBoard
from lastmessage.ui import theme
from lastmessage.ui.board_draw import draw_board
from lastmessage.ui.detective.words import board_erased, board_round, board_to_erase
from lastmessage.ui.detective.layout import LABEL, MIN_TEXT, SMALL_LABEL
from lastmessage.ui.text import blit_text, drawable, fit_line, fit_lines, fits, wrap
from lastmessage.ui.theme import Theme, font

FOCUS = 1.6          # pen weight of the board in focus: read from a sofa
SMALL = 2.0          # of a small card: ink stays visible on a third of the size
MIN_WORD = 48        # design pixels: typed words on the board in focus are never smaller
SMALL_MIN_WORD = 16  # design pixels: nor on a small card (a thumbnail: the detectives bring it up big)
_cards: SurfaceCache[Hashable] = SurfaceCache("board cards", budget_mb=24)

Result = tuple[str, theme.Color]
"""What became of a finished round (`words.round_result`) and its colour."""


def fingerprint(board: PublicBoard | FullBoard) -> Hashable:
    """Tells two boards apart without walking every ink point."""
    if isinstance(board, PublicBoard):
        strokes, words = board.strokes, board.words
    else:
        strokes = tuple(item for item in board.items if isinstance(item, Stroke))
        words = tuple(item for item in board.items if isinstance(item, Word))
    ends = tuple((s.points[0], s.points[-1], len(s.points)) for s in strokes[:8])
    return (type(board).__name__, board.round, board.erased, len(strokes), ends, words)


def _label(surface: pygame.Surface, t: Theme, tx: Translator, round_number: int, count: str,
           accent: theme.Color, small: bool, result: Result | None) -> int:
    """The strip above a board; returns its height. The board in focus has one
    line (its round, and what became of it or how many squares were, or will
    be, erased: `count`); a small card has the two on two lines. A detail too
    long for its place (an accused person's whole description, in Romanian
    above all) goes on lines of its own below, wrapped by words, never cut."""
    least = t.px(MIN_TEXT)
    detail, color = result if result is not None else (count, theme.TEXT_DIM)
    bold = result is not None
    width = surface.get_width()
    title = board_round(tx, round_number)
    if small:
        line = t.px(SMALL_LABEL) // 2
        text, size = fit_line(title, width, least, least, bold=True)
        blit_text(surface, text, size, accent, bold=True, midleft=(0, line // 2 + t.px(2)))
        if fits(detail, width, least, bold):
            blit_text(surface, detail, least, color, bold=bold, midleft=(0, line + line // 2 - t.px(4)))
            return t.px(SMALL_LABEL)
        return max(2 * line, _lines_below(surface, detail, least, color, bold, line - t.px(2), least) + t.px(4))
    strip = pygame.Rect(0, 0, width, t.px(LABEL))
    left = blit_text(surface, title, t.px(34), accent, bold=True, midleft=(t.px(2), strip.centery))
    room = strip.right - t.px(2) - left.right - t.px(16)
    text, size = fit_line(detail, room, t.px(32), least, bold=bold)
    if text == drawable(detail):
        blit_text(surface, text, size, color, bold=bold, midright=(strip.right - t.px(2), strip.centery))
        return strip.h
    return _lines_below(surface, detail, t.px(32), color, bold, strip.h - t.px(6), least) + t.px(6)


def fits_strip(t: Theme, tx: Translator, round_number: int, detail: str, width: int) -> bool:
    """Whether `detail` goes on the big board's label strip beside its round, on one line,
    at a legible size (not shrunk under MIN_TEXT, not cut)."""
    title = font(t.px(34), True).size(board_round(tx, round_number))[0]
    room = width - 2 * t.px(2) - title - t.px(16)
    text, _size = fit_line(detail, room, t.px(32), t.px(MIN_TEXT), bold=True)
    return text == drawable(detail)


def _lines_below(surface: pygame.Surface, text: str, size: int, color: theme.Color, bold: bool, top: int,
                 least: int) -> int:
    """`text` wrapped across the card from `top`, left-aligned; returns the y below its last line."""
    lines, size = fit_lines(text, surface.get_width() - 4, size, least, max_lines=3, bold=bold)
    step = font(size, bold).get_linesize()
    for number, line in enumerate(lines):
        blit_text(surface, line, size, color, bold=bold, topleft=(0, top + number * step))
    return top + step * len(lines)


def style(small: bool) -> float:
    """The pen weight of a board on a card. (Typed words are written at one size
    relative to the board, `rules.board.WORD_SIZE`, which keeps them over the
    floors: MIN_WORD on the board in focus, SMALL_MIN_WORD on a small card.)"""
    return SMALL if small else FOCUS


def _board_rect(side: int, top: int, t: Theme, small: bool) -> pygame.Rect:
    """The board under a label `top` pixels tall: a taller label, a smaller board."""
    board_side = side - max(0, top - t.px(SMALL_LABEL if small else LABEL))
    return pygame.Rect((side - board_side) // 2, top, board_side, board_side)


_board_rects: dict[Hashable, pygame.Rect] = {}


def board_in_card(board: PublicBoard | FullBoard, side: int, t: Theme, tx: Translator, *, small: bool,
                  result: Result | None = None) -> pygame.Rect:
    """Where `card` puts the board itself, relative to the card's corner (what is
    drawn over a board later, the reveal's replay, must land exactly on it)."""
    key = (board.round, len(board.erased), side, t.height, small, result, tx)
    found = _board_rects.get(key)
    if found is None:
        scratch = pygame.Surface((side, side + t.px(SMALL_LABEL if small else LABEL)), pygame.SRCALPHA)
        top = _label(scratch, t, tx, board.round, board_erased(tx, len(board.erased)), theme.AMBER, small, result)
        found = _board_rect(side, top, t, small)
        if len(_board_rects) >= 256:
            _board_rects.clear()
        _board_rects[key] = found
    return found.copy()


def card(board: PublicBoard | FullBoard, side: int, t: Theme, tx: Translator, *, small: bool,
         result: Result | None = None, ghosts: bool = False, redacted: bool = True) -> pygame.Surface:
    """The label strip and the board, `side` pixels wide; at the reveal (`ghosts`)
    the erased ink is drawn back in, in the ghost colour. A board just made
    public is first shown with its erased squares blank (not `redacted`), to be
    struck out one by one."""
    key = (fingerprint(board), side, t.height, small, result, ghosts, redacted, tx)
    cached = _cards.get(key)
    if cached is not None:
        return cached
    surface = pygame.Surface((side, side + t.px(SMALL_LABEL if small else LABEL)), pygame.SRCALPHA)
    top = _label(surface, t, tx, board.round, board_erased(tx, len(board.erased)), theme.AMBER, small,
                 result)
    rect = _board_rect(side, top, t, small)
    grid = max(2, t.px(3))
    weight = style(small)
    if isinstance(board, PublicBoard):
        draw_board(surface, rect, strokes=board.strokes, words=board.words,
                   erased=board.erased if redacted else (), grid_width=grid, pen_weight=weight)
    else:
        strokes = [item for item in board.items if isinstance(item, Stroke)]
        words = [item for item in board.items if isinstance(item, Word)]
        visible = [piece for stroke in strokes for piece in stroke.clipped(board.erased)]
        draw_board(surface, rect, strokes=visible,
                   words=[piece for word in words for piece in word.pieces(board.erased)[0]],
                   erased=board.erased, ghost_strokes=strokes if ghosts else (),
                   ghost_words=words if ghosts else (), grid_width=grid, pen_weight=weight)
    return _cards.put(key, surface)


def empty_slot(round_number: int, erase: int, side: int, t: Theme, tx: Translator, *, small: bool,
               note: str = "", active: bool = False) -> pygame.Surface:
    """A board still to come: a dashed outline where it will land."""
    key = ("slot", round_number, erase, side, t.height, small, note, active, tx)
    cached = _cards.get(key)
    if cached is not None:
        return cached
    surface = pygame.Surface((side, side + t.px(SMALL_LABEL if small else LABEL)), pygame.SRCALPHA)
    accent = theme.AMBER if active else theme.TEXT_DIM
    top = _label(surface, t, tx, round_number, board_to_erase(tx, erase), accent, small, None)
    rect = pygame.Rect(0, top, side, side)
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
        size = t.px(MIN_TEXT if small else 40)
        lines = wrap(note, rect.w - t.px(24), size, bold=active)
        step = font(size, active).get_linesize()
        y = rect.centery - step * len(lines) // 2
        for line in lines:
            text, fitted = fit_line(line, rect.w - t.px(24), size, size, bold=active)
            blit_text(surface, text, fitted, accent, bold=active, midtop=(rect.centerx, y))
            y += step
    return _cards.put(key, surface)
