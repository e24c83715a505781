"""Random and corrupted bytes into both parsers: no crash, no false event.

The firmware is driven step by step with an in-memory stream (its real
Module, built by lm_main.build with the fake chip), so an exception would
propagate here instead of being counted by the main loop. The host side is
driven through real pyserial on a pty by a scripted module that answers the
handshake and then sends garbage.
"""

from __future__ import annotations

import os
import random
import threading
import time
import tty
import types
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastmessage.clock import MonotonicClock
from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.serial_backend import open_serial_hal

from .conftest import Driver


class MemStream:
    """The byte stream the firmware is given, in memory."""

    def __init__(self) -> None:
        self.inbox = bytearray()
        self.out = bytearray()

    def readinto(self, buf: bytearray) -> int:
        n = min(len(buf), len(self.inbox))
        buf[:n] = self.inbox[:n]
        del self.inbox[:n]
        return n

    def write(self, data: Any) -> None:
        self.out += bytes(data)


@pytest.fixture(scope="module")
def make_module(firmware: ModuleType) -> Any:
    import lm_board

    board = types.SimpleNamespace(**{k: getattr(lm_board, k) for k in dir(lm_board) if k.isupper()})

    def make() -> tuple[Any, MemStream]:
        stream = MemStream()
        module = firmware.build(board, stream)
        stream.inbox += sp.encode(100, "HELLO", (sp.VERSION, 7))
        module.step(1000)
        assert module.session
        stream.out.clear()
        return module, stream
    return make


def _run(module: Any, stream: MemStream, data: bytes, now: int = 1000) -> list[sp.Line]:
    stream.inbox += data
    while stream.inbox or module.rx_i < module.rx_n:   # a step may leave input for the next
        module.step(now)   # raises if the firmware cannot cope
        now += 7
    lines = []
    for raw in sp.LineSplitter().feed(bytes(stream.out)):
        r = sp.decode(raw)
        assert isinstance(r, sp.Line), raw  # the firmware only ever writes good lines
        lines.append(r)
    stream.out.clear()
    return lines


def _assert_untouched(module: Any, lines: list[sp.Line]) -> None:
    acted = [x for x in lines if x.verb not in ("HELLO", "HB", "NAK")]
    assert acted == []
    assert module.bar.mode == 0 and module.buzzer.head == module.buzzer.tail
    assert module.accepted == 0


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=600))
def test_firmware_survives_random_bytes(make_module: Any, data: bytes) -> None:
    module, stream = make_module()
    _assert_untouched(module, _run(module, stream, data))


@settings(max_examples=200, deadline=None)
@given(data=st.lists(st.sampled_from(b"0123456789 *ABCDEFHILNOPRSTUVabcdefilnoprsw.\r\n"),
                     max_size=400).map(bytes))
def test_firmware_survives_protocol_looking_noise(make_module: Any, data: bytes) -> None:
    module, stream = make_module()
    _assert_untouched(module, _run(module, stream, data))


GOOD = [sp.encode(101 + i, verb, args) for i, (verb, args) in enumerate(
    [("START", (30000, 0)), ("LEVEL", (500,)), ("PATTERN", ("win",)), ("BEEP", (880, 100)),
     ("TEST", ("flip", 60)), ("QUIET", ()), ("PING", (5,))])]


@settings(max_examples=300, deadline=None)
@given(line=st.sampled_from(GOOD), pos=st.integers(min_value=0, max_value=80),
       byte=st.integers(min_value=0, max_value=255), cut=st.booleans())
def test_a_corrupted_command_is_never_acted_on(make_module: Any, line: bytes, pos: int,
                                               byte: int, cut: bool) -> None:
    """One byte changed, or the line cut short: CRC-16 catches every such error."""
    pos %= len(line) - 1   # keep the terminator
    if cut:
        bad = line[:pos] + b"\n"
    else:
        if line[pos] == byte:
            byte ^= 0x20
        bad = line[:pos] + bytes([byte]) + line[pos + 1:]
    module, stream = make_module()
    _assert_untouched(module, _run(module, stream, bad))
    if bad.strip(b"\r\n"):
        assert module.bad_lines() >= 1


