"""A venue's commands on the table (App.remote): carried out as the operator menu's,
with `open` and `close` holding until the opening hours next change."""

from __future__ import annotations

import datetime
from pathlib import Path

import pygame

from lastmessage.clock import SimulatedClock
from lastmessage.config.museum import MuseumSettings
from lastmessage.hal.sim import SimHal
from lastmessage.operator.commands import ChooseLanguage, ChooseVolume, Opening, PutAway
from lastmessage.operator.desk import OperatorDesk
from lastmessage.operator.keep import ChoicesFile
from lastmessage.operator.events import OperatorEvent, OperatorRemote
from lastmessage.rules.events import Event, GameAbandoned
from lastmessage.table.app import App
from lastmessage.table.loop import phase_label
from tables import CATALOG, make_app, start_clues
from test_opening_hours import HOURS, MONDAY, Wall, museum


def test_close_holds_until_the_hours_change_and_open_until_they_change_again() -> None:
    app, wall, _ = museum(MONDAY.replace(hour=11))
    assert phase_label(app) == "idle"
    said = app.remote(Opening(False), "mqtt")
    assert said == OperatorRemote(said.t, "mqtt", "close", True)
    app.step()
    assert phase_label(app) == "closed"
    wall.pass_time(3600)
    app.step()
    assert phase_label(app) == "closed"   # still within the day's hours: the close holds
    wall.now = MONDAY.replace(hour=19)    # the hours close themselves: the venue's close is spent
    app.step()
    app.remote(Opening(True), "osc")
    app.step()
    assert phase_label(app) == "idle"     # opened in the evening, for an event
    wall.now = MONDAY + datetime.timedelta(days=1, hours=10, minutes=30)
    app.step()
    wall.now = MONDAY + datetime.timedelta(days=1, hours=18, minutes=30)
    app.step()
    assert phase_label(app) == "closed"   # the next evening the hours rule again


def test_close_without_hours_holds_until_open_and_a_game_plays_on() -> None:
    pygame.init()
    clock = SimulatedClock()
    app = App(catalog=CATALOG, rules=make_app(clock).rules, clock=clock, hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080), museum=MuseumSettings(),
              wall=Wall(clock, MONDAY))
    events: list[Event] = []
    app.sinks.append(events.append)
    start_clues(app)
    app.remote(Opening(False), "mqtt")
    app.step()
    assert phase_label(app) == "clues"   # put away only by put_away
    said = app.remote(PutAway(), "mqtt")
    assert said.done and any(isinstance(event, GameAbandoned) for event in events)
    app.step()
    assert phase_label(app) == "closed"
    assert not app.remote(PutAway(), "mqtt").done
    app.remote(Opening(True), "mqtt")
    app.step()
    assert phase_label(app) == "idle"


def test_language_and_volume_as_the_menu_sets_them() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    heard: list[OperatorEvent] = []
    app.operator_sinks.append(heard.append)
    assert app.remote(ChooseLanguage("ro"), "mqtt").done
    assert app.language == app.house_language == "ro"
    assert app.remote(ChooseVolume(25), "mqtt").done and app.speaker.volume == 25
    refused = app.remote(ChooseLanguage("xx"), "mqtt")
    assert not refused.done and "no language" in refused.message and app.language == "ro"
    assert [event.type for event in heard] == ["operator_remote", "operator_changed", "operator_remote",
                                               "operator_changed", "operator_remote"]


def _table_at(at: datetime.datetime, keep: Path, hours: bool = True) -> tuple[App, Wall]:
    """A table whose operator's choices are kept in `keep` (operator.json), as the device's are."""
    pygame.init()
    clock = SimulatedClock()
    wall = Wall(clock, at)
    app = App(catalog=CATALOG, rules=make_app(clock).rules, clock=clock, hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080),
              museum=MuseumSettings(hours=HOURS if hours else None), wall=wall,
              operator=OperatorDesk(choices=ChoicesFile(keep)))
    app.step()
    return app, wall


def test_a_venues_close_survives_a_restart_until_the_hours_change(tmp_path: Path) -> None:
    keep = tmp_path / "operator.json"
    app, _ = _table_at(MONDAY.replace(hour=11), keep)
    assert app.remote(Opening(False), "mqtt").done
    app.step()
    assert phase_label(app) == "closed"
    again, _ = _table_at(MONDAY.replace(hour=14), keep)   # restarted the same afternoon
    assert phase_label(again) == "closed"
    evening, wall = _table_at(MONDAY.replace(hour=19), keep)   # the hours closed meanwhile: the close is spent
    assert phase_label(evening) == "closed"
    wall.now = MONDAY + datetime.timedelta(days=1, hours=11)
    evening.step()
    assert phase_label(evening) == "idle"
    assert '"kept_open": null' in keep.read_text()
    next_day, _ = _table_at(MONDAY + datetime.timedelta(days=1, hours=11), keep)
    assert phase_label(next_day) == "idle"


def test_a_close_the_device_was_off_over_is_forgotten(tmp_path: Path) -> None:
    """Off from the afternoon to the next morning: the hours closed and opened again meanwhile."""
    keep = tmp_path / "operator.json"
    app, _ = _table_at(MONDAY.replace(hour=11), keep)
    app.remote(Opening(False), "mqtt")
    morning, _ = _table_at(MONDAY + datetime.timedelta(days=1, hours=11), keep)
    assert phase_label(morning) == "idle"
    assert '"kept_open": null' in keep.read_text()


def test_without_hours_a_close_holds_across_restarts_until_open(tmp_path: Path) -> None:
    keep = tmp_path / "operator.json"
    app, _ = _table_at(MONDAY.replace(hour=11), keep, hours=False)
    app.remote(Opening(False), "osc")
    later, _ = _table_at(MONDAY + datetime.timedelta(days=9), keep, hours=False)
    assert phase_label(later) == "closed"
    later.remote(Opening(True), "mqtt")
    later.step()
    assert phase_label(later) == "idle"
    assert phase_label(_table_at(MONDAY + datetime.timedelta(days=10), keep, hours=False)[0]) == "idle"


def test_a_damaged_kept_close_is_one_line_and_the_hours_rule(tmp_path: Path) -> None:
    keep = tmp_path / "operator.json"
    for damaged in ('{"kept_open": {"open": false, "within": true}}', '{"kept_open": {"open": 0, "within": true, '
                    '"at": 1}}', '{"kept_open": {"open": false, "within": true, "at": 1e300}}'):
        keep.write_text(damaged)
        app, _ = _table_at(MONDAY.replace(hour=11), keep)
        assert phase_label(app) == "idle"
