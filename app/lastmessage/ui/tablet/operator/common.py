"""What every operator page shares: its frame (header with Close or Back, a message
line) and the shape of a page.

Operator pages are shown rarely and briefly, so each repaints whole when its
signature changes; they are drawn for a finger in a hurry: no target is
smaller than 96 design pixels (53 px on a 1024x600 tablet, about 9 mm).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.operator.commands import OperatorCommand
from lastmessage.operator.view import OperatorView
from lastmessage.ui import theme
from lastmessage.ui.screen import ScreenInput
from lastmessage.ui.tablet.base import Context, Spot
from lastmessage.ui.tablet.widgets import Button, draw_button, message_box
from lastmessage.ui.text import blit_text, fit_size

TARGET = 96   # design pixels: the smallest touch target of the operator pages
HEADER = 124  # design pixels: the operator pages' header, tall enough for a full-size Close / Back


class Page:
    """Base of the operator pages."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self) -> None:
        """The page comes up: forget what was typed or touched."""

    def signature(self, view: OperatorView) -> Hashable:
        return None

    def paint(self, surface: pygame.Surface, view: OperatorView) -> None:
        raise NotImplementedError

    def handle(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        return []

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        return None

    # ---- the frame ---------------------------------------------------------------

    def corner_button(self, name: str, label: str) -> Button:
        """Close (on the PIN pad and the menu) or Back (on a page), top right."""
        t, w = self.ctx.theme, self.ctx.size[0]
        height = t.px(HEADER - 20)
        rect = pygame.Rect(0, (t.px(HEADER) - height) // 2, t.px(300), height)
        rect.right = w - t.px(16)
        return Button(name, rect, label, "plain")

    def header(self, surface: pygame.Surface, title: str, button: Button | None = None) -> None:
        """Background, the title bar and its button (Close or Back)."""
        t, w = self.ctx.theme, self.ctx.size[0]
        surface.fill(theme.NIGHT)
        height = t.px(HEADER)
        pygame.draw.rect(surface, theme.NIGHT_RAISED, (0, 0, w, height))
        pygame.draw.line(surface, theme.NIGHT_LINE, (0, height - 1), (w, height - 1), 2)
        right = (button.rect.left if button is not None else w) - t.px(30)
        blit_text(surface, title, fit_size(title, right - t.px(36), t.px(46), bold=True), theme.TEXT,
                  bold=True, midleft=(t.px(36), height // 2))
        if button is not None:
            draw_button(surface, button, t.px(40))

    def message(self, surface: pygame.Surface, text: str, area: pygame.Rect, *, ok: bool) -> None:
        """A one- to three-line card: what the last action said."""
        t = self.ctx.theme
        color = theme.TEAL if ok else theme.AMBER
        card = message_box(text, area.w, t.px(32), theme.TEXT, theme.NIGHT_RAISED, color)
        surface.blit(card, card.get_rect(midtop=area.midtop))
