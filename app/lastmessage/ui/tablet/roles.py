"""Before the pick: who is who, and the choice of the guided first round.

A group that has never played is told here who plays which part and where
each sits (the monitor says the same for the detectives); then it chooses the
guided first round or skips it. The choice is the tablet's own (`Context.guided`):
no command, the game does not change.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.commands import Command
from lastmessage.rules.projections import TabletView
from lastmessage.ui import guide, theme
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, panel, paragraph
from lastmessage.ui.text import blit_text, fit_size

_ACCENTS = (theme.AMBER, theme.CRIMSON, theme.TEAL)   # victim, criminal, detectives (as on the monitor)


class RolesScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()

    def enter(self, view: TabletView, t: float) -> None:
        self._taps.cancel()

    def signature(self, view: TabletView, t: float) -> Hashable:
        return "roles"

    def _buttons(self) -> list[Button]:
        th, (w, h) = self.ctx.theme, self.ctx.size
        margin, height = th.px(36), th.px(110)
        half = (w - 3 * margin) // 2
        top = h - margin - height
        return [Button("guide", pygame.Rect(margin, top, half, height),
                       self.ctx.tx.tr("Guide us through round 1"), "go"),
                Button("skip", pygame.Rect(2 * margin + half, top, half, height),
                       self.ctx.tx.tr("We know the game"), "plain")]

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        surface.fill(theme.NIGHT)
        top = self.ctx.header(surface, guide.roles_title(self.ctx.tx), self.ctx.tx.tr("before the criminal chooses"))
        buttons = self._buttons()
        margin, gap = th.px(36), th.px(20)
        room = pygame.Rect(margin, top + th.px(24), w - 2 * margin, buttons[0].rect.top - top - th.px(24) - gap)
        cards = guide.roles(self.ctx.tx)
        height = (room.h - gap * (len(cards) - 1)) // len(cards)
        for index, ((role, what), accent) in enumerate(zip(cards, _ACCENTS)):
            card = pygame.Rect(room.x, room.y + index * (height + gap), room.w, height)
            panel(surface, card, radius=th.px(16))
            pygame.draw.rect(surface, accent, (card.x, card.y, th.px(12), card.h),
                             border_top_left_radius=th.px(16), border_bottom_left_radius=th.px(16))
            label = pygame.Rect(card.x + th.px(36), card.y, card.w * 24 // 100, card.h)
            blit_text(surface, role, fit_size(role, label.w, th.px(40), bold=True), accent, bold=True,
                      midleft=(label.x, card.centery))
            text = pygame.Rect(label.right + th.px(16), card.y + th.px(10), card.right - label.right - th.px(40),
                               card.h - th.px(20))
            paragraph(surface, what, text, th.px(30), theme.TEXT, max_lines=3, valign="center", shrink=True)
        for button in buttons:
            draw_button(surface, button, th.px(38))

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        if isinstance(event, Pointer):
            pressed = self._taps.feed(event, self._buttons())
            if pressed is not None:
                self.ctx.guided = pressed == "guide"
        return []

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        if target == "guide" and isinstance(arg, bool):
            return self._buttons()[0 if arg else 1].center
        return None

    def notice_area(self) -> pygame.Rect:
        """Just above the buttons, over the last card's bottom: the titles stay readable."""
        th, (w, h) = self.ctx.theme, self.ctx.size
        buttons = self._buttons()
        return pygame.Rect(w * 15 // 100, buttons[0].rect.top - th.px(150), w * 70 // 100, th.px(140))


class GuideCard(Screen):
    """One step of the guided first round, before its screen: what to do, then "Got it"."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()

    def enter(self, view: TabletView, t: float) -> None:
        self._taps.cancel()

    def _step(self, view: TabletView) -> guide.Step | None:
        return guide.step(view.phase, view.round, self.ctx.guided)

    def signature(self, view: TabletView, t: float) -> Hashable:
        return ("guide", self._step(view), view.erase_count)

    def _ok(self) -> Button:
        th, (w, h) = self.ctx.theme, self.ctx.size
        width, height = w * 40 // 100, th.px(110)
        return Button("ok", pygame.Rect((w - width) // 2, h - th.px(48) - height, width, height),
                      self.ctx.tx.tr("Got it"), "go")

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        surface.fill(theme.NIGHT)
        top = self.ctx.header(surface, guide.heading(self.ctx.tx),
                              self.ctx.tx.tr("Round {n} of {total}", n=max(1, view.round), total=view.rounds))
        shown = self._step(view)
        ok = self._ok()
        card = pygame.Rect(th.px(60), top + th.px(40), w - 2 * th.px(60), ok.rect.top - top - th.px(80))
        panel(surface, card, radius=th.px(20))
        if shown is not None:
            text = guide.tablet_text(self.ctx.tx, shown, view.erase_count, self.ctx.rules.timer_seconds)
            paragraph(surface, text, card.inflate(-th.px(80), -th.px(60)), th.px(44), theme.TEXT, bold=True,
                      align="center", valign="center", max_lines=6, shrink=True)
        draw_button(surface, ok, th.px(40))

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        shown = self._step(view)
        if isinstance(event, Pointer) and shown is not None and self._taps.feed(event, [self._ok()]) == "ok":
            self.ctx.guide_seen.add(shown)
        return []

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        return self._ok().center if target == "guide_ok" else None
