"""What the running device tells staff: a JSON file rewritten every few seconds.

The device publishes, `lastmessage status` reads: the two never talk, so a
status query can never slow or stop a frame, and a device that froze is seen
as a file that went stale. Fields are named readers on a `StatusBoard`; the
device adds the standard ones (status_sources.py) and any part of the device
may add its own (`board.add("museum_open", ...)`) without touching this file.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from lastmessage.arguments import Subparsers
from lastmessage.config.jsonfile import JsonRefused, loads as bounded_loads
from lastmessage.config.paths import (
    Identity, PathRefused, read_text, remove_own_file, shown, write_own_file,
)

log = logging.getLogger(__name__)

STATUS_NAME = "status.json"
INSTALLED_STATUS = Path("/run/lastmessage") / STATUS_NAME
STALE_AFTER_INTERVALS = 3   # a file older than this many write intervals is stale
STATUS_LIMIT = 1024 * 1024  # a status file has a few hundred bytes

JsonValue: TypeAlias = "str | int | float | bool | None | list[JsonValue] | dict[str, JsonValue]"
Reader = Callable[[], JsonValue]


def default_status_path() -> Path:
    """$RUNTIME_DIRECTORY (systemd's RuntimeDirectory=, /run/lastmessage when
    installed), else the user's runtime dir, else a per-user folder in /tmp."""
    systemd_dir = os.environ.get("RUNTIME_DIRECTORY")
    if systemd_dir:
        return Path(systemd_dir.split(":")[0]) / STATUS_NAME
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "lastmessage" / STATUS_NAME
    return Path(tempfile.gettempdir()) / f"lastmessage-{os.getuid()}" / STATUS_NAME


class StatusBoard:
    """Named readers, read together into one snapshot. A reader that fails gives
    None (logged once) so one broken sensor never hides the rest."""

    def __init__(self) -> None:
        self._readers: dict[str, Reader] = {}
        self._failed: set[str] = set()
        self._told_elsewhere: set[str] = set()

    def add(self, name: str, reader: Reader, *, told_elsewhere: bool = False) -> None:
        """`told_elsewhere`: its failure is another part's to say (the journal's count fails with the
        journal, which says what is wrong in its own line), so the board gives None without a line."""
        self._readers[name] = reader
        if told_elsewhere:
            self._told_elsewhere.add(name)

    def snapshot(self) -> dict[str, JsonValue]:
        values: dict[str, JsonValue] = {}
        for name, reader in self._readers.items():
            try:
                values[name] = reader()
            except Exception as error:   # noqa: BLE001 - a status field must not stop the device
                if name not in self._failed and name not in self._told_elsewhere:
                    log.warning("status field %s cannot be read: %s", name, error)
                    self._failed.add(name)
                values[name] = None
        return values


