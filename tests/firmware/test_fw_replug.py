"""Pulling the module's cable mid-game: the game goes on, nothing is lost, the link recovers."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lastmessage.hal.tools.module_sim import SimulatedModule

from .conftest import Driver


def test_unplug_and_replug_mid_drain(sim: SimulatedModule, driver: Driver) -> None:
    hal = driver.hal
    started = driver.clock.now()
    hal.timer_bar.drain(20.0, started)
    sim.press("right")                       # an arrow held as the cable goes
    driver.until(lambda: "move_right" in driver.kinds())
    sim.unplug()
    driver.until(lambda: not hal.link_ok(), timeout=5)
    # the held arrow is released with the link: no endless auto-repeat
    driver.until(lambda: not hal.discipline.held())
    moves = driver.kinds().count("move_right")
    end = time.monotonic() + 0.6
    while time.monotonic() < end:
        driver.pump()
        time.sleep(0.01)
    assert driver.kinds().count("move_right") == moves
    # the game's own timer goes on, on the Pi's clock, and the on-screen bar with it
    assert 0 < hal.timer_bar.fraction_left(driver.clock.now()) < 1
    assert hal.link.send("LEVEL", (1,)) is None          # nothing queued while down
    sim.release("right")
    sim.plug()
    driver.until(hal.link_ok, timeout=10)
    # the module gets the drain back part-way through, as the Pi's clock has it
    driver.until(lambda: sim.module is not None and sim.module.bar.mode == 2)
    remaining = sim.module.bar.remaining_ms(time.ticks_ms()) / 1000  # type: ignore[attr-defined]
    expected = 20.0 - (driver.clock.now() - started)
    assert remaining == pytest.approx(expected, abs=1.0)
    sim.press("flip")
    driver.until(lambda: "flip" in driver.kinds())
    assert hal.link.stats.connects == 2 and hal.link.stats.disconnects == 1
    assert hal.link.stats.bad_total() == 0


def test_backend_waits_for_a_module_that_is_not_there_yet(tmp_path: Path) -> None:
    from lastmessage.clock import MonotonicClock
    from lastmessage.hal.serial_backend import open_serial_hal

    link = tmp_path / "ttyLM"
    hal = open_serial_hal(port=str(link), clock=MonotonicClock())
    try:
        d = Driver(hal)
        for _ in range(20):
            assert d.pump() == []
        assert not hal.link_ok()
        with SimulatedModule(link=link) as sim:
            d.until(hal.link_ok, timeout=10)
            sim.press("pass")
            d.until(lambda: "pass" in d.kinds())
    finally:
        hal.close()


def test_module_sim_command_prints_its_pty_and_takes_commands(tmp_path: Path) -> None:
    link = tmp_path / "ttyLM"
    proc = subprocess.Popen([sys.executable, "-m", "lastmessage", "module-sim", "--link", str(link)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        first = proc.stdout.readline().strip()
        assert first.startswith("/dev/")
        assert proc.stdout.readline().strip() == f"link: {link}"
        from lastmessage.hal.tools.serial_selftest import run
        out: list[str] = []
        assert run(str(link), auto=True, out=out.append, patience=5) == 0, "\n".join(out)
        proc.stdin.write("tap flip 50\nbar\nquit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=10) == 0
        rest = proc.stdout.read()
        assert "ok" in rest and "bar " in rest
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_module_bench_reports_latency(capsys: pytest.CaptureFixture[str]) -> None:
    from lastmessage.cli import main
    assert main(["module-bench", "--presses", "5"]) == 0
    out = capsys.readouterr().out
    assert "button to intent" in out and "lost 0" in out


@pytest.mark.parametrize("kind", ["file", "link elsewhere", "folder missing"])
def test_module_sim_refuses_a_link_path_that_is_not_its_own(tmp_path: Path, kind: str) -> None:
    victim = tmp_path / "notes.txt"
    victim.write_text("keep me")
    link = {"file": victim, "link elsewhere": tmp_path / "ttyLM",
            "folder missing": tmp_path / "nope" / "ttyLM"}[kind]
    if kind == "link elsewhere":
        link.symlink_to(victim)
    result = subprocess.run([sys.executable, "-m", "lastmessage", "module-sim", "--link", str(link)],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and str(link) in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert victim.read_text() == "keep me"


def test_module_sim_replaces_a_stale_pty_link_of_an_earlier_run(tmp_path: Path) -> None:
    link = tmp_path / "ttyLM"
    link.symlink_to("/dev/pts/999")
    with SimulatedModule(link=link) as sim:
        assert os.readlink(link) == sim.slave_path
    assert not link.is_symlink()
