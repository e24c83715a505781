"""A sound's caption drawn on a screen: a subtitle-like pill, white on night.

Both screens draw captions the same way (the words come from sound.captions,
translated when drawn), unlike a refusal (crimson border) or the link notice
(amber), so a caption reads as "this is what you would hear".
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.ui import theme
from lastmessage.ui.text import fit_line, render


@lru_cache(maxsize=32)
def caption_pill(text: str, size: int, minimum: int, max_width: int) -> pygame.Surface:
    """The text at `size` (down to `minimum` to fit `max_width`) on a rounded plate."""
    pad_x, pad_y = max(4, size * 3 // 5), max(2, size // 4)
    line, fitted = fit_line(text, max_width - 2 * pad_x, size, minimum)
    image = render(line, fitted, theme.TEXT, False)
    plate = pygame.Surface((image.get_width() + 2 * pad_x, image.get_height() + 2 * pad_y), pygame.SRCALPHA)
    area = plate.get_rect()
    radius = area.h // 2
    pygame.draw.rect(plate, theme.NIGHT, area, border_radius=radius)
    pygame.draw.rect(plate, theme.TEXT_DIM, area, max(1, size // 14), border_radius=radius)
    plate.blit(image, image.get_rect(center=area.center))
    return plate
