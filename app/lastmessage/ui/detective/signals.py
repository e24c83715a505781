"""What the monitor shows besides the game: a sound's caption, and the edges
glowing through the last seconds of the clue timer.

The caption sits in the top bar, right of the middle and left of the round
pips: clear of the scene, the boards and the phase panel. The glow is a band
along every edge of the screen, strongest at the edge, stronger on each tick
(ui.tension.pulse), drawn over whatever is there and restored by the layers.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.sound.captions import Caption
from lastmessage.ui import theme
from lastmessage.ui.caption import caption_pill
from lastmessage.ui.detective import words
from lastmessage.ui.detective.layout import MIN_TEXT, TITLE_ROOM, Layout
from lastmessage.ui.tension import glow
from lastmessage.ui.text import render

CAPTION_SIZE = 30   # design pixels at 1080p (MIN_TEXT at the least)
GLOW_DEPTH = 44     # design pixels of the edge glow


def caption(surface: pygame.Surface, layout: Layout, tx: Translator, shown: Caption,
            rounds: int) -> pygame.Rect:
    t = layout.theme
    bar = layout.top_bar
    radius, gap = t.px(24), t.px(12)   # the round pips' (chrome._pips)
    pips_left = bar.right - layout.margin - rounds * (2 * radius + gap)
    label = render(words.rounds_label(tx), t.px(MIN_TEXT), theme.TEXT_DIM, True)
    right = pips_left + gap - t.px(4) - label.get_width() - t.px(28)
    left = surface.get_width() // 2 - t.px(TITLE_ROOM - 20)   # where the title's room ends (chrome.top_bar)
    pill = caption_pill(tx.tr(shown.text), t.px(CAPTION_SIZE), t.px(MIN_TEXT), right - left)
    return surface.blit(pill, pill.get_rect(midright=(right, bar.centery)))


@lru_cache(maxsize=8)
def _band(length: int, depth: int, colour: theme.Color) -> pygame.Surface:
    """A horizontal band, opaque-ish at its top edge, fading to nothing."""
    band = pygame.Surface((length, depth), pygame.SRCALPHA)
    for y in range(depth):
        alpha = round(210 * (1 - y / depth) ** 2)
        pygame.draw.line(band, (*colour, alpha), (0, y), (length, y))
    return band


@lru_cache(maxsize=8)
def _frame(size: tuple[int, int], depth: int, colour: theme.Color) -> tuple[tuple[pygame.Surface, tuple[int, int]], ...]:
    width, height = size
    top = _band(width, depth, colour)
    side = pygame.transform.rotate(_band(height, depth, colour), 90)   # fades to the right
    return ((top, (0, 0)), (pygame.transform.flip(top, False, True), (0, height - depth)),
            (side, (0, 0)), (pygame.transform.flip(side, True, False), (width - depth, 0)))


def edge_glow(surface: pygame.Surface, layout: Layout, beat: float) -> list[pygame.Rect]:
    """The four edges glowing crimson, brighter on the beat (0..1)."""
    colour = glow(theme.NIGHT, beat)
    return [surface.blit(image, at)
            for image, at in _frame(surface.get_size(), layout.theme.px(GLOW_DEPTH), colour)]
