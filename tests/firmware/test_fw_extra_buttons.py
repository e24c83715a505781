"""ZOOM on the Pico module without a new protocol version (PROTOCOL.md, "Extra buttons"):
the host asks for it with CAPS after the handshake. This release's firmware with this host
gives ZOOM; the 1.1.0 firmware (no CAPS verb, no ZOOM pin) with this host keeps every other
button and a clean link; this firmware with a host that never asks (a version 2 host of
1.1.0) is covered on both interpreters by micropython/cases/mpcase_extra_buttons.py."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastmessage.clock import MonotonicClock
from lastmessage.hal.serial_backend import open_serial_hal
from lastmessage.hal.tools.module_sim import SimulatedModule

from .conftest import Driver, wait_until


def _driven(sim: SimulatedModule, logged: list[str]) -> Driver:
    hal = open_serial_hal(port=sim.port, clock=MonotonicClock(), log=logged.append)
    driver = Driver(hal)
    driver.until(hal.link_ok)
    return driver


@pytest.fixture
def old_firmware(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SimulatedModule]:
    """The module as 1.1.0 was: no CAPS verb, no ZOOM pin."""
    module = SimulatedModule(link=tmp_path / "ttyOld")
    monkeypatch.delitem(sys.modules["lm_module"].COMMANDS, "CAPS")
    module.board.BUTTONS = tuple(pin for pin in module.board.BUTTONS if pin[0] != "zoom")
    module.board.FW_VERSION = "1.1.0"
    module.buttons.pop("zoom")
    module.plug()
    yield module
    module.close()


def test_this_firmware_and_this_host_give_zoom(sim: SimulatedModule) -> None:
    logged: list[str] = []
    driver = _driven(sim, logged)
    try:
        driver.until(lambda: driver.hal.link.extra_buttons == ("zoom",))
        sim.press("zoom")
        driver.until(lambda: "zoom" in driver.kinds())
        sim.release("zoom")
        sim.press("flip")
        driver.until(lambda: "flip" in driver.kinds())
        sim.release("flip")
        assert driver.kinds() == ["zoom", "flip"]
        assert not driver.hal.link.health().degraded
    finally:
        driver.hal.close()


def test_old_firmware_and_this_host_keep_every_other_button(old_firmware: SimulatedModule) -> None:
    logged: list[str] = []
    driver = _driven(old_firmware, logged)
    try:
        wait_until(lambda: any("has no ZOOM button" in line for line in logged))
        assert driver.hal.link.extra_buttons == ()
        assert driver.hal.link.module_info["firmware"] == "1.1.0"
        old_firmware.press("accuse")
        driver.until(lambda: "accuse" in driver.kinds())
        old_firmware.release("accuse")
        assert not driver.hal.link.health().degraded
        assert not any("refused our line" in line for line in logged)
    finally:
        driver.hal.close()


def test_this_firmware_and_a_host_that_never_asks_hear_nothing_of_zoom(sim: SimulatedModule,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The host of 1.1.0: no CAPS sent, a bitmap above 255 refused (bad_args, degraded)."""
    from lastmessage.hal import serial_protocol as sp
    monkeypatch.setattr(sp, "EXTRA_BITS", ())
    logged: list[str] = []
    driver = _driven(sim, logged)
    try:
        sim.press("zoom")
        sim.press("pass")
        driver.until(lambda: "pass" in driver.kinds())
        sim.release("pass")
        wait_until(lambda: sim.module is not None and sim.module.state == 0)   # zoom still down, untold
        sim.release("zoom")
        assert driver.kinds() == ["pass"]
        assert driver.hal.link.stats.bad_args == 0 and driver.hal.unknown_buttons == 0
        assert not driver.hal.link.health().degraded
    finally:
        driver.hal.close()
