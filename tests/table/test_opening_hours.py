"""Opening hours: outside them both screens say the table is closed and when it
opens, then go to standby (where the display allows) until a visitor touches them;
the bar is dark, visitors' input ignored (the operator's heard), and the device
wakes at opening. Time of day comes from a wall clock the test sets; no test sleeps."""

from __future__ import annotations

import datetime

import pygame

from lastmessage.table.app import CLOSED_SHOWN, App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, Erase
from lastmessage.hal.base import Control, IntentKind
from lastmessage.hal.sim import SimHal
from lastmessage.config.hours import DAYS, parse_hours
from lastmessage.table.loop import phase_label
from lastmessage.config.museum import MuseumSettings
from lastmessage.operator.commands import CloseOperator
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import tablet_view
from lastmessage.ui.screen import Pointer
from tables import CATALOG, drawn, make_app, start_clues

HOURS = parse_hours({day: "10:00-18:00" for day in DAYS})
MONDAY = datetime.datetime(2026, 11, 30)


class Wall:
    """The local time of day, moved by the test (and kept in step with the app clock)."""

    def __init__(self, clock: SimulatedClock, start: datetime.datetime) -> None:
        self.clock = clock
        self.now = start

    def __call__(self) -> datetime.datetime:
        return self.now

    def pass_time(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.now += datetime.timedelta(seconds=seconds)


def museum(at: datetime.datetime) -> tuple[App, Wall, list[bool]]:
    pygame.init()
    clock = SimulatedClock()
    wall = Wall(clock, at)
    app = App(catalog=CATALOG, rules=make_app(clock).rules, clock=clock, hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080),
              museum=MuseumSettings(hours=HOURS), wall=wall)
    switched: list[bool] = []
    app.sleep_listeners.append(switched.append)
    app.step()
    return app, wall, switched


def black(picture: bytes) -> bool:
    return picture == bytes(len(picture))


def bar_dark(app: App) -> bool:
    levels = getattr(app.hal.timer_bar, "levels")()
    return not any(levels)


def tap_start(app: App) -> None:
    spot = app.tablet.locate(tablet_view(app.game), "start")
    assert spot is not None
    app.tablet_input(Pointer("down", *spot))
    app.tablet_input(Pointer("up", *spot))


def test_closed_the_screens_say_so_the_bar_is_dark_and_it_wakes_at_opening() -> None:
    app, wall, switched = museum(MONDAY.replace(hour=7))
    assert app.asleep and not app.is_open() and switched == []   # the closed screen shows first
    assert phase_label(app) == "closed"
    tablet, monitor = drawn(app)
    assert not black(tablet) and not black(monitor)
    wall.pass_time(1)
    app.step()
    assert bar_dark(app)
    wall.pass_time(CLOSED_SHOWN)
    app.step()
    assert switched == [True]     # then standby, where the display has it
    wall.pass_time(3 * 3600 - 2 - CLOSED_SHOWN)   # 09:59:59
    app.step()
    assert app.asleep
    wall.pass_time(1)              # 10:00: open
    app.step()
    assert not app.asleep and app.is_open() and switched == [True, False]
    assert phase_label(app) == "idle"
    tablet, monitor = drawn(app)
    assert not black(tablet) and not black(monitor)
    fresh = make_app(SimulatedClock(app.clock.now()))
    assert (tablet, monitor) == drawn(fresh)   # woken as at the start of a day
    wall.pass_time(1)
    app.step()
    assert not bar_dark(app)                   # breathing again


def test_closed_visitors_are_ignored_but_the_service_button_is_heard() -> None:
    app, wall, _ = museum(MONDAY.replace(hour=19))
    tap_start(app)
    assert not app.tablet.setting_up           # a touch does nothing
    hal = app.hal
    assert isinstance(hal, SimHal)
    heard: list[IntentKind] = []
    original = app._service
    app._service = lambda now: heard.append(IntentKind.ADMIN) or original(now)   # type: ignore[method-assign]
    for control in (Control.FLIP, Control.ADMIN):
        hal.key(control, True, app.clock.now())
        app.step()
        wall.pass_time(0.1)
        hal.key(control, False, app.clock.now())
        app.step()
    assert heard == [IntentKind.ADMIN] and app.executed == []


def test_the_operator_can_hold_the_device_awake_after_hours() -> None:
    app, wall, switched = museum(MONDAY.replace(hour=22))
    assert app.asleep
    hal = app.hal
    assert isinstance(hal, SimHal)
    hal.key(Control.ADMIN, True, app.clock.now())     # the service button held: the operator's pad
    for _ in range(4 * 60):
        wall.pass_time(1 / 60)
        app.step()
    hal.key(Control.ADMIN, False, app.clock.now())
    app.step()
    assert app.menu.desk.is_open and not app.asleep and switched == []
    app.operate(CloseOperator())
    wall.pass_time(1)
    app.step()
    assert app.asleep and not app.tablet.setting_up
    wall.pass_time(CLOSED_SHOWN + 1)
    app.step()
    assert switched == [True]


def test_a_game_in_progress_at_closing_plays_to_its_end_then_the_device_sleeps() -> None:
    app, wall, switched = museum(MONDAY.replace(hour=17, minute=59))
    start_clues(app)
    wall.pass_time(120)                        # 18:01: closed, but a game is on
    app.step()
    assert not app.asleep and app.game.phase is Phase.ERASE
    app.execute(Erase((0, 1, 2, 3, 4)), "test")
    app.execute(Accuse("harbour-p050"), "test")
    assert app.game.phase is Phase.OVER
    wall.pass_time(10)
    app.step()
    assert not app.asleep                      # the reveal is shown
    wall.pass_time(MuseumSettings().idle_finished)
    app.step()
    assert app.asleep and app.game.phase is Phase.SCENE


def test_the_scene_grid_open_at_closing_goes_dark_at_once() -> None:
    app, wall, _ = museum(MONDAY.replace(hour=17, minute=59, second=59))
    tap_start(app)
    assert app.tablet.setting_up
    wall.pass_time(1)
    app.step()
    assert app.asleep and not app.tablet.setting_up


def test_without_hours_the_device_never_sleeps() -> None:
    app = make_app(SimulatedClock())
    app.wall = lambda: MONDAY.replace(hour=3)
    app.step()
    assert app.is_open() and not app.asleep
