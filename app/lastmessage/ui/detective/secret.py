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
from lastmessage.ui import guide, theme
from lastmessage.ui.detective import chrome, guide_card, words
from lastmessage.ui.detective.backdrop import Backdrops
from lastmessage.ui.detective.layers import Layers
from lastmessage.ui.detective.layout import cover
from lastmessage.ui.detective.moments import Message, Moments
from lastmessage.ui.painting import painting
from lastmessage.ui.screen import Status
from lastmessage.ui.theme import Theme


ROLE_COLOURS = (theme.AMBER, theme.CRIMSON, theme.TEAL)   # victim, criminal, detectives (as on the tablet)


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
            (words.service_line(tx, status.link_ok, status.service), message, tx, status.guide),
            lambda s: self._overlays(s, tx, status, message))

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

    def _guide(self, surface: pygame.Surface, tx: Translator, step: guide.Step) -> pygame.Rect:
        """Who is who while the tablet asks the same (before the pick); guided, what the
        detectives do while the criminal picks. Above the bottom band, over the scene."""
        w, h = self.size
        area = pygame.Rect(w * 12 // 100, self.theme.px(60), w * 76 // 100, h * 58 // 100)
        if step is guide.Step.ROLES:
            rows = [(role, what, accent) for (role, what), accent in zip(guide.roles(tx), ROLE_COLOURS)]
            return guide_card.card(surface, area, self.theme, guide.roles_title(tx), rows)
        text = guide.monitor_text(tx, step, 0, 0)
        return guide_card.card(surface, area.inflate(0, -area.h // 2), self.theme, guide.heading(tx),
                               [("", text, theme.TEXT)])

    def _overlays(self, surface: pygame.Surface, tx: Translator, status: Status,
                  message: Message | None) -> list[pygame.Rect]:
        drawn = []
        if status.guide is not None:
            drawn.append(self._guide(surface, tx, status.guide))
        if message is not None:
            area = pygame.Rect((0, 0), self.size)
            drawn.append(chrome.toast(surface, self.theme, message.text(tx),
                                      area.inflate(0, -2 * self.theme.px(250))))
        line = words.service_line(tx, status.link_ok, status.service)
        if line is not None:
            drawn.append(chrome.service_notice(surface, self.theme, line))
        return drawn
