"""Text drawing with a cache: rendered labels are reused frame after frame."""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.ui.theme import Color, font


@lru_cache(maxsize=2048)
def render(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(text, True, color)


def blit_text(surface: pygame.Surface, text: str, size: int, color: Color, *,
              bold: bool = False, center: tuple[int, int] | None = None,
              topleft: tuple[int, int] | None = None, midleft: tuple[int, int] | None = None,
              midright: tuple[int, int] | None = None) -> pygame.Rect:
    image = render(text, size, color, bold)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif topleft is not None:
        rect.topleft = topleft
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    return surface.blit(image, rect)


def fit_size(text: str, max_width: int, size: int, bold: bool = False, minimum: int = 8) -> int:
    """The largest font size up to `size` at which `text` fits in `max_width`."""
    while size > minimum and font(size, bold).size(text)[0] > max_width:
        size -= max(1, size // 12)
    return size


def wrap(text: str, max_width: int, size: int, bold: bool = False) -> list[str]:
    """Words wrapped into lines no wider than `max_width`."""
    lines: list[str] = []
    current = ""
    measure = font(size, bold)
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and measure.size(candidate)[0] > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


