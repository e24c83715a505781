"""Small drawing and touch helpers shared by the tablet screens.

Buttons act on release inside the button they were pressed in, as phones do:
a finger that slides off a button cancels the press, so a palm resting on the
privacy screen's edge cannot start a game by accident.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer
from lastmessage.ui.text import blit_text, fit_size, render, wrap
from lastmessage.ui.theme import font

STYLES: dict[str, tuple[theme.Color, theme.Color, theme.Color]] = {
    # fill, label, edge
    "primary": (theme.AMBER, theme.NIGHT, theme.AMBER),
    "go": (theme.TEAL, theme.NIGHT, theme.TEAL),
    "danger": (theme.CRIMSON, theme.TEXT, theme.CRIMSON),
    "plain": (theme.NIGHT_RAISED, theme.TEXT, theme.NIGHT_LINE),
    "on": (theme.NIGHT_RAISED, theme.AMBER, theme.AMBER),
}


@dataclass(frozen=True)
class Button:
    name: str
    rect: pygame.Rect
    label: str
    style: str = "plain"
    enabled: bool = True

    @property
    def center(self) -> tuple[float, float]:
        return float(self.rect.centerx), float(self.rect.centery)


def draw_button(surface: pygame.Surface, button: Button, font_px: int) -> pygame.Rect:
    fill, ink, edge = STYLES[button.style]
    if not button.enabled:
        fill, ink, edge = theme.NIGHT_RAISED, theme.NIGHT_LINE, theme.NIGHT_LINE
    rect = button.rect
    radius = max(4, min(rect.h, rect.w) // 4)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=max(2, rect.h // 30), border_radius=radius)
    size = fit_size(button.label, rect.w - rect.h // 2, font_px, bold=True)
    blit_text(surface, button.label, size, ink, bold=True, center=rect.center)
    return rect


class Taps:
    """Turns pointer events into button presses (fired on release, inside)."""

    def __init__(self) -> None:
        self._pressed: str | None = None

    def feed(self, event: Pointer, buttons: Iterable[Button]) -> str | None:
        hit = next((b.name for b in buttons if b.enabled and b.rect.collidepoint(event.x, event.y)), None)
        if event.kind == "down":
            self._pressed = hit
        elif event.kind == "up":
            pressed, self._pressed = self._pressed, None
            if pressed is not None and pressed == hit:
                return hit
        return None

    def cancel(self) -> None:
        self._pressed = None


def panel(surface: pygame.Surface, rect: pygame.Rect, *, color: theme.Color = theme.NIGHT_RAISED,
          edge: theme.Color | None = theme.NIGHT_LINE, radius: int = 16) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


def paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
              color: theme.Color, *, bold: bool = False, align: str = "left",
              max_lines: int = 6, valign: str = "top", shrink: bool = False) -> int:
    """Wrapped text from the top of `rect` (or centred in it, `valign="center"`); returns
    the y below the last line. With `shrink`, the type gets smaller until the text fits
    in `max_lines` (and, when `rect` has a height, in it) instead of losing its end."""
    lines = wrap(text, rect.w, size, bold)
    if shrink or valign == "center":
        minimum = max(8, size * 6 // 10)
        while size > minimum and (len(lines) > max_lines
                                  or (rect.h and round(size * 1.3) * len(lines) > rect.h)
                                  or any(font(size, bold).size(line)[0] > rect.w for line in lines)):
            size -= max(1, size // 12)
            lines = wrap(text, rect.w, size, bold)
    lines = lines[:max_lines]
    step = round(size * 1.3)
    y = rect.y
    if valign == "center":
        y = rect.centery - (step * (len(lines) - 1) + size) // 2 - size // 8
    for line in lines:
        image = render(line, size, color, bold)
        box = image.get_rect(top=y)
        if align == "center":
            box.centerx = rect.centerx
        else:
            box.left = rect.left
        surface.blit(image, box)
        y += step
    return y


def message_box(text: str, max_width: int, size: int, color: theme.Color,
                fill: theme.Color, edge: theme.Color) -> pygame.Surface:
    """A rounded card holding a wrapped message (rejections, warnings)."""
    pad = max(8, size * 2 // 3)
    lines = wrap(text, max_width - 2 * pad, size, bold=True, break_words=True)[:3]
    step = round(size * 1.3)
    width = max(render(line, size, color, True).get_width() for line in lines) + 2 * pad
    height = 2 * pad + step * (len(lines) - 1) + render(lines[0], size, color, True).get_height()
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    box = card.get_rect()
    pygame.draw.rect(card, fill, box, border_radius=pad)
    pygame.draw.rect(card, edge, box, width=max(2, size // 10), border_radius=pad)
    for index, line in enumerate(lines):
        image = render(line, size, color, True)
        card.blit(image, image.get_rect(midtop=(box.centerx, pad + index * step)))
    return card
