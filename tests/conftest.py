"""Fixtures for every suite.

`mock_factory` installs gpiozero's own mock pins the way gpiozero's test-suite
does: save the current factory, install `MockFactory(pin_class=MockPWMPin)`
(PWM is needed by the LED bar and the buzzer), and on teardown reset it and put
the old one back, so no pin state leaks from one test into the next.
"""

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin


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


@pytest.fixture(autouse=True)
def _paint_in_the_foreground() -> Iterator[None]:
    """A device started in-process paints new crowds in the background (`scenes.painter`); the next
    test's screens must draw at once again, or their screenshots would depend on timing."""
    yield
    from lastmessage.scenes.painter import PAINTER
    PAINTER.use_background(False)