def test_the_same_commands_intact_are_acted_on(make_module: Any) -> None:
    module, stream = make_module()
    lines = _run(module, stream, b"".join(GOOD))
    assert [x.verb for x in lines if x.verb != "HB"] == ["ACK"] * 6 + ["PONG"]
    assert module.accepted == 7


def test_firmware_counts_replayed_and_unknown_lines(make_module: Any) -> None:
    module, stream = make_module()
    once = sp.encode(101, "LEVEL", (300,))
    lines = _run(module, stream, once + once + sp.encode(99, "LEVEL", (1,))
                 + sp.encode(102, "FROB", (1,)) + sp.encode(103, "LEVEL", (5000,)))
    assert [x.verb for x in lines if x.verb != "HB"] == ["ACK", "NAK", "NAK"]
    assert module.gate.out_of_order == 2
    assert (module.unknown, module.rejected) == (1, 1)
    assert module.bar.permille == 300


def test_commands_before_the_handshake_are_ignored(firmware: ModuleType) -> None:
    import lm_board

    stream = MemStream()
    module = firmware.build(lm_board, stream)
    stream.inbox += sp.encode(1, "START", (30000, 0))
    module.step(0)
    assert module.bar.mode == 0 and module.no_session == 1


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=400))
def test_host_parser_survives_random_bytes(data: bytes) -> None:
    splitter = sp.LineSplitter()
    for chunk in (data[: len(data) // 2], data[len(data) // 2:]):
        for raw in splitter.feed(chunk):
            r = sp.decode(raw)
            if isinstance(r, sp.Line):  # only if the noise spelled a whole good line
                assert sp.encode(r.seq, r.verb, list(r.args)) == raw.rstrip(b"\r") + b"\n"


def _scripted_module(master: int, stop: threading.Event, rng: random.Random) -> None:
    """A module that answers the handshake, then sends heartbeats drowned in garbage."""
    buf = b""
    seq = 1
    while not stop.is_set() and b"\n" not in buf:
        try:
            buf += os.read(master, 256)
        except BlockingIOError:
            time.sleep(0.005)
        except OSError:
            time.sleep(0.005)
    line = sp.decode(buf.split(b"\n")[0])
    assert isinstance(line, sp.Line) and line.verb == "HELLO"
    os.write(master, sp.encode(seq, "HELLO", (sp.VERSION, int(line.args[1]), "9.9.9", 30, 0, 0)))
    ticks = 1000
    while not stop.is_set():
        seq += 1
        ticks += 50
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 120)))
        good = sp.encode(seq % sp.SEQ_MOD, "HB", (ticks, 0, 0, 0))
        # a replayed button press (old seq) and a BTN with a broken CRC as well
        replay = sp.encode((seq - 5) % sp.SEQ_MOD, "BTN", ("flip", 1, ticks))
        broken = bytearray(sp.encode(seq % sp.SEQ_MOD, "BTN", ("flip", 1, ticks)))
        broken[2] ^= 0x04
        try:
            os.write(master, noise + b"\n" + good + replay + bytes(broken) + noise)
        except OSError:
            pass
        time.sleep(0.02)


def test_host_backend_ignores_garbage_from_the_port() -> None:
    master, slave = os.openpty()
    tty.setraw(master)
    os.set_blocking(master, False)
    path = os.ttyname(slave)
    stop = threading.Event()
    thread = threading.Thread(target=_scripted_module, args=(master, stop, random.Random(5)),
                              daemon=True)
    thread.start()
    hal = open_serial_hal(port=path, clock=MonotonicClock())
    try:
        d = Driver(hal)
        d.until(hal.link_ok)
        d.until(lambda: hal.link.stats.bad_total() > 50 and hal.link.stats.lines > 20, timeout=10)
        assert d.intents == []
        assert hal.link_ok()
        assert hal.link.stats.out_of_order > 0 and hal.link.stats.bad_crc > 0
    finally:
        stop.set()
        hal.close()
        thread.join(timeout=2)
        os.close(master)
        os.close(slave)
