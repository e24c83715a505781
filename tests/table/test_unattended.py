"""A museum day without staff: what nobody touches goes back to the attract loop,
and nothing said about one game shows over the next."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import AddWord, SetLanguage
from lastmessage.kiosk.device import _journal
from lastmessage.config.museum import MuseumSettings
from lastmessage.rules.events import AbandonReason, Event, GameAbandoned, TimeUp
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import tablet_view
from lastmessage.ui.screen import Pointer
from tables import drawn, make_app, press_service, start_clues

SIZES = ((1280, 800), (1920, 1080))


def heard(app: App) -> list[Event]:
    events: list[Event] = []
    app.sinks.append(events.append)
    return events


def open_scene_grid(app: App) -> None:
    spot = app.tablet.locate(tablet_view(app.game), "start")
    assert spot is not None
    app.tablet_input(Pointer("down", *spot))
    app.tablet_input(Pointer("up", *spot))
    app.step()


# ---- the scene grid left open --------------------------------------------------------

def test_a_scene_grid_left_open_goes_back_to_the_start_screen_after_the_setup_idle_time() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    events = heard(app)
    open_scene_grid(app)
    assert app.tablet.setting_up and app.status().setting_up   # the monitor is told too
    clock.advance(MuseumSettings().idle_setup - 1)
    app.step()
    assert app.tablet.setting_up
    clock.advance(1)
    app.step()
    assert not app.tablet.setting_up and not app.status().setting_up
    assert events == []   # no game had started: nothing to put away


def test_credits_left_open_close_after_the_setup_idle_time() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    spot = app.tablet.locate(tablet_view(app.game), "credits")
    assert spot is not None
    app.tablet_input(Pointer("down", *spot))
    app.tablet_input(Pointer("up", *spot))
    assert app.tablet.away_from_start
    credits = drawn(app)
    clock.advance(MuseumSettings().idle_setup)
    app.step()
    assert not app.tablet.away_from_start
    assert drawn(app) != credits
    assert drawn(app) == drawn(make_app(SimulatedClock(clock.now())))


def test_a_visitors_language_left_on_the_start_screen_goes_back_to_the_museums_after_the_setup_idle_time() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    app.execute(SetLanguage("ro"), "tablet")
    app.step()
    clock.advance(MuseumSettings().idle_setup - 1)
    app.step()
    assert app.status().language == "ro"
    clock.advance(1)
    app.step()
    assert app.status().language == "en"
    assert drawn(app) == drawn(make_app(SimulatedClock(clock.now())))


def test_a_game_left_in_the_visitors_language_is_put_away_into_the_museums() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    app.execute(SetLanguage("ro"), "tablet")
    start_clues(app)
    clock.advance(MuseumSettings().idle_game)
    app.step()
    assert app.origin is None and app.status().language == "en"


def test_both_screens_say_the_same_when_the_tablet_shows_the_scene_grid() -> None:
    """The monitor's attract loop no longer says "Touch the tablet to start a game"
    while the tablet is in setup: its call follows the tablet's screen."""
    clock = SimulatedClock()
    app = make_app(clock)
    _, monitor_at_start = drawn(app)
    open_scene_grid(app)
    _, monitor_in_setup = drawn(app)
    assert monitor_in_setup != monitor_at_start
    clock.advance(MuseumSettings().idle_setup)
    app.step()
    fresh = make_app(SimulatedClock(clock.now()))
    assert drawn(app) == drawn(fresh)   # walked away: both screens as at the start of the day


# ---- a game left halfway -------------------------------------------------------------

def test_a_game_left_halfway_is_put_away_as_abandoned_and_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock(500.0)
    app = make_app(clock)
    events = heard(app)
    writer = _journal(app, db)
    start_clues(app)
    clock.advance(4)
    app.execute(AddWord(4, "cape"), "test")   # the last input, at game time 4 s
    clock.advance(MuseumSettings().idle_game - 1)
    app.step()
    assert app.game.phase is Phase.ERASE      # the clue timer ran out; the game still waits
    clock.advance(1)
    app.step()
    assert app.game.phase is Phase.SCENE and app.origin is None
    abandoned = [event for event in events if isinstance(event, GameAbandoned)]
    assert abandoned == [GameAbandoned(4 + MuseumSettings().idle_game, AbandonReason.IDLE, 1)]
    assert writer.close() == 0
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT finished FROM games").fetchall() == [(2,)]   # 2: abandoned
    later = make_app(SimulatedClock(7.0))   # the next boot starts clean
    _journal(later, db).close()
    assert later.game.phase is Phase.SCENE and later.origin is None


def test_an_idle_reset_comes_at_its_moment_even_in_one_long_step() -> None:
    """A script's `wait` jumps the clock: events still come in the order they happened
    (the clue timer's end, then the abandonment at exactly last input + idle time)."""
    clock = SimulatedClock()
    app = make_app(clock)
    app.museum = MuseumSettings(idle_game=20)
    events = heard(app)
    start_clues(app)   # timer 30 s from game time 0
    clock.advance(3600)
    app.step()
    assert [type(event) for event in events[-1:]] == [GameAbandoned]
    assert not any(isinstance(event, TimeUp) for event in events)   # abandoned at 20 s, before the deadline
    assert events[-1].t == 20 and events[-1].round == 1


def test_zero_means_never() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    app.museum = MuseumSettings(idle_game=0)
    start_clues(app)
    clock.advance(86400 * 3)
    app.step()
    assert app.game.phase is Phase.ERASE


def test_the_service_button_puts_a_game_away_with_reason_service() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    events = heard(app)
    start_clues(app)
    press_service(app, clock)
    press_service(app, clock)
    assert app.game.phase is Phase.SCENE
    assert [(e.reason, e.round) for e in events if isinstance(e, GameAbandoned)] == [(AbandonReason.SERVICE, 1)]
