"""What a visitor who walks up sees when the table is not simply playing.

- "Still playing?": a game nobody has touched for a while is about to be put
  away; both screens say so and count the seconds down (the App times it and
  sends `idle_warning`). The game stays visible, dimmed, behind the question.
- Closed: outside the opening hours both screens say so and when the table
  opens ("Opens at 13:30"), in the museum's language, instead of going black.

Both are painted whole over a screen by the App (they belong to neither
screen's game) and only when what they say changes: once a second for the
countdown, once per opening time for the closed screen.
"""

from __future__ import annotations

import datetime
from typing import Literal

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.ui import theme
from lastmessage.ui.text import fit_lines, fit_size, render
from lastmessage.ui.theme import Theme

Screen = Literal["tablet", "detective"]
VEIL_ALPHA = 215   # the game behind the question: still there, clearly not the thing to read



def still_playing(surface: pygame.Surface, seconds: int, tx: Translator, screen: Screen) -> pygame.Rect:
    """The countdown over whatever `surface` shows: the question, the seconds left in big
    figures (read from across the room) and what keeps the game."""
    th = Theme(*surface.get_size())
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*theme.NIGHT, VEIL_ALPHA))
    surface.blit(veil, (0, 0))
    keep = (tx.tr("Tap the screen or press any button to keep playing.") if screen == "tablet"
            else tx.tr("Touch the tablet or press any button to keep playing."))
    unit = tx.ntr("second until the game is put away", "seconds until the game is put away", seconds)
    lines: list[tuple[str, int, theme.Color, bool]] = [
        (tx.tr("Still playing?"), 96, theme.AMBER, True),
        (str(seconds), 230, theme.TEXT, True),
        (unit, 44, theme.TEXT_DIM, False),
        (keep, 52, theme.TEXT, True),
    ]
    return _card(surface, th, lines, edge=theme.AMBER)


def opening_text(tx: Translator, now: datetime.datetime, opens: datetime.datetime | None) -> str:
    """When the table opens, said as a visitor says it: today at a time, tomorrow, or a weekday."""
    if opens is None:
        return ""
    time = f"{opens.hour:02d}:{opens.minute:02d}"
    days = (opens.date() - now.date()).days
    if days == 0:
        return tx.tr("Opens at {time}", time=time)
    if days == 1:
        return tx.tr("Opens tomorrow at {time}", time=time)
    day = _weekdays(tx)[opens.weekday()]
    return tx.tr("Opens on {day} at {time}", day=day, time=time)


def _weekdays(tx: Translator) -> tuple[str, ...]:
    """The days' names as they stand in "Opens on {day} at {time}", Monday first."""
    return (tx.ptr("weekday", "Monday"), tx.ptr("weekday", "Tuesday"), tx.ptr("weekday", "Wednesday"),
            tx.ptr("weekday", "Thursday"), tx.ptr("weekday", "Friday"), tx.ptr("weekday", "Saturday"),
            tx.ptr("weekday", "Sunday"))


def closed(surface: pygame.Surface, tx: Translator, opening: str, screen: Screen) -> pygame.Rect:
    """The closed screen: the game's name, "closed" and when it opens, dim on the night
    background (a lit screen at night should not glare)."""
    th = Theme(*surface.get_size())
    surface.fill(theme.NIGHT)
    lines: list[tuple[str, int, theme.Color, bool]] = [
        ("Last Message", 64, theme.TEXT_DIM, True),
        (tx.ptr("opening hours", "Closed"), 120, theme.AMBER, True),
    ]
    if opening:
        lines.append((opening, 80, theme.TEXT, True))
    if screen == "tablet":
        lines.append((tx.tr("Come back then to play."), 44, theme.TEXT_DIM, False))
    _card(surface, th, lines, edge=None)
    return surface.get_rect()


def _card(surface: pygame.Surface, th: Theme, lines: list[tuple[str, int, theme.Color, bool]], *,
          edge: theme.Color | None) -> pygame.Rect:
    """`lines` (text, design size, colour, bold) centred on a card in the middle of `surface`;
    a sentence too wide wraps, a big one shrinks to fit, nothing is cut."""
    width = round(surface.get_width() * 0.84)
    pad = th.px(48)
    inner = width - 2 * pad
    images: list[pygame.Surface] = []
    for text, design, colour, bold in lines:
        size = th.px(design)
        if design >= 90:   # a heading or the figures: one line, as big as fits
            images.append(render(text, fit_size(text, inner, size, bold), colour, bold))
            continue
        wrapped, size = fit_lines(text, inner, size, th.px(30), max_lines=2, bold=bold)
        images += [render(line, size, colour, bold) for line in wrapped]
    gap = th.px(18)
    height = sum(image.get_height() for image in images) + gap * (len(images) - 1) + 2 * pad
    card = pygame.Rect(0, 0, width, min(height, surface.get_height()))
    card.center = surface.get_rect().center
    if edge is not None:
        pygame.draw.rect(surface, theme.NIGHT_RAISED, card, border_radius=th.px(28))
        pygame.draw.rect(surface, edge, card, max(3, th.px(6)), border_radius=th.px(28))
    y = card.y + pad
    for image in images:
        surface.blit(image, image.get_rect(midtop=(card.centerx, y)))
        y += image.get_height() + gap
    return card

