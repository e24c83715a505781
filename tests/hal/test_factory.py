"""Choosing a backend: auto-detection, the gpio backend on mock pins, clear errors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from lastmessage.clock import SimulatedClock
from lastmessage.hal.base import HalError
from lastmessage.hal.discipline import Timings
from lastmessage.hal.factory import is_raspberry_pi, open_hal, resolve_kind
from lastmessage.hal.gpio import GpioHal
from lastmessage.hal.sim import SimHal
from lastmessage.hal.pinout import SetupOverrides
from lastmessage.hal.settings import HalSettings


def test_auto_is_gpio_on_a_pi_and_sim_elsewhere(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    assert is_raspberry_pi(model) and resolve_kind("auto", model_path=model) == "gpio"
    model.write_bytes(b"Generic x86 board\x00")
    assert resolve_kind("auto", model_path=model) == "sim"
    assert not is_raspberry_pi(tmp_path / "missing")


def test_open_sim_and_gpio(mock_factory: MockFactory) -> None:
    clock = SimulatedClock()
    sim = open_hal("sim", hal=HalSettings(leds=12, discipline=Timings(hold_time=1.5)), clock=clock)
    assert isinstance(sim, SimHal) and len(sim.timer_bar.levels()) == 12
    assert (sim.discipline.hold_time, sim.discipline.debounce) == (1.5, 0.0)   # keys do not bounce
    gpio = open_hal("gpio", hal=HalSettings(discipline=Timings(hold_time=1.0)), clock=clock)
    assert isinstance(gpio, GpioHal) and (gpio.discipline.hold_time, gpio.discipline.debounce) == (1.0, 0.02)
    gpio.close()


def test_bad_choices_and_config_get_clear_errors(mock_factory: MockFactory) -> None:
    clock = SimulatedClock()
    with pytest.raises(HalError, match="GPIO 12.*PWM audio"):
        open_hal("gpio", hal=HalSettings(setup=SetupOverrides(audio="pwm")), clock=clock)
    with pytest.raises(HalError, match="cannot read the pinout"):
        open_hal("gpio", hal=HalSettings(pinout=Path("/nonexistent.toml")), clock=clock)


def test_serial_absent_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lastmessage.hal.serial_backend", None)
    with pytest.raises(HalError, match="serial backend"):
        open_hal("serial", clock=SimulatedClock(), serial_port="/dev/ttyACM0")
