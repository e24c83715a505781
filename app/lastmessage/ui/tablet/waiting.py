"""While the detectives decide: the board as they now see it, and who the criminal is."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.rules.projections import TabletView
from lastmessage.ui import theme
from lastmessage.ui.tablet.base import Screen
from lastmessage.ui.tablet.boards import draw_full_board
from lastmessage.ui.tablet.secret_card import draw_secret
from lastmessage.ui.tablet.widgets import panel, paragraph
from lastmessage.ui.text import blit_text, fit_size


class WaitingScreen(Screen):
    def signature(self, view: TabletView, t: float) -> Hashable:
        return view.round

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        surface.fill(theme.NIGHT)
        top = self.ctx.header(surface, self.ctx.tx.tr("Round {n} of {total}", n=view.round, total=view.rounds),
                              self.ctx.tx.tr("the detectives' turn"))
        margin = th.px(40)
        side = h - top - 2 * margin - th.px(50)
        board = pygame.Rect(margin, top + margin + th.px(50), side, side)
        current = next((b for b in view.boards if b.round == view.round), None)
        if current is not None:
            blit_text(surface, self.ctx.tx.tr("What the detectives see"), th.px(30), theme.TEXT_DIM,
                      midleft=(board.x, board.y - th.px(28)))
            draw_full_board(surface, board, current, ghosts=False)
        right = self._right()
        title = self.ctx.tx.tr("The detectives are deciding…")
        blit_text(surface, title, fit_size(title, right.w, th.px(52), bold=True), theme.TEXT, bold=True,
                  midleft=(right.x, right.y + th.px(40)))
        if self.ctx.vote is None:
            paragraph(surface, self.ctx.tx.tr("They may accuse one character, or pass. Wait for their verdict."),
                      pygame.Rect(right.x, right.y + th.px(90), right.w, th.px(130)), th.px(32),
                      theme.TEXT_DIM, max_lines=3, shrink=True)
        else:   # the audience's countdown, as the monitor and the phones show it
            paragraph(surface, self.ctx.tx.ntr("The audience votes on their phones: {n} second left",
                                               "The audience votes on their phones: {n} seconds left",
                                               self.ctx.vote, n=self.ctx.vote),
                      pygame.Rect(right.x, right.y + th.px(90), right.w, th.px(130)), th.px(36),
                      theme.AMBER, max_lines=3, shrink=True, bold=True)
        panel(surface, self._card(), radius=th.px(20))
        draw_secret(surface, self.ctx, view, self.secret_area())

    def _right(self) -> pygame.Rect:
        """The column beside the board."""
        th, (w, h) = self.ctx.theme, self.ctx.size
        top, margin = th.px(96), th.px(40)
        side = h - top - 2 * margin - th.px(50)
        right = pygame.Rect(margin + side + margin, top + margin, 0, h - top - 2 * margin)
        right.w = w - margin - right.x
        return right

    def _card(self) -> pygame.Rect:
        right = self._right()
        return pygame.Rect(right.x, right.y + self.ctx.theme.px(230), right.w, right.h - self.ctx.theme.px(230))

    def secret_area(self) -> pygame.Rect:
        """Where the criminal's card is laid out (inside its panel)."""
        return self._card().inflate(-self.ctx.theme.px(40), -self.ctx.theme.px(50))
