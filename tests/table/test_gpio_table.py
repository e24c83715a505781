"""The arcade buttons and LED bar on GPIO (gpiozero's own mock pins) drive a real game."""

from __future__ import annotations

import pygame
from gpiozero.pins.mock import MockFactory

from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Erase, Pick
from lastmessage.hal.gpio import GpioHal
from lastmessage.hal.pinout import load_pinout
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import public_view
from tables import make_app


class Table:
    def __init__(self, factory: MockFactory) -> None:
        pygame.init()
        self.factory = factory
        self.pinout = load_pinout()
        self.clock = SimulatedClock(10.0)
        self.hal = GpioHal(self.pinout, clock=self.clock, log=lambda message: None)
        self.app = make_app(self.clock, hal=self.hal)
        self.tablet, self.detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))

    def pin(self, name: str) -> object:
        entry = next(e for e in self.pinout.entries if e.name == name)
        return self.factory.pin(entry.gpio)

    def frames(self, seconds: float) -> None:
        end = self.clock.now() + seconds
        while self.clock.now() < end:
            self.clock.advance(1 / 60)
            self.app.step()
            self.app.draw(self.tablet, self.detective)

    def press(self, name: str, hold: float = 0.1) -> None:
        self.pin(name).drive_low()  # type: ignore[attr-defined]
        self.frames(hold)
        self.pin(name).drive_high()  # type: ignore[attr-defined]
        self.frames(0.1)


def test_flip_on_gpio_starts_the_timer_and_the_bar_drains(mock_factory: MockFactory) -> None:
    table = Table(mock_factory)
    try:
        table.app.execute(ChooseScene("harbour"), "test")
        table.app.execute(Pick("harbour-p050"), "test")
        table.press("flip")
        assert table.app.game.phase is Phase.CLUES
        lit_at_start = sum(pin.state > 0 for pin in (table.pin(f"bar_{n}") for n in range(1, 11)))  # type: ignore[attr-defined]
        table.frames(20)
        lit_later = sum(pin.state > 0 for pin in (table.pin(f"bar_{n}") for n in range(1, 11)))  # type: ignore[attr-defined]
        assert lit_at_start == 10 and 2 <= lit_later <= 5
        table.frames(11)
        assert table.app.game.phase is Phase.ERASE
    finally:
        table.hal.close()


def test_arrows_and_a_held_accuse_on_gpio_accuse_the_suspect_under_the_cursor(mock_factory: MockFactory) -> None:
    table = Table(mock_factory)
    try:
        app = table.app
        for command in (ChooseScene("harbour"), Pick("harbour-p050")):
            app.execute(command, "test")
        table.press("flip")
        table.frames(31)
        app.execute(Erase((0, 1, 2, 3, 4)), "test")
        table.frames(0.5)
        table.press("right")
        table.press("accuse", hold=0.3)            # too short: nothing happens
        assert not app.game.accusations
        table.press("accuse", hold=1.0)            # held past 0.8 s: accused
        assert len(app.game.accusations) == 1
        assert app.game.accusations[0].character == app.detective.cursor.on(app.catalog["harbour"]).id
        assert public_view(app.game).accusations == tuple(app.game.accusations)
    finally:
        table.hal.close()
