"""The reminder of who the criminal is, on the screens behind the privacy screen.

A portrait and the character's whole description, as the printed game's
fold-out sheet has it: the description wraps to as many lines as it needs and
gets smaller only down to `DESCRIPTION_FLOOR`; the portrait takes the room
the words leave, never the words' room.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from lastmessage.i18n.names import capitalized
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.model import Character, Scene
from lastmessage.ui import theme
from lastmessage.ui.tablet.base import Context
from lastmessage.ui.tablet.portrait import portrait
from lastmessage.ui.naming import name_forms
from lastmessage.ui.text import Block, blit_text, draw_block, fit_block, fit_size

DESCRIPTION_FLOOR = 18
"""Pixels: the smallest a description is drawn on the tablet (read at arm's length; about
4 mm on a 10" 1024x600 screen, the size of a printed game's small print)."""


def description_floor(ctx: Context) -> int:
    return max(DESCRIPTION_FLOOR, ctx.theme.px(24))


@dataclass(frozen=True)
class SecretCard:
    """Where a secret card's parts go: laid out once, drawn as laid out."""

    portrait: pygame.Rect | None   # a square; None: no room for a portrait
    caption: str
    caption_size: int
    caption_at: tuple[int, int]    # its centre
    name: str                      # the whole description, as the sentence needs it
    lines: Block
    text: pygame.Rect              # the box the lines are drawn in


def criminal_name(ctx: Context, character: Character, revealed: bool) -> tuple[str, str]:
    """(caption, description) of the card: "The criminal" and the description as a
    heading; once revealed, "The criminal was" and the form that sentence needs."""
    forms = name_forms(ctx.tx, character)
    if revealed:
        return ctx.tx.tr("The criminal was"), capitalized(forms.definite)
    return ctx.tx.tr("The criminal"), forms.heading


def secret_card(ctx: Context, character: Character, area: pygame.Rect, *, revealed: bool = False,
                size: int = 36, portrait_share: float = 0.5) -> SecretCard:
    """The card centred in `area`: a portrait above the caption and the whole description.
    The description may take all but `portrait_share` of the height (design `size` at most)."""
    t = ctx.theme
    caption, name = criminal_name(ctx, character, revealed)
    caption_size = fit_size(caption, area.w, t.px(28))
    caption_h, gap = round(caption_size * 1.3), t.px(10)
    smallest_portrait = min(area.w, round(area.h * portrait_share))
    room = area.h - caption_h - 2 * gap - smallest_portrait
    lines = fit_block(name, area.w, room, t.px(size), description_floor(ctx), bold=True)
    diameter = min(area.w, area.h - caption_h - 2 * gap - lines.height)
    if diameter < t.px(60):
        diameter = 0
    used = diameter + (gap if diameter else 0) + caption_h + gap + lines.height
    top = area.y + max(0, (area.h - used) // 2)
    picture = pygame.Rect(0, 0, diameter, diameter) if diameter else None
    if picture is not None:
        picture.midtop = (area.centerx, top)
        top = picture.bottom + gap
    caption_at = (area.centerx, top + caption_h // 2)
    text = pygame.Rect(area.x, top + caption_h + gap, area.w, lines.height)
    return SecretCard(picture, caption, caption_size, caption_at, name, lines, text)


def draw_card(surface: pygame.Surface, scene: Scene, character: Character, card: SecretCard,
              *, figures: float | None = None) -> None:
    """`card` as laid out; `figures`: how close the portrait is (portrait.portrait)."""
    if card.portrait is not None:
        closer = {} if figures is None else {"figures": figures}
        surface.blit(portrait(scene, character, card.portrait.w, **closer), card.portrait)
    blit_text(surface, card.caption, card.caption_size, theme.TEXT_DIM, center=card.caption_at)
    draw_block(surface, card.lines, card.text, theme.AMBER)


def draw_secret(surface: pygame.Surface, ctx: Context, view: TabletView, area: pygame.Rect,
                *, revealed: bool = False) -> SecretCard | None:
    """A portrait above "The criminal" and the character's whole description, centred
    in `area`; once `revealed`, "The criminal was" and the description as that sentence
    needs it. Returns the card as laid out (None: no secret to show)."""
    scene = ctx.scene(view)
    character = scene.character(view.secret) if scene and view.secret else None
    if scene is None or character is None:
        return None
    card = secret_card(ctx, character, area, revealed=revealed)
    draw_card(surface, scene, character, card)
    return card
