"""The secret pick: the chosen scene, big, and "the crime is being committed…".

Deliberately static and identical whoever is being picked: no cursor, no
highlight, no timing that could follow the criminal's hand on the tablet.
"""

from __future__ import annotations

import pygame

from lastmessage.i18n.translate import Translator, translator
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import scene_digest
from lastmessage.ui import theme
from lastmessage.ui.detective import chrome, words
from lastmessage.ui.detective.backdrop import Backdrops
from lastmessage.ui.detective.layers import Layers
from lastmessage.ui.detective.layout import cover
from lastmessage.ui.detective.moments import Message, Moments
from lastmessage.ui.painting import painting
from lastmessage.ui.screen import Status
from lastmessage.ui.theme import Theme


class SecretScreen:
    def __init__(self, size: tuple[int, int], backdrops: Backdrops, moments: Moments) -> None:
        self.size = size
        self.theme = Theme(*size)
        self.backdrops = backdrops
        self.moments = moments
        self.layers = Layers()

    def drop_pictures(self) -> None:
        """Let go of the cached background (a screen-sized picture) once the game is over."""
        self.layers.drop_base()

    def to_screen(self, scene: Scene, x: float, y: float) -> tuple[int, int]:
        width, height = cover(scene.aspect, self.size)
        ox, oy = self.backdrops.centred(scene)
        return round(x * width - ox), round(y * height - oy)

    def draw(self, surface: pygame.Surface, view: PublicView, scene: Scene, t: float,
             status: Status) -> list[pygame.Rect]:
        message = self.moments.message_at(t)
        tx = translator(status.language)
        painted = self.backdrops.ready(scene) is not None
        return self.layers.draw(
            surface, (scene_digest(scene), tx, painted), lambda s: self._paint_base(s, tx, scene),
            (words.service_line(tx, status.link_ok, status.service), message, tx), lambda s: self._overlays(s, tx, status, message))

    def _paint_base(self, surface: pygame.Surface, tx: Translator, scene: Scene) -> None:
        raster = self.backdrops.ready(scene)
        if raster is None:   # a new crowd still being painted
            surface.fill(theme.NIGHT)
            painting(surface, pygame.Rect((0, 0), self.size), tx.tr("Painting the scene…"), self.theme.px(56))
        else:
            surface.blit(raster, (0, 0), pygame.Rect(self.backdrops.centred(scene), self.size))
        band = chrome.caption(*self.size, words.secret_title(tx),
                              (words.title(tx, scene), words.secret_note(tx)), theme.TEXT_DIM)
        surface.blit(band, band.get_rect(bottomleft=(0, self.size[1])))

    def _overlays(self, surface: pygame.Surface, tx: Translator, status: Status,
                  message: Message | None) -> list[pygame.Rect]:
        drawn = []
        if message is not None:
            area = pygame.Rect((0, 0), self.size)
            drawn.append(chrome.toast(surface, self.theme, message.text(tx),
                                      area.inflate(0, -2 * self.theme.px(250))))
        line = words.service_line(tx, status.link_ok, status.service)
        if line is not None:
            drawn.append(chrome.service_notice(surface, self.theme, line))
        return drawn
