"""The `[museum]` table of the config: what an unattended device tells its staff.

Kept apart from settings.py so the appliance's settings grow here (the idle
cycle, opening hours and operator menu add theirs beside these); settings.py
only calls `museum_settings(table)`.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, fields
from pathlib import Path

from lastmessage.config.files import Table
from lastmessage.config.hours import HoursError, OpeningHours, parse_hours

IDLE_LIMIT = 86400.0   # a day: longer is "never", which is 0
IDLE_SHORTEST = 10.0   # less would put a game away while someone reads the screen


@dataclass(frozen=True)
class MuseumSettings:
    status_file: Path | None = None     # None: $RUNTIME_DIRECTORY, else the user's runtime dir
    status_interval: float = 2.0        # seconds between status writes, 0.5..60
    status_port: int = 0                # the read-only status page; 0 = off, else 1024..65535
    status_bind: str = "127.0.0.1"      # "0.0.0.0" lets staff phones on the LAN read it
    idle_setup: float = 120.0           # seconds the scene chooser stays open untouched; 0 = never
    idle_game: float = 600.0            # seconds a game in progress waits for input; 0 = never
    idle_finished: float = 180.0        # seconds a finished game's reveal stays; 0 = never
    hours: OpeningHours | None = None   # None: always open


def museum_settings(table: Table) -> MuseumSettings:
    """The `[museum]` table in typed values; a wrong one is refused naming file and key."""
    default = MuseumSettings()
    table.only(field.name for field in fields(MuseumSettings))
    port = table.whole("status_port", default.status_port, 0, 65535)
    if 0 < port < 1024:
        table.refuse("status_port", "give 0 (no status page) or a port from 1024 to 65535")
    bind = table.text("status_bind", 'an IP address, "127.0.0.1" (this machine only) or "0.0.0.0" '
                                     '(the whole network),') or default.status_bind
    try:
        ipaddress.ip_address(bind)
    except ValueError:
        table.refuse("status_bind", 'give an IP address in quotes, "127.0.0.1" (this machine only) or '
                                    '"0.0.0.0" (the whole network)')
    hours = None
    if table.given("hours"):
        try:
            hours = parse_hours(table.values["hours"])
        except HoursError as error:
            table.refuse("hours", str(error))
    return MuseumSettings(
        status_file=table.path("status_file", "the status file's path"),
        status_interval=table.number("status_interval", default.status_interval, 0.5, 60.0, "seconds"),
        status_port=port,
        status_bind=bind,
        idle_setup=_idle(table, "idle_setup", default.idle_setup),
        idle_game=_idle(table, "idle_game", default.idle_game),
        idle_finished=_idle(table, "idle_finished", default.idle_finished),
        hours=hours,
    )


def _idle(table: Table, key: str, default: float) -> float:
    """Seconds without input before the device goes back to the attract loop; 0 = never."""
    seconds = table.number(key, default, 0.0, IDLE_LIMIT, "seconds (0 = never)")
    if 0 < seconds < IDLE_SHORTEST:
        table.refuse(key, f"give 0 (never) or {IDLE_SHORTEST:g} to {IDLE_LIMIT:g} seconds")
    return seconds
