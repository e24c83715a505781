"""An erased square struck out on the monitor, one after another as a board arrives.

The board comes in with its erased squares blank: it is public only after the
erasure, so there is no ink under them to hide (the detectives never see
what was erased). Then each square gets its redaction the way a stamp lands:
the black block falls onto the square, growing solid, hits it at the strike
time (when the speaker plays the strike), and a ring spreads from it and fades.
Both move as layers (present.Layer): the GPU scales and fades them.
At rest it is exactly the redaction `board_draw.draw_erased` paints.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.present import Layer
from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px, draw_erased
from lastmessage.ui.detective.moments import STRIKE_FALL, STRIKE_RING, ease_in_cubic, ease_out_cubic
from lastmessage.ui.theme import Theme

FALL_SCALE = 0.7   # the redaction starts this much larger than its square, as if nearer the eye
RING_REACH = 30    # design pixels: how far the ring spreads from the square


def land(surface: pygame.Surface, board: pygame.Rect, cell: int, grid_width: int) -> pygame.Rect:
    """The struck square at rest, and the board's edge over it, as on a finished card."""
    box = cell_px(board, cell)
    draw_erased(surface, board, [cell])
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))
    pygame.draw.rect(surface, theme.GRID, board, grid_width)
    surface.set_clip(clip)
    return box


@lru_cache(maxsize=16)
def _block(width: int, height: int) -> pygame.Surface:
    """The redaction of one square, on its own (the same pattern `draw_erased` paints)."""
    block = pygame.Surface((width, height))
    block.fill(theme.PAPER)
    draw_erased(block, pygame.Rect(0, 0, 3 * width, 3 * height), [0])
    return block


@lru_cache(maxsize=16)
def _ring(width: int, height: int, line: int, radius: int) -> pygame.Surface:
    ring = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(ring, theme.CRIMSON, ring.get_rect(), line, border_radius=radius)
    return ring


def moving(board: pygame.Rect, cell: int, since: float, t: Theme) -> Layer | None:
    """The strike in motion, `since` seconds after it hits (negative: falling),
    as a layer the GPU scales and fades; None before it falls and once its
    ring has faded."""
    box = cell_px(board, cell)
    if -STRIKE_FALL <= since < 0:
        fall = ease_in_cubic(1 + since / STRIKE_FALL)
        scale = 1 + FALL_SCALE * (1 - fall)
        dest = pygame.FRect(0, 0, box.w * scale, box.h * scale)
        dest.center = box.center
        return Layer(("strike", board.topleft, cell), _block(box.w, box.h), dest, alpha=round(170 + 85 * fall))
    if 0 <= since < STRIKE_RING:
        spread = ease_out_cubic(since / STRIKE_RING)
        reach = t.px(RING_REACH)
        image = _ring(box.w + 2 * reach, box.h + 2 * reach, max(2, t.px(8)), t.px(8))
        dest = pygame.FRect(box.inflate(round(2 * reach * spread), round(2 * reach * spread)))
        return Layer(("strike ring", board.topleft, cell), image, dest, alpha=round(255 * (1 - spread)))
    return None
