"""The verdict, stamped on the scene like a rubber stamp on a case file.

The device answers an accusation only with "correct" or "not the criminal"
(and a pass with "passed"). The stamp falls onto the scene, hits it
`STAMP_LANDS` after the accusation, squashes a little and comes to rest;
which round and whom it answers is said in the phase panel under it. The
stamp's picture is drawn once per verdict and language and kept.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.ui.present import Layer
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.detective.moments import STAMP_FALL, STAMP_SETTLE, ease_in_cubic
from lastmessage.ui.text import fit_size, render
from lastmessage.ui.theme import Theme

STYLE = {
    "correct": theme.TEAL,     # far apart for protanopes and deuteranopes too
    "wrong": theme.CRIMSON,
    "passed": (225, 225, 232),
}
TILT = 7.0          # degrees the stamp lands askew
FALL_SCALE = 0.35   # the stamp starts this much larger, as if nearer the eye
SQUASH = 0.06       # and, on impact, squashes this much before coming to rest


@lru_cache(maxsize=2)
def picture(kind: str, width: int, t: Theme, tx: Translator) -> pygame.Surface:
    """The stamp for a scene `width` wide: the word in bold capitals in a
    double frame, on a dark plate so it reads on any scene."""
    accent = STYLE[kind]
    word = words.verdict_word(tx, kind)
    size = fit_size(word, round(width * 0.8), t.px(150), bold=True)
    text = render(word, size, accent, True)
    pad_x, pad_y, line = t.px(48), t.px(26), max(3, t.px(9))
    plate = pygame.Surface(text.get_rect().inflate(2 * pad_x, 2 * pad_y).size, pygame.SRCALPHA)
    rect = plate.get_rect()
    pygame.draw.rect(plate, (*theme.NIGHT, 225), rect, border_radius=t.px(18))
    pygame.draw.rect(plate, accent, rect, line, border_radius=t.px(18))
    inner = rect.inflate(-2 * line - 2 * max(2, t.px(5)), -2 * line - 2 * max(2, t.px(5)))
    pygame.draw.rect(plate, accent, inner, max(2, line // 3), border_radius=t.px(12))
    plate.blit(text, text.get_rect(center=rect.center))
    return pygame.transform.rotozoom(plate, TILT, 1.0)


def scale_at(since: float) -> float | None:
    """The stamp's size `since` seconds after it hits (None: not yet falling)."""
    if since < -STAMP_FALL:
        return None
    if since < 0:
        return 1 + FALL_SCALE * (1 - ease_in_cubic(1 + since / STAMP_FALL))
    if since < STAMP_SETTLE:
        return 1 - SQUASH * math.sin(math.pi * since / STAMP_SETTLE)
    return 1.0


def stamp(where: tuple[int, int], image: pygame.Surface, since: float, bounds: pygame.Rect) -> Layer | None:
    """The stamp centred on `where`, `since` seconds after it hit, as a layer
    seen through `bounds` (the scene): the GPU scales and fades it."""
    scale = scale_at(since)
    if scale is None:   # not falling yet: sent to the GPU now, not drawn (alpha 0)
        return Layer(("stamp",), image, pygame.FRect(image.get_rect(center=where)), alpha=0).within(bounds)
    if scale == 1.0:   # at rest, on whole pixels: the same picture on both render paths
        dest = pygame.FRect(image.get_rect(center=where))
    else:
        dest = pygame.FRect(0, 0, image.get_width() * scale, image.get_height() * scale)
        dest.center = where
    alpha = round(255 * min(1.0, 2 * (1 + since / STAMP_FALL))) if since < 0 else 255
    return Layer(("stamp",), image, dest, alpha=alpha).within(bounds)
