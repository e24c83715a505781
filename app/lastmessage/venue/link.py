"""The table's connection to a venue's broker: paho-mqtt's thread, and bounded queues.

The frame loop only puts on `outbox` and takes from `inbox`, both bounded and
never waited on: a broker that is down, slow or refusing the table costs a
frame nothing, and what does not fit is dropped (counted) rather than waited
for; the game is the journal's, never the broker's. paho's own thread does the
network and reconnects with back-off (1 s doubling to 30 s); a thread of ours
hands it the outbox, so even paho's locks are never taken on the frame loop.

What is published retained is remembered and published again at each connect,
so a broker that restarted without its store still knows the table's status.
`online` is `true` at connect and `false` as the last will (and at a clean close).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from lastmessage.config.paths import PathRefused, read_text, shown
from lastmessage.config.venue import Broker
from lastmessage.venue.requests import PAYLOAD_LIMIT
from lastmessage.venue.topics import topic

log = logging.getLogger(__name__)

OUTBOX = 2000       # messages waiting for the pump; a game sends about a hundred
INBOX = 64          # commands waiting for a frame
QUEUED = 2000       # messages paho keeps for a broker that is away
KEEPALIVE = 15      # seconds: a broker gone silent is noticed within about 1.5 of these
BACKOFF = (1, 30)   # seconds between reconnects: first, and most
PASSWORD_LIMIT = 4096


class LinkRefused(Exception):
    """The link cannot even be tried (a password file that cannot be read); one line."""


@dataclass(frozen=True)
class Outgoing:
    topic: str
    payload: str
    retain: bool


_STOP = Outgoing("", "", False)


@dataclass(frozen=True)
class Incoming:
    payload: bytes   # empty when `size` is over the limit
    size: int


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
    """`commands()` and `send()` for the frame loop; everything else on threads."""

    def __init__(self, broker: Broker, table: str, *, ca_file: Path | None = None,
                 password_file: Path | None = None, client_id: str | None = None) -> None:
        self.broker = broker
        self.table = table
        self.outbox: queue.Queue[Outgoing] = queue.Queue(OUTBOX)
        self.inbox: queue.Queue[Incoming] = queue.Queue(INBOX)
        self.dropped = 0          # messages that did not fit the outbox
        self.connects = 0         # successful connections (1 + reconnects)
        self.connected = threading.Event()
        self.trouble: str | None = None   # why the table is not connected now, for staff
        self._retained: dict[str, str] = {}   # topic -> payload, published again at each connect
        self._said: str | None = None   # the trouble last logged (each spell once)
        self._last: mqtt.MQTTMessageInfo | None = None   # the pump's last publish
        self._closing = False
        password = broker_password(broker, password_file)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id or f"lastmessage-{table}",
                                  protocol=mqtt.MQTTv311)
        if broker.username is not None:
            self.client.username_pw_set(broker.username, password)
        if broker.tls:
            try:
                self.client.tls_set(ca_certs=str(ca_file) if ca_file is not None else None)
            except (OSError, ValueError) as error:
                raise LinkRefused(f"[venue] ca_file: cannot use {shown(ca_file) if ca_file else 'the system CAs'}: "
                                  f"{error}") from None
        self.client.will_set(topic(table, "online"), "false", qos=1, retain=True)
        self.client.max_queued_messages_set(QUEUED)
        self.client.reconnect_delay_set(*BACKOFF)
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_connect_fail = self._failed
        self.client.on_message = self._message
        self._pump = threading.Thread(target=self._pump_main, name="venue-mqtt-pump", daemon=True)

    def start(self) -> None:
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=KEEPALIVE)
        self.client.loop_start()
        self._pump.start()

    # ---- the frame loop's side: never blocks ----------------------------------

    def send(self, kind: str, payload: str, *, retain: bool = False) -> None:
        try:
            self.outbox.put_nowait(Outgoing(topic(self.table, kind), payload, retain))
        except queue.Full:
            self.dropped += 1

    def send_to(self, name: str, payload: str, *, retain: bool = False) -> None:
        """A message on a topic outside the table's folder (Home Assistant's discovery)."""
        try:
            self.outbox.put_nowait(Outgoing(name, payload, retain))
        except queue.Full:
            self.dropped += 1

    def commands(self, most: int = 8) -> list[Incoming]:
        """The commands that arrived, at most `most` (the rest wait for the next frame)."""
        taken: list[Incoming] = []
        while len(taken) < most:
            try:
                taken.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return taken

    # ---- the threads' side -----------------------------------------------------

    def _pump_main(self) -> None:
        while True:
            message = self.outbox.get()
            if message is _STOP:
                return
            if message.retain:
                self._retained[message.topic] = message.payload
            self._last = self.client.publish(message.topic, message.payload, qos=1, retain=message.retain)

    def _connected(self, client: mqtt.Client, userdata: object, flags: mqtt.ConnectFlags,
                   reason: ReasonCode, properties: Properties | None) -> None:
        if reason.is_failure:
            self._trouble(f"the broker {self.broker.shown} refused table {self.table}: {reason}; check the user "
                          f"and password of [venue] mqtt and the broker's ACL (the table plays on)", logging.ERROR)
            return
        self.connects += 1
        self.trouble = self._said = None
        if self.connects > 1:
            log.warning("venue: connected to %s again", self.broker.shown)
        client.subscribe(topic(self.table, "command"), qos=1)
        client.publish(topic(self.table, "online"), "true", qos=1, retain=True)
        if self.connects > 1:   # a broker that restarted without its store knows the table again
            for name, payload in list(self._retained.items()):
                client.publish(name, payload, qos=1, retain=True)
        self.connected.set()

    def _disconnected(self, client: mqtt.Client, userdata: object, flags: mqtt.DisconnectFlags,
                      reason: ReasonCode, properties: Properties | None) -> None:
        self.connected.clear()
        if self.trouble is None and not self._closing:
            self._trouble(f"lost the broker {self.broker.shown} ({reason}); reconnecting, the table plays on",
                          logging.WARNING)

    def _failed(self, client: mqtt.Client, userdata: object) -> None:
        self._trouble(f"cannot reach the broker {self.broker.shown}; trying again, the table plays on",
                      logging.WARNING)

    def _trouble(self, message: str, level: int) -> None:
        self.trouble = message
        if message != self._said:
            self._said = message
            log.log(level, "venue: %s", message)

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        # A huge payload is kept as its size only: refused as such (requests.py), never held whole.
        size = len(message.payload)
        try:
            self.inbox.put_nowait(Incoming(bytes(message.payload) if size <= PAYLOAD_LIMIT else b"", size))
        except queue.Full:
            log.warning("venue: a command was dropped: %d wait already", INBOX)

    def close(self, timeout: float = 3.0) -> None:
        """`online` false, then what waits is sent within `timeout` seconds, then goodbye."""
        self.send("online", "false", retain=True)
        end = time.monotonic() + timeout
        try:
            self.outbox.put(_STOP, timeout=timeout)
        except queue.Full:
            pass
        self._pump.join(timeout)
        last = self._last
        if last is not None and self.connected.is_set():
            try:   # QoS 1 in order: the last one acknowledged, all were
                last.wait_for_publish(max(0.0, end - time.monotonic()))
            except (ValueError, RuntimeError):
                pass
        self._closing = True
        self.client.disconnect()
        self.client.loop_stop()
