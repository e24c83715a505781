"""The standard status fields: what staff ask first about an unattended table."""

from __future__ import annotations

import datetime
import logging
import shutil
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from lastmessage.config.paths import regular_or_absent
from lastmessage.kiosk.status import JsonValue, StatusBoard

THERMAL_ZONE = Path("/sys/class/thermal/thermal_zone0/temp")


class LastError(logging.Handler):
    """Keeps the newest warning or error the device logged, for staff to see."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.message: str | None = None
        self.when: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(record, "record_only", False):   # an operator's action (operator.menu.RECORD_ONLY)
            return
        self.message = record.getMessage().splitlines()[0][:300]
        self.when = record.created

    def value(self) -> dict[str, JsonValue] | None:
        if self.message is None:
            return None
        return {"message": self.message, "time": self.when}


def games_today(db: Path, *, now: float | None = None) -> int:
    """Games set up since local midnight, read-only: the journal's writer is never blocked.
    A journal path that is a FIFO or a device raises PathRefused (SQLite would block on it)."""
    if not regular_or_absent(db, "game journal"):
        return 0   # no journal yet: the device has not started a game
    moment = datetime.datetime.fromtimestamp(time.time() if now is None else now)
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    connection = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=0.1)
    try:
        row = connection.execute("SELECT COUNT(*) FROM games WHERE created >= ? AND typeof(created) IN ('integer', 'real')", (midnight,)).fetchone()
    finally:
        connection.close()
    return int(row[0])


def disk_free_mb(folder: Path) -> int:
    return shutil.disk_usage(folder).free // (1024 * 1024)


def temperature_c(zone: Path = THERMAL_ZONE) -> float | None:
    """The SoC temperature on a Pi (millidegrees in sysfs); None where there is none."""
    try:
        return round(int(zone.read_text().strip()) / 1000, 1)
    except (OSError, ValueError):
        return None


def add_standard_fields(board: StatusBoard, *, phase: Callable[[], str], link: Callable[[], str],
                        journal: Path, last_error: LastError,
                        started: float | None = None,
                        warning: Callable[[], str | None] = lambda: None) -> None:
    """`warning`: the device's standing trouble (a journal it cannot write, one it set
    aside), None when there is none: `state` is then "ok", else "warning"."""
    origin = time.monotonic() if started is None else started
    board.add("phase", phase)
    board.add("state", lambda: "ok" if warning() is None else "warning")
    board.add("warning", warning)
    board.add("uptime_s", lambda: round(time.monotonic() - origin))
    board.add("games_today", lambda: games_today(journal), told_elsewhere=True)
    board.add("link", link)
    board.add("last_error", last_error.value)
    board.add("disk_free_mb", lambda: disk_free_mb(journal.parent))
    board.add("temperature_c", temperature_c)