class StatusPublisher:
    """Called after each presented frame; every `interval` seconds it measures
    the frame rate, reads the board and replaces the status file atomically
    (a reader never sees half a file). `latest` is what the status page serves."""

    def __init__(self, board: StatusBoard, path: Path | None, *, interval: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.board = board
        self.path = path
        self.interval = interval
        self.clock = clock
        self.fps = 0.0
        self.latest: bytes = b"{}"
        self._frames = 0
        self._since = clock()
        self._failing = False
        self._written: Identity | None = None   # the file this device wrote at `path`
        board.add("fps", lambda: round(self.fps, 1))
        board.add("interval_s", lambda: self.interval)
        board.add("written", time.time)
        board.add("pid", os.getpid)

    def frame_presented(self) -> None:
        self._frames += 1
        now = self.clock()
        if now - self._since < self.interval:
            return
        self.fps = self._frames / (now - self._since)
        self._frames = 0
        self._since = now
        self.publish()

    def publish(self) -> None:
        self.latest = json.dumps(self.board.snapshot(), ensure_ascii=False).encode("utf-8")
        if self.path is not None:
            self._write(self.path, self.latest)

    def _write(self, path: Path, data: bytes) -> None:
        """Only over nothing or a status file of ours: a --status pointed at a journal, a
        device or a link leaves it as it is, and the device runs on without the file."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Staff read it as another user; it holds no secret (UMask=0077 in the unit).
            self._written = write_own_file(path, data, "status file", ours=is_status_file, limit=STATUS_LIMIT,
                                           mode=0o644, written=self._written)
        except PathRefused as refused:
            if not self._failing:
                log.error("%s; the device runs without it (give [museum] status_file or --status "
                          "a path of its own)", refused)
            self._failing = True
            return
        except OSError as error:
            if not self._failing:
                log.warning("cannot write the status file %s: %s", shown(path), error.strerror or error)
            self._failing = True
            return
        self._failing = False

    def remove(self) -> None:
        """On a clean exit the file goes, so `status` says no device runs; only if it is
        still the file this device wrote (another may have taken the path since)."""
        if self.path is not None:
            remove_own_file(self.path, self._written)
            self._written = None


def is_status_file(data: bytes) -> bool:
    """Whether `data` is a status file as a device writes it (a JSON object with its
    time, interval and process), so that a file left by a killed device is replaced."""
    try:
        values = bounded_loads(data.decode("utf-8"))
    except (UnicodeDecodeError, JsonRefused):
        return False
    return isinstance(values, dict) and {"written", "interval_s", "pid"} <= values.keys()


@dataclass(frozen=True)
class StatusReading:
    values: dict[str, object]
    age_s: float
    stale: bool


class StatusUnavailable(Exception):
    """No device status to read; the message says why and what to check."""


def read_status(path: Path, *, now: float | None = None) -> StatusReading:
    """The device's status; StatusUnavailable (one line naming the file) for no file, one
    that cannot be read (a FIFO, /dev/zero, a folder), or one that is not a status file."""
    try:
        values = bounded_loads(read_text(path, "device status", limit=STATUS_LIMIT))
    except PathRefused as error:
        if isinstance(error.__cause__, FileNotFoundError):
            raise StatusUnavailable(f"no device is running (no status file {shown(path)}); "
                                    f"check `systemctl status lastmessage`") from None
        raise StatusUnavailable(str(error)) from None
    except JsonRefused as error:
        raise StatusUnavailable(f"{shown(path)}: cannot read the device status: {error}") from None
    if not isinstance(values, dict):
        raise StatusUnavailable(f"{shown(path)}: not a device status file")
    written = values.get("written")
    interval = values.get("interval_s")
    if not _finite(written) or not _finite(interval):
        raise StatusUnavailable(f"{shown(path)}: not a device status file (no written time)")
    assert isinstance(written, (int, float)) and isinstance(interval, (int, float))
    if interval <= 0:
        raise StatusUnavailable(f"{shown(path)}: not a device status file (interval_s = {interval})")
    age = (time.time() if now is None else now) - written
    return StatusReading(values, age, age > STALE_AFTER_INTERVALS * interval + 1)


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _status_command(args: argparse.Namespace) -> int:
    path = args.file or _existing_default()
    try:
        reading = read_status(path)
    except StatusUnavailable as error:
        if args.json:
            print(json.dumps({"running": False, "error": str(error)}))
        else:
            print(f"lastmessage: {error}")
        return 1
    stale_note = (f"the device stopped updating its status {reading.age_s:.0f} s ago "
                  f"(frozen or killed; systemd's watchdog restarts it)")
    if args.json:
        print(json.dumps({"running": not reading.stale, "age_s": round(reading.age_s, 1),
                          **({"error": stale_note} if reading.stale else {}), **reading.values},
                         ensure_ascii=False, indent=2))
    else:
        if reading.stale:
            print(f"lastmessage: {stale_note}")
        for key, value in reading.values.items():
            print(f"{key:>14}: {value}")
    return 1 if reading.stale else 0


def _existing_default() -> Path:
    """The caller's own default, else the installed device's (staff run `status`
    as themselves, the service runs as the lastmessage user)."""
    own = default_status_path()
    return own if own.exists() or not INSTALLED_STATUS.exists() else INSTALLED_STATUS


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("status", help="how the running device is doing (for staff)")
    parser.add_argument("--json", action="store_true", help="print JSON (running, age_s and the device's fields)")
    parser.add_argument("--file", type=Path, metavar="FILE",
                        help=f"the status file (default: {INSTALLED_STATUS} or the user's runtime dir)")
    parser.set_defaults(func=_status_command)
