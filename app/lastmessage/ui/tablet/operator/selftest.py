"""The self-test on the screens themselves: LEDs, sounds, buttons, and a touch grid.

The terminal self-test (hal/selftest.py) walks a person through the pins with
questions; on the table staff look and press instead: the LED bar drawn here
mirrors the real one as it sweeps, every press of a table button lights its
tile with a count (the same controls and intents as `selftest`), each buzzer
sound plays on a tap, and the touch grid shows where the panel feels a finger.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.hal.base import Control, IntentKind, Sound
from lastmessage.hal.tools.selftest import EXPECTED_PRESS
from lastmessage.i18n.translate import translated_later
from lastmessage.operator.commands import OperatorCommand, CheckOutput
from lastmessage.operator.view import OperatorView
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet.base import Context, Spot
from lastmessage.ui.tablet.operator.pages import SubPage, grid
from lastmessage.ui.tablet.widgets import Button, draw_button
from lastmessage.ui.text import blit_text, fit_size

CONTROL_LABELS: dict[Control, str] = {
    Control.FLIP: translated_later("FLIP"),
    Control.LEFT: translated_later("◀ left"),
    Control.RIGHT: translated_later("right ▶"),
    Control.UP: translated_later("▲ up"),
    Control.DOWN: translated_later("▼ down"),
    Control.ACCUSE: translated_later("ACCUSE"),
    Control.PASS: translated_later("PASS"),
    Control.ZOOM: translated_later("ZOOM"),
    Control.ADMIN: translated_later("service"),
}
ENCODER_LABELS: dict[IntentKind, str] = {
    IntentKind.NEXT_SUSPECT: translated_later("encoder ⟳"),
    IntentKind.PREVIOUS_SUSPECT: translated_later("encoder ⟲"),
}
SOUND_LABELS: dict[Sound, str] = {   # the hold tone only makes sense while a button is held
    Sound.FLIP: translated_later("flip"),
    Sound.TICK: translated_later("tick"),
    Sound.TIME_UP: translated_later("time up"),
    Sound.STRIKE: translated_later("strike"),
    Sound.WRONG: translated_later("wrong"),
    Sound.WIN: translated_later("win"),
    Sound.LOSE: translated_later("lose"),
    Sound.REVEAL: translated_later("reveal"),
}


def tiles() -> list[tuple[str, str, Control | None]]:
    """(intent that counts as pressed, label, control whose hold lights it)."""
    found: list[tuple[str, str, Control | None]] = [
        (EXPECTED_PRESS[control].value, label, control) for control, label in CONTROL_LABELS.items()]
    found += [(kind.value, label, None) for kind, label in ENCODER_LABELS.items()]
    return found


class SelfTestPage(SubPage):
    title = translated_later("Self-test")

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("Press each button of the table: its tile lights and counts. "
                                         "Tap a sound to hear it."))

    def signature(self, view: OperatorView) -> Hashable:
        return view.leds, view.held, view.sounding, view.pressed, view.last_pressed

    def _rows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        t, body = self.ctx.theme, self.body()
        row = t.px(110)
        gap = t.px(22)
        leds = pygame.Rect(body.x, body.y, body.w, row)
        sounds = pygame.Rect(body.x, leds.bottom + gap, body.w, row * 2)   # two rows of sounds
        buttons = pygame.Rect(body.x, sounds.bottom + gap, body.w, body.bottom - sounds.bottom - gap)
        return leds, sounds, buttons

    def buttons(self, view: OperatorView) -> list[Button]:
        t = self.ctx.theme
        leds, sounds, _ = self._rows()
        sweep = pygame.Rect(0, leds.y, leds.w * 34 // 100, leds.h)
        sweep.right = leds.right
        found = [Button("leds", sweep, self.ctx.tx.tr("Light the LEDs in turn"), "plain")]
        cells = grid(sounds, len(SOUND_LABELS), len(SOUND_LABELS) // 2, t.px(12))
        found += [Button(sound.value, rect, self.ctx.tx.tr(label),
                         "on" if view.sounding == sound.value else "plain")
                  for (sound, label), rect in zip(SOUND_LABELS.items(), cells)]
        return found

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        t = self.ctx.theme
        leds, _, buttons = self._rows()
        for button in self.buttons(view):
            draw_button(surface, button, t.px(34))
        self._bar(surface, pygame.Rect(leds.x, leds.y, leds.w * 62 // 100, leds.h), view.leds)
        counts = dict(view.pressed)
        cells = grid(buttons, len(tiles()), 5, t.px(12))
        for (kind, label, control), rect in zip(tiles(), cells):
            held = control is not None and control.value in view.held
            fill = theme.AMBER if held else theme.NIGHT_RAISED
            edge = theme.TEAL if view.last_pressed == kind or (kind == "accuse_hold" and view.last_pressed
                                                               in ("accuse", "accuse_cancel")) else theme.NIGHT_LINE
            pygame.draw.rect(surface, fill, rect, border_radius=t.px(14))
            pygame.draw.rect(surface, edge, rect, width=max(2, t.px(6)), border_radius=t.px(14))
            ink = theme.NIGHT if held else theme.TEXT
            text = self.ctx.tx.tr(label)
            blit_text(surface, text, fit_size(text, rect.w - t.px(20), t.px(36), bold=True), ink, bold=True,
                      center=(rect.centerx, rect.y + rect.h * 38 // 100))
            count = counts.get(kind, 0)
            shown = f"× {count}" if count else "–"
            blit_text(surface, shown, t.px(34), theme.NIGHT if held else (theme.TEAL if count else theme.TEXT_DIM),
                      center=(rect.centerx, rect.y + rect.h * 74 // 100))

    def _bar(self, surface: pygame.Surface, area: pygame.Rect, levels: tuple[float, ...]) -> None:
        """The table's LED bar as it is lit now (bottom LED on the left)."""
        t = self.ctx.theme
        pygame.draw.rect(surface, theme.NIGHT_RAISED, area, border_radius=t.px(14))
        if not levels:
            text = self.ctx.tx.tr("no LED bar")
            blit_text(surface, text, fit_size(text, area.w, t.px(34)), theme.TEXT_DIM, center=area.center)
            return
        inner = area.inflate(-t.px(24), -t.px(36))
        step = inner.w / len(levels)
        for index, level in enumerate(levels):
            rect = pygame.Rect(round(inner.x + index * step + step * 0.12), inner.y,
                               max(2, round(step * 0.76)), inner.h)
            glow = tuple(round(dark + (lit - dark) * max(0.0, min(1.0, level)))
                         for dark, lit in zip(theme.NIGHT, theme.AMBER))
            pygame.draw.rect(surface, glow, rect, border_radius=max(2, t.px(8)))
            pygame.draw.rect(surface, theme.NIGHT_LINE, rect, width=2, border_radius=max(2, t.px(8)))

    def pressed(self, name: str, view: OperatorView) -> list[OperatorCommand]:
        return [CheckOutput(name)]


