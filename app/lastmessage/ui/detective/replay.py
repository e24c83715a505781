"""The reveal's replay: each board draws itself again, stroke by stroke and word
by word in the order the victim put them down, the erased ink coming back in
the ghost colour on its redacted squares.

Only the end of the game may do this: a replay is built from the `Reveal`'s
full boards, which exist only once the game is over. The replay is laid down
as patches (see `layers`): step 0 wipes the board to paper and redactions,
each next step adds the ink of one sixtieth of a second, so a frame costs only
its new ink, and the picture at any moment depends on that moment alone.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from lastmessage.rules.board import GRID, Stroke, Word
from lastmessage.rules.projections import FullBoard
from lastmessage.ui import theme
from lastmessage.ui.board_draw import (
    cell_px, draw_erased, draw_paper, draw_segment, draw_word_pieces, pen_px,
)
from lastmessage.ui.detective.cards import fingerprint
from lastmessage.ui.detective.moments import (
    REPLAY_GAP, REPLAY_MAX, REPLAY_PEN_SPEED, REPLAY_RATE, REPLAY_WORD,
)

Mark = tuple[float, int, int]
"""One thing drawn in a replay: when (0..1 of the board's replay), the item, and
the segment of a stroke (-1: its first point, or the word)."""


@dataclass(frozen=True)
class Turn:
    """One board's replay: when it begins and how long it takes."""

    round: int
    begin: float
    seconds: float

    @property
    def steps(self) -> int:
        steps = self.seconds * REPLAY_RATE
        return max(1, math.ceil(steps)) if math.isfinite(steps) else 1

    def due(self, t: float) -> int:
        """How many of its patches are laid down by `t` (the wipe, then one per step).
        A begin of -inf (a game heard ending long ago, e.g. resumed) has them all laid;
        a moment that is not a number has none."""
        elapsed = (t - self.begin) * REPLAY_RATE
        if not elapsed >= 0:   # before it begins, or NaN
            return 0
        return 1 + (self.steps if elapsed >= self.steps else math.floor(elapsed))


def _length(stroke: Stroke) -> float:
    return sum(math.dist(p, q) for p, q in zip(stroke.points, stroke.points[1:]))


def _durations(board: FullBoard) -> list[float]:
    return [REPLAY_WORD if isinstance(item, Word) else 0.05 + _length(item) / REPLAY_PEN_SPEED
            for item in board.items]


def seconds(board: FullBoard) -> float:
    """How long a board takes to replay: at the pen's pace, never over REPLAY_MAX."""
    return min(REPLAY_MAX, max(0.4, sum(_durations(board))))


def turns(boards: tuple[FullBoard, ...], start: float) -> list[Turn]:
    """The boards' replays one after the other from `start`."""
    found, begin = [], start
    for board in boards:
        length = seconds(board)
        found.append(Turn(board.round, begin, length))
        begin += length + REPLAY_GAP
    return found


def total(boards: tuple[FullBoard, ...]) -> float:
    return sum(seconds(b) for b in boards) + REPLAY_GAP * max(0, len(boards) - 1)


_planned: dict[Hashable, tuple[list[Mark], list[float]]] = {}


def _marks(board: FullBoard, low: float, high: float) -> list[Mark]:
    """The board's marks whose moment is in (low, high], in drawing order (the
    plan is kept by fingerprint: hashing every ink point each frame would cost
    more than the drawing)."""
    key = fingerprint(board)
    found = _planned.get(key)
    if found is None:
        if len(_planned) >= 8:
            _planned.clear()
        marks = _plan(board)
        found = _planned[key] = (marks, [when for when, _item, _segment in marks])
    marks, times = found
    return marks[bisect.bisect_right(times, low):bisect.bisect_right(times, high)]


def _plan(board: FullBoard) -> list[Mark]:
    durations = _durations(board)
    spent, marks = 0.0, []
    whole = sum(durations) or 1.0
    for index, (item, duration) in enumerate(zip(board.items, durations)):
        begin, share = spent / whole, duration / whole
        if isinstance(item, Word):
            marks.append((begin + share / 2, index, -1))
        else:
            segments = len(item.points) - 1
            marks.append((begin, index, -1))
            marks += [(begin + share * (k + 1) / max(1, segments), index, k) for k in range(segments)]
        spent += duration
    return marks


def paint(surface: pygame.Surface, rect: pygame.Rect, board: FullBoard, turn: Turn, step: int, *,
          grid_width: int, weight: float) -> pygame.Rect:
    """Patch `step` of a board's replay, on the board shown in `rect`."""
    if step == 0:
        draw_paper(surface, rect, grid_width=grid_width)
        draw_erased(surface, rect, board.erased)
        pygame.draw.rect(surface, theme.GRID, rect, grid_width)
        return rect
    low = -1.0 if step == 1 else (step - 1) / turn.steps
    touched = _ink(surface, rect, board, low, step / turn.steps, weight=weight)
    if step == turn.steps:   # the board's edge over the last ink, as on a finished card
        pygame.draw.rect(surface, theme.GRID, rect, grid_width)
        return rect
    return touched.clip(rect) if touched is not None else pygame.Rect(rect.topleft, (0, 0))


def paint_whole(surface: pygame.Surface, rect: pygame.Rect, board: FullBoard, *,
                grid_width: int, weight: float) -> pygame.Rect:
    """The board once its replay is over, in one go (the same pixels as every
    patch of its replay laid down in turn): for a board replayed before the
    one now in focus, drawn again small when the focus moves on."""
    draw_paper(surface, rect, grid_width=grid_width)
    draw_erased(surface, rect, board.erased)
    _ink(surface, rect, board, -1.0, 1.0, weight=weight)
    pygame.draw.rect(surface, theme.GRID, rect, grid_width)
    return rect


def _ink(surface: pygame.Surface, rect: pygame.Rect, board: FullBoard, low: float, high: float, *,
         weight: float) -> pygame.Rect | None:
    """The board's marks whose moment is in (low, high], in ink and ghost; the pixels touched."""
    touched: pygame.Rect | None = None
    for _when, index, segment in _marks(board, low, high):
        item = board.items[index]
        if isinstance(item, Word):   # its kept letters in ink, its erased ones in the ghost colour
            area = draw_word_pieces(surface, rect, item, board.erased)
        else:
            ends = (item.points[0], item.points[0]) if segment < 0 else item.points[segment:segment + 2]
            area = _segment(surface, rect, board.erased, ends[0], ends[1], item.width * weight)
        if area is not None:
            touched = area if touched is None else touched.union(area)
    return touched


def _segment(surface: pygame.Surface, rect: pygame.Rect, erased: frozenset[int],
             p: tuple[float, float], q: tuple[float, float], width: float) -> pygame.Rect | None:
    """A piece of ink, in ink on kept squares and in the ghost colour on erased ones."""
    reach = pen_px(rect, width) / 2 + 2
    xs = (rect.x + p[0] * rect.w, rect.x + q[0] * rect.w)
    ys = (rect.y + p[1] * rect.h, rect.y + q[1] * rect.h)
    area = pygame.Rect(math.floor(min(xs) - reach), math.floor(min(ys) - reach),
                       math.ceil(max(xs) - min(xs) + 2 * reach) + 1, math.ceil(max(ys) - min(ys) + 2 * reach) + 1)
    clip = surface.get_clip()
    touched: pygame.Rect | None = None
    for cell in range(GRID * GRID):
        box = cell_px(rect, cell).clip(area)
        if box.w <= 0 or box.h <= 0:
            continue
        surface.set_clip(box.clip(clip))
        draw_segment(surface, rect, p, q, width, theme.GHOST if cell in erased else theme.INK)
        touched = box if touched is None else touched.union(box)
    surface.set_clip(clip)
    return touched
