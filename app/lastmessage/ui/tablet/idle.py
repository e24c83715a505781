"""The start screen: the title, a drawn board as a promise of the game, "tap to play".

Anywhere on the screen starts (a party guest should not have to aim); only
the small Credits and language buttons do something else. The language
button names the other language in itself ("Română" while English shows).
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from lastmessage.i18n.translate import LANGUAGES, next_language
from lastmessage.commands import Command, SetLanguage
from lastmessage.rules.board import Board, Stroke, Word
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.credits import credits_blocks
from lastmessage.ui import theme
from lastmessage.ui.board_draw import Point, draw_board
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, panel, paragraph
from lastmessage.ui.text import blit_text, fit_size

_SAMPLE_ERASED = frozenset({5, 7})


def _sample_strokes() -> list[Stroke]:
    """A few clues in the victim's hand: a sun, a question mark, an arrow."""
    def arc(cx: float, cy: float, r: float, start: float, end: float, n: int = 40) -> list[Point]:
        return [(cx + r * math.cos(start + (end - start) * i / n), cy + r * math.sin(start + (end - start) * i / n))
                for i in range(n + 1)]

    sun = arc(1 / 6, 1 / 6, 0.075, 0, math.tau)
    rays = [[(1 / 6 + 0.1 * math.cos(a), 1 / 6 + 0.1 * math.sin(a)),
             (1 / 6 + 0.14 * math.cos(a), 1 / 6 + 0.14 * math.sin(a))]
            for a in (i * math.tau / 8 for i in range(8))]
    question = arc(0.5, 0.42, 0.055, math.pi * 1.05, math.pi * 2.45) + [(0.5, 0.52), (0.5, 0.56)]
    dot = [(0.5, 0.61)]
    wave = [(0.04 + 0.26 * i / 40, 0.5 + 0.03 * math.sin(i / 40 * 3 * math.tau)) for i in range(41)]
    head = [(0.27, 0.46), (0.31, 0.5), (0.27, 0.54)]
    return [Stroke(tuple(points), 0.022) for points in (sun, *rays, question, dot, wave, head)]


class IdleScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()
        self._credits = False
        self._still: tuple[str, pygame.Surface] | None = None   # (language, picture)

    def enter(self, view: TabletView, t: float) -> None:
        self._credits = False

    @property
    def showing_credits(self) -> bool:
        return self._credits

    def close_credits(self) -> None:
        self._credits = False

    def _credits_button(self) -> Button:
        t, (w, h) = self.ctx.theme, self.ctx.size
        rect = pygame.Rect(0, 0, t.px(230), t.px(96))
        rect.bottomright = (w - t.px(30), h - t.px(30))
        return Button("credits", rect, self.ctx.tx.tr("Credits"), "plain")

    def _language_button(self) -> Button:
        """Bottom left, opposite Credits: the next language, named in itself."""
        t, (w, h) = self.ctx.theme, self.ctx.size
        rect = pygame.Rect(0, 0, t.px(230), t.px(96))
        rect.bottomleft = (t.px(30), h - t.px(30))
        return Button("language", rect, LANGUAGES[next_language(self.ctx.tx.language)], "plain")

    def _buttons(self) -> list[Button]:
        return [self._credits_button(), self._language_button()]

    def _play_rect(self) -> pygame.Rect:
        t, (w, h) = self.ctx.theme, self.ctx.size
        rect = pygame.Rect(0, 0, t.px(560), t.px(130))
        rect.center = (w // 2 + w // 5, h * 66 // 100)
        return rect

    def signature(self, view: TabletView, t: float) -> Hashable:
        return self._credits

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        if self._still is None or self._still[0] != self.ctx.tx.language:
            self._still = (self.ctx.tx.language, self._draw_still())
        surface.blit(self._still[1], (0, 0))
        if not self.ctx.link_ok:
            chip = self.ctx.link_chip(self.ctx.size[0] * 45 // 100)
            surface.blit(chip, chip.get_rect(topright=(self.ctx.size[0] - self.ctx.theme.px(24),
                                                       self.ctx.theme.px(24))))
        if self._credits:
            self._draw_credits(surface)

    def _sample_words(self) -> list[Word]:
        """The sample board's words, in the language of the screen, placed as the
        rules place them (the umbrella runs on from the top middle square into
        the top right one), what is left of them once squares 5 and 7 are erased."""
        tx = self.ctx.tx
        board = Board(erased=_SAMPLE_ERASED)
        for cell, text in ((1, tx.ptr("sample board", "umbrella")), (6, tx.ptr("sample board", "bread"))):
            board.add(board.placed(cell, text))
        return board.visible_words()

    def _draw_still(self) -> pygame.Surface:
        t, (w, h) = self.ctx.theme, self.ctx.size
        still = pygame.Surface((w, h))
        still.fill(theme.NIGHT)
        side = min(h * 62 // 100, w * 38 // 100)
        board = pygame.Rect(0, 0, side, side)
        board.center = (w * 27 // 100, h // 2)
        shadow = board.move(t.px(14), t.px(16))
        pygame.draw.rect(still, (8, 11, 22), shadow, border_radius=t.px(10))
        draw_board(still, board, strokes=_sample_strokes(), words=self._sample_words(),
                   erased=_SAMPLE_ERASED, grid_width=max(2, t.px(4)))
        right = pygame.Rect(w // 2 + t.px(20), 0, w // 2 - t.px(60), h)
        size = fit_size("Last Message", right.w, t.px(150), bold=True)
        blit_text(still, "Last Message", size, theme.TEXT, bold=True,
                  center=(self._play_rect().centerx, h * 27 // 100))
        motto = self.ctx.tx.tr("draw · erase · deduce")
        blit_text(still, motto, fit_size(motto, right.w, t.px(44)), theme.AMBER,
                  center=(self._play_rect().centerx, h * 27 // 100 + size))
        play = self._play_rect()
        draw_button(still, Button("play", play, self.ctx.tx.tr("Tap to play"), "primary"), t.px(56))
        reminder = self.ctx.tx.tr("victim and criminal: this tablet stays behind the screen")
        paragraph(still, reminder, pygame.Rect(right.x, play.bottom + t.px(40), right.w, t.px(80)),
                  fit_size(reminder, 2 * right.w * 9 // 10, t.px(28)), theme.TEXT_DIM,
                  align="center", max_lines=2)
        for button in self._buttons():
            draw_button(still, button, t.px(36))
        return still

    def _draw_credits(self, surface: pygame.Surface) -> None:
        t, (w, h) = self.ctx.theme, self.ctx.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((*theme.NIGHT, 215))
        surface.blit(shade, (0, 0))
        card = pygame.Rect(0, 0, w * 86 // 100, h * 86 // 100)
        card.center = (w // 2, h // 2)
        panel(surface, card, radius=t.px(24))
        inner = card.inflate(-t.px(70), -t.px(60))
        blit_text(surface, self.ctx.tx.tr("Credits"), t.px(52), theme.AMBER, bold=True, topleft=inner.topleft)
        y = inner.y + t.px(90)
        # The credits are English text of their own module; each heading and each
        # paragraph is looked up whole (catalogs.from_credits), English if missing.
        for heading, body in credits_blocks():
            blit_text(surface, self.ctx.tx.tr(heading), t.px(40), theme.TEXT, bold=True, topleft=(inner.x, y))
            y = paragraph(surface, self.ctx.tx.tr(body),
                          pygame.Rect(inner.x, y + t.px(56), inner.w, inner.bottom - y),
                          t.px(33), theme.TEXT_DIM, max_lines=10, shrink=True) + t.px(30)
        blit_text(surface, self.ctx.tx.tr("tap to close"), t.px(28), theme.TEXT_DIM,
                  midright=(inner.right, inner.bottom - t.px(10)))

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        if not isinstance(event, Pointer):
            return []
        if self._credits:
            if event.kind == "up":
                self._credits = False
            return []
        buttons = self._buttons()
        pressed = self._taps.feed(event, buttons)
        if pressed == "credits":
            self._credits = True
        elif pressed == "language":   # the App holds the language: both screens follow
            return [SetLanguage(next_language(self.ctx.tx.language))]
        elif event.kind == "up" and not any(b.rect.collidepoint(event.x, event.y) for b in buttons):
            self.ctx.choosing = True
        return []

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        if target == "start" and not self._credits:
            return float(self._play_rect().centerx), float(self._play_rect().centery)
        if target == "language" and not self._credits:
            return self._language_button().center
        if target == "credits" and not self._credits:
            return self._credits_button().center
        return None
