"""The verdict: one big word filling the monitor, and nothing more.

The device answers an accusation only with "correct" or "not the criminal"
(and a pass with "passed"); the accused character's name is repeated small so
the room knows which answer this is. The picture is drawn once per verdict
and kept.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.i18n import Translator
from lastmessage.scenes.model import Scene
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.detective.moments import Verdict
from lastmessage.ui.text import blit_text, fit_size
from lastmessage.ui.theme import Theme

_STYLE = {
    "correct": ((18, 84, 76), theme.TEAL),
    "wrong": ((92, 24, 34), theme.CRIMSON),
    "passed": (theme.NIGHT_RAISED, theme.TEXT_DIM),
}


@lru_cache(maxsize=2)   # full-screen pictures: 33 MB each on a 4K monitor
def _picture(width: int, height: int, kind: str, round_number: int, name: str,
             tx: Translator) -> pygame.Surface:
    """The verdict in `tx`'s language."""
    t = Theme(width, height)
    word = words.verdict_word(tx, kind)
    background, accent = _STYLE[kind]
    surface = pygame.Surface((width, height))
    surface.fill(background)
    centre = (width // 2, height // 2)
    band = pygame.Rect(0, 0, width, t.px(360))
    band.center = centre
    pygame.draw.rect(surface, theme.NIGHT, band)
    pygame.draw.line(surface, accent, band.topleft, band.topright, t.px(6))
    pygame.draw.line(surface, accent, band.bottomleft, band.bottomright, t.px(6))
    size = fit_size(word, width - t.px(160), t.px(190), bold=True)
    blit_text(surface, word, size, accent, bold=True, center=centre)
    above = words.verdict_line(tx, round_number, name)
    blit_text(surface, above, fit_size(above, width - t.px(160), t.px(40), bold=True), theme.TEXT,
              bold=True,
              center=(centre[0], band.top - t.px(60)))
    return surface


def verdict_screen(surface: pygame.Surface, t: Theme, tx: Translator, verdict: Verdict,
                   scene: Scene) -> pygame.Rect:
    character = scene.character(verdict.character) if verdict.character else None
    name = words.name(tx, character) if character else ""
    picture = _picture(surface.get_width(), surface.get_height(), verdict.kind, verdict.round, name,
                       tx)
    return surface.blit(picture, (0, 0))
