"""The table's connection to a venue's broker: a courier process, and a socket pair to it.

The frame loop only writes packets to the socket and reads from it, never
waiting: a broker that is down, slow or refusing the table costs a frame
nothing, and what does not fit is dropped (counted) rather than waited for; the
game is the journal's, never the broker's. The courier (venue/courier.py) is a
process of its own so that paho's network thread never takes the interpreter's
lock from the frame loop (it did: bench --mqtt); it reconnects with back-off
(1 s doubling to 30 s) and says what goes wrong in one line, which is logged
here, in the table's own log, and kept as `trouble` for its status.

What is published retained is remembered there and published again at each
connect, so a broker that restarted without its store still knows the table's
status. `online` is `true` at connect and `false` as the last will (and at a
clean close).

The frame loop says it is alive (`alive()`, a one-byte packet at most every
HEARTBEAT s): the courier tells the broker when the table goes silent (frozen).
A courier that ends (killed, crashed) is started again from here, after
RESTART s doubling to RESTART_MOST s, each a line in the log; the new one is
given the retained messages again (discovery, the last status).
"""

from __future__ import annotations

import logging
import socket
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

from lastmessage.config.paths import PathRefused, read_text, shown
from lastmessage.config.venue import Broker
from lastmessage.venue.courier import Settings
from lastmessage.venue.topics import topic
from lastmessage.venue.troubles import COURIER_ENDED, Said
from lastmessage.venue.wire import (
    PACKET_LIMIT, Incoming, Publish, Up, down_alive, down_close, down_publish, read_up,
)

log = logging.getLogger(__name__)

INBOX = 64          # commands waiting for a frame
PASSWORD_LIMIT = 4096
CLOSE_WAIT = 3.0    # seconds at most for the courier to send what waits and leave
HEARTBEAT = 1.0     # seconds at least between heartbeats (the courier's SILENT is 5 of them)
RESTART = (1.0, 60.0)   # seconds before a courier that ended is started again: first, and most


class LinkRefused(Exception):
    """The link cannot even be tried (a password file that cannot be read); one line."""


def broker_password(broker: Broker, password_file: Path | None) -> str | None:
    """The URL's password, else the file's first line (the service's own file)."""
    if password_file is None:
        return broker.password
    try:
        text = read_text(password_file, "broker password file", limit=PASSWORD_LIMIT)
    except PathRefused as error:
        raise LinkRefused(f"[venue] password_file: {error}") from None
    line = text.splitlines()[0] if text.strip() else ""
    if not line:
        raise LinkRefused(f"[venue] password_file: {shown(password_file)} is empty; write the password in it")
    return line


