"""Where things go on the detective monitor, for any screen size.

Sizes are written for a 1920x1080 monitor and scaled by `Theme`, so the
layout is the same picture on a 4K monitor. The scene takes the left, as big
as the board column allows; the boards sit in a two-column grid on the right,
each big enough that ink and words read from across a table; below the scene
is the phase panel (messages, timer, button legend), below the boards the
history of the rounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from lastmessage.ui.theme import Theme

BOARD_SIDE = 328    # design pixels: a board on a 1080p monitor
LABEL = 40          # the "Round 2 · 4 erased" strip above each board
PANEL = 290         # the phase panel's share under the scene (a 16:9 scene with 4 boards leaves more)


def fit(aspect: float, area: pygame.Rect) -> pygame.Rect:
    """The largest rect of `aspect` (w/h) inside `area`, centred horizontally, at its top."""
    width = min(area.w, round(area.h * aspect))
    height = min(area.h, round(width / aspect))
    return pygame.Rect(area.x + (area.w - width) // 2, area.y, width, height)


def cover(aspect: float, size: tuple[int, int]) -> tuple[int, int]:
    """The smallest size of `aspect` covering `size`."""
    width, height = float(size[0]), float(size[1])
    if width / height < aspect:
        width = height * aspect
    else:
        height = width / aspect
    return math.ceil(width), math.ceil(height)


@dataclass(frozen=True)
class Layout:
    """Computed once per screen: properties are cached (the table asks every frame)."""

    size: tuple[int, int]
    slots: int   # how many boards the game has (its rounds)

    @cached_property
    def theme(self) -> Theme:
        return Theme(*self.size)

    @cached_property
    def margin(self) -> int:
        return self.theme.px(24)

    @cached_property
    def screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    @cached_property
    def top_bar(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.size[0], self.theme.px(76))

    @cached_property
    def columns(self) -> int:
        return 2 if self.slots > 1 else 1

    @cached_property
    def rows(self) -> int:
        return math.ceil(self.slots / self.columns)

    @cached_property
    def board_side(self) -> int:
        px = self.theme.px
        height = self.size[1] - self.top_bar.h - 2 * self.margin - px(190)
        by_height = (height - (self.rows - 1) * px(16)) // self.rows - px(LABEL)
        return max(px(120), min(px(BOARD_SIDE), by_height))

    @cached_property
    def board_column(self) -> pygame.Rect:
        px = self.theme.px
        width = self.columns * self.board_side + (self.columns - 1) * px(16)
        top = self.top_bar.bottom + self.margin // 2
        return pygame.Rect(self.size[0] - self.margin - width, top, width,
                           self.size[1] - top - self.margin)

    def slot(self, index: int) -> pygame.Rect:
        """The card (label strip and board) of round `index + 1`."""
        px = self.theme.px
        row, column = divmod(index, self.columns)
        side = self.board_side
        card_h = side + px(LABEL)
        left = self.board_column.x + column * (side + px(16))
        top = self.board_column.y + row * (card_h + px(16))
        return pygame.Rect(left, top, side, card_h)

    def board(self, index: int) -> pygame.Rect:
        card = self.slot(index)
        return pygame.Rect(card.x, card.y + self.theme.px(LABEL), card.w, card.w)

    @cached_property
    def history(self) -> pygame.Rect:
        column = self.board_column
        top = self.slot(self.slots - 1).bottom + self.theme.px(20)
        return pygame.Rect(column.x, top, column.w, max(0, column.bottom - top))

    @cached_property
    def scene_area(self) -> pygame.Rect:
        """Above the phase panel; the panel keeps at least PANEL design pixels (a
        headline, a line and the button legend, or the four lines of the end)."""
        left = self.margin
        top = self.board_column.y
        right = self.board_column.x - self.margin
        return pygame.Rect(left, top, right - left, self.size[1] - top - self.margin - self.theme.px(PANEL))

    def scene(self, aspect: float) -> pygame.Rect:
        return fit(aspect, self.scene_area)

    def panel(self, aspect: float) -> pygame.Rect:
        """The phase panel under the scene."""
        scene = self.scene(aspect)
        area = self.scene_area
        top = scene.bottom + self.margin
        return pygame.Rect(area.x, top, area.w, self.size[1] - self.margin - top)

    @cached_property
    def loupe_radius(self) -> int:
        return self.theme.px(135)
