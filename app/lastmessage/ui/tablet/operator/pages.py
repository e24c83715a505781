"""The menu and its simple pages: language, house rules, scenes, phones, stats, confirmations."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from lastmessage.i18n.translate import LANGUAGES, translated_later
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChooseRotation, ChooseVolume, CloseOperator, OperatorCommand, Page as PageName,
    PowerCommand, PutAway, ShowPage,
)
from lastmessage.operator.power import PowerAction
from lastmessage.operator.view import OperatorView
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet import phones_switches
from lastmessage.ui.tablet.base import Context, Spot
from lastmessage.ui.tablet.choose import preset_label, rules_chips
from lastmessage.ui.tablet.operator.common import HEADER, Page
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, paragraph
from lastmessage.ui.text import blit_text, fit_size

ITEMS: tuple[tuple[PageName, str], ...] = (
    (PageName.LANGUAGE, translated_later("Language")),
    (PageName.VOLUME, translated_later("Volume")),
    (PageName.RULES, translated_later("House rules")),
    (PageName.SCENES, translated_later("Scenes")),
    (PageName.PHONES, translated_later("Phones")),
    (PageName.PUT_AWAY, translated_later("Put away the game")),
    (PageName.SELFTEST, translated_later("Self-test")),
    (PageName.TOUCH, translated_later("Touch check")),
    (PageName.STATS, translated_later("Today's games")),
    (PageName.RESTART, translated_later("Restart the device")),
    (PageName.REBOOT, translated_later("Restart the Pi")),
    (PageName.SHUTDOWN, translated_later("Switch off the Pi")),
)
"""The menu's items in reading order (three columns)."""


