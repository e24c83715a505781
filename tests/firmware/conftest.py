"""Fixtures for the timer/button module: the firmware under CPython, on a pty.

Timing: every wait is a deadline on a condition (`wait_until`), never a fixed
sleep that the test then relies on, so a slow CI core only makes tests slower.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from lastmessage.clock import MonotonicClock
from lastmessage.hal.base import Intent
from lastmessage.hal.tools.module_sim import FIRMWARE_DIR, SimulatedModule, _load_firmware
from lastmessage.hal.serial_backend import SerialHal, open_serial_hal


def wait_until(condition: Callable[[], Any], timeout: float = 5.0, step: float = 0.005) -> Any:
    """Poll `condition` until it is truthy; fail the test after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        time.sleep(step)


@pytest.fixture(scope="session")
def firmware() -> ModuleType:
    """lm_main with the fakes installed; firmware modules importable by name."""
    return _load_firmware(FIRMWARE_DIR)


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[SimulatedModule]:
    module = SimulatedModule(link=tmp_path / "ttyLM")
    module.plug()
    assert module.state == "running"
    yield module
    module.close()


class Driver:
    """The app's side: a SerialHal on the real clock, polled like the frame loop."""

    def __init__(self, hal: SerialHal) -> None:
        self.hal = hal
        self.clock = MonotonicClock()
        self.intents: list[Intent] = []

    def pump(self) -> list[Intent]:
        now = self.clock.now()
        got = self.hal.poll(now)
        self.hal.update(now)
        self.intents += got
        return got

    def until(self, condition: Callable[[], Any], timeout: float = 5.0) -> Any:
        def step() -> Any:
            self.pump()
            return condition()
        return wait_until(step, timeout)

    def kinds(self) -> list[str]:
        return [i.kind.value for i in self.intents]


@pytest.fixture
def driver(sim: SimulatedModule) -> Iterator[Driver]:
    hal = open_serial_hal(port=sim.port, clock=MonotonicClock())
    d = Driver(hal)
    d.until(hal.link_ok)
    yield d
    hal.close()
