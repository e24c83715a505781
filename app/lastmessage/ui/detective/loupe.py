"""The magnifier: the area around the cursor, enlarged, with the character's name.

Figures are small on a crowded scene, so the loupe shows a sharper render of
the same scene (drawn `ZOOM` times larger, from the scene cache), never an
upscaled blur. Everything it needs per frame is prepared once per scene and
size: the big raster, the round mask, the shadow; a frame only copies a
small square and blends it, so moving the cursor costs a few percent of a
full-screen blit.
"""

from __future__ import annotations

import math

import pygame

from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import character_radius, render_scene
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.text import fit_size, render
from lastmessage.ui.theme import Theme

ZOOM = 3.0
MAX_SOURCE_WIDTH = 4800   # caps the raster (and memory) on a 4K monitor


class Loupe:
    def __init__(self, radius: int, t: Theme) -> None:
        self.radius = radius
        self.theme = t
        self._source: pygame.Surface | None = None
        self._key: tuple[str, tuple[int, int]] | None = None
        side = 2 * radius
        self._mask = pygame.Surface((side, side), pygame.SRCALPHA)
        self._mask.fill((255, 255, 255, 0))
        pygame.draw.aacircle(self._mask, (255, 255, 255, 255), (radius, radius), radius - 1)
        self._lens = pygame.Surface((side, side), pygame.SRCALPHA)
        self._shadow = _shadow(radius, t.px(14))

    def prepare(self, scene: Scene, shown: tuple[int, int]) -> None:
        """Load the big raster for `scene` shown at `shown` pixels (once per scene)."""
        zoom = min(ZOOM, MAX_SOURCE_WIDTH / shown[0])
        size = (round(shown[0] * zoom), round(shown[1] * zoom))
        if self._key != (scene.id, size):
            self._source = render_scene(scene, size)
            self._key = (scene.id, size)

    def place(self, focus: tuple[float, float], clearance: float, bounds: pygame.Rect) -> tuple[int, int]:
        """A centre for the lens beside `focus`, not covering it, inside `bounds` if possible.

        Above-right first, then the other diagonals; the first that fits wins,
        otherwise the one sticking out least (clamped into the bounds).
        """
        distance = (self.radius + clearance) / math.sqrt(2)
        best: tuple[float, tuple[int, int]] | None = None
        for sx, sy in ((1, -1), (-1, -1), (1, 1), (-1, 1)):
            centre = (round(focus[0] + sx * distance), round(focus[1] + sy * distance))
            box = pygame.Rect(0, 0, 2 * self.radius, 2 * self.radius)
            box.center = centre
            outside = box.w * box.h - box.clip(bounds).w * box.clip(bounds).h
            if outside == 0:
                return centre
            if best is None or outside < best[0]:
                best = (outside, centre)
        assert best is not None
        box = pygame.Rect(0, 0, 2 * self.radius, 2 * self.radius)
        box.center = best[1]
        return box.clamp(bounds).center

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], scene: Scene,
             character: Character, *, ring: theme.Color = theme.AMBER,
             progress: float = 0.0) -> pygame.Rect:
        """The lens at `centre` showing `character` (circled, in the middle);
        `progress` (0..1) fills the rim in crimson while ACCUSE is held."""
        assert self._source is not None, "prepare() the loupe for the scene first"
        r = self.radius
        source = self._source
        sx = character.x * source.get_width()
        sy = character.y * source.get_height()
        lens = self._lens
        lens.fill((0, 0, 0, 255))
        lens.blit(source, (0, 0), pygame.Rect(round(sx) - r, round(sy) - r, 2 * r, 2 * r))
        lens.blit(self._mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        box = lens.get_rect(center=centre)
        shadow = self._shadow.get_rect(center=(centre[0], centre[1] + self.theme.px(6)))
        dirty = surface.blit(self._shadow, shadow)
        surface.blit(lens, box)
        marker = min(r - 4, character_radius(scene, character, source.get_size()) * 1.35)
        pygame.draw.aacircle(surface, ring, centre, marker, max(2, self.theme.px(3)))
        rim = max(3, self.theme.px(7))
        pygame.draw.circle(surface, theme.NIGHT, centre, r + rim, rim)
        pygame.draw.aacircle(surface, ring, centre, r + rim // 2, max(2, rim - 2))
        if progress > 0:
            _arc(surface, theme.CRIMSON, centre, r - 1, r + rim + 2, progress)
        dirty = dirty.union(box.inflate(2 * rim + 6, 2 * rim + 6))
        return dirty.union(self._name(surface, words.name(character.name), box))

    def _name(self, surface: pygame.Surface, name: str, box: pygame.Rect) -> pygame.Rect:
        t = self.theme
        size = fit_size(name, round(box.w * 1.4), t.px(30), bold=True)
        image = render(name, size, theme.TEXT, True)
        plate = image.get_rect().inflate(t.px(28), t.px(12))
        plate.midtop = (box.centerx, box.bottom - t.px(10))
        plate.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.NIGHT, plate, border_radius=plate.h // 2)
        pygame.draw.rect(surface, theme.AMBER, plate, max(1, t.px(2)), border_radius=plate.h // 2)
        surface.blit(image, image.get_rect(center=plate.center))
        return plate


def _shadow(radius: int, blur: int) -> pygame.Surface:
    side = 2 * (radius + blur)
    shadow = pygame.Surface((side, side), pygame.SRCALPHA)
    for step in range(blur, 0, -1):
        alpha = round(70 * (1 - step / (blur + 1)) / 3) + 4
        pygame.draw.circle(shadow, (0, 0, 0, alpha), (side / 2, side / 2), radius + step)
    return shadow


def _arc(surface: pygame.Surface, color: theme.Color, centre: tuple[int, int],
         inner: float, outer: float, progress: float) -> None:
    """A clean thick arc from twelve o'clock, clockwise (pygame's thick arcs have holes)."""
    steps = max(2, round(64 * progress))
    angles = [-math.pi / 2 + 2 * math.pi * progress * i / steps for i in range(steps + 1)]
    outside = [(centre[0] + outer * math.cos(a), centre[1] + outer * math.sin(a)) for a in angles]
    inside = [(centre[0] + inner * math.cos(a), centre[1] + inner * math.sin(a)) for a in reversed(angles)]
    pygame.draw.polygon(surface, color, outside + inside)