class MqttLink:
    """`send()` and `commands()` for the frame loop: a packet written or read, never waited for."""

    def __init__(self, broker: Broker, table: str, *, ca_file: Path | None = None,
                 password_file: Path | None = None, client_id: str | None = None) -> None:
        self.broker = broker
        self.table = table
        self.dropped = 0          # messages that did not fit the socket (or the courier's queue)
        self.connects = 0         # successful connections (1 + reconnects)
        self.connected = False
        self.trouble: Said | None = None   # why the table is not connected (or not alone) now, for staff
        self._settings = Settings(Broker(broker.host, broker.port, broker.tls, broker.username,
                                         broker_password(broker, password_file)),
                                  table, client_id or f"lastmessage-{table}", ca_file)
        self._inbox: deque[Incoming] = deque()
        self._lost = 0            # dropped here
        self._dropped_there = 0   # dropped by the courier (paho's queue for a broker away was full)
        self._socket: socket.socket | None = None
        self._courier: subprocess.Popen[bytes] | None = None
        self._ended = False       # closed: no courier is started again
        self._retained: dict[str, str] = {}   # for a courier started again
        self._alive_at = float("-inf")
        self._restart_at: float | None = None   # when the courier that ended is started again
        self._restart_delay = RESTART[0]
        self._delay = RESTART[0]   # before the courier that ended is started again
        self._told_end = True      # its line was logged

    def start(self) -> None:
        """The courier, and the settings as its first packet (no wait: a fresh pair's buffer
        takes them)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with theirs:
            self._courier = subprocess.Popen([sys.executable, "-m", "lastmessage.venue.courier", str(theirs.fileno())],
                                             pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        ours.sendall(self._settings.to_json().encode())
        ours.setblocking(False)
        self._socket = ours

    # ---- the frame loop's side: never blocks ----------------------------------

    def send(self, kind: str, payload: str, *, retain: bool = False) -> None:
        self.send_to(topic(self.table, kind), payload, retain=retain)

    def send_to(self, name: str, payload: str, *, retain: bool = False) -> None:
        """A message on any topic (Home Assistant's discovery is outside the table's folder)."""
        if self._socket is None:
            self._lost += 1
        else:
            try:
                self._socket.send(down_publish(Publish(name, payload, retain)))
            except OSError:   # full (the courier is behind), too big, or the courier is gone
                self._lost += 1
        if retain:
            self._retained[name] = payload
        self.dropped = self._lost + self._dropped_there

    def alive(self) -> None:
        """The frame loop ran: a heartbeat for the courier, at most every HEARTBEAT s; or,
        the courier having ended, its line once its exit code is known, and it started again
        when its time comes (a look at the process each frame, never a wait)."""
        now = time.monotonic()
        if self._restart_at is not None:
            self._after_end(now)
            return
        if now - self._alive_at < HEARTBEAT or self._socket is None:
            return
        self._alive_at = now
        try:
            self._socket.send(down_alive())
        except OSError:   # full: the courier is behind and has heard from the table anyway
            pass

    def commands(self, most: int = 8) -> list[Incoming]:
        """The commands that arrived, at most `most` (the rest wait for the next frame)."""
        self._read()
        return [self._inbox.popleft() for _ in range(min(most, len(self._inbox)))]

    def wait_connected(self, timeout: float) -> bool:
        """Whether the courier connected within `timeout` s (for the bench; never on a frame)."""
        end = time.monotonic() + timeout
        while not self.connected and time.monotonic() < end and not self._ended:
            time.sleep(0.02)
            self._read()
        return self.connected

    # ---- what the courier says -------------------------------------------------

    def _read(self) -> None:
        """What the courier sent, while the inbox has room: a burst of commands past it waits in
        the socket (the courier's to drop, counted, if that fills) instead of being dropped here
        when a slow frame found more than INBOX of them at once."""
        while self._socket is not None and len(self._inbox) < INBOX:
            try:
                packet = self._socket.recv(PACKET_LIMIT)
            except BlockingIOError:
                return
            except OSError:
                packet = b""
            if not packet:
                self._gone()
                return
            message = read_up(packet)
            if isinstance(message, Incoming):
                self._inbox.append(message)
            elif isinstance(message, Up):
                self._heard(message)

    def _heard(self, state: Up) -> None:
        self.connected, self.trouble, self.connects = state.connected, state.trouble, state.connects
        if state.connected:
            self._restart_delay = RESTART[0]
        self._dropped_there = state.dropped
        self.dropped = self._lost + self._dropped_there
        if state.log is not None:
            log.log(state.log[0], "venue: %s", state.log[1])

    def _gone(self) -> None:
        """The courier ended before `close` (it should not): the table plays on, and the
        courier is started again after a while (`alive`, on a frame)."""
        assert self._socket is not None
        self._socket.close()
        self._socket = None
        self.connected = False
        if self._ended:
            return
        self._delay, self._restart_delay = self._restart_delay, min(self._restart_delay * 2, RESTART[1])
        self._restart_at = time.monotonic() + self._delay
        self._told_end = False

    def _after_end(self, now: float) -> None:
        """One line when the courier's exit code is known (its socket may close a moment
        before it is reaped), or at the latest when it is started again."""
        assert self._restart_at is not None
        code = self._courier.poll() if self._courier is not None else None
        if not self._told_end and (code is not None or now >= self._restart_at):
            self._told_end = True
            self.trouble = Said(COURIER_ENDED, {"code": "unknown" if code is None else str(code)})
            log.error("venue: %s; starting it again in %g s", self.trouble.english, self._delay)
        if now >= self._restart_at:
            self._restart()

    def _restart(self) -> None:
        """A new courier, told the retained messages again; the old one reaped (never waited for)."""
        old = self._courier
        if old is not None and old.poll() is None:
            old.kill()
        self._restart_at = None
        self.start()
        for name, payload in self._retained.items():
            self.send_to(name, payload, retain=True)
        log.warning("venue: the venue link's process was started again")

    def close(self, timeout: float = CLOSE_WAIT) -> None:
        """`online` false, then what waits is sent within `timeout` seconds, then goodbye."""
        self.send("online", "false", retain=True)
        courier, self._ended = self._courier, True
        if self._socket is not None:
            try:
                self._socket.setblocking(True)
                self._socket.settimeout(timeout)
                self._socket.send(down_close())
            except OSError:
                pass
        if courier is not None:
            try:
                courier.wait(timeout + 1)
            except subprocess.TimeoutExpired:
                courier.kill()
                courier.wait()
        if self._socket is not None:
            self._socket.setblocking(False)
            self._read()   # its last lines, logged
            if self._socket is not None:
                self._socket.close()
                self._socket = None
