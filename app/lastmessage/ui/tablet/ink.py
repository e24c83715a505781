"""The live board as a layer that grows one segment at a time.

A finger's new segment is drawn on the layer and copied to the screen in the
same frame, so ink is visible in the next presented frame whatever is already
on the board. The layer is redrawn whole only when the board changes in a way
ink cannot explain (undo, a word, a refused stroke, time up).
"""

from __future__ import annotations

import math

import pygame

from lastmessage.rules.board import DEFAULT_WIDTH, MAX_POINTS, Stroke, Word
from lastmessage.ui import theme
from lastmessage.ui.board_draw import draw_paper, draw_segment, draw_stroke, draw_words

Point = tuple[float, float]
Item = Stroke | Word
_DECIMALS = 5   # board coordinates sent to the game: 1/100000 of the board is far below a pixel


class InkLayer:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)      # where the board is on the screen
        self._layer: pygame.Surface | None = None
        self._shown: tuple[Item, ...] = ()       # the game's items drawn on the layer
        self._pending: list[Stroke] = []         # sent to the game, not yet in its items
        self.live: list[Point] = []              # the stroke under the finger
        self._drawn = 0                          # live points already on the layer
        self._stale = True
        self.width = DEFAULT_WIDTH               # the pen, as a fraction of the board side

    @property
    def drawing(self) -> bool:
        return bool(self.live)

    def place(self, rect: pygame.Rect) -> None:
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self._layer = pygame.Surface(rect.size)
            self._stale = True

    def reset(self) -> None:
        self._shown, self._pending, self.live, self._drawn = (), [], [], 0
        self._stale = True

    # ---- the finger ----------------------------------------------------

    def to_board(self, x: float, y: float) -> Point:
        """A screen pixel as a board point, clamped onto the board."""
        return (min(1.0, max(0.0, (x - self.rect.x) / self.rect.w)),
                min(1.0, max(0.0, (y - self.rect.y) / self.rect.h)))

    def begin(self, x: float, y: float) -> None:
        self.live, self._drawn = [self.to_board(x, y)], 0

    def extend(self, x: float, y: float) -> tuple[Point, ...] | None:
        """Add a point; returns a full stroke to send when the stroke reached the point limit."""
        point = self.to_board(x, y)
        last = self.live[-1]
        if math.hypot((point[0] - last[0]) * self.rect.w, (point[1] - last[1]) * self.rect.h) < 1.5:
            return None
        self.live.append(point)
        if len(self.live) < MAX_POINTS:
            return None
        full = self.finish()
        self.live, self._drawn = [point], 1   # keep drawing on: a new stroke from here
        return full

    def finish(self) -> tuple[Point, ...]:
        """The stroke under the finger, ready to send; it stays drawn until the game answers."""
        points = tuple((round(x, _DECIMALS), round(y, _DECIMALS)) for x, y in self.live)
        self._pending.append(Stroke(points, self.width))
        self.live, self._drawn = [], 0
        return points

    def drop(self) -> None:
        """Forget the stroke under the finger (time is up): it vanishes from the board."""
        if self.live:
            self.live, self._drawn = [], 0
            self._stale = True

    def refused(self) -> None:
        """The game refused what was sent: show the board as the game has it."""
        self._pending.clear()
        self._stale = True

    # ---- drawing -------------------------------------------------------

    def sync(self, items: tuple[Item, ...]) -> None:
        """Follow the game's board, redrawing the layer only when ink cannot explain it."""
        if items == self._shown:
            return
        count = len(self._shown)
        added = items[count:]
        arrived = len(added) <= len(self._pending) and items[:count] == self._shown and all(
            isinstance(item, Stroke) and item.points == sent.points
            for item, sent in zip(added, self._pending))
        if arrived:
            del self._pending[:len(added)]
        else:
            self._pending.clear()
            self._stale = True
        self._shown = items

    def update(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Draw what is new on the layer and the screen; the screen area changed, or None."""
        layer = self._layer
        if layer is None:
            return None
        local = layer.get_rect()
        if self._stale:
            self._stale = False
            draw_paper(layer, local, grid_width=max(2, local.w // 200))
            strokes = [item for item in self._shown if isinstance(item, Stroke)] + self._pending
            for stroke in strokes:
                draw_stroke(layer, local, stroke)
            draw_words(layer, local, [item for item in self._shown if isinstance(item, Word)])
            self._drawn = 0
            self._draw_live(layer, local)
            pygame.draw.rect(layer, theme.GRID, local, max(2, local.w // 200))
            return surface.blit(layer, self.rect)
        touched = self._draw_live(layer, local)
        if touched is None:
            return None
        touched = touched.clip(local)
        return surface.blit(layer, touched.move(self.rect.topleft), touched)

    def blit(self, surface: pygame.Surface) -> None:
        """The whole layer (full repaints)."""
        self.update(surface)
        if self._layer is not None:
            surface.blit(self._layer, self.rect)

    def _draw_live(self, layer: pygame.Surface, local: pygame.Rect) -> pygame.Rect | None:
        if self._drawn >= len(self.live):
            return None
        touched: pygame.Rect | None = None
        for index in range(self._drawn, len(self.live)):
            previous = self.live[index - 1] if index else self.live[0]   # the first point is a dot
            rect = draw_segment(layer, local, previous, self.live[index], self.width, theme.INK)
            touched = rect if touched is None else touched.union(rect)
        self._drawn = len(self.live)
        return touched
