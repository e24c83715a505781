"""The operator menu's screens on the tablet, drawn over whatever the game shows.

`OperatorScreens` picks the page of the view (the PIN pad until the right
PIN, then the menu's pages) and forgets a page's local state (typed digits,
touched squares) when another comes up.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.operator.commands import OperatorCommand, Page as PageName
from lastmessage.operator.view import OperatorView
from lastmessage.ui.screen import ScreenInput
from lastmessage.ui.tablet.base import Context, Spot
from lastmessage.ui.tablet.operator.common import Page
from lastmessage.ui.tablet.operator.pad import PinPad
from lastmessage.ui.tablet.operator.pages import (
    CONFIRM, ConfirmPage, LanguagePage, MenuPage, PhonesPage, RulesPage, ScenesPage, StatsPage, VolumePage,
)
from lastmessage.ui.tablet.operator.selftest import SelfTestPage, TouchPage


class OperatorScreens:
    def __init__(self, ctx: Context) -> None:
        self.pad = PinPad(ctx)
        self.pages: dict[PageName, Page] = {
            PageName.MENU: MenuPage(ctx), PageName.LANGUAGE: LanguagePage(ctx),
            PageName.VOLUME: VolumePage(ctx), PageName.RULES: RulesPage(ctx), PageName.SCENES: ScenesPage(ctx),
            PageName.SELFTEST: SelfTestPage(ctx), PageName.TOUCH: TouchPage(ctx),
            PageName.STATS: StatsPage(ctx), PageName.PHONES: PhonesPage(ctx),
            **{page: ConfirmPage(ctx, page) for page in CONFIRM},
        }
        self._shown: Page | None = None

    def page(self, view: OperatorView | None) -> Page | None:
        """The page for `view` (None: the menu is closed); a page coming up starts afresh."""
        current = None if view is None else (self.pad if view.page is None else self.pages[view.page])
        if current is not self._shown and current is not None:
            current.enter()
        self._shown = current
        return current

    def signature(self, view: OperatorView) -> Hashable:
        page = self.page(view)
        assert page is not None
        return id(page), view, page.signature(view)

    def paint(self, surface: pygame.Surface, view: OperatorView) -> None:
        page = self.page(view)
        assert page is not None
        page.paint(surface, view)

    def handle(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        page = self.page(view)
        return page.handle(event, view, t) if page is not None else []

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        page = self.page(view)
        return page.locate(view, target, arg) if page is not None else None
