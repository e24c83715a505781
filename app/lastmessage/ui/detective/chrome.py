"""The frame around the scene and boards: top bar, round pips, panels, captions.

All of it is static between game changes, so it is drawn into the cached
background (see `layers`), never per frame.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Scene
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.detective.layout import MIN_TEXT, TITLE_ROOM, Layout
from lastmessage.ui.text import blit_text, fit_line, fit_size, render, wrap
from lastmessage.ui.theme import Theme


def panel(surface: pygame.Surface, rect: pygame.Rect, t: Theme,
          color: theme.Color = theme.NIGHT_RAISED) -> None:
    pygame.draw.rect(surface, color, rect, border_radius=t.px(18))


def round_results(view: PublicView) -> dict[int, str]:
    """Per finished round: "passed", "wrong" or "correct"."""
    results = {number: "passed" for number in view.passes}
    for accusation in view.accusations:
        results[accusation.round] = "correct" if accusation.correct else "wrong"
    return results


def top_bar(surface: pygame.Surface, layout: Layout, tx: Translator, scene: Scene, view: PublicView) -> None:
    t = layout.theme
    bar = layout.top_bar
    pygame.draw.rect(surface, theme.NIGHT_RAISED, bar)
    pygame.draw.line(surface, theme.NIGHT_LINE, (0, bar.bottom - 1), (bar.right, bar.bottom - 1),
                     max(1, t.px(2)))
    brand = blit_text(surface, words.BRAND, t.px(MIN_TEXT), theme.AMBER, bold=True,
                      midleft=(layout.margin, bar.centery))
    title = words.title(tx, scene)
    # The title ends before the link notice's place in the middle (and the round pips).
    room = surface.get_width() // 2 - t.px(TITLE_ROOM) - brand.right - t.px(28)
    title, size = fit_line(title, room, t.px(38), t.px(MIN_TEXT), bold=True)
    blit_text(surface, title, size, theme.TEXT, bold=True,
              midleft=(brand.right + t.px(28), bar.centery))
    _pips(surface, layout, tx, view)


_PIP_STYLE = {
    "passed": (theme.NIGHT_LINE, theme.TEXT, "–"),
    "wrong": (theme.CRIMSON, theme.TEXT, "✕"),
    "correct": (theme.TEAL, theme.NIGHT, "✓"),
}


def _pips(surface: pygame.Surface, layout: Layout, tx: Translator, view: PublicView) -> None:
    t = layout.theme
    bar = layout.top_bar
    radius, gap = t.px(24), t.px(12)
    results = round_results(view)
    x = bar.right - layout.margin - radius
    for number in range(view.rounds, 0, -1):
        centre = (x, bar.centery)
        if number in results:
            fill, ink, mark = _PIP_STYLE[results[number]]
            pygame.draw.circle(surface, fill, centre, radius)
            blit_text(surface, mark, t.px(MIN_TEXT), ink, bold=True, center=centre)
        elif number == view.round and view.outcome is None:
            pygame.draw.circle(surface, theme.AMBER, centre, radius)
            blit_text(surface, str(number), t.px(MIN_TEXT), theme.NIGHT, bold=True, center=centre)
        else:
            pygame.draw.circle(surface, theme.NIGHT_LINE, centre, radius, max(2, t.px(3)))
            blit_text(surface, str(number), t.px(MIN_TEXT), theme.TEXT_DIM, bold=True, center=centre)
        x -= 2 * radius + gap
    blit_text(surface, words.rounds_label(tx), t.px(MIN_TEXT), theme.TEXT_DIM, bold=True,
              midright=(x + radius - t.px(4), bar.centery))


@lru_cache(maxsize=8)
def caption(width: int, height: int, title: str, lines: tuple[str, ...],
            accent: theme.Color) -> pygame.Surface:
    """A dark band fading up from the bottom of a full-screen scene, with big text
    (already in the language shown: the texts themselves key the picture)."""
    t = Theme(width, height)
    x, fade, line_h = t.px(64), t.px(90), t.px(50)
    size = fit_size(title, width - 2 * x, t.px(64), bold=True, minimum=t.px(MIN_TEXT))
    title_h = render(title, size, theme.TEXT, True).get_height()
    band_h = fade + t.px(34) + title_h + t.px(12) + len(lines) * line_h + t.px(36)
    band = pygame.Surface((width, band_h), pygame.SRCALPHA)
    for y in range(band_h):
        alpha = 235 if y >= fade else round(235 * (y / fade) ** 1.6)
        pygame.draw.line(band, (*theme.NIGHT, alpha), (0, y), (width, y))
    blit_text(band, words.BRAND, t.px(MIN_TEXT), theme.AMBER, bold=True, topleft=(x, fade - t.px(6)))
    y = blit_text(band, title, size, theme.TEXT, bold=True, topleft=(x, fade + t.px(26))).bottom
    y += t.px(12)
    for line in lines:
        text, size = fit_line(line, width - 2 * x, t.px(36), t.px(MIN_TEXT))
        blit_text(band, text, size, accent, topleft=(x, y))
        y += line_h
    return band


def service_notice(surface: pygame.Surface, t: Theme, text: str) -> pygame.Rect:
    """The service line (words.service_line), discreet: a small pill at the top centre
    (in the top bar's empty middle)."""
    image = render(text, t.px(MIN_TEXT), theme.TEXT, False)
    plate = image.get_rect().inflate(t.px(40), t.px(12))
    plate.center = (surface.get_width() // 2, t.px(38))   # the top bar's middle
    pygame.draw.rect(surface, theme.NIGHT, plate, border_radius=plate.h // 2)
    pygame.draw.rect(surface, theme.AMBER, plate, max(1, t.px(2)), border_radius=plate.h // 2)
    pygame.draw.circle(surface, theme.AMBER, (plate.x + t.px(14), plate.centery), t.px(5))
    surface.blit(image, image.get_rect(midleft=(plate.x + t.px(26), plate.centery)))
    return plate


def toast(surface: pygame.Surface, t: Theme, text: str, area: pygame.Rect) -> pygame.Rect:
    """A refusal explained, across the bottom of `area` (the scene): on two lines
    rather than small when it is long (Romanian runs a third longer)."""
    width, size = area.w - t.px(80), t.px(36)
    lines = wrap(text, width, size, bold=True, break_words=True)
    while len(lines) > 2 and size > t.px(MIN_TEXT):
        size = max(t.px(MIN_TEXT), size - max(1, size // 12))
        lines = wrap(text, width, size, bold=True, break_words=True)
    lines = lines[:3] or [text]
    images = [render(*fit_line(line, width, size, size, bold=True), theme.TEXT, True) for line in lines]
    gap = t.px(4)
    block = pygame.Rect(0, 0, max(i.get_width() for i in images),
                        sum(i.get_height() for i in images) + gap * (len(images) - 1))
    plate = block.inflate(t.px(48), t.px(26))
    plate.midbottom = (area.centerx, area.bottom - t.px(20))
    pygame.draw.rect(surface, theme.NIGHT, plate, border_radius=t.px(14))
    pygame.draw.rect(surface, theme.CRIMSON, plate, max(2, t.px(3)), border_radius=t.px(14))
    y = plate.centery - block.h // 2
    for image in images:
        surface.blit(image, image.get_rect(midtop=(plate.centerx, y)))
        y += image.get_height() + gap
    return plate


def arcade_button(surface: pygame.Surface, centre: tuple[int, int], radius: int,
                  color: theme.Color, t: Theme) -> None:
    """A round arcade button seen from above: dark bezel, coloured cap, a glint."""
    pygame.draw.circle(surface, (10, 12, 20), centre, radius)
    pygame.draw.circle(surface, theme.NIGHT_LINE, centre, radius, max(1, t.px(2)))
    cap = round(radius * 0.78)
    pygame.draw.circle(surface, color, centre, cap)
    glint = (centre[0] - cap // 3, centre[1] - cap // 3)
    pygame.draw.circle(surface, tuple(min(255, c + 50) for c in color), glint, max(2, cap // 4))


def arrows_icon(surface: pygame.Surface, centre: tuple[int, int], radius: int, t: Theme) -> None:
    """Four arrow buttons in a cross, standing for the arrows and the knob."""
    small = round(radius * 0.36)
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        c = (centre[0] + dx * (radius - small), centre[1] + dy * (radius - small))
        pygame.draw.circle(surface, (10, 12, 20), c, small)
        tip = (c[0] + dx * small * 0.55, c[1] + dy * small * 0.55)
        side = (-dy * small * 0.5, dx * small * 0.5)
        back = (c[0] - dx * small * 0.35, c[1] - dy * small * 0.35)
        pygame.draw.polygon(surface, theme.TEXT, [
            tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])])
