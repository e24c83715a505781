"""The device reports to systemd over a real NOTIFY_SOCKET: READY=1 after its first
frame, WATCHDOG=1 at half of WATCHDOG_USEC while frames flow, none while frozen."""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from device_process import running_device, terminate
from lastmessage.kiosk.watchdog import SystemdNotifier, Watchdog, watchdog_period

PERIOD_USEC = 400_000   # pings every 0.2 s


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    try:
        yield server, str(path)
    finally:
        server.close()


def received(server: socket.socket, seconds: float) -> list[tuple[float, str]]:
    """Every datagram that arrives within `seconds`, with its arrival time."""
    datagrams: list[tuple[float, str]] = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        server.settimeout(left)
        try:
            data = server.recv(4096)
        except TimeoutError:
            break
        datagrams.append((time.monotonic(), data.decode()))
    return datagrams


def wait_for(server: socket.socket, field: str, seconds: float) -> list[tuple[float, str]]:
    seen: list[tuple[float, str]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        seen += received(server, 0.5)
        if any(field in text.split("\n") for _, text in seen):
            return seen
    raise AssertionError(f"no {field} within {seconds} s; got {seen}")


def pings(datagrams: list[tuple[float, str]]) -> list[float]:
    return [when for when, text in datagrams if "WATCHDOG=1" in text.split("\n")]


@pytest.mark.parametrize("command", ["run", "sim"])
def test_ready_after_the_first_frame_then_regular_pings_none_while_frozen(
        command: str, tmp_path: Path, notify_socket: tuple[socket.socket, str]) -> None:
    """`run` here has one display, so it shows the missing-monitor screen (a device
    loop of its own); `sim` runs the game's frame loop."""
    server, address = notify_socket
    with running_device(command, tmp_path,
                        env={"NOTIFY_SOCKET": address, "WATCHDOG_USEC": str(PERIOD_USEC)}) as device:
        first = wait_for(server, "READY=1", 90)
        assert "READY=1" in first[0][1].split("\n"), "READY=1 comes first, with the first frame"
        flowing = first + received(server, 3.0)
        times = pings(flowing)
        assert len(times) >= 6, flowing
        gaps = [later - earlier for earlier, later in zip(times, times[1:])]
        assert sorted(gaps)[len(gaps) // 2] == pytest.approx(0.2, abs=0.12)
        assert any(text.startswith("STATUS=") or "\nSTATUS=" in text for _, text in flowing)

        device.send_signal(signal.SIGSTOP)   # the loop freezes
        time.sleep(0.3)
        frozen = received(server, 1.5)
        assert pings(frozen) == []
        device.send_signal(signal.SIGCONT)
        assert len(pings(received(server, 2.0))) >= 3, "pings resume with the frames"

        returncode, stderr = terminate(device)
    assert returncode == 0, stderr
    assert "STOPPING=1" in "\n".join(text for _, text in received(server, 0.5))


def test_an_abstract_socket_address_starts_with_at() -> None:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    name = f"lastmessage-test-{os.getpid()}"
    server.bind("\0" + name)
    try:
        notifier = SystemdNotifier({"NOTIFY_SOCKET": "@" + name})
        assert notifier.send("READY=1", "STATUS=idle")
        server.settimeout(5)
        assert server.recv(100) == b"READY=1\nSTATUS=idle"
        notifier.close()
    finally:
        server.close()


def test_pings_come_at_half_the_period_on_the_loop_clock(notify_socket: tuple[socket.socket, str]) -> None:
    server, address = notify_socket
    now = [0.0]
    watchdog = Watchdog(SystemdNotifier({"NOTIFY_SOCKET": address}), watchdog_period({"WATCHDOG_USEC": "2000000"}),
                        clock=lambda: now[0])
    sent = []
    for step in range(31):   # 3 s of frames at 10 fps
        now[0] = step / 10
        watchdog.frame_presented("idle")
    server.settimeout(1)
    while True:
        try:
            sent.append(server.recv(100).decode())
        except TimeoutError:
            break
    assert sent[0] == "READY=1\nWATCHDOG=1\nSTATUS=idle"
    assert sent[1:] == ["WATCHDOG=1"] * 3   # at 1.0, 2.0 and 3.0 s


def test_no_watchdog_without_usec_or_for_another_process() -> None:
    assert watchdog_period({}) is None
    assert watchdog_period({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}) is None
    assert watchdog_period({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": str(os.getpid())}) == 5.0
    assert watchdog_period({"WATCHDOG_USEC": "ten"}) is None
    assert not SystemdNotifier({}).send("READY=1")


def test_a_slow_step_after_ready_stretches_the_watchdog_and_the_next_frame_restores_it(
        notify_socket: tuple[socket.socket, str]) -> None:
    server, address = notify_socket
    watchdog = Watchdog(SystemdNotifier({"NOTIFY_SOCKET": address}), watchdog_period({"WATCHDOG_USEC": "10000000"}),
                        clock=lambda: 0.0)
    watchdog.expect_pause(180)   # before READY=1: the start timeout covers it, nothing is sent
    watchdog.frame_presented("waiting_for_screen")
    watchdog.expect_pause(180)
    watchdog.frame_presented("idle")
    server.settimeout(1)
    sent = [server.recv(200).decode() for _ in range(3)]
    assert sent == ["READY=1\nWATCHDOG=1\nSTATUS=waiting_for_screen",
                    "WATCHDOG=1\nWATCHDOG_USEC=180000000",
                    "WATCHDOG_USEC=10000000\nWATCHDOG=1\nSTATUS=idle"]


def test_a_reader_that_stops_reading_never_blocks_the_frame_loop(
        notify_socket: tuple[socket.socket, str], caplog: pytest.LogCaptureFixture) -> None:
    """Reproduction: with nobody reading the notify socket, its queue fills and a
    blocking `sendto` held the frame loop (and SIGTERM) after about 0.5 s of frames.
    The notifications are dropped instead, said once in the log, and a READY=1 that
    was dropped is sent again with a later frame."""
    server, address = notify_socket
    now = [0.0]
    watchdog = Watchdog(SystemdNotifier({"NOTIFY_SOCKET": address}), 0.0001, clock=lambda: now[0])
    sent: list[float] = []

    def frames() -> None:
        for step in range(5000):   # far more datagrams than the socket's queue holds
            now[0] = step / 60
            before = time.monotonic()
            watchdog.frame_presented("idle" if step % 2 else "clues")
            sent.append(time.monotonic() - before)

    loop = threading.Thread(target=frames, daemon=True)
    with caplog.at_level(logging.WARNING, logger="lastmessage.kiosk.watchdog"):
        loop.start()
        loop.join(20)
    assert not loop.is_alive(), f"the frame loop blocked in sendto after {len(sent)} frames"
    assert len(sent) == 5000 and max(sent) < 0.5
    dropped = [r for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 1   # once, not once per frame
    server.settimeout(1)
    assert server.recv(100).startswith(b"READY=1")   # what got in before the queue filled


def test_ready_dropped_on_a_full_queue_is_sent_with_the_next_frame(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    filler = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_NONBLOCK)
    try:
        while True:   # the queue full before the device's first frame
            try:
                filler.sendto(b"x", str(path))
            except BlockingIOError:
                break
        watchdog = Watchdog(SystemdNotifier({"NOTIFY_SOCKET": str(path)}), None)
        watchdog.frame_presented("idle")   # READY=1 dropped: the queue is full
        server.setblocking(False)
        while True:   # systemd reads again
            try:
                server.recv(100)
            except BlockingIOError:
                break
        watchdog.frame_presented("idle")
        server.settimeout(1)
        assert server.recv(100) == b"READY=1\nSTATUS=idle"
    finally:
        filler.close()
        server.close()
