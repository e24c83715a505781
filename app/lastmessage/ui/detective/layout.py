"""Where things go on the detective monitor, for any screen size.

Sizes are written for a 1920x1080 monitor and scaled by `Theme`, so the
layout is the same picture on a 4K monitor. The scene takes the left at the
size it always had; the right column is the boards'. The board in focus (the
current round's, or the newest one while the next is being drawn) is the
largest thing after the scene, big enough that words and erased squares read
from a sofa 3 m from a 55" screen; the other rounds sit in a row of small
cards under it, each labelled with what the detectives did in that round (the
case file). Below the scene is the phase panel (messages, timer, legend).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from lastmessage.ui.theme import Theme

COLUMN = 672        # design pixels: the boards' column (the scene keeps the rest of the width)
LABEL = 52          # the "ROUND 2 · 4 erased" strip above the board in focus
SMALL_LABEL = 84    # two lines above a small card: its round, and what became of it
SMALL_MAX = 230     # a small card is never wider than this
GAP = 16
MIN_TEXT = 28       # no text on the monitor is smaller (design pixels): legible at 3 m
TITLE_ROOM = 200    # the top bar's title ends this far left of the middle (design pixels)
PANEL = 290         # the phase panel's share under the scene


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
    def others(self) -> int:
        """How many small cards: every round but the one in focus."""
        return self.slots - 1

    @cached_property
    def small_columns(self) -> int:
        return self.others if self.others <= 4 else math.ceil(self.others / 2)

    @cached_property
    def small_rows(self) -> int:
        return math.ceil(self.others / self.small_columns) if self.others else 0

    @cached_property
    def board_column(self) -> pygame.Rect:
        px = self.theme.px
        width = min(px(COLUMN), self.size[0] // 2)
        top = self.top_bar.bottom + self.margin // 2
        return pygame.Rect(self.size[0] - self.margin - width, top, width,
                           self.size[1] - top - self.margin)

    @cached_property
    def small_side(self) -> int:
        if not self.others:
            return 0
        px, columns = self.theme.px, self.small_columns
        return min(px(SMALL_MAX), (self.board_column.w - (columns - 1) * px(GAP)) // columns)

    @cached_property
    def small_block(self) -> int:
        """The height the small cards take under the board in focus (with the gap above)."""
        if not self.others:
            return 0
        px = self.theme.px
        return self.small_rows * (px(SMALL_LABEL) + self.small_side + px(GAP))

    @cached_property
    def board_side(self) -> int:
        """The board in focus: as big as the column allows."""
        column, px = self.board_column, self.theme.px
        return max(px(120), min(column.w, column.h - px(LABEL) - self.small_block))

    def slot(self, index: int, focus: int) -> pygame.Rect:
        """The card (label strip and board) of round `index + 1` while round
        `focus + 1` is the one in focus."""
        px, column = self.theme.px, self.board_column
        if index == focus:
            left = column.x + (column.w - self.board_side) // 2
            return pygame.Rect(left, column.y, self.board_side, self.board_side + px(LABEL))
        order = index if index < focus else index - 1
        row, col = divmod(order, self.small_columns)
        side = self.small_side
        top = column.y + px(LABEL) + self.board_side + px(GAP) + row * (px(SMALL_LABEL) + side + px(GAP))
        return pygame.Rect(column.x + col * (side + px(GAP)), top, side, side + px(SMALL_LABEL))

    def label(self, index: int, focus: int) -> int:
        """The height of the label strip of a card."""
        return self.theme.px(LABEL if index == focus else SMALL_LABEL)

    def board(self, index: int, focus: int) -> pygame.Rect:
        card = self.slot(index, focus)
        return pygame.Rect(card.x, card.y + self.label(index, focus), card.w, card.w)

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

    @cached_property
    def reveal_radius(self) -> int:
        """The lens on the criminal at the reveal: the cursor's, larger."""
        return self.theme.px(190)
