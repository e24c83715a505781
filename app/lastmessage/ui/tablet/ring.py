"""The timer ring: the time left as a draining amber arc, the seconds in its middle.

In the last seconds (ui.tension) the arc turns crimson and the middle beats:
a crimson disc glows behind the cream number, which grows on each tick.

The grey track is drawn once, supersampled for smooth edges; each update
draws the amber arc over it as a band with anti-aliased edges and round
caps, straight onto the screen. That keeps a redraw far below a frame's
budget on the Pi, however often the arc moves.
"""

from __future__ import annotations

import math

import pygame

from lastmessage.ui import theme
from lastmessage.ui.tension import glow, pulse, urgent
from lastmessage.ui.text import blit_text, render

_SUPERSAMPLE = 3
_STEPS = 360   # the arc moves in 1-degree steps: smooth, and at most 360 redraws a round
_NUMBER = 0.72   # the number's size, of the radius
_BEAT = 0.22     # ...and how much bigger it is on a tick


class TimerRing:
    def __init__(self, center: tuple[int, int], radius: int) -> None:
        self.rect = pygame.Rect(0, 0, 2 * radius + 4, 2 * radius + 4)
        self.rect.center = center
        self.radius = radius
        self.thickness = max(3, radius // 7)
        self._rings: dict[theme.Color, pygame.Surface] = {}
        self._shown: tuple[int, int, float] | None = None

    def forget(self) -> None:
        """The next draw repaints (after a full repaint of the screen)."""
        self._shown = None

    def _ring(self, colour: theme.Color) -> pygame.Surface:
        """A whole ring in one colour, smooth-edged, on a transparent square."""
        if colour not in self._rings:
            big = pygame.Surface((self.rect.w * _SUPERSAMPLE, self.rect.h * _SUPERSAMPLE), pygame.SRCALPHA)
            centre = (big.get_width() / 2, big.get_height() / 2)
            outer = self.radius * _SUPERSAMPLE
            pygame.draw.circle(big, colour, centre, outer)
            pygame.draw.circle(big, (0, 0, 0, 0), centre, outer - self.thickness * _SUPERSAMPLE)
            self._rings[colour] = pygame.transform.smoothscale(big, self.rect.size)
        return self._rings[colour]

    def draw(self, surface: pygame.Surface, left: float, total: float,
             background: theme.Color = theme.NIGHT) -> pygame.Rect | None:
        """Draw if anything visible changed; returns the area touched, or None."""
        fraction = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
        steps = math.ceil(fraction * _STEPS)
        seconds = math.ceil(left) if left > 0 else 0
        warning = urgent(left)
        beat = pulse(left)
        state = (steps, seconds, beat if warning else -1.0)
        if state == self._shown:
            self._prepare_label(seconds - 1)
            return None
        self._shown = state
        colour = theme.CRIMSON if warning else theme.AMBER
        surface.fill(background, self.rect)
        surface.blit(self._ring(theme.NIGHT_LINE), self.rect)
        if steps:
            self._arc(surface, steps / _STEPS * math.tau, colour)
        if warning:
            pygame.draw.aacircle(surface, glow(background, beat), self.rect.center,
                               self.radius - self.thickness - max(2, self.radius // 20))
            blit_text(surface, str(seconds), round(self.radius * _NUMBER * (1 + _BEAT * beat)), theme.TEXT,
                      bold=True, center=self.rect.center)
        else:
            blit_text(surface, str(seconds), round(self.radius * _NUMBER), colour if steps else theme.TEXT_DIM,
                      bold=True, center=self.rect.center)
        return self.rect

    def _prepare_label(self, seconds: int) -> None:
        """Render the next second's number ahead, on a frame with nothing else to do:
        a big bold number costs more than the rest of a frame to render."""
        if urgent(seconds):   # as it first shows: at the top of its beat
            render(str(seconds), round(self.radius * _NUMBER * (1 + _BEAT)), theme.TEXT, True)
        elif seconds >= 0:
            render(str(seconds), round(self.radius * _NUMBER), theme.AMBER if seconds else theme.TEXT_DIM, True)

    def _arc(self, surface: pygame.Surface, angle: float, colour: theme.Color) -> None:
        """The ring from 12 o'clock clockwise through `angle`, with round ends.

        A filled band with anti-aliased edges, drawn straight on the screen:
        no surfaces are made or blended, so a step of the arc costs little.
        """
        cx, cy = self.rect.center
        outer = self.radius - 0.5
        inner = self.radius - self.thickness + 0.5
        count = max(2, math.ceil(angle / math.tau * 72) + 1)   # chords 5 degrees: under 0.2 px off
        angles = [angle * i / (count - 1) for i in range(count)]
        outside = [(cx + outer * math.sin(a), cy - outer * math.cos(a)) for a in angles]
        inside = [(cx + inner * math.sin(a), cy - inner * math.cos(a)) for a in reversed(angles)]
        pygame.draw.polygon(surface, colour, outside + inside)
        pygame.draw.aalines(surface, colour, False, outside)
        pygame.draw.aalines(surface, colour, False, inside)
        middle = (outer + inner) / 2
        for end in (0.0, angle):
            pygame.draw.aacircle(surface, colour, (cx + middle * math.sin(end), cy - middle * math.cos(end)),
                                 (outer - inner) / 2 + 0.5)
