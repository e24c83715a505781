"""The PIN pad: big digits, the entry shown as dots, backspace, OK and Cancel.

The digits typed stay on this page (never in the App, never in a view) until
OK sends them in `EnterPin`; a new attempt number in the view clears them. No
PIN set, or a PIN file that cannot be used: the pad is not offered, the page
says how to set one. Locked: the keys are greyed and the page counts down.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.operator.commands import CloseOperator, EnterPin, OperatorCommand
from lastmessage.operator.pin import MAX_DIGITS, MIN_DIGITS
from lastmessage.operator.view import OperatorView
from lastmessage.ui import theme
from lastmessage.ui.screen import KeyPressed, Pointer, ScreenInput, TextTyped
from lastmessage.ui.tablet.base import Context, Spot
from lastmessage.ui.tablet.operator.common import HEADER, Page
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, paragraph
from lastmessage.ui.text import blit_text, fit_size

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "ok")


class PinPad(Page):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()
        self._digits = ""
        self._attempt = -1

    def enter(self) -> None:
        self._digits = ""
        self._taps.cancel()

    def _follow(self, view: OperatorView) -> None:
        if view.attempt != self._attempt:   # each entry starts empty
            self._attempt, self._digits = view.attempt, ""

    def signature(self, view: OperatorView) -> Hashable:
        self._follow(view)
        return len(self._digits)

    # ---- layout -------------------------------------------------------------------

    def _keys(self, view: OperatorView) -> list[Button]:
        t, (w, h) = self.ctx.theme, self.ctx.size
        top, gap = t.px(HEADER) + t.px(28), t.px(16)
        size = min((h - top - t.px(28) - 3 * gap) // 4, (w // 2 - t.px(40) - 2 * gap) // 3)
        left = w - t.px(40) - 3 * size - 2 * gap
        usable = view.pin_set and not view.locked_for
        buttons = []
        for index, key in enumerate(KEYS):
            row, column = divmod(index, 3)
            rect = pygame.Rect(left + column * (size + gap), top + row * (size + gap), size, size)
            label = {"back": "⌫", "ok": self.ctx.tx.tr("OK")}.get(key, key)
            enabled = usable and (key != "ok" or len(self._digits) >= MIN_DIGITS) \
                and (key != "back" or bool(self._digits))
            style = "go" if key == "ok" else "plain"
            buttons.append(Button(key, rect, label, style, enabled=enabled))
        return buttons

    def _cancel(self) -> Button:
        t, h = self.ctx.theme, self.ctx.size[1]
        rect = pygame.Rect(t.px(40), h - t.px(28) - t.px(120), t.px(330), t.px(120))
        return Button("cancel", rect, self.ctx.tx.tr("Cancel"), "plain")

    def _left(self) -> pygame.Rect:
        t, (w, h) = self.ctx.theme, self.ctx.size
        keys = self._keys(OperatorView(None))
        return pygame.Rect(t.px(40), t.px(HEADER) + t.px(40), keys[0].rect.left - t.px(80),
                           self._cancel().rect.top - t.px(HEADER) - t.px(70))

    # ---- drawing ------------------------------------------------------------------

    def paint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self._follow(view)
        tx, t = self.ctx.tx, self.ctx.theme
        self.header(surface, tx.tr("Operator menu"))
        left = self._left()
        draw_button(surface, self._cancel(), t.px(44))
        if not view.pin_set:
            self._explain(surface, view, left)
            return
        for key in self._keys(view):
            draw_button(surface, key, t.px(72) if key.name.isdigit() else t.px(54))
        title = tx.tr("Enter the operator PIN")
        blit_text(surface, title, fit_size(title, left.w, t.px(46), bold=True), theme.TEXT, bold=True,
                  topleft=left.topleft)
        self._dots(surface, pygame.Rect(left.x, left.y + t.px(90), left.w, t.px(110)))
        note = pygame.Rect(left.x, left.y + t.px(240), left.w, left.bottom - left.y - t.px(240))
        y = note.y
        if view.locked_for:
            text = tx.ntr("Too many wrong PINs. Try again in {seconds} second.",
                          "Too many wrong PINs. Try again in {seconds} seconds.",
                          view.locked_for, seconds=view.locked_for)
            y = paragraph(surface, text, note, t.px(38), theme.CRIMSON, bold=True, max_lines=4, shrink=True)
        elif view.wrong:
            text = tx.ntr("Wrong PIN. {tries} try left before the menu locks for a minute.",
                          "Wrong PIN. {tries} tries left before the menu locks for a minute.",
                          view.tries_left, tries=view.tries_left)
            y = paragraph(surface, text, note, t.px(38), theme.AMBER, bold=True, max_lines=4, shrink=True)
        elif not view.unkept:
            paragraph(surface, tx.tr("The menu closes by itself after a minute untouched."), note,
                      t.px(32), theme.TEXT_DIM, max_lines=3, shrink=True)
        if view.unkept:
            # Why one wrong PIN locks. The file's line is for staff (in English, like the log).
            below = pygame.Rect(note.x, y + (t.px(16) if y > note.y else 0), note.w, note.bottom - y)
            warning = tx.tr("The operator settings cannot be saved, so one wrong PIN locks the menu.")
            y = paragraph(surface, warning, below, t.px(34), theme.AMBER, bold=True, max_lines=3, shrink=True)
            paragraph(surface, view.unkept, pygame.Rect(note.x, y + t.px(12), note.w, note.bottom - y - t.px(12)),
                      t.px(26), theme.TEXT_DIM, max_lines=4, shrink=True)

    def _dots(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One slot per digit a PIN may have; typed ones filled (never the digit)."""
        t = self.ctx.theme
        radius = min(t.px(22), area.w // (MAX_DIGITS * 3))
        step = min(area.w // MAX_DIGITS, radius * 3)
        pygame.draw.rect(surface, theme.NIGHT_RAISED, area, border_radius=t.px(16))
        pygame.draw.rect(surface, theme.NIGHT_LINE, area, width=2, border_radius=t.px(16))
        x0 = area.x + (area.w - step * MAX_DIGITS) // 2 + step // 2
        for index in range(MAX_DIGITS):
            centre = (x0 + index * step, area.centery)
            if index < len(self._digits):
                pygame.draw.circle(surface, theme.AMBER, centre, radius)
            else:
                pygame.draw.circle(surface, theme.NIGHT_LINE, centre, radius // 3)

    def _explain(self, surface: pygame.Surface, view: OperatorView, left: pygame.Rect) -> None:
        tx, t, (w, _) = self.ctx.tx, self.ctx.theme, self.ctx.size
        area = pygame.Rect(left.x, left.y, w - 2 * left.x, left.h)
        title = tx.tr("No operator PIN is set") if not view.problem else tx.tr("The operator PIN cannot be read")
        blit_text(surface, title, fit_size(title, area.w, t.px(50), bold=True), theme.AMBER, bold=True,
                  topleft=area.topleft)
        body = tx.tr("The menu opens only with a PIN. On the device, in a terminal, run:")
        y = paragraph(surface, body, pygame.Rect(area.x, area.y + t.px(90), area.w, t.px(120)),
                      t.px(38), theme.TEXT, max_lines=3, shrink=True)
        command = "sudo lastmessage set-pin"
        box = pygame.Rect(area.x, y + t.px(20), area.w, t.px(100))
        pygame.draw.rect(surface, theme.NIGHT_RAISED, box, border_radius=t.px(14))
        blit_text(surface, command, fit_size(command, box.w - t.px(40), t.px(52), bold=True), theme.TEAL,
                  bold=True, midleft=(box.x + t.px(30), box.centery))
        if view.problem:
            paragraph(surface, view.problem, pygame.Rect(area.x, box.bottom + t.px(24), area.w,
                                                         self._cancel().rect.top - box.bottom - t.px(40)),
                      t.px(28), theme.TEXT_DIM, max_lines=4, shrink=True)

    # ---- input -------------------------------------------------------------------

    def handle(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        self._follow(view)
        usable = view.pin_set and not view.locked_for
        if isinstance(event, TextTyped):
            if usable:
                for character in event.text:
                    self._type(character)
            return []
        if isinstance(event, KeyPressed):
            return self._key(event.key, usable)
        if not isinstance(event, Pointer):
            return []
        buttons = [self._cancel(), *(self._keys(view) if view.pin_set else [])]
        pressed = self._taps.feed(event, buttons)
        if pressed is None:
            return []
        if pressed == "cancel":
            return [CloseOperator()]
        return self._key({"back": "backspace", "ok": "return"}.get(pressed, pressed), usable)

    def _key(self, key: str, usable: bool) -> list[OperatorCommand]:
        if key == "escape":
            return [CloseOperator()]
        if not usable:
            return []
        if key == "backspace":
            self._digits = self._digits[:-1]
        elif key == "return" and len(self._digits) >= MIN_DIGITS:
            pin, self._digits = self._digits, ""
            return [EnterPin(pin)]
        else:
            self._type(key)
        return []

    def _type(self, character: str) -> None:
        if len(character) == 1 and character in "0123456789" and len(self._digits) < MAX_DIGITS:
            self._digits += character

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        if target == "cancel":
            return self._cancel().center
        if target == "pin_key" and view.pin_set:
            return next((b.center for b in self._keys(view) if b.name == arg), None)
        return None
