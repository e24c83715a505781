"""The attract loop while nobody plays: the scenes, big, and how to play.

Cheap on purpose (it runs all day in a museum): slides stand still, so almost
every frame changes nothing, and they change with a wipe that paints only the
newly uncovered strip each frame. A pan would cost a full-screen copy every
time it moved a pixel, a cross-fade a full-screen blend every frame: both
measured well over the frame budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from lastmessage.i18n.translate import Translator, translator
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import Scene, SceneCatalog
from lastmessage.ui import theme
from lastmessage.ui.detective import chrome, words
from lastmessage.ui.detective.backdrop import Backdrops
from lastmessage.ui.screen import Status
from lastmessage.ui.text import blit_text, fit_size, render, wrap
from lastmessage.ui.theme import Theme

SLIDE_SECONDS = 8.0
WIPE_SECONDS = 0.9


@dataclass(frozen=True)
class Slide:
    scene: Scene | None = None   # a scene, or else a how-to-play card
    card: int = 0


def slides(catalog: SceneCatalog, cards: int, rotation: tuple[str, ...] | None = None) -> tuple[Slide, ...]:
    """Each scene (of `rotation`, the operator's choice; None: all) followed by one
    of the how-to-play cards, in turn."""
    ids = [scene_id for scene_id in catalog if rotation is None or scene_id in rotation]
    found: list[Slide] = []
    for index, scene_id in enumerate(ids):
        found += [Slide(scene=catalog[scene_id]), Slide(card=index % cards)]
    if len(ids) < cards:
        found += [Slide(card=index) for index in range(len(ids), cards)]
    return tuple(found)


class Attract:
    def __init__(self, size: tuple[int, int], catalog: SceneCatalog, rules: Rules,
                 backdrops: Backdrops) -> None:
        self.size = size
        self.theme = Theme(*size)
        self.rules = rules
        self.catalog = catalog
        self.slides = slides(catalog, len(words.how_to_play(translator("en"), rules)))
        self._rotation: tuple[str, ...] | None = None
        self.backdrops = backdrops
        self._target: pygame.Surface | None = None
        self._shown: tuple[int, int] | None = None   # slide index, wipe edge (full width: done)
        self._line: str | None = None
        self._tx: Translator | None = None
        self._call = ""

    def forget(self) -> None:
        self._target = None

    def drop_pictures(self) -> None:
        """Let go of the loop's pictures while a game is at the table: its backdrops (the scene
        rasters it shares with the secret pick), its how-to-play cards and caption bands (the
        secret pick's band among them), each as big as the screen. The next slide loads its
        raster from the scene cache, as every slide change past the two backdrops kept does."""
        self.backdrops.drop()
        _card.cache_clear()
        chrome.caption.cache_clear()

    def _state(self, t: float) -> tuple[int, int]:
        index = int(t // SLIDE_SECONDS) % len(self.slides)
        local = t % SLIDE_SECONDS
        if local < WIPE_SECONDS and t >= SLIDE_SECONDS:
            eased = 1 - (1 - local / WIPE_SECONDS) ** 2
            return index, round(self.size[0] * eased)
        return index, self.size[0]

    def draw(self, surface: pygame.Surface, t: float, status: Status) -> list[pygame.Rect]:
        if status.scenes != self._rotation:
            self._rotation = status.scenes
            self.slides = slides(self.catalog, len(words.how_to_play(translator("en"), self.rules)),
                                 status.scenes)
            self._shown = None
        state = self._state(t)
        tx = translator(status.language)
        # The call follows the tablet: "touch it to start" only while it shows its start screen.
        call = words.setup_call(tx) if status.setting_up else words.attract_call(tx)
        line = words.service_line(tx, status.link_ok, status.service)
        fresh = (surface is not self._target or self._shown is None or line != self._line
                 or tx != self._tx or call != self._call)
        if not fresh and state == self._shown:
            return []
        index, edge = state
        full = pygame.Rect((0, 0), self.size)
        shown = self._shown
        changed = fresh or shown is None or shown[0] != index
        if changed or shown is None:
            if edge < self.size[0]:
                self._paint(surface, tx, call, (index - 1) % len(self.slides), full)
            strip = pygame.Rect(0, 0, edge, self.size[1])
        else:
            strip = pygame.Rect(shown[1], 0, edge - shown[1], self.size[1])
        self._paint(surface, tx, call, index, strip)
        if changed:
            self._paint_ahead(index)
        dirty = [full] if fresh or strip.x == 0 else [strip]
        if line is not None:
            dirty.append(chrome.service_notice(surface, self.theme, line))
        self._target, self._shown, self._line, self._tx, self._call = surface, state, line, tx, call
        return dirty

    def _paint_ahead(self, index: int) -> None:
        """The next scene of the loop painted in the background while this slide shows: a cold
        cache (a new screen size; the overlay file system's cache in RAM at each boot) would
        otherwise draw it in the frame loop at the wipe, seconds on a Pi against WatchdogSec."""
        ahead = [self.slides[(index + step) % len(self.slides)].scene for step in range(1, len(self.slides) + 1)]
        scene = next((scene for scene in ahead if scene is not None), None)
        if scene is not None:
            self.backdrops.prefetch(scene)

    def _paint(self, surface: pygame.Surface, tx: Translator, call: str, index: int,
               area: pygame.Rect) -> None:
        if area.w <= 0:
            return
        slide = self.slides[index]
        if slide.scene is None:
            title, lines = words.how_to_play(tx, self.rules)[slide.card]
            surface.blit(_card(*self.size, tuple(lines), title, call, tx), area, area)
            return
        offset = self.backdrops.centred(slide.scene)
        surface.blit(self.backdrops.raster(slide.scene), area, area.move(offset))
        band = chrome.caption(*self.size, words.title(tx, slide.scene), (call,),
                              theme.AMBER)
        top = self.size[1] - band.get_height()
        clip = area.clip(pygame.Rect(0, top, *band.get_size()))
        if clip.w and clip.h:
            surface.blit(band, clip, clip.move(0, -top))


@lru_cache(maxsize=2)
def _card(width: int, height: int, lines: tuple[tuple[str, str], ...], title: str,
          call: str, tx: Translator) -> pygame.Surface:
    """A how-to-play card: a few sentences big enough to read from across the room,
    wrapped (Romanian runs a third longer than English), and the call to play."""
    t = Theme(width, height)
    surface = pygame.Surface((width, height))
    surface.fill(theme.NIGHT)
    x = t.px(140)
    pygame.draw.rect(surface, theme.AMBER, (x - t.px(48), t.px(150), t.px(12), t.px(520)))
    brand = blit_text(surface, words.BRAND, t.px(30), theme.AMBER, bold=True, topleft=(x, t.px(150)))
    # The game's authors and publisher on every card, beside the name, as on the box.
    byline = words.byline(tx)
    blit_text(surface, byline, fit_size(byline, width - 2 * x - brand.w - t.px(40), t.px(30)), theme.TEXT_DIM,
              midright=(width - x, brand.centery))
    heading = fit_size(title, width - 2 * x, t.px(96), bold=True)
    top = blit_text(surface, title, heading, theme.TEXT, bold=True, topleft=(x, t.px(200))).bottom
    call_top = height - t.px(170)
    numbered = any(mark for mark, _ in lines)
    indent = t.px(64) if numbered else 0
    width_left = width - 2 * x - indent
    # The largest size at which every sentence, wrapped, fits above the call.
    size = t.px(58)
    while True:
        wrapped = [wrap(text, width_left, size) for _, text in lines]
        line_h = render("Ag", size, theme.TEXT).get_height()
        needed = sum(len(w) * line_h for w in wrapped) + len(lines) * t.px(26)
        if top + t.px(50) + needed <= call_top - t.px(30) or size <= t.px(36):
            break
        size -= max(1, size // 12)
    y = top + t.px(50)
    for (mark, _), rows in zip(lines, wrapped):
        if mark:
            blit_text(surface, mark, size, theme.AMBER, bold=True, topleft=(x, y))
        for row in rows:
            y = blit_text(surface, row, size, theme.TEXT, topleft=(x + indent, y)).bottom
        y += t.px(26)
    blit_text(surface, call, t.px(40), theme.AMBER, bold=True, topleft=(x, call_top))
    return surface
