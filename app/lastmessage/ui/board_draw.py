"""Drawing a clue board: paper, the 3x3 grid, ink, typed words, erased squares.

Shared by the tablet (the live board) and the detective monitor (boards after
erasure, and at the reveal the erased parts ghosted back in). Board
coordinates are 0..1 on each axis, mapped onto a square pixel rect.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from lastmessage.rules.board import GRID, Stroke, Word, cell_rect
from lastmessage.ui import theme
from lastmessage.ui.text import render

Point = tuple[float, float]


def to_px(rect: pygame.Rect, point: Point) -> tuple[float, float]:
    return rect.x + point[0] * rect.w, rect.y + point[1] * rect.h


def to_board(rect: pygame.Rect, px: float, py: float) -> Point | None:
    """The board point under a pixel, or None outside the board."""
    x, y = (px - rect.x) / rect.w, (py - rect.y) / rect.h
    if 0.0 <= x <= 1.0 and 0.0 <= y <= 1.0:
        return x, y
    return None


def cell_px(rect: pygame.Rect, cell: int) -> pygame.Rect:
    left, top, right, bottom = cell_rect(cell)
    x0, y0 = to_px(rect, (left, top))
    x1, y1 = to_px(rect, (right, bottom))
    return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))


def pen_px(rect: pygame.Rect, width: float) -> float:
    return max(1.5, width * rect.w)


def draw_paper(surface: pygame.Surface, rect: pygame.Rect, *, grid_width: int = 2) -> None:
    pygame.draw.rect(surface, theme.PAPER, rect)
    for i in range(1, GRID):
        x = rect.x + round(rect.w * i / GRID)
        y = rect.y + round(rect.h * i / GRID)
        pygame.draw.line(surface, theme.GRID, (x, rect.top), (x, rect.bottom - 1), grid_width)
        pygame.draw.line(surface, theme.GRID, (rect.left, y), (rect.right - 1, y), grid_width)


def draw_segment(surface: pygame.Surface, rect: pygame.Rect, p: Point, q: Point,
                 width: float, color: theme.Color) -> pygame.Rect:
    """One piece of ink with round ends, anti-aliased; returns the pixels touched.

    The body is a quad exactly `width` across the segment, its long edges
    smoothed, with a disc of the same diameter at each end: consecutive pieces
    then meet in round joins without beads, and a stroke ends round, not
    square-cut. (pygame's thick lines are measured along the nearer axis,
    which made slanted pieces thinner than their ends.)
    """
    a, b = to_px(rect, p), to_px(rect, q)
    radius = pen_px(rect, width) / 2
    touched = pygame.draw.aacircle(surface, color, b, radius)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length > 0:
        nx, ny = -(b[1] - a[1]) / length * radius, (b[0] - a[0]) / length * radius
        corners = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                   (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
        touched = touched.union(pygame.draw.polygon(surface, color, corners))
        pygame.draw.aaline(surface, color, corners[0], corners[1])
        pygame.draw.aaline(surface, color, corners[2], corners[3])
        touched = touched.union(pygame.draw.aacircle(surface, color, a, radius))
    return touched


def draw_stroke(surface: pygame.Surface, rect: pygame.Rect, stroke: Stroke,
                color: theme.Color = theme.INK, *, weight: float = 1.0) -> pygame.Rect:
    """`weight` thickens the pen, for a board shown small and read from afar."""
    points = stroke.points
    width = stroke.width * weight
    touched = draw_segment(surface, rect, points[0], points[0], width, color)
    for p, q in zip(points, points[1:]):
        touched = touched.union(draw_segment(surface, rect, p, q, width, color))
    return touched


def draw_words(surface: pygame.Surface, rect: pygame.Rect, words: Sequence[Word],
               color: theme.Color = theme.INK) -> pygame.Rect | None:
    """Typed words where the rules placed them (`rules.board.Word`): at one size
    relative to the board on every screen, each on one line, never broken
    inside itself; a word wider than its square runs on into the next squares
    of its row. Returns the pixels touched."""
    touched: pygame.Rect | None = None
    for word in words:
        drawn = draw_word(surface, rect, word, color)
        touched = drawn if touched is None else touched.union(drawn)
    return touched


def word_px(rect: pygame.Rect, word: Word) -> int:
    """The font size of a typed word on a board drawn `rect.w` pixels wide."""
    return max(6, round(word.size * rect.w))


def word_place(rect: pygame.Rect, word: Word) -> tuple[int, tuple[int, int]]:
    """The font size of a word and where the left middle of its line goes."""
    return word_px(rect, word), (round(rect.x + word.x * rect.w), round(rect.y + word.centre_y * rect.h))


def draw_word(surface: pygame.Surface, rect: pygame.Rect, word: Word, color: theme.Color) -> pygame.Rect:
    size, midleft = word_place(rect, word)
    image = render(word.text, size, color, True)
    return surface.blit(image, image.get_rect(midleft=midleft))


def draw_word_pieces(surface: pygame.Surface, rect: pygame.Rect, word: Word, erased: frozenset[int],
                     ghosts: bool = True) -> pygame.Rect | None:
    """A whole word on a board with `erased` squares: its letters outside them
    in ink, and (with `ghosts`, at the reveal) those inside in the ghost colour."""
    kept, gone = word.pieces(erased)
    touched = draw_words(surface, rect, kept)
    if ghosts and gone:
        ghosted = draw_words(surface, rect, gone, theme.GHOST)
        touched = ghosted if touched is None else touched.union(ghosted) if ghosted else touched
    return touched


def draw_erased(surface: pygame.Surface, rect: pygame.Rect, cells: Iterable[int]) -> None:
    """Erased squares are redacted: a solid dark fill with darker strokes across,
    unmistakable from across a room and from an empty square of paper."""
    clip = surface.get_clip()
    for cell in cells:
        box = cell_px(rect, cell)
        inner = box.inflate(-2, -2)
        pygame.draw.rect(surface, theme.REDACTED, inner)
        surface.set_clip(inner.clip(clip))   # thick marks must not spill over the square's edge
        step = max(6, box.w // 5)
        for offset in range(-box.h, box.w, step):
            start = (inner.left + max(0, offset), inner.bottom - max(0, -offset))
            end_x = min(inner.right, inner.left + offset + inner.h)
            end = (end_x, inner.bottom - (end_x - inner.left - offset))
            if start[0] < end[0]:
                pygame.draw.line(surface, theme.REDACTED_MARK, start, end, max(1, box.w // 24))
        surface.set_clip(clip)


def draw_board(surface: pygame.Surface, rect: pygame.Rect, *, strokes: Sequence[Stroke],
               words: Sequence[Word], erased: Iterable[int] = (),
               ghost_strokes: Sequence[Stroke] = (), ghost_words: Sequence[Word] = (),
               grid_width: int = 2, pen_weight: float = 1.0) -> None:
    """A whole board. Erased squares are drawn over the ink so that a thick
    stroke passing close to an erased square cannot bleed into it; ghosts (the
    erased parts, at the reveal: `ghost_words` are the whole words, of which
    the letters in erased squares are shown) are drawn last, in their own colour."""
    draw_paper(surface, rect, grid_width=grid_width)
    for stroke in strokes:
        draw_stroke(surface, rect, stroke, weight=pen_weight)
    draw_words(surface, rect, words)
    erased_cells = frozenset(erased)
    draw_erased(surface, rect, erased_cells)
    if erased_cells:
        clip = surface.get_clip()
        gone = [piece for word in ghost_words for piece in word.pieces(erased_cells)[1]]
        for cell in erased_cells:
            surface.set_clip(cell_px(rect, cell).clip(clip) if clip else cell_px(rect, cell))
            for stroke in ghost_strokes:
                draw_stroke(surface, rect, stroke, theme.GHOST, weight=pen_weight)
        surface.set_clip(clip)
        draw_words(surface, rect, gone, theme.GHOST)
    pygame.draw.rect(surface, theme.GRID, rect, grid_width)
