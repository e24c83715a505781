"""One look for both screens: colours, type and sizes that scale with the screen.

Sizes are given for a 1080-pixel-high screen and scaled by `Theme.unit`, so a
layout written once is right on a 1024x600 tablet and a 4K monitor alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import pygame

Color = tuple[int, int, int]

NIGHT = (17, 22, 38)          # background of both screens
NIGHT_RAISED = (31, 39, 64)   # panels and cards
NIGHT_LINE = (58, 70, 104)
PAPER = (246, 240, 226)       # the clue board
PAPER_SHADE = (226, 217, 196)
GRID = (158, 166, 186)
INK = (28, 36, 66)
TEXT = (240, 236, 226)
TEXT_DIM = (160, 168, 190)
CRIMSON = (222, 72, 84)       # criminal, danger, "not the criminal"
TEAL = (52, 192, 170)         # detectives, "correct"
AMBER = (246, 180, 60)        # the timer, highlights
GHOST = (236, 92, 102)        # erased ink shown again at the reveal (on a redacted square)
REDACTED = (38, 34, 46)       # an erased square: blacked out, > 10:1 against paper
REDACTED_MARK = (24, 21, 30)

_FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
)


def _font_file(bold: bool) -> str | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in _FONT_DIRS:
        candidate = folder / name
        if candidate.exists():
            return str(candidate)
    return None  # pygame's own font: no Romanian letters, but never a crash


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(_font_file(bold), max(6, size))


@dataclass(frozen=True)
class Theme:
    """Scales design sizes (for 1080 px high) to a screen of any size."""

    width: int
    height: int

    @cached_property
    def unit(self) -> float:
        return min(self.height / 1080, self.width / 1920 * 1.25)

    def px(self, design: float) -> int:
        # Called a few thousand times a second by the frame loop (the search view's strip and
        # overview are placed with it every frame): the unit is worked out once.
        return max(1, round(design * self.unit))

    def font(self, design_size: float, bold: bool = False) -> pygame.font.Font:
        return font(self.px(design_size), bold)
