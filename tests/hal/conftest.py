"""Fixtures for the hardware layer: a simulated clock, the pinout, a GPIO HAL on
gpiozero's own mock pins (`mock_factory` is in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from lastmessage.clock import SimulatedClock
from lastmessage.hal.gpio import GpioHal
from lastmessage.hal.pinout import Pinout, load_pinout


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
