"""Between rounds: the last verdict (if any), then the criminal flips the timer.

The verdict of the previous round is read from the view (an accusation of
that round, or none: a pass), so it survives a restart of the app.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import pygame

from lastmessage.commands import Command, Flip
from lastmessage.i18n.translate import Translator
from lastmessage.i18n.names import NameForms
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.model import Character
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.tablet.secret_card import description_floor, draw_secret
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, panel, paragraph
from lastmessage.ui.naming import name_forms
from lastmessage.ui.text import Block, blit_text, draw_block, fit_block, fit_size


def last_verdict(ctx: Context, view: TabletView) -> tuple[str, str, theme.Color] | None:
    """(headline, detail, colour) for the round before this one, or None in round 1."""
    if view.round <= 1:
        return None
    played = view.round - 1
    accusation = next((a for a in view.accusations if a.round == played), None)
    if accusation is None:
        return ctx.tx.tr("Passed"), ctx.tx.tr("In round {round} the detectives passed.", round=played), theme.TEXT_DIM
    scene = ctx.scene(view)
    who = scene.character(accusation.character) if scene else None
    return ctx.tx.tr("Not the criminal"), accused_line(ctx.tx, who, accusation.character, played), theme.CRIMSON


def accused_line(tx: Translator, who: Character | None, ident: str, played: int) -> str:
    """The sentence naming whom the detectives wrongly accused in round `played`."""
    forms = name_forms(tx, who) if who else NameForms(ident, ident, "n")
    return tx.agree(forms, "In round {round} the detectives accused: {name}.", round=played,
                    name=forms.definite)


def round_plan(tx: Translator, seconds: float, count: int) -> str:
    """What the round holds: the drawing time, then the erasing."""
    drawing = tx.ntr("The victim then has {seconds:g} second to draw clues.",
                     "The victim then has {seconds:g} seconds to draw clues.", math.ceil(seconds),
                     seconds=seconds)
    if count == 0:
        erasing = tx.tr("This round the criminal erases nothing.")
    else:
        erasing = tx.ntr("Afterwards the criminal erases {count} square.",
                         "Afterwards the criminal erases {count} squares.", count, count=count)
    return f"{drawing} {erasing}"


class ReadyScreen(Screen):
    def __init__(self, ctx: Context, prepare: Callable[[TabletView], None] | None = None) -> None:
        """`prepare`: work for the next screen done while this one waits (the clue screen's portraits)."""
        super().__init__(ctx)
        self._taps = Taps()
        self._prepare = prepare

    def _flip(self) -> Button:
        t, (w, h) = self.ctx.theme, self.ctx.size
        rect = pygame.Rect(0, 0, t.px(560), t.px(150))
        rect.center = (self._main().centerx, h * 70 // 100)
        return Button("flip", rect, self.ctx.tx.tr("Flip the timer"), "primary")

    def _main(self) -> pygame.Rect:
        t, (w, h) = self.ctx.theme, self.ctx.size
        return pygame.Rect(t.px(40), t.px(96), w * 64 // 100 - t.px(40), h - t.px(96))

    def signature(self, view: TabletView, t: float) -> Hashable:
        return (view.round, view.accusations)

    def verdict_card(self, detail: str) -> tuple[pygame.Rect, pygame.Rect, Block]:
        """The last verdict's card, the box of its detail and the detail laid out: the accused's
        whole description, on as many lines as it needs (the card grows for them)."""
        th, main = self.ctx.theme, self._main()
        inner = main.w - th.px(72)
        lines = fit_block(detail, inner, 3 * th.px(32) * 13 // 10, th.px(32), description_floor(self.ctx))
        card = pygame.Rect(main.x, main.y + th.px(40), main.w, th.px(100) + lines.height + th.px(30))
        return card, pygame.Rect(card.x + th.px(36), card.y + th.px(100), inner, lines.height), lines

    def _side(self) -> pygame.Rect:
        """The panel on the right, for the criminal's card."""
        th, (w, h) = self.ctx.theme, self.ctx.size
        side = pygame.Rect(self._main().right + th.px(40), th.px(96) + th.px(40), 0, 0)
        side.w, side.h = w - side.x - th.px(40), h - side.y - th.px(40)
        return side

    def secret_area(self) -> pygame.Rect:
        """Where the criminal's card is laid out (inside its panel)."""
        th = self.ctx.theme
        return self._side().inflate(-th.px(40), -th.px(60))

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        surface.fill(theme.NIGHT)
        self.ctx.header(surface, self.ctx.tx.tr("Round {n} of {total}", n=view.round, total=view.rounds), self.ctx.tx.tr("get ready"))
        main = self._main()
        verdict = last_verdict(self.ctx, view)
        y = main.y + th.px(40)
        if verdict is not None:
            headline, detail, colour = verdict
            card, box, lines = self.verdict_card(detail)
            panel(surface, card, edge=colour, radius=th.px(20))
            blit_text(surface, headline, fit_size(headline, card.w - th.px(72), th.px(56), bold=True), colour,
                      bold=True,
                      midleft=(card.x + th.px(36), card.y + th.px(56)))
            draw_block(surface, lines, box, theme.TEXT, align="left")
            y = card.bottom + th.px(30)
        title = self.ctx.tx.tr("Criminal: flip the timer")
        blit_text(surface, title, fit_size(title, main.w, th.px(64), bold=True), theme.TEXT, bold=True,
                  center=(main.centerx, y + th.px(50)))
        detail = round_plan(self.ctx.tx, view.rules.timer_seconds, view.erase_count)
        flip = self._flip()
        plan = pygame.Rect(main.x + th.px(20), y + th.px(100), main.w - th.px(40), 0)
        plan.h = max(th.px(60), min(th.px(140), flip.rect.top - th.px(16) - plan.y))
        paragraph(surface, detail, plan, th.px(34), theme.TEXT_DIM, align="center", max_lines=3, shrink=True)
        draw_button(surface, flip, th.px(56))
        blit_text(surface, self.ctx.tx.tr("or press FLIP on the table"), th.px(28), theme.TEXT_DIM,
                  center=(flip.rect.centerx, flip.rect.bottom + th.px(40)))
        panel(surface, self._side(), radius=th.px(20))
        draw_secret(surface, self.ctx, view, self.secret_area())
        if self._prepare is not None:
            self._prepare(view)

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        if isinstance(event, Pointer) and self._taps.feed(event, [self._flip()]) == "flip":
            return [Flip()]
        return []

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        return self._flip().center if target == "flip" else None
