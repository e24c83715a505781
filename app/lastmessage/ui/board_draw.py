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
from lastmessage.ui.text import fit_size, render, wrap

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
               color: theme.Color = theme.INK, *, scale: float = 1.0, minimum: int = 0) -> None:
    """Typed words, centred in their squares, stacked when a square has several;
    `scale` enlarges them (still shrunk to fit their square). With a `minimum`
    size a long word is broken across lines rather than shrunk below it, as long
    as the lines fit the square."""
    for line in word_lines(rect, words, scale=scale, minimum=minimum):
        draw_word_line(surface, line, color)


WordLine = tuple[int, str, int, tuple[int, int]]
"""One line of a typed word on a board: the word's index, the text, its size and midtop."""


def word_lines(rect: pygame.Rect, words: Sequence[Word], *, scale: float = 1.0,
               minimum: int = 0) -> list[WordLine]:
    """Where `draw_words` puts each line of each word (the reveal's replay
    writes the words one at a time, each where it ends up)."""
    by_cell: dict[int, list[int]] = {}
    for index, word in enumerate(words):
        by_cell.setdefault(word.cell, []).append(index)
    placed: list[WordLine] = []
    for cell, indices in by_cell.items():
        box = cell_px(rect, cell).inflate(-rect.w // 30, -rect.h // 30)
        texts = [words[i].text for i in indices]
        lines, size = _fitted(texts, box, max(8, minimum, round(box.h / 5 * scale)), minimum)
        line_height = round(size * 1.15)
        top = box.centery - line_height * len(lines) // 2
        for row, (owner, line) in enumerate(lines):
            placed.append((indices[owner], line, size, (box.centerx, top + row * line_height)))
    return placed


def draw_word_line(surface: pygame.Surface, line: WordLine, color: theme.Color) -> pygame.Rect:
    _index, text, size, midtop = line
    image = render(text, size, color, True)
    return surface.blit(image, image.get_rect(midtop=midtop))


def _fitted(texts: list[str], box: pygame.Rect, size: int,
            minimum: int) -> tuple[list[tuple[int, str]], int]:
    """The lines of a square's words (each with the number of its word) and their size."""
    lines = [(n, line) for n, text in enumerate(texts) for line in wrap(text, box.w, size, bold=True)]
    fitted = min(fit_size(line, box.w, size, bold=True) for _n, line in lines)
    if fitted >= minimum:
        return lines, fitted
    broken = [(n, line) for n, text in enumerate(texts)
              for line in wrap(text, box.w, minimum, bold=True, break_words=True)]
    if round(minimum * 1.15) * len(broken) <= box.h:
        return broken, minimum
    return lines, fitted


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
               grid_width: int = 2, pen_weight: float = 1.0, word_scale: float = 1.0,
               word_minimum: int = 0) -> None:
    """A whole board. Erased squares are drawn over the ink so that a thick
    stroke passing close to an erased square cannot bleed into it; ghosts (the
    erased parts, at the reveal) are drawn last, in their own colour."""
    draw_paper(surface, rect, grid_width=grid_width)
    for stroke in strokes:
        draw_stroke(surface, rect, stroke, weight=pen_weight)
    draw_words(surface, rect, words, scale=word_scale, minimum=word_minimum)
    erased_cells = list(erased)
    draw_erased(surface, rect, erased_cells)
    if erased_cells:
        clip = surface.get_clip()
        for cell in erased_cells:
            surface.set_clip(cell_px(rect, cell).clip(clip) if clip else cell_px(rect, cell))
            for stroke in ghost_strokes:
                draw_stroke(surface, rect, stroke, theme.GHOST, weight=pen_weight)
            draw_words(surface, rect, [w for w in ghost_words if w.cell == cell], theme.GHOST,
                       scale=word_scale, minimum=word_minimum)
        surface.set_clip(clip)
    pygame.draw.rect(surface, theme.GRID, rect, grid_width)
