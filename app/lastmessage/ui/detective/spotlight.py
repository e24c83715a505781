"""Stage lighting on the scene: the lights go down, a spotlight opens on one
character; and the suspects already cleared keep a cross for the rest of the game.

The darkness is painted into the background once (a cut, as in a theatre),
so only the opening spotlight moves: a frame redraws a disc of the scene,
not the whole scene.
"""

from __future__ import annotations

import pygame

from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import character_radius, draw_highlight
from lastmessage.ui import theme
from lastmessage.ui.detective.moments import ease_out_cubic
from lastmessage.ui.theme import Theme

DIM = (64, 64, 78)     # the scene multiplied by this when the lights go down (about a quarter)
_KEY = (255, 0, 254)   # colour key of the disc's corners; not a colour the scenes use


def darken(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.fill(DIM, rect, special_flags=pygame.BLEND_RGB_MULT)


def radius(scene: Scene, character: Character, rect: pygame.Rect, t: Theme) -> int:
    """The spotlight's full radius: the figure and a little of what is around it."""
    return max(t.px(70), round(character_radius(scene, character, rect.size) * 2.4))


def centre(character: Character, rect: pygame.Rect) -> tuple[int, int]:
    return round(rect.x + character.x * rect.w), round(rect.y + character.y * rect.h)


def spot(surface: pygame.Surface, raster: pygame.Surface, rect: pygame.Rect, scene: Scene,
         character: Character, t: Theme, opened: float, *, ring: theme.Color) -> pygame.Rect | None:
    """The lit disc on the darkened scene (`raster` shown in `rect`), `opened`
    0..1 of its full radius (eased out), with the character ringed."""
    full = radius(scene, character, rect, t)
    size = round(full * ease_out_cubic(opened))
    if size < 2:
        return None
    middle = centre(character, rect)
    box = pygame.Rect(0, 0, 2 * size, 2 * size)
    box.center = middle
    box = box.clip(rect)
    disc = pygame.Surface(box.size)
    disc.blit(raster, (0, 0), box.move(-rect.x, -rect.y))
    corners = pygame.Surface(box.size)
    corners.fill(_KEY)
    pygame.draw.circle(corners, (0, 0, 0), (middle[0] - box.x, middle[1] - box.y), size)
    corners.set_colorkey((0, 0, 0))
    disc.blit(corners, (0, 0))
    disc.set_colorkey(_KEY)
    surface.blit(disc, box)
    rim = max(2, t.px(4))
    pygame.draw.circle(surface, ring, middle, size + rim // 2, rim)
    lit = box.inflate(2 * rim + 2, 2 * rim + 2)
    if opened >= 1:
        lit = lit.union(draw_highlight(surface, scene, character, rect, color=ring))
    return lit


def cleared(surface: pygame.Surface, scene: Scene, character: Character, rect: pygame.Rect,
            t: Theme) -> pygame.Rect:
    """A wrong suspect crossed out: a red cross on a dark outline over the figure,
    as big as the figure (seen from the sofa) but no wider (its neighbours stay visible)."""
    size = max(t.px(16), round(character_radius(scene, character, rect.size) * 0.9))
    x, y = centre(character, rect)
    width = max(4, t.px(9))
    ends = (((x - size, y - size), (x + size, y + size)), ((x - size, y + size), (x + size, y - size)))
    for start, end in ends:
        pygame.draw.line(surface, theme.NIGHT, start, end, width + 2 * max(2, t.px(3)))
    for start, end in ends:
        pygame.draw.line(surface, theme.CRIMSON, start, end, width)
    for point in (p for pair in ends for p in pair):   # round ends, outlined
        pygame.draw.circle(surface, theme.CRIMSON, point, width // 2)
    reach = size + width
    return pygame.Rect(x - reach, y - reach, 2 * reach, 2 * reach)
