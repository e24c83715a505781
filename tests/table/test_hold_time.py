"""`[hal.discipline] hold_time` reaches the on-screen ring as well as the buttons.

The app is opened the way `lastmessage demo` opens it (device.py: the config
file, the simulator HAL, a simulated clock), so the hold time has to travel
the real path from the file to the discipline and to the detective screen.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Erase
from lastmessage.kiosk.device import _open, _prepare
from lastmessage.hal.base import Control
from lastmessage.hal.sim import SimHal
from lastmessage.rules.events import Accused
from lastmessage.ui import theme
from lastmessage.ui.present import compose
from tables import start_clues

FRAME = 1 / 30


def open_demo(tmp_path: Path, hold_time: float) -> tuple[App, SimulatedClock, SimHal, pygame.Surface]:
    config = tmp_path / "config.toml"
    config.write_text(f"[hal.discipline]\nhold_time = {hold_time}\n", encoding="utf-8")
    args = argparse.Namespace(command="demo", config=config, scenes=None)
    settings, catalog = _prepare(args)
    app, display, clock, hal = _open(args, settings, catalog, simulator=True)
    assert isinstance(clock, SimulatedClock) and isinstance(hal, SimHal)
    return app, clock, hal, display.detective


def deciding(app: App, clock: SimulatedClock, detective: pygame.Surface) -> None:
    """The clue timer ran out and the criminal erased: the detectives decide."""
    start_clues(app)
    clock.advance(app.rules.timer_seconds)
    app.step()
    app.execute(Erase((0, 1, 2, 3, 8)), "test")
    clock.advance(10.0)   # the board has slid in
    app.step()
    app.draw(detective.copy(), detective)


def crimson(surface: pygame.Surface) -> int:
    return int(pygame.mask.from_threshold(surface, theme.CRIMSON, (8, 8, 8, 255)).count())


def hold_accuse(app: App, clock: SimulatedClock, hal: SimHal, detective: pygame.Surface,
                seconds: float) -> int:
    """Crimson pixels on the detective screen after ACCUSE has been held `seconds`."""
    hal.key(Control.ACCUSE, True, clock.now())
    end = clock.now() + seconds
    while clock.now() < end - 1e-9:
        app.step()
        app.draw(detective.copy(), detective)
        clock.advance(min(FRAME, end - clock.now()))
    app.step()
    app.draw(detective.copy(), detective)
    return crimson(compose(detective, app.layers()[1]))   # the ring is a layer over the screen (the loupe's)


def release(app: App, clock: SimulatedClock, hal: SimHal) -> None:
    hal.key(Control.ACCUSE, False, clock.now())
    clock.advance(0.5)
    app.step()


def test_the_ring_and_the_button_both_take_the_configured_hold_time(tmp_path: Path) -> None:
    app, clock, hal, detective = open_demo(tmp_path, 1.5)
    assert app.hold_time == 1.5 and hal.discipline.hold_time == 1.5
    deciding(app, clock, detective)
    resting = crimson(compose(detective, app.layers()[1]))
    at_0_8 = hold_accuse(app, clock, hal, detective, 0.8) - resting
    release(app, clock, hal)
    assert app.game.accusations == []                 # 0.8 s is not enough when 1.5 s is asked
    nearly_full = hold_accuse(app, clock, hal, detective, 1.45) - resting
    release(app, clock, hal)
    assert app.game.accusations == []
    # the ring at 0.8 s of 1.5 s is about half of the ring at 1.45 s, not already full
    assert 0.35 * nearly_full < at_0_8 < 0.7 * nearly_full
    pressed = app.game_time()
    hold_accuse(app, clock, hal, detective, 1.6)
    accused = [e for e in app.game.events if isinstance(e, Accused)]
    assert len(accused) == 1                          # confirmed at 1.5 s, on the frame after it
    assert pressed + 1.5 <= accused[0].t <= pressed + 1.5 + FRAME + 1e-6
