"""The stand-in shown where a scene is still being painted (a new crowd, in the background).

Calm and still: a canvas-coloured panel with a few dabs of paint and the
words, the same on both screens. No spinner: the screens stay cheap to draw
while the painter's worker has the processor.
"""

from __future__ import annotations

import pygame

from lastmessage.ui import theme
from lastmessage.ui.text import blit_text

_DABS = ((-0.09, (222, 72, 84)), (-0.03, (246, 180, 60)), (0.03, (52, 192, 170)), (0.09, (96, 150, 230)))


def painting(surface: pygame.Surface, rect: pygame.Rect, text: str, size: int) -> pygame.Rect:
    """Draw the stand-in over `rect`; returns the rect drawn."""
    pygame.draw.rect(surface, theme.NIGHT_RAISED, rect)
    pygame.draw.rect(surface, theme.NIGHT_LINE, rect, max(1, size // 16))
    radius = max(3, size // 4)
    y = rect.centery - size
    for dx, colour in _DABS:
        pygame.draw.circle(surface, colour, (round(rect.centerx + dx * rect.w), y), radius)
    blit_text(surface, text, size, theme.TEXT, bold=True, center=(rect.centerx, rect.centery + size // 2))
    return rect
