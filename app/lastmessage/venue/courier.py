"""The process that talks to a venue's broker for the table (`python -m lastmessage.venue.courier FD`).

Why a process of its own: paho's network thread in the table's process woke
during frames and took the interpreter's lock in turn with the frame loop (on a
loaded machine a frame p99 went from 0.5 to 6 ms with a broker connected, though
the bridge's own work is microseconds). Here paho has its interpreter to itself;
the table only writes small packets to a socket pair and reads the commands
from it, never waiting (venue/link.py, which starts this and reads what it says).

The socket is AF_UNIX SOCK_SEQPACKET, one packet a message (venue/wire.py).
The first packet is the settings; then publishes and at last `close`. Upward go
the commands and the link's state (connected, the trouble in one line, what to
log): the table logs it, so the lines reach its journal and its status as its
own do. When the table goes away without `close` (it crashed, it was killed),
the socket's end is read here and this process leaves without a goodbye: the
broker then publishes the last will (`online` false).

Two processes with one table id knock each other off the broker: it lets the
newer have the client id and closes the older's connection. An MQTT 5 broker
may say so (reason "session taken over"); Mosquitto 2.0 only closes it. So a
connection lost TWIN_LOSSES times within TWIN_WINDOW, with every reconnect
taken at once in between (a broker that restarts cannot be reached for a
while), is said as two tables with one id, and the line stands TWIN_HOLD
after the last time.

A table that stops (frozen: SIGSTOP, a hung driver, a swapping machine)
cannot say so, and its socket stays open: the frame loop sends a heartbeat
about once a second (link.py), and once it has, a silence of SILENT seconds
is published as the table's trouble: `online` false and a status with state
`fault` (both retained), so that a dashboard stops showing a frozen table as
available. The first packet after the silence publishes `online` true and the
table's own status again (the table sends a fresh one at once, bridge.py).

SIGINT and SIGTERM are ignored: a Ctrl-C or systemd's stop reaches the whole
process group, and the table must still publish its last status through this
process before it says `close`.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import ssl
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from lastmessage.config.paths import shown
from lastmessage.config.venue import Broker
from lastmessage.venue.requests import PAYLOAD_LIMIT
from lastmessage.venue.topics import topic
from lastmessage.venue.troubles import (
    CA_UNUSABLE, LOST, NOT_SIGNED, OTHER_NAME, REFUSED, TWIN, UNREACHABLE, Said,
)
from lastmessage.venue.wire import ALIVE, CLOSE, PACKET_LIMIT, Publish, Up, read_down, up_command, up_state

STOPPED = ("the table has stopped answering (no word from it for {silent:g} s): it may be frozen; "
           "restart it if it stays so")

QUEUED = 2000       # messages paho keeps for a broker that is away
KEEPALIVE = 15      # seconds: a broker gone silent is noticed within about 1.5 of these
BACKOFF = (1, 30)   # seconds between reconnects: first, and most
TAKEN_OVER = 142    # MQTT 5's "session taken over": another client connected with our client id
TWIN_LOSSES = 2     # connections lost, each reconnect at once, within TWIN_WINDOW: another process has our id
TWIN_WINDOW = 30.0  # seconds
TWIN_HOLD = 120.0   # seconds the twin's line stays after the last time it took our place
CLOSE_WAIT = 3.0    # seconds at most for what waits to be acknowledged at close
POLL = 0.05         # seconds between looks at the table's socket
SILENT = 5.0        # seconds without a packet from a table that sent its heartbeat: it is frozen
NICE = 10           # added to the table's niceness: the courier runs after the frame loop


@dataclass(frozen=True)
class Settings:
    """What the table hands this process in its first packet (the password too: the
    socket pair is the two processes' own)."""

    broker: Broker
    table: str
    client_id: str
    ca_file: Path | None

    def to_json(self) -> str:
        b = self.broker
        return json.dumps({"host": b.host, "port": b.port, "tls": b.tls, "username": b.username,
                           "password": b.password, "table": self.table, "client_id": self.client_id,
                           "ca_file": None if self.ca_file is None else str(self.ca_file)})

    @staticmethod
    def from_json(text: str) -> Settings:
        raw = json.loads(text)
        return Settings(Broker(raw["host"], raw["port"], raw["tls"], raw["username"], raw["password"]),
                        raw["table"], raw["client_id"], None if raw["ca_file"] is None else Path(raw["ca_file"]))


def certificate_trouble(error: ssl.SSLCertVerificationError, broker: Broker, ca_file: Path | None) -> Said:
    """One line for a broker certificate the table will not trust: for another name, or
    signed by a CA that is not the one given."""
    if error.verify_code in (62, 64):   # X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH
        return Said(OTHER_NAME, {"broker": broker.shown, "host": broker.host})
    return Said(NOT_SIGNED, {"broker": broker.shown, "ca": shown(ca_file) if ca_file else "the system's CAs",
                             "reason": str(error.verify_message)})


class Courier:
    """The paho client, its network on paho's thread; `run` reads the table's packets."""

    def __init__(self, link: socket.socket, settings: Settings) -> None:
        self.link = link
        self.settings = settings
        self.broker = settings.broker
        self.connected = False
        self.connects = 0
        self.dropped = 0               # messages paho could not queue for a broker that is away
        self.trouble: Said | None = None
        self._said: Said | None = None  # the trouble last told the table to log (each spell once)
        self._twin_at: float | None = None   # when another process last took our client id
        self._losses: list[float] = []   # connections lost since the broker last could not be reached
        self._retained: dict[str, str] = {}
        self._last: mqtt.MQTTMessageInfo | None = None
        self._closing = False
        self._alive_at: float | None = None   # the table's last packet, once it sent a heartbeat
        self._frozen = False                  # the table was silent for SILENT s; the broker was told
        self._lock = threading.Lock()  # the upward packets come from two threads
        self._thread = threading.Thread(target=self._network, name="venue-courier", daemon=True)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=settings.client_id, protocol=mqtt.MQTTv5)
        if self.broker.username is not None:
            self.client.username_pw_set(self.broker.username, self.broker.password)
        self.client.will_set(topic(settings.table, "online"), "false", qos=1, retain=True)
        self.client.max_queued_messages_set(QUEUED)
        self.client.reconnect_delay_set(*BACKOFF)
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_connect_fail = self._failed
        self.client.on_message = self._message

    # ---- starting: the CA may be missing or wrong now and put right later ----------

    def start(self) -> None:
        self._thread.start()

    def _network(self) -> None:
        delay = BACKOFF[0]
        while not self._closing:
            problem = self._tls()
            if problem is None:
                self.client.connect_async(self.broker.host, self.broker.port, keepalive=KEEPALIVE)
                self.client.loop_forever(retry_first_connection=True)
                return
            self._trouble(problem, logging.ERROR)
            time.sleep(delay)
            delay = min(delay * 2, BACKOFF[1])

    def _tls(self) -> Said | None:
        """The TLS context (mqtts), or why it cannot be made now (a CA file missing or not a CA)."""
        if not self.broker.tls:
            return None
        ca = self.settings.ca_file
        try:
            context = ssl.create_default_context(cafile=str(ca) if ca is not None else None)
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            return Said(CA_UNUSABLE, {"ca": shown(ca) if ca is not None else "the system's CAs", "reason": reason})
        self.client.tls_set_context(context)
        return None

    # ---- paho's thread -----------------------------------------------------------

    def _connected(self, client: mqtt.Client, userdata: object, flags: mqtt.ConnectFlags,
                   reason: ReasonCode, properties: Properties | None) -> None:
        if reason.is_failure:
            self._losses = []   # refused: the broker is there, and no other process is the cause
            self._trouble(Said(REFUSED, {"broker": self.broker.shown, "table": self.settings.table,
                                         "reason": str(reason)}), logging.ERROR)
            return
        self.connects += 1
        self.connected = True
        client.subscribe(topic(self.settings.table, "command"), qos=1)
        if self._frozen:
            self._tell_stopped()
        else:
            client.publish(topic(self.settings.table, "online"), "true", qos=1, retain=True)
        if self.connects > 1 and not self._frozen:   # a broker that restarted without its store knows it again
            with self._lock:
                kept = list(self._retained.items())
            for name, payload in kept:
                client.publish(name, payload, qos=1, retain=True)
        if self._twin():
            self._state()
            return
        again = self.connects > 1 and self._said is not None
        self.trouble = self._said = None
        self._state(log=(logging.WARNING, f"connected to {self.broker.shown} again") if again else None)

    def _disconnected(self, client: mqtt.Client, userdata: object, flags: mqtt.DisconnectFlags,
                      reason: ReasonCode, properties: Properties | None) -> None:
        was, self.connected = self.connected, False
        if self._closing or not was:   # a connection refused (said already) was never had
            return
        now = time.monotonic()
        self._losses = [t for t in self._losses if now - t <= TWIN_WINDOW] + [now]
        if reason.value == TAKEN_OVER or len(self._losses) >= TWIN_LOSSES:
            self._twin_at = now
            self._trouble(Said(TWIN, {"broker": self.broker.shown, "table": self.settings.table}), logging.ERROR)
        elif not self._twin():
            self._trouble(Said(LOST, {"broker": self.broker.shown, "reason": str(reason)}), logging.WARNING)
        else:
            self._state()

    def _failed(self, client: mqtt.Client, userdata: object) -> None:
        # paho calls this inside its `except OSError:`, so the error is the one being handled.
        error = sys.exc_info()[1]
        self._losses = []   # the broker itself is away: its restart is no twin
        if isinstance(error, ssl.SSLCertVerificationError):
            self._trouble(certificate_trouble(error, self.broker, self.settings.ca_file), logging.ERROR)
        elif not self._twin():
            self._trouble(Said(UNREACHABLE, {"broker": self.broker.shown}), logging.WARNING)

    def _twin(self) -> bool:
        """Whether another process took our client id within TWIN_HOLD (its line stands)."""
        if self._twin_at is not None and time.monotonic() - self._twin_at > TWIN_HOLD:
            self._twin_at = None
        return self._twin_at is not None

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        # A huge payload is kept as its size only: refused as such (requests.py), never held whole.
        self._up(up_command(bytes(message.payload) if len(message.payload) <= PAYLOAD_LIMIT else b"",
                            len(message.payload)))

    def _trouble(self, message: Said, level: int) -> None:
        self.trouble = message
        said, self._said = self._said, message
        self._state(log=(level, message.english) if message != said else None)

    def _state(self, log: tuple[int, str] | None = None) -> None:
        self._up(up_state(Up(self.connected, self.trouble, self.connects, self.dropped, log)))

    def _up(self, packet: bytes) -> None:
        """To the table, never waiting for it: a table that reads no more loses the packet."""
        with self._lock:
            try:
                self.link.send(packet, socket.MSG_DONTWAIT)
            except OSError:
                pass

    # ---- the main thread: the table's packets ---------------------------------------

    def run(self) -> None:
        """The table's packets, read every POLL seconds rather than waited for: a process
        blocked on the socket would be woken by each of the table's writes, and the
        scheduler would often run it at once on the table's core, mid-frame."""
        self.start()
        self.link.setblocking(False)
        while True:
            try:
                packet = self.link.recv(PACKET_LIMIT)
            except BlockingIOError:
                self._expire_twin()
                self._watch_table()
                time.sleep(POLL)
                continue
            except OSError:
                packet = b""
            if not packet:   # the table is gone without `close`: no goodbye, the broker says the will
                return
            message = read_down(packet)
            self._heard_table(message is ALIVE)
            if message is CLOSE:
                self._close()
                return
            if isinstance(message, Publish):
                self._publish(message)

    def _expire_twin(self) -> None:
        if self._twin_at is not None and not self._twin() and self.connected:
            self.trouble = self._said = None
            self._state(log=(logging.WARNING, f"no other process took table {self.settings.table}'s place "
                                              f"for {TWIN_HOLD:g} s"))

    # ---- a table that stops answering -------------------------------------------

    def _watch_table(self) -> None:
        at = self._alive_at
        if at is not None and not self._frozen and time.monotonic() - at > SILENT:
            self._frozen = True
            self._tell_stopped()

    def _tell_stopped(self) -> None:
        """`online` false and the table's last status as a fault, both retained (a
        dashboard that comes later hears them too)."""
        name = topic(self.settings.table, "status")
        with self._lock:
            kept = self._retained.get(name)
        try:
            status = json.loads(kept) if kept is not None else {}
        except ValueError:
            status = {}
        if not isinstance(status, dict):
            status = {}
        status.update({"table": self.settings.table, "state": "fault", "reason": STOPPED.format(silent=SILENT),
                       "answering": False})
        self.client.publish(topic(self.settings.table, "online"), "false", qos=1, retain=True)
        self.client.publish(name, json.dumps(status, ensure_ascii=False), qos=1, retain=True)

    def _heard_table(self, heartbeat: bool) -> None:
        """Any packet says the table is alive; the watch starts with its first heartbeat
        (before its first frame it may load for a while)."""
        now = time.monotonic()
        was = self._alive_at
        if heartbeat or was is not None:
            self._alive_at = now
        if not self._frozen:
            return
        self._frozen = False
        self.client.publish(topic(self.settings.table, "online"), "true", qos=1, retain=True)
        with self._lock:
            kept = self._retained.get(topic(self.settings.table, "status"))
        if kept is not None:   # until the table's fresh one, which it sends at once
            self.client.publish(topic(self.settings.table, "status"), kept, qos=1, retain=True)
        silent = now - was if was is not None else SILENT
        self._state(log=(logging.WARNING, f"the table did not answer for {silent:.0f} s (frozen?); the broker "
                                          f"was told it had stopped answering, and is told now that it answers again"))

    def _publish(self, message: Publish) -> None:
        if message.retain:
            with self._lock:
                self._retained[message.topic] = message.payload
        info = self.client.publish(message.topic, message.payload, qos=1, retain=message.retain)
        if info.rc == mqtt.MQTT_ERR_QUEUE_SIZE:
            self.dropped += 1
            self._state()
        else:
            self._last = info

    def _close(self) -> None:
        """What waits is acknowledged within CLOSE_WAIT (QoS 1 in order: the last one is
        enough), then goodbye."""
        last = self._last
        if last is not None and self.connected:
            try:
                last.wait_for_publish(CLOSE_WAIT)
            except (ValueError, RuntimeError):
                pass
        self._closing = True
        self.client.disconnect()   # loop_forever sends it and returns
        self._thread.join(CLOSE_WAIT)


def yield_to_the_table() -> None:
    """Runs after the table whenever both want a core: niced, and SCHED_BATCH (no preempting
    a running task when this one wakes). The broker's messages can wait a millisecond;
    a visitor's frame should not."""
    try:
        os.nice(NICE)
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    except (OSError, AttributeError):   # not Linux: the niceness alone, or nothing
        pass


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    yield_to_the_table()
    link = socket.socket(fileno=int(argv[1]))
    first = link.recv(PACKET_LIMIT)
    if not first:
        return 0
    Courier(link, Settings.from_json(first.decode("utf-8"))).run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
