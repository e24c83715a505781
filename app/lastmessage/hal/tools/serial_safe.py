"""Put the module in safe mode (`SAFE reflash`), whatever protocol version it speaks.

Why not the SerialLink: flashing is how a module of an older protocol version
is brought up to date, and the link refuses any version but its own. Its
program cannot be interrupted (watchdog, Ctrl-C off), so SAFE must reach it in
its own version: HELLO, SAFE and ACK have kept their form in every version.
"""

from __future__ import annotations

import random
import time
from enum import Enum

import serial  # type: ignore[import-untyped]

from lastmessage.hal import serial_protocol as sp


class SafeReply(str, Enum):
    ACKED = "acked"                    # the program will reset into safe mode
    SILENT = "silent"                  # no program answers: safe mode already, or not flashed
    UNACKNOWLEDGED = "unacknowledged"  # a program answered HELLO but not SAFE


def request_safe_mode(port: str, timeout: float = 3.0) -> SafeReply:
    """Send SAFE reflash on `port`. Raises serial.SerialException or OSError
    when the port cannot be opened."""
    with serial.Serial(port, 115200, timeout=0.05, write_timeout=0.5) as ser:
        splitter = sp.LineSplitter()
        seq = random.randrange(sp.SEQ_MOD)
        nonce = random.randrange(sp.SEQ_MOD)
        version = sp.VERSION
        safe_seq: int | None = None
        next_hello = 0.0
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if safe_seq is None and time.monotonic() >= next_hello:
                ser.write(sp.encode(seq, "HELLO", (version, nonce)))
                seq = (seq + 1) % sp.SEQ_MOD
                next_hello = time.monotonic() + 0.4
            for raw in splitter.feed(ser.read(ser.in_waiting or 1)):
                line = sp.decode(raw)
                if not isinstance(line, sp.Line):
                    continue
                if line.verb == "HELLO" and safe_seq is None:
                    head = sp.convert("ii", line.args[:2])
                    if head is None or head[1] != nonce:
                        continue
                    if head[0] != version:      # answer again in the module's version
                        version = int(head[0])
                        next_hello = 0.0
                        continue
                    safe_seq = seq
                    ser.write(sp.encode(seq, "SAFE", ("reflash",)))
                    seq = (seq + 1) % sp.SEQ_MOD
                elif line.verb == "ACK" and safe_seq is not None and line.args == (str(safe_seq),):
                    return SafeReply.ACKED
        return SafeReply.SILENT if safe_seq is None else SafeReply.UNACKNOWLEDGED
