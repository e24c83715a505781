"""An erased square struck out on the monitor, one after another as a board arrives.

The board comes in with its erased squares blank: it is public only after the
erasure, so there is no ink under them to hide (the detectives never see
what was erased). Then each square gets its redaction the way a stamp lands:
the black block falls onto the square, growing solid, hits it at the strike
time (when the speaker plays the strike), and a ring spreads from it and fades.
At rest it is exactly the redaction `board_draw.draw_erased` paints.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px, draw_erased
from lastmessage.ui.detective.moments import STRIKE_FALL, STRIKE_RING, ease_in_cubic, ease_out_cubic
from lastmessage.ui.theme import Theme

FALL_SCALE = 0.7   # the redaction starts this much larger than its square, as if nearer the eye


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


def moving(surface: pygame.Surface, board: pygame.Rect, cell: int, since: float,
           t: Theme) -> pygame.Rect | None:
    """The strike in motion, `since` seconds after it hits (negative: falling);
    None before it falls and once its ring has faded."""
    box = cell_px(board, cell)
    if -STRIKE_FALL <= since < 0:
        fall = ease_in_cubic(1 + since / STRIKE_FALL)
        scale = 1 + FALL_SCALE * (1 - fall)
        size = (round(box.w * scale), round(box.h * scale))
        block = pygame.transform.scale(_block(box.w, box.h), size)
        block.set_alpha(round(170 + 85 * fall))
        return surface.blit(block, block.get_rect(center=box.center))
    if 0 <= since < STRIKE_RING:
        spread = ease_out_cubic(since / STRIKE_RING)
        width = max(1, round(t.px(10) * (1 - spread)))
        ring = box.inflate(2 * round(t.px(30) * spread) + width, 2 * round(t.px(30) * spread) + width)
        return pygame.draw.rect(surface, theme.CRIMSON, ring, width, border_radius=t.px(6))
    return None