TOUCH_COLUMNS, TOUCH_ROWS = 8, 5


class TouchPage(SubPage):
    """A grid to run a finger over: every square it touches lights, so a dead strip
    of the panel (or touches landing off the finger) shows at once."""

    title = translated_later("Touch check")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._touched: set[int] = set()

    def enter(self) -> None:
        self._touched = set()

    def signature(self, view: OperatorView) -> Hashable:
        return frozenset(self._touched)

    def hint(self, surface: pygame.Surface, view: OperatorView) -> None:
        self.say(surface, self.ctx.tx.tr("Run a finger over every square, also along the edges: each "
                                         "one lights where the panel feels it. {touched} of {total}.",
                                         touched=len(self._touched), total=TOUCH_COLUMNS * TOUCH_ROWS))

    def _cells(self) -> list[pygame.Rect]:
        return grid(self.body(), TOUCH_COLUMNS * TOUCH_ROWS, TOUCH_COLUMNS, self.ctx.theme.px(6))

    def paint_body(self, surface: pygame.Surface, view: OperatorView) -> None:
        t = self.ctx.theme
        for index, rect in enumerate(self._cells()):
            lit = index in self._touched
            pygame.draw.rect(surface, theme.TEAL if lit else theme.NIGHT_RAISED, rect, border_radius=t.px(8))
            pygame.draw.rect(surface, theme.NIGHT_LINE, rect, width=2, border_radius=t.px(8))

    def handle(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        if isinstance(event, Pointer) and (event.kind == "down" or (event.kind == "move" and event.pressed)):
            for index, rect in enumerate(self._cells()):
                if rect.collidepoint(event.x, event.y):
                    self._touched.add(index)
        return super().handle(event, view, t)

    def locate(self, view: OperatorView, target: str, arg: object) -> Spot | None:
        if target == "touch_cell" and isinstance(arg, int) and 0 <= arg < TOUCH_COLUMNS * TOUCH_ROWS:
            return float(self._cells()[arg].centerx), float(self._cells()[arg].centery)
        return super().locate(view, target, arg)

