"""The attract loop while nobody plays: the scenes, big, and how to play.

Cheap on purpose (it runs all day in a museum): a scene slide pans slowly in
whole pixels, so most frames change nothing and a changed frame costs about
one full-screen blit; slides change with a wipe that paints only the newly
uncovered strip (a cross-fade would blend the whole screen every frame).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from lastmessage.rules.config import Rules
from lastmessage.scenes.model import Scene, SceneCatalog
from lastmessage.ui import theme
from lastmessage.ui.detective import chrome, words
from lastmessage.ui.detective.backdrop import Backdrops
from lastmessage.ui.screen import Status
from lastmessage.ui.text import blit_text, fit_size
from lastmessage.ui.theme import Theme

SLIDE_SECONDS = 8.0
WIPE_SECONDS = 0.9


@dataclass(frozen=True)
class Slide:
    scene: Scene | None = None   # a scene, or else a how-to-play card
    card: int = 0


def slides(catalog: SceneCatalog, cards: int) -> tuple[Slide, ...]:
    """Each scene followed by one of the how-to-play cards, in turn."""
    found: list[Slide] = []
    for index, scene_id in enumerate(catalog):
        found += [Slide(scene=catalog[scene_id]), Slide(card=index % cards)]
    if len(catalog) < cards:
        found += [Slide(card=index) for index in range(len(catalog), cards)]
    return tuple(found)


class Attract:
    def __init__(self, size: tuple[int, int], catalog: SceneCatalog, rules: Rules,
                 backdrops: Backdrops) -> None:
        self.size = size
        self.theme = Theme(*size)
        self.cards = words.how_to_play(rules)
        self.slides = slides(catalog, len(self.cards))
        self.backdrops = backdrops
        self._target: pygame.Surface | None = None
        self._shown: tuple[int, str, int, int] | None = None   # slide index, step, edge/x, y
        self._link = True

    def forget(self) -> None:
        self._target = None

    def _state(self, t: float) -> tuple[int, str, int, int]:
        index = int(t // SLIDE_SECONDS) % len(self.slides)
        local = t % SLIDE_SECONDS
        if local < WIPE_SECONDS and t >= SLIDE_SECONDS:
            eased = 1 - (1 - local / WIPE_SECONDS) ** 2
            return index, "wipe", round(self.size[0] * eased), 0
        x, y = self._pan(index, (local - WIPE_SECONDS) / (SLIDE_SECONDS - WIPE_SECONDS))
        return index, "pan", x, y

    def _pan(self, index: int, progress: float) -> tuple[int, int]:
        scene = self.slides[index].scene
        if scene is None:
            return 0, 0
        dx, dy = self.backdrops.travel(scene)
        p = max(0.0, min(1.0, progress))
        if index % 4 == 0:   # alternate the direction of the drift
            p = 1 - p
        return round(dx * p), round(dy * (0.3 + 0.4 * p))

    def draw(self, surface: pygame.Surface, t: float, status: Status) -> list[pygame.Rect]:
        state = self._state(t)
        key: Hashable = (state, status.link_ok)
        fresh = surface is not self._target or self._shown is None
        if not fresh and key == (self._shown, self._link):
            return []
        full = pygame.Rect((0, 0), self.size)
        index, step, a, b = state
        if step == "wipe":
            previous = (index - 1) % len(self.slides)
            if fresh or self._shown is None or self._shown[0] != index or self._shown[1] != "wipe":
                self._paint(surface, previous, full, self._pan(previous, 1.0))
                strip = pygame.Rect(0, 0, a, self.size[1])
            else:
                strip = pygame.Rect(self._shown[2], 0, a - self._shown[2], self.size[1])
            self._paint(surface, index, strip, self._pan(index, 0.0))
            dirty = [full] if fresh or strip.x == 0 else [strip]
        else:
            self._paint(surface, index, full, (a, b))
            dirty = [full]
        if not status.link_ok:
            dirty.append(chrome.link_notice(surface, self.theme))
        self._target, self._shown, self._link = surface, state, status.link_ok
        return dirty

    def _paint(self, surface: pygame.Surface, index: int, area: pygame.Rect,
               offset: tuple[int, int]) -> None:
        if area.w <= 0:
            return
        slide = self.slides[index]
        if slide.scene is None:
            surface.blit(_card(*self.size, tuple(self.cards[slide.card][1]), self.cards[slide.card][0]),
                         area, area)
            return
        surface.blit(self.backdrops.raster(slide.scene), area, area.move(offset))
        band = chrome.caption(*self.size, slide.scene.title, (words.ATTRACT_CALL,), theme.AMBER)
        top = self.size[1] - band.get_height()
        clip = area.clip(pygame.Rect(0, top, *band.get_size()))
        if clip.w and clip.h:
            surface.blit(band, clip, clip.move(0, -top))


@lru_cache(maxsize=2)
def _card(width: int, height: int, lines: tuple[str, ...], title: str) -> pygame.Surface:
    """A how-to-play card: a few lines big enough to read from across the room."""
    t = Theme(width, height)
    surface = pygame.Surface((width, height))
    surface.fill(theme.NIGHT)
    x = t.px(140)
    pygame.draw.rect(surface, theme.AMBER, (x - t.px(48), t.px(150), t.px(12), t.px(520)))
    blit_text(surface, words.BRAND, t.px(30), theme.AMBER, bold=True, topleft=(x, t.px(150)))
    top = blit_text(surface, title, t.px(96), theme.TEXT, bold=True, topleft=(x, t.px(200))).bottom
    y = top + t.px(50)
    for line in lines:
        size = fit_size(line, width - 2 * x, t.px(58))
        y = blit_text(surface, line, size, theme.TEXT, topleft=(x, y)).bottom + t.px(26)
    blit_text(surface, words.ATTRACT_CALL, t.px(40), theme.AMBER, bold=True,
              topleft=(x, height - t.px(170)))
    return surface
