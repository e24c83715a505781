"""The end of a game: who won and why, who the criminal was, every board with its
erased parts ghosted back in (what no paper game can show), and New game."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from lastmessage.commands import Command, NewGame
from lastmessage.i18n.names import NameForms
from lastmessage.rules.events import EndReason, Winner
from lastmessage.i18n.translate import Translator
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.model import Character
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.tablet.boards import draw_full_board
from lastmessage.ui.tablet.secret_card import description_floor, draw_secret
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, panel
from lastmessage.ui.naming import name_forms
from lastmessage.ui.text import Block, blit_text, draw_block, fit_block, fit_size


def outcome_text(ctx: Context, view: TabletView) -> tuple[str, str, theme.Color]:
    """(headline, reason, colour) of a finished game."""
    outcome = view.outcome
    if outcome is None:
        return ctx.tx.tr("Game over"), "", theme.TEXT
    if outcome.winner is Winner.DETECTIVES:
        return (ctx.tx.tr("The victim and the detectives win!"),
                ctx.tx.tr("They found the criminal in round {round}.", round=outcome.round), theme.TEAL)
    if outcome.reason is EndReason.WRONG_ACCUSATION:
        accusation = next((a for a in view.accusations if a.round == outcome.round), None)
        scene = ctx.scene(view)
        who = scene.character(accusation.character) if scene and accusation else None
        unknown = accusation.character if accusation else ctx.tx.tr("someone")
        return ctx.tx.tr("The criminal wins"), wrong_line(ctx.tx, who, unknown, outcome.round), theme.CRIMSON
    if outcome.round == 1:
        return ctx.tx.tr("The criminal wins"), ctx.tx.tr("Nobody found the criminal in the only round."), theme.CRIMSON
    return (ctx.tx.tr("The criminal wins"),
            ctx.tx.ntr("Nobody found the criminal in {rounds} round.", "Nobody found the criminal in {rounds} rounds.",
                       outcome.round, rounds=outcome.round), theme.CRIMSON)


def wrong_line(tx: Translator, who: Character | None, ident: str, played: int) -> str:
    """The reason of a game lost by a wrong accusation: whom, in which round."""
    forms = name_forms(tx, who) if who else NameForms(ident, ident, "n")
    return tx.agree(forms, "In round {round} the detectives accused {name}: not the criminal.",
                    round=played, name=forms.definite)


def grid_for(count: int, area: pygame.Rect, gap: int, label: int) -> tuple[int, int]:
    """(columns, side) giving the largest boards for `count` boards in `area`."""
    best = (1, 0)
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        side = min((area.w - (columns - 1) * gap) // columns,
                   (area.h - rows * label - (rows - 1) * gap) // rows)
        if side > best[1]:
            best = (columns, side)
    return best


class SummaryScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()

    def reason_lines(self, reason: str) -> tuple[pygame.Rect, Block]:
        """The reason under the headline, its box and its lines: as many as it needs (an
        accused's whole description); the band grows for them."""
        th, w = self.ctx.theme, self.ctx.size[0]
        lines = fit_block(reason, w - th.px(80), 2 * round(th.px(36) * 1.25), th.px(36),
                          description_floor(self.ctx))
        return pygame.Rect(th.px(40), th.px(124), w - th.px(80), lines.height), lines

    def _band(self, reason: str) -> int:
        """The height of the band at the top: the headline, then the reason."""
        th = self.ctx.theme
        return self.reason_lines(reason)[0].bottom + th.px(24)

    def _left(self, reason: str) -> pygame.Rect:
        th, (w, h) = self.ctx.theme, self.ctx.size
        top = self._band(reason) + th.px(30)
        return pygame.Rect(th.px(40), top, w * 28 // 100, h - top - th.px(40))

    def _new_game(self, reason: str) -> Button:
        left = self._left(reason)
        height = self.ctx.theme.px(130)
        return Button("new_game", pygame.Rect(left.x, left.bottom - height, left.w, height),
                      self.ctx.tx.tr("New game"), "primary")

    def secret_area(self, reason: str) -> pygame.Rect:
        """Where the criminal's card is laid out: above New game, on the left (under the
        band, as tall as the `reason` in it makes it)."""
        th, left = self.ctx.theme, self._left(reason)
        card = pygame.Rect(left.x, left.y, left.w, self._new_game(reason).rect.top - th.px(30) - left.y)
        return card.inflate(-th.px(30), -th.px(40))

    def signature(self, view: TabletView, t: float) -> Hashable:
        return (view.outcome, len(view.boards))

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        surface.fill(theme.NIGHT)
        headline, reason, colour = outcome_text(self.ctx, view)
        band = self._band(reason)
        pygame.draw.rect(surface, theme.NIGHT_RAISED, (0, 0, w, band))
        pygame.draw.rect(surface, colour, (0, band - th.px(8), w, th.px(8)))
        blit_text(surface, headline, fit_size(headline, w - th.px(80), th.px(92), bold=True), colour,
                  bold=True, center=(w // 2, th.px(70)))
        box, lines = self.reason_lines(reason)
        draw_block(surface, lines, box, theme.TEXT)
        left = self._left(reason)
        button = self._new_game(reason)
        area = self.secret_area(reason)
        panel(surface, area.inflate(th.px(30), th.px(40)), radius=th.px(20))
        draw_secret(surface, self.ctx, view, area, revealed=True)
        draw_button(surface, button, th.px(48))
        self._paint_boards(surface, view, pygame.Rect(left.right + th.px(50), left.y, 0, left.h))

    def _paint_boards(self, surface: pygame.Surface, view: TabletView, area: pygame.Rect) -> None:
        th, (w, _) = self.ctx.theme, self.ctx.size
        area.w = w - th.px(40) - area.x
        boards = view.boards
        if not boards:
            return
        gap, label, legend_h = th.px(30), th.px(50), th.px(60)
        columns, side = grid_for(len(boards), pygame.Rect(area.x, area.y, area.w, area.h - legend_h), gap, label)
        rows = math.ceil(len(boards) / columns)
        block_h = rows * (side + label) + (rows - 1) * gap
        left = area.x + (area.w - columns * side - (columns - 1) * gap) // 2
        top = area.y + (area.h - legend_h - block_h) // 2
        for index, board in enumerate(boards):
            row, column = divmod(index, columns)
            x, y = left + column * (side + gap), top + row * (side + label + gap)
            erased = len(board.erased)
            if erased == 0:
                caption = self.ctx.tx.tr("Round {round}", round=board.round)
            else:
                caption = self.ctx.tx.ntr("Round {round} · {erased} erased", "Round {round} · {erased} erased",
                                          erased, round=board.round, erased=erased)
            blit_text(surface, caption, fit_size(caption, side, th.px(30), bold=True), theme.TEXT, bold=True,
                      midleft=(x, y + label // 2 - th.px(4)))
            draw_full_board(surface, pygame.Rect(x, y + label, side, side), board, ghosts=True)
        legend = self.ctx.tx.tr("Erased parts are shown again in red")
        blit_text(surface, legend, fit_size(legend, area.w, th.px(30)), theme.GHOST,
                  center=(area.centerx, top + block_h + legend_h // 2 + th.px(6)))

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        if isinstance(event, Pointer) and self._taps.feed(event, [self._new_game(outcome_text(self.ctx, view)[1])]) == "new_game":
            self.ctx.choosing = True
            return [NewGame()]
        return []

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        return self._new_game(outcome_text(self.ctx, view)[1]).center if target == "new_game" else None