class SubPage(Page):
    """A page under the menu: Back in the header, a message strip under it."""

    title = ""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()

    def back(self) -> Button:
        return self.corner_button("back", "‹ " + self.ctx.tx.tr("Back"))

    def body(self) -> pygame.Rect:
        """Below the header and the message strip."""
        t, (w, h) = self.ctx.theme, self.ctx.size
        top = t.px(HEADER) + t.px(110)
        return pygame.Rect(t.px(32), top, w - 2 * t.px(32), h - top - t.px(28))

    def strip(self) -> pygame.Rect:
        t, w = self.ctx.theme, self.ctx.size[0]
        return pygame.Rect(t.px(32), t.px(HEADER) + t.px(14), w - 2 * t.px(32), t.px(84))

    def buttons(self, view: OperatorView) -> list[Button]:
        return []

    def paint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.header(surface, self.ctx.tx.tr(self.title), self.back())
        if view.outcome is not None:
            self.message(surface, self.ctx.tx.tr(view.outcome.message, **dict(view.outcome.params)),
                         self.strip(), ok=view.outcome.done)
        else:
            self.hint(surface, view)
        self.paint_body(surface, view)

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        """What the page is for, in the message strip while nothing was said."""

    def say(self, surface: pygame.Surface, text: str) -> None:
        t = self.ctx.theme
        paragraph(surface, text, self.strip(), t.px(32), theme.TEXT_DIM, max_lines=2, shrink=True,
                  valign="center")

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        for button in self.buttons(view):
            draw_button(surface, button, self.ctx.theme.px(40))

    def handle(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        if not isinstance(event, Pointer):
            return []
        pressed = self._taps.feed(event, [self.back(), *self.buttons(view)])
        if pressed == "back":
            return [ShowPage(PageName.MENU)]
        return self.pressed(pressed, view) if pressed is not None else []

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        return []

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        if target == "back":
            return self.back().center
        if target == "choice":
            return next((b.center for b in self.buttons(view) if b.name == str(arg)), None)
        return None


def grid(area: pygame.Rect, count: int, columns: int, gap: int, *,
         max_height: int | None = None) -> list[pygame.Rect]:
    """`count` equal cells filling `area` in rows of `columns`."""
    rows = max(1, math.ceil(count / columns))
    width = (area.w - (columns - 1) * gap) // columns
    height = (area.h - (rows - 1) * gap) // rows
    if max_height is not None:
        height = min(height, max_height)
    return [pygame.Rect(area.x + (i % columns) * (width + gap), area.y + (i // columns) * (height + gap),
                        width, height) for i in range(count)]


class MenuPage(SubPage):
    title = translated_later("Operator menu")

    def back(self) -> Button:
        return self.corner_button("close", self.ctx.tx.tr("Close") + " ✕")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("Choose what to change or check. The menu closes by itself "
                                         "after a minute untouched."))

    def _details(self, view: OperatorView) -> dict[PageName, str]:
        tx, ctx = self.ctx.tx, self.ctx
        preset = next((p for p in ctx.presets if p.key == view.house_preset), ctx.presets[0])
        shown = len(view.rotation) if view.rotation is not None else len(ctx.catalog)
        return {
            PageName.LANGUAGE: LANGUAGES[tx.language],
            PageName.VOLUME: tx.tr("Silent") if view.volume == 0 else f"{view.volume}%",
            PageName.RULES: preset_label(tx, preset),
            PageName.SCENES: tx.tr("{shown} of {total}", shown=shown, total=len(ctx.catalog)),
            PageName.PHONES: phones_switches.summary(tx, view.phones),
        }

    def buttons(self, view: OperatorView) -> list[Button]:
        t = self.ctx.theme
        cells = grid(self.body(), len(ITEMS), 3, t.px(18))
        return [Button(page.value, rect, self.ctx.tx.tr(label), "plain")
                for (page, label), rect in zip(ITEMS, cells)]

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        t = self.ctx.theme
        details = self._details(view)
        for button in self.buttons(view):
            detail = details.get(PageName(button.name))
            draw_button(surface, Button(button.name, button.rect, "", button.style), t.px(40))
            rect = button.rect
            size = fit_size(button.label, rect.w - t.px(30), t.px(40), bold=True)
            centre = rect.centery - (t.px(22) if detail else 0)
            blit_text(surface, button.label, size, theme.TEXT, bold=True, center=(rect.centerx, centre))
            if detail:
                blit_text(surface, detail, fit_size(detail, rect.w - t.px(30), t.px(32)), theme.AMBER,
                          center=(rect.centerx, centre + t.px(48)))

    def handle(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        if not isinstance(event, Pointer):
            return []
        pressed = self._taps.feed(event, [self.back(), *self.buttons(view)])
        if pressed == "close":
            return [CloseOperator()]
        return [ShowPage(PageName(pressed))] if pressed is not None else []

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        if target == "close":
            return self.back().center
        if target == "item":
            return next((b.center for b in self.buttons(view) if b.name == str(arg)), None)
        return None


class LanguagePage(SubPage):
    title = translated_later("Language")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("Both screens speak it, also after a restart. Visitors can "
                                         "still switch on the start screen."))

    def buttons(self, view: OperatorView) -> list[Button]:
        t = self.ctx.theme
        cells = grid(self.body().inflate(-t.px(200), 0), len(LANGUAGES), 2, t.px(40), max_height=t.px(200))
        return [Button(code, rect, ("✓ " if code == self.ctx.tx.language else "") + name,
                       "on" if code == self.ctx.tx.language else "plain")
                for (code, name), rect in zip(LANGUAGES.items(), cells)]

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        return [ChooseLanguage(name)]


VOLUME_STEPS = tuple(range(0, 101, 10))


class VolumePage(SubPage):
    title = translated_later("Volume")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("The speaker's volume, also after a restart; a tap plays a "
                                         "sound at it. The buzzer and captions are not changed."))

    def buttons(self, view: OperatorView) -> list[Button]:
        t, tx = self.ctx.theme, self.ctx.tx
        cells = grid(self.body(), len(VOLUME_STEPS), 4, t.px(18), max_height=t.px(130))
        return [Button(str(level), rect,
                       ("✓ " if level == view.volume else "") + (tx.tr("Silent") if level == 0 else f"{level}%"),
                       "on" if level == view.volume else "plain")
                for level, rect in zip(VOLUME_STEPS, cells)]

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        return [ChooseVolume(int(name))]


