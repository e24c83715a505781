"""Covering tracks: the criminal taps the squares to erase, sees the count, confirms.

The preview shows each chosen square scrubbed exactly as the detectives will
get it. Confirm looks disabled until the count is right (so nobody has to
learn the rule from a refusal), but a tap on it still goes to the game, whose
refusal then says why, in a band of its own between the count and the advice:
it never covers the title, the count or the advice.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

import pygame

from lastmessage.commands import Command, Erase
from lastmessage.i18n.translate import Translator
from lastmessage.rules.board import CELLS
from lastmessage.rules.projections import FullBoard, TabletView
from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px, draw_erased
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet.base import CAPTION_ROOM, Context, Screen, Spot
from lastmessage.ui.tablet.boards import draw_full_board
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, paragraph
from lastmessage.ui.text import blit_text, fit_size


def erase_advice(tx: Translator, needed: int) -> str:
    """How to erase this round's count of squares."""
    if needed == 0:
        return tx.tr("Nothing to erase this round: confirm with no square chosen.")
    return tx.ntr("Tap exactly {count} square to erase; tap it again to keep it. Everything inside it disappears.",
                  "Tap exactly {count} squares to erase; tap again to keep one. Everything inside them disappears.",
                  needed, count=needed)


class EraseScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()
        th, (w, h) = ctx.theme, ctx.size
        margin = th.px(24)
        self.board = pygame.Rect(margin, margin, h - 2 * margin, h - 2 * margin)
        self._panel = pygame.Rect(self.board.right + margin, margin, 0, h - 2 * margin)
        self._panel.w = w - margin - self._panel.x
        self.chosen: list[int] = []
        self._layer: tuple[FullBoard, pygame.Surface] | None = None

    def enter(self, view: TabletView, t: float) -> None:
        self.chosen = []
        self._layer = None

    def _bands(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The notice band and, under it, the advice: the panel's height below
        "squares chosen" down to the caption, shared out so neither covers the other."""
        th = self.ctx.theme
        top = self._chosen_y() + th.px(34)
        bottom = self._caption_top() - th.px(8)
        band = pygame.Rect(self._panel.x, top, self._panel.w, (bottom - top) * 55 // 100)
        advice = pygame.Rect(self._panel.x, band.bottom + th.px(8), self._panel.w, bottom - band.bottom - th.px(8))
        return band, advice

    def _tally_y(self) -> int:
        return self._panel.y + self._panel.h * 27 // 100

    def _chosen_y(self) -> int:
        return self._tally_y() + self.ctx.theme.px(74)

    def _caption_top(self) -> int:
        room, gap = self.ctx.theme.px(CAPTION_ROOM), self.ctx.theme.px(16)
        return self._confirm().rect.top - gap - room

    def notice_area(self) -> pygame.Rect:
        """The band reserved for the game's refusal (a wrong count), under the count."""
        return self._bands()[0]

    def caption_area(self) -> pygame.Rect | None:
        """Just above the confirm button."""
        return pygame.Rect(self._panel.x, self._caption_top(), self._panel.w, self.ctx.theme.px(CAPTION_ROOM))

    def _confirm(self) -> Button:
        height = self.ctx.theme.px(130)
        rect = pygame.Rect(self._panel.x, self._panel.bottom - height, self._panel.w, height)
        return Button("confirm", rect, self.ctx.tx.tr("Erase these squares"), "danger")

    def _ready(self, view: TabletView) -> bool:
        """The count is right: the confirm looks live."""
        return len(self.chosen) == view.erase_count

    def signature(self, view: TabletView, t: float) -> Hashable:
        return (view.round, tuple(self.chosen))

    def _board_image(self, board: FullBoard) -> pygame.Surface:
        """The board before erasure, drawn once per round."""
        if self._layer is None or self._layer[0] != board:
            image = pygame.Surface(self.board.size)
            draw_full_board(image, image.get_rect(), board, ghosts=False)
            self._layer = (board, image)
        return self._layer[1]

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th = self.ctx.theme
        surface.fill(theme.NIGHT)
        if view.live_board is not None:
            surface.blit(self._board_image(view.live_board), self.board)
        draw_erased(surface, self.board, self.chosen)
        for cell in self.chosen:
            pygame.draw.rect(surface, theme.CRIMSON, cell_px(self.board, cell), th.px(8))
        panel, needed = self._panel, view.erase_count
        blit_text(surface, self.ctx.tx.tr("Round {n} of {total}", n=view.round, total=view.rounds), th.px(34), theme.TEXT_DIM,
                  midleft=(panel.x, panel.y + th.px(26)))
        title = self.ctx.tx.tr("Criminal: cover your tracks")
        blit_text(surface, title, fit_size(title, panel.w, th.px(42), bold=True), theme.TEXT, bold=True,
                  midleft=(panel.x, panel.y + th.px(80)))
        if not self.ctx.link_ok:
            chip = self.ctx.link_chip(panel.w)
            surface.blit(chip, chip.get_rect(midtop=(panel.centerx, panel.y + th.px(130))))
        count = len(self.chosen)
        colour = theme.TEAL if count == needed else theme.AMBER
        tally = self.ctx.tx.tr("{count} of {needed}", count=count, needed=needed)
        blit_text(surface, tally, fit_size(tally, panel.w, th.px(110), bold=True), colour, bold=True,
                  center=(panel.centerx, self._tally_y()))
        chosen = self.ctx.tx.tr("squares chosen")
        blit_text(surface, chosen, fit_size(chosen, panel.w, th.px(32)), theme.TEXT_DIM,
                  center=(panel.centerx, self._chosen_y()))
        paragraph(surface, erase_advice(self.ctx.tx, needed), self._bands()[1], th.px(28), theme.TEXT_DIM,
                  align="center", max_lines=4, shrink=True, valign="center")
        confirm = self._confirm()
        draw_button(surface, confirm if self._ready(view) else replace(confirm, enabled=False), th.px(44))

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        if not isinstance(event, Pointer):
            return []
        cells = [Button(str(n), cell_px(self.board, n), "") for n in range(CELLS)]
        pressed = self._taps.feed(event, [self._confirm(), *cells])
        if pressed == "confirm":
            return [Erase(tuple(sorted(self.chosen)))]
        if pressed is not None:
            cell = int(pressed)
            if cell in self.chosen:
                self.chosen.remove(cell)
            else:
                self.chosen.append(cell)
        return []

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        if target == "cell":
            if isinstance(arg, bool) or not isinstance(arg, int) or not 0 <= arg < CELLS:
                return None
            box = cell_px(self.board, arg)
            return float(box.centerx), float(box.centery)
        if target == "erase_confirm":
            return self._confirm().center
        return None
