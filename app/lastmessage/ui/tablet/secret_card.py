"""The reminder of who the criminal is, on the screens behind the privacy screen."""

from __future__ import annotations

import pygame

from lastmessage.i18n.names import capitalized
from lastmessage.rules.projections import TabletView
from lastmessage.ui import theme
from lastmessage.ui.tablet.base import Context
from lastmessage.ui.tablet.portrait import portrait
from lastmessage.ui.tablet.widgets import paragraph
from lastmessage.ui.naming import name_forms
from lastmessage.ui.text import blit_text, fit_size


def draw_secret(surface: pygame.Surface, ctx: Context, view: TabletView, area: pygame.Rect,
                *, revealed: bool = False) -> None:
    """A portrait above "The criminal" and the character's name, centred in `area`;
    once `revealed`, "The criminal was" and the name as that sentence needs it."""
    scene = ctx.scene(view)
    character = scene.character(view.secret) if scene and view.secret else None
    if scene is None or character is None:
        return
    t = ctx.theme
    diameter = min(area.w, area.h - t.px(130))
    if diameter < t.px(60):
        diameter = 0
    top = area.y + (area.h - diameter - t.px(130)) // 2
    if diameter:
        picture = portrait(scene, character, diameter)
        surface.blit(picture, picture.get_rect(midtop=(area.centerx, top)))
    y = top + diameter + t.px(14)
    forms = name_forms(ctx.tx, character)
    caption, name = ((ctx.tx.tr("The criminal was"), capitalized(forms.definite)) if revealed
                     else (ctx.tx.tr("The criminal"), forms.heading))
    blit_text(surface, caption, fit_size(caption, area.w, t.px(28)), theme.TEXT_DIM,
              center=(area.centerx, y + t.px(16)))
    paragraph(surface, name, pygame.Rect(area.x, y + t.px(38), area.w, t.px(90)),
              t.px(36), theme.AMBER, bold=True, align="center", max_lines=2)
