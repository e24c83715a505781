"""Fixtures for the hardware layer: gpiozero's own mock pins, a simulated clock.

The mock factory is installed the way gpiozero's own test-suite does it: save
the current factory, install `MockFactory(pin_class=MockPWMPin)` (PWM is needed
by the LED bar and the buzzer), and on teardown reset it and put the old one
back, so no pin state leaks from one test into the next.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from lastmessage.clock import SimulatedClock
from lastmessage.hal.gpio import GpioHal
from lastmessage.hal.pinout import Pinout, load_pinout


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    saved = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = saved


@pytest.fixture
def clock() -> SimulatedClock:
    return SimulatedClock(100.0)


@pytest.fixture
def pinout() -> Pinout:
    return load_pinout()


@pytest.fixture
def gpio_hal(mock_factory: MockFactory, clock: SimulatedClock,
             pinout: Pinout) -> Iterator[GpioHal]:
    hal = GpioHal(pinout, clock=clock, log=lambda message: None)
    try:
        yield hal
    finally:
        hal.close()
