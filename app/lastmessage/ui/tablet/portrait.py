"""A round portrait of one character cut from its scene, to remind who the criminal is.

Cut from a render of the scene large enough that the crop is shrunk, never
enlarged (an enlarged crop looked pixelated), and kept per character and size.
Only the crop of that render is drawn (`render.draw_region`): the whole of it
is up to 5760x3240, 71 MB, and was drawn, cached on disk, decoded and copied
for one small disc.
"""

from __future__ import annotations

import math

import pygame

from lastmessage.scenes.geometry import default_size, figure_height_px
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import draw_highlight, draw_region, narrowest_alone
from lastmessage.ui import theme

_CROP_FIGURES = 4.5   # the crop shows this many figure heights: the character and its surroundings
_MAX_SCALE = 3.0      # the largest raster rendered for a portrait: 5760 px wide
_portraits: dict[tuple[str, str, int, float], tuple[Scene, pygame.Surface]] = {}


def portrait(scene: Scene, character: Character, diameter: int, *, figures: float = _CROP_FIGURES) -> pygame.Surface:
    """The character in a disc of `diameter`, with `figures` figure heights of the scene
    around (fewer: closer; a small disc in a corner shows the person, not the crowd)."""
    key = (scene.id, character.id, diameter, figures)
    known = _portraits.get(key)
    if known is None or known[0] is not scene:   # a resumed game's kept scene shares its id with the catalog's
        if any(k[:2] != key[:2] or s is not scene for k, (s, _) in _portraits.items()) or len(_portraits) > 3:
            _portraits.clear()   # one character is shown at a time, at a few sizes; do not hoard rasters
        known = _portraits[key] = (scene, _cut(scene, character, diameter, figures))
    return known[1]


def source_size(scene: Scene, character: Character, diameter: int,
                figures: float = _CROP_FIGURES) -> tuple[int, int]:
    """The size of the scene's raster the portrait is cut from: big enough that
    the crop is shrunk to `diameter`, not enlarged (an enlarged crop is pixelated),
    and than a supersampled render, whose crop is cut from the whole render (27 MB
    and more for a moment, at the end of a game: the soak's highest resident size)."""
    base = figures * figure_height_px(character.art, default_size(scene), scene.aspect)
    scale = min(_MAX_SCALE, max(1.0, diameter / base))
    return default_size(scene, max(math.ceil(1920 * scale), narrowest_alone(scene.aspect)))


def _cut(scene: Scene, character: Character, diameter: int, figures: float) -> pygame.Surface:
    size = source_size(scene, character, diameter, figures)
    whole = pygame.Rect((0, 0), size)
    side = round(figures * figure_height_px(character.art, size, scene.aspect))
    crop = pygame.Rect(0, 0, side, side)
    crop.center = (round(character.x * size[0]), round(character.y * size[1]))
    crop.clamp_ip(whole)
    crop = crop.clip(whole)
    picture = draw_region(scene, size, crop)   # only the crop: the whole render at 3x is 71 MB
    draw_highlight(picture, scene, character, whole.move(-crop.x, -crop.y), color=theme.AMBER)   # who, in a crowd
    face = pygame.transform.smoothscale(picture, (diameter, diameter))
    result = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    result.blit(face, (0, 0))
    mask = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (diameter / 2, diameter / 2), diameter / 2)
    result.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    ring = max(3, diameter // 30)
    pygame.draw.circle(result, theme.AMBER, (diameter / 2, diameter / 2), diameter / 2, ring)
    return result
