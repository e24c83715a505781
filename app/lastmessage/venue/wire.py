"""The packets between the table and its courier process (venue/link.py, venue/courier.py).

One SOCK_SEQPACKET packet a message, its first byte its kind: small enough to
write from the frame loop without a thread (a publish is its topic and payload
as UTF-8, no JSON around them) and read whole or not at all.

Down (table to courier): the settings once (JSON), `P` publishes, `A` the frame
loop's heartbeat (the table is alive: about once a second), `C` close.
Up (courier to table): `M` a command's payload (or only its size, when over
the limit), `S` the link's state as JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from lastmessage.venue.troubles import Said, said_from_json

PACKET_LIMIT = 256 * 1024   # bytes: a status is about one kB, a command at most PAYLOAD_LIMIT


@dataclass(frozen=True)
class Publish:
    topic: str
    payload: str
    retain: bool


class _Close:
    """The table is stopping: what waits is sent, then goodbye."""


CLOSE = _Close()


class _Alive:
    """The frame loop ran: a table silent for longer is frozen (courier.py says so)."""


ALIVE = _Alive()


@dataclass(frozen=True)
class Incoming:
    payload: bytes   # empty when `size` is over the limit
    size: int


@dataclass(frozen=True)
class Up:
    """The link as the courier sees it; `log`: (level, line) the table logs, at most once a spell."""

    connected: bool
    trouble: Said | None
    connects: int
    dropped: int
    log: tuple[int, str] | None = None


def down_publish(message: Publish) -> bytes:
    return b"P" + (b"1" if message.retain else b"0") + message.topic.encode() + b"\0" + message.payload.encode()


def down_close() -> bytes:
    return b"C"


def down_alive() -> bytes:
    return b"A"


def read_down(packet: bytes) -> Publish | _Close | _Alive | None:
    """The table's packet; None for one that is not ours (never happens: the pair is private)."""
    kind, rest = packet[:1], packet[1:]
    if kind == b"C":
        return CLOSE
    if kind == b"A":
        return ALIVE
    if kind == b"P" and b"\0" in rest:
        name, _, payload = rest[1:].partition(b"\0")
        return Publish(name.decode(), payload.decode(), rest[:1] == b"1")
    return None


def up_command(payload: bytes, size: int) -> bytes:
    return b"M" + payload if payload or size == 0 else b"H" + str(size).encode()


def up_state(state: Up) -> bytes:
    trouble = None if state.trouble is None else state.trouble.to_json()
    return b"S" + json.dumps({"connected": state.connected, "trouble": trouble, "connects": state.connects,
                              "dropped": state.dropped, "log": state.log}).encode()


def read_up(packet: bytes) -> Incoming | Up | None:
    """The courier's packet; None for one that is not ours."""
    kind, rest = packet[:1], packet[1:]
    if kind == b"M":
        return Incoming(rest, len(rest))
    if kind == b"H":
        return Incoming(b"", int(rest))
    if kind == b"S":
        raw = json.loads(rest)
        log = raw["log"]
        return Up(raw["connected"], said_from_json(raw["trouble"]), raw["connects"], raw["dropped"],
                  None if log is None else (int(log[0]), str(log[1])))
    return None
