"""A round portrait of one character cut from its scene, to remind who the criminal is.

Cut from a render of the scene large enough that the crop is shrunk, never
enlarged (an enlarged crop looked pixelated). Only the crop of that render is
drawn (`render.draw_region`): the whole of it is up to 5760x3240, 71 MB, and
was drawn, cached on disk, decoded and copied for one small disc.

A game shows its criminal at four or five sizes and closenesses (the ready
card, the clue screen's corner while drawing and while typing, held big, the
verdict's card). Each was a render of its own, 15-55 ms, and the few kept
made room for the next, so the verdict's card was drawn in the very frame of
the accusation (31 ms, two frames lost at the game's most dramatic moment;
more on a Pi). The crop is now drawn once per character, at the largest scale
and the widest closeness, and every portrait is cut from it and shrunk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from lastmessage.scenes.geometry import default_size, figure_height_px
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import draw_highlight, draw_region, narrowest_alone
from lastmessage.ui import theme

_CROP_FIGURES = 4.5   # the crop shows this many figure heights: the character and its surroundings
_MAX_SCALE = 3.0      # the largest raster rendered for a portrait: 5760 px wide
_KEPT = 4   # discs of one character kept (a megabyte or so each): another is cut from the crop in a millisecond


@dataclass(frozen=True)
class _Region:
    """The crop round one character, drawn once at `size` and ringed; `crop` is where it lies there."""
    scene: Scene
    character: str
    figures: float
    size: tuple[int, int]
    crop: pygame.Rect
    picture: pygame.Surface


_region: _Region | None = None
_portraits: dict[tuple[str, str, int, float], tuple[Scene, pygame.Surface]] = {}


def portrait(scene: Scene, character: Character, diameter: int, *, figures: float = _CROP_FIGURES) -> pygame.Surface:
    """The character in a disc of `diameter`, with `figures` figure heights of the scene
    around (fewer: closer; a small disc in a corner shows the person, not the crowd)."""
    global _region
    key = (scene.id, character.id, diameter, figures)
    known = _portraits.get(key)
    if known is None or known[0] is not scene:   # a resumed game's kept scene shares its id with the catalog's
        if any(k[:2] != key[:2] or s is not scene for k, (s, _) in _portraits.items()) or len(_portraits) >= _KEPT:
            _portraits.clear()   # one character is shown at a time, at a few sizes; do not hoard rasters
        region = _region
        if (region is None or region.scene is not scene or region.character != character.id
                or region.figures < figures):
            region = _region = None   # the last character's crop goes before the next is drawn
            region = _region = _draw_region(scene, character, max(_CROP_FIGURES, figures))
        known = _portraits[key] = (scene, _cut(region, character, diameter, figures))
    return known[1]


def forget_portraits() -> None:
    """A game is over: its criminal's crop (1.5-2.6 MB) and discs go."""
    global _region
    _region = None
    _portraits.clear()


def source_size(scene: Scene) -> tuple[int, int]:
    """The size of the scene's raster portraits are cut from: the largest, so that a crop is
    shrunk to any disc, not enlarged (an enlarged crop is pixelated), and never a supersampled
    render, whose crop is cut from the whole render (27 MB and more for a moment, at the end of
    a game: the soak's highest resident size)."""
    return default_size(scene, max(math.ceil(1920 * _MAX_SCALE), narrowest_alone(scene.aspect)))


def _crop(scene: Scene, character: Character, size: tuple[int, int], figures: float) -> pygame.Rect:
    """`figures` figure heights round the character in a render of `size`, inside it."""
    whole = pygame.Rect((0, 0), size)
    side = round(figures * figure_height_px(character.art, size, scene.aspect))
    crop = pygame.Rect(0, 0, side, side)
    crop.center = (round(character.x * size[0]), round(character.y * size[1]))
    crop.clamp_ip(whole)
    return crop.clip(whole)


def _draw_region(scene: Scene, character: Character, figures: float) -> _Region:
    size = source_size(scene)
    crop = _crop(scene, character, size, figures)
    picture = draw_region(scene, size, crop)   # only the crop: the whole render at 3x is 71 MB
    whole = pygame.Rect((0, 0), size)
    draw_highlight(picture, scene, character, whole.move(-crop.x, -crop.y), color=theme.AMBER)   # who, in a crowd
    return _Region(scene, character.id, figures, size, crop, picture)


def _cut(region: _Region, character: Character, diameter: int, figures: float) -> pygame.Surface:
    """The disc of `diameter` cut from the region: a closer crop lies inside the wider one, as
    both are centred on the character and held inside the scene alike."""
    crop = _crop(region.scene, character, region.size, figures).move(-region.crop.x, -region.crop.y)
    face = pygame.transform.smoothscale(region.picture.subsurface(crop.clip(region.picture.get_rect())),
                                        (diameter, diameter))
    result = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    result.blit(face, (0, 0))
    mask = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (diameter / 2, diameter / 2), diameter / 2)
    result.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    ring = max(3, diameter // 30)
    pygame.draw.circle(result, theme.AMBER, (diameter / 2, diameter / 2), diameter / 2, ring)
    return result