class RulesPage(SubPage):
    title = translated_later("House rules")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("The rules each new game starts with. Players can still "
                                         "pick others before they start."))

    def buttons(self, view: OperatorView) -> list[Button]:
        t = self.ctx.theme
        cells = grid(self.body(), len(self.ctx.presets), 1, t.px(14), max_height=t.px(150))
        return [Button(preset.key, rect, preset_label(self.ctx.tx, preset),
                       "on" if preset.key == view.house_preset else "plain")
                for preset, rect in zip(self.ctx.presets, cells)]

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        t, tx = self.ctx.theme, self.ctx.tx
        for button, preset in zip(self.buttons(view), self.ctx.presets):
            chosen = button.style == "on"
            draw_button(surface, Button(button.name, button.rect, "", button.style), t.px(40))
            rect = button.rect.inflate(-t.px(50), -t.px(20))
            label = ("✓ " if chosen else "") + button.label
            blit_text(surface, label, fit_size(label, rect.w, t.px(42), bold=True),
                      theme.AMBER if chosen else theme.TEXT, bold=True, topleft=rect.topleft)
            paragraph(surface, " · ".join(rules_chips(tx, preset.rules)),
                      pygame.Rect(rect.x, rect.y + t.px(58), rect.w, rect.h - t.px(58)), t.px(30),
                      theme.TEXT_DIM, max_lines=2, shrink=True)

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        return [ChooseHouseRules(name)]


class ScenesPage(SubPage):
    title = translated_later("Scenes")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("Tap a scene to take it out of the rotation or put it back: the "
                                         "monitor shows only these, and players choose among them."))

    def _chosen(self, view: OperatorView) -> tuple[str, ...]:
        return view.rotation if view.rotation is not None else tuple(self.ctx.catalog)

    def buttons(self, view: OperatorView) -> list[Button]:
        t = self.ctx.theme
        ids = list(self.ctx.catalog)
        chosen = self._chosen(view)
        cells = grid(self.body(), len(ids), 2 if len(ids) <= 8 else 3, t.px(16), max_height=t.px(150))
        return [Button(scene_id, rect, ("✓ " if scene_id in chosen else "") +
                       self.ctx.tx.title(self.ctx.catalog[scene_id].title),
                       "on" if scene_id in chosen else "plain")
                for scene_id, rect in zip(ids, cells)]

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        chosen = self._chosen(view)
        wanted = tuple(scene_id for scene_id in self.ctx.catalog
                       if (scene_id in chosen) != (scene_id == name))
        return [ChooseRotation(wanted)]


class PhonesPage(SubPage):
    """Phones and audience mode for the next games: in museums the menu alone switches them."""

    title = translated_later("Phones")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("From the next game, also after a restart; a game in progress keeps "
                                         "its own. While a PIN is set, visitors cannot switch them."))

    def _area(self) -> pygame.Rect:
        t, body = self.ctx.theme, self.body()
        return body.inflate(-t.px(60), 0).move(0, t.px(20))

    def buttons(self, view: OperatorView) -> list[Button]:
        return phones_switches.switches(self.ctx, self._area(), view.phones)

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        phones_switches.paint(surface, self.ctx, self._area(), view.phones)

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        return [phones_switches.asked(name, view.phones)]


CONFIRM: dict[PageName, tuple[str, str, str]] = {
    # page: title, what happens, the button
    PageName.PUT_AWAY: (translated_later("Put away the game?"),
                        translated_later("The game in progress ends unfinished (it stays in the journal) "
                                         "and the table goes back to the start screen."),
                        translated_later("Put away")),
    PageName.RESTART: (translated_later("Restart the device?"),
                       translated_later("The game program stops and systemd starts it again in a few "
                                        "seconds. A game in progress goes on after the restart."),
                       translated_later("Restart")),
    PageName.REBOOT: (translated_later("Restart the Pi?"),
                      translated_later("The whole computer restarts; the table is back in about a minute. "
                                       "A game in progress goes on afterwards."),
                      translated_later("Restart the Pi")),
    PageName.SHUTDOWN: (translated_later("Switch off the Pi?"),
                        translated_later("The computer shuts down. Wait until its light stops blinking "
                                         "before you cut the power. Only the power switch starts it again."),
                        translated_later("Switch off")),
}


