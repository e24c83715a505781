"""The timer ring: the time left as a draining amber arc, the seconds in its middle.

Drawn three times larger and smoothed down, because pygame's thick arcs and
polygons have ragged edges; the ring is small, so this stays cheap enough to
redraw whenever the arc moves.
"""

from __future__ import annotations

import math

import pygame

from lastmessage.ui import theme
from lastmessage.ui.text import blit_text

_SUPERSAMPLE = 3
_STEPS = 360   # the arc moves in 1-degree steps: smooth, and at most 360 redraws a round
WARNING_SECONDS = 5


class TimerRing:
    def __init__(self, center: tuple[int, int], radius: int) -> None:
        self.rect = pygame.Rect(0, 0, 2 * radius + 4, 2 * radius + 4)
        self.rect.center = center
        self.radius = radius
        self._shown: tuple[int, int, bool] | None = None

    def forget(self) -> None:
        """The next draw repaints (after a full repaint of the screen)."""
        self._shown = None

    def draw(self, surface: pygame.Surface, left: float, total: float,
             background: theme.Color = theme.NIGHT) -> pygame.Rect | None:
        """Draw if anything visible changed; returns the area touched, or None."""
        fraction = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
        steps = math.ceil(fraction * _STEPS)
        seconds = math.ceil(left) if left > 0 else 0
        warning = 0 < left <= WARNING_SECONDS
        state = (steps, seconds, warning)
        if state == self._shown:
            return None
        self._shown = state
        big = pygame.Surface((self.rect.w * _SUPERSAMPLE, self.rect.h * _SUPERSAMPLE), pygame.SRCALPHA)
        centre = (big.get_width() / 2, big.get_height() / 2)
        outer = self.radius * _SUPERSAMPLE
        thickness = max(3, outer // 7)
        pygame.draw.circle(big, theme.NIGHT_LINE, centre, outer)
        pygame.draw.circle(big, (0, 0, 0, 0), centre, outer - thickness)
        colour = theme.CRIMSON if warning else theme.AMBER
        if steps:
            angle = steps / _STEPS * math.tau
            count = max(2, steps // 2 + 2)
            mid = outer - thickness / 2
            outer_points = [(centre[0] + outer * math.sin(angle * i / (count - 1)),
                             centre[1] - outer * math.cos(angle * i / (count - 1))) for i in range(count)]
            inner_points = [(centre[0] + (outer - thickness) * math.sin(angle * i / (count - 1)),
                             centre[1] - (outer - thickness) * math.cos(angle * i / (count - 1)))
                            for i in reversed(range(count))]
            pygame.draw.polygon(big, colour, outer_points + inner_points)
            for end in (0.0, angle):   # round caps
                pygame.draw.circle(big, colour, (centre[0] + mid * math.sin(end),
                                                 centre[1] - mid * math.cos(end)), thickness / 2)
        surface.fill(background, self.rect)   # smoothscale would tint an opaque background
        surface.blit(pygame.transform.smoothscale(big, self.rect.size), self.rect)
        label = str(seconds)
        blit_text(surface, label, round(self.radius * 0.72), colour if steps else theme.TEXT_DIM,
                  bold=True, center=self.rect.center)
        return self.rect
