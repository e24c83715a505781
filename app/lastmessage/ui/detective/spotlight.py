"""Stage lighting on the scene: the lights go down around one character, and
the suspects already cleared keep a red cross for the rest of the game.

The darkness is a veil with a hole, handed to the output as a layer
(present.Layer): fading it in and closing it onto the character is the GPU's
work, so nothing of the scene is redrawn or uploaded while the light moves.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.ui.present import Layer
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import character_radius
from lastmessage.ui import theme
from lastmessage.ui.detective.moments import ease_out_cubic
from lastmessage.ui.theme import Theme
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.text import render

DARK = 196        # the veil's opacity: the scene around the spotlight at about a quarter of its light
SOFT = 0.18       # the spotlight's edge fades over this share of its radius
CLOSING = 0.7     # the spotlight closes in from this much wider than its rest


def radius(scene: Scene, character: Character, rect: pygame.Rect, t: Theme) -> int:
    """The spotlight's radius: the figure and a little of what is around it."""
    return max(t.px(70), round(character_radius(scene, character, rect.size) * 2.4))


def centre(character: Character, rect: pygame.Rect) -> tuple[int, int]:
    return round(rect.x + character.x * rect.w), round(rect.y + character.y * rect.h)


@lru_cache(maxsize=2)   # scene-sized: 3 MB each at 1080p
def _veil(size: tuple[int, int], hole: tuple[int, int] | None, hole_radius: int,
          ring: theme.Color, rim: int) -> pygame.Surface:
    """The darkness over a scene of `size`, with a soft round hole at `hole` (None: no hole)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, DARK))
    if hole is not None:
        soft = max(2, round(hole_radius * SOFT))
        for step in range(soft, -1, -1):   # from the outside in, each ring clearer
            pygame.draw.circle(veil, (0, 0, 0, round(DARK * step / (soft + 1))), hole, hole_radius - soft + step)
        pygame.draw.circle(veil, (*ring, 255), hole, hole_radius + rim, rim)
    return veil


def veil(rect: pygame.Rect, character: Character | None, scene: Scene, t: Theme, closed: float, *,
         ring: theme.Color) -> Layer | None:
    """The lights going down over the scene shown in `rect`, `closed` 0..1 of the way:
    the darkness fades in and its spotlight (on `character`, if any) closes onto it."""
    shown = ease_out_cubic(closed)   # (0: not drawn yet, but its texture goes up with the frame that starts it)
    hole = None if character is None else centre(character, rect)
    size = radius(scene, character, rect, t) if character is not None else 0
    image = _veil(rect.size, None if hole is None else (hole[0] - rect.x, hole[1] - rect.y), size, ring,
                  max(2, t.px(4)))
    wide = 1 + CLOSING * (1 - shown)
    middle = hole or rect.center
    dest = pygame.FRect(middle[0] - (middle[0] - rect.x) * wide, middle[1] - (middle[1] - rect.y) * wide,
                        rect.w * wide, rect.h * wide)
    return Layer(("veil",), image, dest, alpha=round(255 * shown)).within(rect)


@lru_cache(maxsize=8)
def _cross(size: int, width: int, outline: int) -> pygame.Surface:
    side = 2 * (size + width + outline)
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    middle = side // 2
    ends = (((middle - size, middle - size), (middle + size, middle + size)),
            ((middle - size, middle + size), (middle + size, middle - size)))
    for colour, thickness in ((theme.NIGHT, width + 2 * outline), (theme.CRIMSON, width)):
        for start, end in ends:
            pygame.draw.line(image, colour, start, end, thickness)
            for point in (start, end):   # round ends
                pygame.draw.circle(image, colour, point, thickness // 2)
    return image


def cross(scene: Scene, character: Character, rect: pygame.Rect, t: Theme,
          number: int | None = None) -> tuple[pygame.Surface, pygame.Rect]:
    """A wrong suspect crossed out: a red cross on a dark outline over the figure,
    as big as the figure (seen from the sofa) but no wider (its neighbours stay
    visible); with `number`, the round of the accusation in a badge at its top
    right, as the board of that round names it ("✕ 2"). The picture and where it goes."""
    size = max(t.px(16), round(character_radius(scene, character, rect.size) * 0.9))
    image = _cross(size, max(4, t.px(9)), max(2, t.px(3)))
    if number is not None:
        label = render(str(number), t.px(MIN_TEXT), theme.TEXT, True)
        side = max(label.get_width(), label.get_height()) + t.px(6)
        badged = pygame.Surface((size + side // 2, size + side // 2), pygame.SRCALPHA)
        badged.blit(image, (0, side // 2))
        centre_at = (badged.get_width() - side // 2, side // 2)
        pygame.draw.circle(badged, theme.CRIMSON, centre_at, side // 2)
        pygame.draw.circle(badged, theme.NIGHT, centre_at, side // 2, max(2, t.px(3)))
        badged.blit(label, label.get_rect(center=centre_at))
        middle = centre(character, rect)
        return badged, badged.get_rect(bottomleft=(round(middle[0] - size / 2), round(middle[1] + size / 2)))
    return image, image.get_rect(center=centre(character, rect))
