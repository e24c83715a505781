"""Readiness and liveness for systemd, over the NOTIFY_SOCKET datagram protocol.

The service unit is `Type=notify` with `WatchdogSec=`: systemd waits for
`READY=1` and restarts the device when `WATCHDOG=1` stops coming. The pings
are sent from the frame loop after a frame was presented, so a loop that
freezes (a deadlock, a display that blocks) stops them and systemd restarts
the device; the journal then resumes the game. Only the standard library:
the protocol is one datagram of `KEY=value` lines.

The socket is non-blocking: a reader that stops reading (its queue holds about
ten datagrams) would otherwise hold `sendto`, and with it the frame loop and
SIGTERM. A notification that does not fit is dropped (said once in the log) and
READY=1 and STATUS= are sent again with the next frame.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


class SystemdNotifier:
    """Sends state datagrams to the socket systemd named, or nothing outside systemd."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        # A leading '@' names a socket in the abstract namespace (a leading NUL byte).
        self.address = "\0" + address[1:] if address.startswith("@") else address
        self._socket: socket.socket | None = None
        self._failing = False
        self._dropping = False
        if self.address:
            self._socket = socket.socket(socket.AF_UNIX,
                                         socket.SOCK_DGRAM | socket.SOCK_CLOEXEC | socket.SOCK_NONBLOCK)

    @property
    def enabled(self) -> bool:
        return self._socket is not None

    def send(self, *fields: str) -> bool:
        """One datagram, never waiting; False (logged once) if systemd cannot be reached
        or its queue is full (the datagram is dropped)."""
        if self._socket is None:
            return False
        try:
            self._socket.sendto("\n".join(fields).encode("utf-8"), self.address)
        except BlockingIOError:
            if not self._dropping:
                log.warning("systemd does not read its notify socket %s: notifications are dropped "
                            "until it does", self.address.lstrip("\0"))
            self._dropping = True
            return False
        except OSError as error:
            if not self._failing:
                log.warning("cannot notify systemd at %s: %s", self.address.lstrip("\0"), error)
            self._failing = True
            return False
        self._failing = self._dropping = False
        return True

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None


def watchdog_period(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings: half of WATCHDOG_USEC, or None when no watchdog is armed.

    WATCHDOG_PID, when set, names the process the watchdog is meant for."""
    env = os.environ if environ is None else environ
    pid = env.get("WATCHDOG_PID")
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(env.get("WATCHDOG_USEC", "0"))
    except ValueError:
        return None
    return usec / 2_000_000 if usec > 0 else None


class Watchdog:
    """Called after each presented frame: READY=1 once, WATCHDOG=1 at half the
    watchdog period, STATUS= whenever the phase shown to staff changes."""

    def __init__(self, notifier: SystemdNotifier, period: float | None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.notifier = notifier
        self.period = period
        self.clock = clock
        self._ready = False
        self._last_ping = 0.0
        self._status: str | None = None
        self._stretched = False

    def expect_pause(self, seconds: float) -> None:
        """A step without frames is coming (opening the screens renders the
        scenes for their size): ping now and give systemd `seconds` until the
        next one; the next frame puts the configured period back."""
        if self.period is None or not self._ready:
            return   # before READY=1, systemd's start timeout applies, not the watchdog
        self.notifier.send("WATCHDOG=1", f"WATCHDOG_USEC={round(seconds * 1_000_000)}")
        self._last_ping = self.clock()
        self._stretched = True

    def frame_presented(self, phase: str) -> None:
        if not self.notifier.enabled:
            return
        now = self.clock()
        fields: list[str] = []
        if self._stretched and self.period is not None:
            fields.append(f"WATCHDOG_USEC={round(self.period * 2_000_000)}")
            self._stretched = False
        if not self._ready:
            fields.append("READY=1")
            self._ready = True
        if self.period is not None and (len(fields) > 0 or now - self._last_ping >= self.period):
            fields.append("WATCHDOG=1")
            self._last_ping = now
        if phase != self._status:
            fields.append(f"STATUS={phase}")
            self._status = phase
        if fields and not self.notifier.send(*fields):
            # Dropped: what systemd must hear once is sent again with the next frame.
            self._ready = self._ready and "READY=1" not in fields
            self._status = None if f"STATUS={phase}" in fields else self._status

    def stopping(self) -> None:
        """Tell systemd the exit is on purpose (SIGTERM), not a crash."""
        self.notifier.send("STOPPING=1", "STATUS=stopping")
