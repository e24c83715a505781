"""The `[museum]` table of the config: what an unattended device tells its staff.

Kept apart from settings.py so the appliance's settings grow here (the idle
cycle, opening hours and operator menu add theirs beside these); settings.py
only calls `museum_settings(table, source)`.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path


class MuseumSettingsError(ValueError):
    """A `[museum]` value that cannot be used; settings.py re-raises it as SettingsError."""


@dataclass(frozen=True)
class MuseumSettings:
    status_file: Path | None = None     # None: $RUNTIME_DIRECTORY, else the user's runtime dir
    status_interval: float = 2.0        # seconds between status writes, 0.5..60
    status_port: int = 0                # the read-only status page; 0 = off, else 1024..65535
    status_bind: str = "127.0.0.1"      # "0.0.0.0" lets staff phones on the LAN read it


def museum_settings(table: object, source: str) -> MuseumSettings:
    """The `[museum]` table parsed into typed values, or an error naming file and key."""
    if not isinstance(table, Mapping):
        raise MuseumSettingsError(f"{source}: [museum] must be a table")
    known = {field.name for field in fields(MuseumSettings)}
    for key in table:
        if key not in known:
            raise MuseumSettingsError(f"{source}: museum.{key} is not a setting; known: {', '.join(sorted(known))}")
    defaults = MuseumSettings()
    status_file = table.get("status_file")
    if status_file is not None and (not isinstance(status_file, str) or not status_file):
        raise MuseumSettingsError(f"{source}: museum.status_file must be a file path in quotes, not {status_file!r}")
    interval = table.get("status_interval", defaults.status_interval)
    if isinstance(interval, bool) or not isinstance(interval, (int, float)) or not 0.5 <= interval <= 60:
        raise MuseumSettingsError(f"{source}: museum.status_interval = {interval!r}; give seconds from 0.5 to 60")
    port = table.get("status_port", defaults.status_port)
    if isinstance(port, bool) or not isinstance(port, int) or not (port == 0 or 1024 <= port <= 65535):
        raise MuseumSettingsError(f"{source}: museum.status_port = {port!r}; give 0 (no status page) "
                                  f"or a port from 1024 to 65535")
    bind = table.get("status_bind", defaults.status_bind)
    try:
        ipaddress.ip_address(bind if isinstance(bind, str) else "")
    except ValueError:
        raise MuseumSettingsError(f'{source}: museum.status_bind = {bind!r}; give an IP address such as '
                                  f'"127.0.0.1" (this machine only) or "0.0.0.0" (the whole network)') from None
    return MuseumSettings(status_file=Path(status_file).expanduser() if status_file else None,
                          status_interval=float(interval), status_port=port, status_bind=bind)