class ConfirmPage(SubPage):
    """Asks before an action that ends a game, the program or the machine."""

    def __init__(self, ctx: Context, page: PageName) -> None:
        super().__init__(ctx)
        self.page = page
        self.title = CONFIRM[page][0]

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        pass

    def buttons(self, view: OperatorView) -> list[Button]:
        t, body = self.ctx.theme, self.body()
        height = t.px(150)
        width = (body.w - t.px(40)) // 2
        y = body.bottom - height
        return [Button("cancel", pygame.Rect(body.x, y, width, height), self.ctx.tx.tr("Cancel"), "plain"),
                Button("confirm", pygame.Rect(body.right - width, y, width, height),
                       self.ctx.tx.tr(CONFIRM[self.page][2]), "danger")]

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        t, body = self.ctx.theme, self.body()
        buttons = self.buttons(view)
        paragraph(surface, self.ctx.tx.tr(CONFIRM[self.page][1]),
                  pygame.Rect(body.x, body.y, body.w, buttons[0].rect.top - body.y - t.px(30)),
                  t.px(42), theme.TEXT, max_lines=5, shrink=True)
        for button in buttons:
            draw_button(surface, button, t.px(50))

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        if name == "cancel":
            return [ShowPage(PageName.MENU)]
        if self.page is PageName.PUT_AWAY:
            return [PutAway()]
        return [PowerCommand(PowerAction(self.page.value))]

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        if target in ("confirm", "cancel"):
            return next(b.center for b in self.buttons(view) if b.name == target)
        return super().locate(view, target, arg)


class StatsPage(SubPage):
    title = translated_later("Today's games")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("Since midnight, from the game journal. `lastmessage stats` "
                                         "gives every day."))

    def signature(self, view: OperatorView) -> Hashable:
        return view.today

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        t, tx, body = self.ctx.theme, self.ctx.tx, self.body()
        today = view.today
        if today is None:
            paragraph(surface, tx.tr("The game journal cannot be read just now."), body, t.px(42),
                      theme.AMBER, max_lines=3, shrink=True)
            return
        minutes = "–" if today.average_minutes is None else f"{today.average_minutes:g}"
        tiles = [
            (str(today.games), tx.ntr("game started", "games started", today.games)),
            (str(today.detectives), tx.tr("won by the detectives")),
            (str(today.criminal), tx.tr("won by the criminal")),
            (minutes, tx.tr("minutes a finished game lasts")),
        ]
        cells = grid(pygame.Rect(body.x, body.y, body.w, body.h - t.px(80)), 4, 2, t.px(20))
        for (figure, label), rect in zip(tiles, cells):
            pygame.draw.rect(surface, theme.NIGHT_RAISED, rect, border_radius=t.px(18))
            blit_text(surface, figure, fit_size(figure, rect.w - t.px(40), t.px(110), bold=True), theme.AMBER,
                      bold=True, center=(rect.centerx, rect.y + rect.h * 4 // 10))
            blit_text(surface, label, fit_size(label, rect.w - t.px(40), t.px(36)), theme.TEXT,
                      center=(rect.centerx, rect.y + rect.h * 78 // 100))
        unfinished = today.games - today.finished
        line = tx.ntr("{count} game was not finished (put away or still on).",
                      "{count} games were not finished (put away or still on).", unfinished, count=unfinished)
        blit_text(surface, line, fit_size(line, body.w, t.px(32)), theme.TEXT_DIM,
                  midleft=(body.x, body.bottom - t.px(34)))
