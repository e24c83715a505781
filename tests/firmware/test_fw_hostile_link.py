"""The link never invents a press: the real firmware, a hostile cable, the real backend.

Each test presses real (fake-chip) buttons on the simulated module while the
cable damages, forges, silences or floods the module's lines, and checks the
intents the app gets against what the buttons really did.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

from lastmessage.clock import MonotonicClock
from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.tools.module_cable import HostileCable, forward
from lastmessage.hal.tools.module_sim import SimulatedModule
from lastmessage.hal.serial_backend import open_serial_hal

from .conftest import Driver

Opener = Callable[..., tuple[HostileCable, Driver]]


@pytest.fixture
def through_cable(sim: SimulatedModule) -> Iterator[Opener]:
    opened: list[tuple[HostileCable, Driver]] = []

    def open_(tamper: Callable[[HostileCable, sp.Line], list[bytes]] = forward
              ) -> tuple[HostileCable, Driver]:
        cable = HostileCable(sim.slave_path, tamper)
        hal = open_serial_hal(port=cable.port, clock=MonotonicClock())
        driver = Driver(hal)
        opened.append((cable, driver))
        driver.until(hal.link_ok)
        return cable, driver

    yield open_
    for cable, driver in opened:
        driver.hal.close()
        cable.close()


def damaged(data: bytes) -> bytes:
    """One byte of the body changed: the CRC no longer matches."""
    return data[:2] + bytes([data[2] ^ 0x01]) + data[3:]


def damage_release_of(name: str) -> Callable[[HostileCable, sp.Line], list[bytes]]:
    def tamper(cable: HostileCable, line: sp.Line) -> list[bytes]:
        if line.verb == "BTN" and line.args[:2] == (name, "0"):
            return [damaged(cable.renumber(line))]
        return [cable.renumber(line)]
    return tamper


def pump_for(driver: Driver, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        driver.pump()
        time.sleep(0.005)


@pytest.mark.parametrize(("button", "gives"), [
    ("accuse", ["accuse_hold", "accuse_cancel"]),   # not a confirmed accusation
    ("left", ["move_left"]),                         # no repeat until stuck detection
])
def test_a_tap_with_its_release_line_damaged_gives_one_tap(
        sim: SimulatedModule, through_cable: Opener, button: str, gives: list[str]) -> None:
    _, driver = through_cable(damage_release_of(button))
    sim.press(button)
    driver.until(lambda: gives[0] in driver.kinds())
    time.sleep(0.2)
    sim.release(button)
    driver.until(lambda: not driver.hal.discipline.held(), timeout=3)
    pump_for(driver, 1.5)
    assert driver.kinds() == gives


def test_a_module_gone_silent_while_accuse_is_held_does_not_confirm(
        sim: SimulatedModule, through_cable: Opener) -> None:
    cable, driver = through_cable()
    sim.press("accuse")
    driver.until(lambda: "accuse_hold" in driver.kinds())
    time.sleep(0.3)
    cable.mute = True            # no line, no I/O error: the heartbeat timeout is 3 s
    driver.until(lambda: "accuse_cancel" in driver.kinds(), timeout=2)
    pump_for(driver, 1.0)
    assert "accuse" not in driver.kinds()
    assert driver.hal.link_ok()  # the link itself is not declared lost yet
    sim.release("accuse")


def test_a_forged_line_far_ahead_costs_no_real_press(sim: SimulatedModule,
                                                     through_cable: Opener) -> None:
    forged: list[int] = []
    armed = threading.Event()

    def tamper(cable: HostileCable, line: sp.Line) -> list[bytes]:
        out = [cable.renumber(line)]
        if line.verb == "HB" and armed.is_set() and not forged:
            forged.append(line.seq)
            out.append(cable.renumber(line, extra=30_000))
        return out

    _, driver = through_cable(tamper)
    armed.set()
    driver.until(lambda: forged, timeout=3)
    for n in range(1, 6):
        sim.press("flip")
        driver.until(lambda: driver.kinds().count("flip") == n, timeout=2)
        sim.release("flip")
        pump_for(driver, 0.1)
    link = driver.hal.link
    assert link.stats.out_of_order >= 1
    assert driver.hal.link_health().degraded      # the operator can see it


def test_a_forged_line_with_bad_arguments_does_not_take_the_release_s_number(
        sim: SimulatedModule, through_cable: Opener) -> None:
    def tamper(cable: HostileCable, line: sp.Line) -> list[bytes]:
        out = [cable.renumber(line)]
        if line.verb == "BTN" and line.args[:2] == ("flip", "1"):
            out.append(sp.encode((line.seq + cable.shift + 1) % sp.SEQ_MOD, "BTN",
                                 ("flip", 7, 12)))
        return out

    _, driver = through_cable(tamper)
    sim.press("flip")
    driver.until(lambda: "flip" in driver.kinds())
    sim.release("flip")
    driver.until(lambda: not driver.hal.discipline.held(), timeout=2)
    assert driver.hal.link.stats.bad_args == 1
    pump_for(driver, 0.3)
    assert driver.kinds() == ["flip"]


def test_a_flood_of_heartbeats_keeps_the_clock_mapper_small(sim: SimulatedModule,
                                                            through_cable: Opener) -> None:
    copies = 3000

    def tamper(cable: HostileCable, line: sp.Line) -> list[bytes]:
        if line.verb != "HB":
            return [cable.renumber(line)]
        out = [cable.renumber(line, extra=i) for i in range(copies + 1)]
        cable.shift += copies    # every copy in sequence, as a runaway module would send
        return out

    _, driver = through_cable(tamper)
    link = driver.hal.link
    driver.until(lambda: link.stats.lines > 2 * copies, timeout=10)
    sim.press("flip")
    driver.until(lambda: "flip" in driver.kinds(), timeout=3)
    sim.release("flip")
    assert len(link.mapper) <= 2 + link.mapper.WINDOW / link.mapper.BUCKET


def test_hostile_bench_loses_and_invents_no_press() -> None:
    """A short `module-bench --hostile`: counts, not timings."""
    from lastmessage.hal.tools.module_hostile import PLAN, run_hostile
    out: list[str] = []
    assert run_hostile(1, seed=7, flood=500, out=out.append) == 0, "\n".join(out)
    assert any(name == "zoom" for name, _, _ in PLAN)   # the extra button, told after CAPS, pressed too
    assert f"damaged lines: presses {len(PLAN)}, lost 0, false 0" in out
    assert f"damaged lines + heartbeat flood: presses {len(PLAN)}, lost 0, false 0" in out
    harm = out[0]
    assert "corrupt" in harm and "flooded" in harm, harm
