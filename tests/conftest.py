"""Fixtures for every suite.

Every test starts in English: the tablet's language button (pressed by a test,
or by a random tap of the fuzz tests on the start screen) changes module state.

`mock_factory` installs gpiozero's own mock pins the way gpiozero's test-suite
does: save the current factory, install `MockFactory(pin_class=MockPWMPin)`
(PWM is needed by the LED bar and the buzzer), and on teardown reset it and put
the old one back, so no pin state leaks from one test into the next.
"""

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from lastmessage import i18n


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
def english_at_the_start_of_each_test() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")
