"""An erased square struck out on the monitor, one after another as a board arrives.

The board comes in with its erased squares blank: it is public only after the
erasure, so there is no ink under them to hide (the detectives never see
what was erased). Then each square gets its redaction the way a stamp lands:
the black block falls onto the square, growing solid, hits it at the strike
time (when the speaker plays the strike), and a ring spreads from it and fades.
At rest it is exactly the square of the finished card. All of it is layers
(present.Layer): the GPU scales and fades them, nothing is redrawn.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.ui.present import Layer
from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px
from lastmessage.ui.detective.moments import STRIKE_FALL, STRIKE_RING, ease_in_cubic, ease_out_cubic
from lastmessage.ui.theme import Theme

FALL_SCALE = 0.7   # the redaction starts this much larger than its square, as if nearer the eye
RING_REACH = 30    # design pixels: how far the ring spreads from the square


@lru_cache(maxsize=9)   # one board's squares: each key holds its whole card
def _tile(card: pygame.Surface, box: tuple[int, int, int, int]) -> pygame.Surface:
    """One struck square cut from the finished card (so at rest it is the card's
    own pixels, border and all), kept as one surface: one texture on the GPU."""
    return card.subsurface(box).copy()


@lru_cache(maxsize=16)
def _ring(width: int, height: int, line: int, radius: int) -> pygame.Surface:
    ring = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(ring, theme.CRIMSON, ring.get_rect(), line, border_radius=radius)
    return ring


def moving(card: pygame.Surface, board: pygame.Rect, origin: tuple[int, int], cell: int, since: float,
           t: Theme) -> list[Layer]:
    """Square `cell` of the board at `board` on the finished `card` (placed at
    `origin` on the screen), `since` seconds after it is struck (negative:
    still to come): falling, then at rest with a ring spreading from it."""
    if since < -STRIKE_FALL:
        return []
    local = cell_px(board, cell)
    tile = _tile(card, tuple(local))
    box = local.move(origin)
    key = ("struck", origin, cell)
    if since < 0:
        fall = ease_in_cubic(1 + since / STRIKE_FALL)
        scale = 1 + FALL_SCALE * (1 - fall)
        dest = pygame.FRect(0, 0, box.w * scale, box.h * scale)
        dest.center = box.center
        return [Layer(key, tile, dest, alpha=round(215 + 40 * fall))]
    layers = [Layer(key, tile, pygame.FRect(box))]
    if since < STRIKE_RING:
        spread = ease_out_cubic(since / STRIKE_RING)
        reach = t.px(RING_REACH)
        image = _ring(box.w + 2 * reach, box.h + 2 * reach, max(2, t.px(8)), t.px(8))
        dest = pygame.FRect(box.inflate(round(2 * reach * spread), round(2 * reach * spread)))
        layers.append(Layer(("strike ring", origin, cell), image, dest, alpha=round(255 * (1 - spread))))
    return layers
