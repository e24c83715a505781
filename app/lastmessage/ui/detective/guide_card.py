"""The monitor's side of the onboarding (ui.guide): who is who, and the guided steps.

The detectives read these from the sofa, so nothing is under MIN_TEXT and
nothing is cut: a text that does not fit gets smaller down to the floor, then
the card grows; the card is centred in the room it is given.
"""

from __future__ import annotations

import pygame

from lastmessage.ui import theme
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.text import render, wrap
from lastmessage.ui.theme import Theme

Row = tuple[str, str, theme.Color]
"""A label (may be empty), its text, the label's colour."""


def _lines(text: str, width: int, size: int, bold: bool,
           colour: theme.Color = theme.TEXT) -> list[pygame.Surface]:
    return [render(line, size, colour, bold) for line in wrap(text, width, size, bold)]


def card(surface: pygame.Surface, area: pygame.Rect, t: Theme, title: str, rows: list[Row], *,
         size: int = 40, fill: bool = False) -> pygame.Rect:
    """A dark card in `area`: the title in amber, then each row's label above its text.
    `fill`: as tall as `area` at least (it covers what is there). Returns the card drawn."""
    pad, gap = t.px(36), t.px(18)
    width = area.w - 2 * pad
    floor = t.px(MIN_TEXT)
    size = t.px(size)
    while True:
        heading = _lines(title, width, size + t.px(8), True, theme.AMBER)
        blocks = [(render(label, size, colour, True) if label else None, _lines(text, width, size, False))
                  for label, text, colour in rows]
        height = (sum(i.get_height() for i in heading)
                  + sum((label.get_height() if label else 0) + sum(i.get_height() for i in lines) + gap
                        for label, lines in blocks) + 2 * pad)
        if height <= area.h or size <= floor:
            break
        size = max(floor, size - max(1, size // 12))
    box = pygame.Rect(0, 0, area.w, max(area.h, height) if fill else height)
    box.center = area.center
    pygame.draw.rect(surface, theme.NIGHT_RAISED, box, border_radius=t.px(18))
    pygame.draw.rect(surface, theme.AMBER, box, max(2, t.px(3)), border_radius=t.px(18))
    y = box.y + pad
    for image in heading:
        surface.blit(image, (box.x + pad, y))
        y += image.get_height()
    y += gap
    for label, lines in blocks:
        if label is not None:
            surface.blit(label, (box.x + pad, y))
            y += label.get_height()
        for image in lines:
            surface.blit(image, (box.x + pad, y))
            y += image.get_height()
        y += gap
    return box

