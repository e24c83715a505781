"""Fixtures for every suite.

`mock_factory` installs gpiozero's own mock pins the way gpiozero's test-suite
does: save the current factory, install `MockFactory(pin_class=MockPWMPin)`
(PWM is needed by the LED bar and the buzzer), and on teardown reset it and put
the old one back, so no pin state leaks from one test into the next.

Hypothesis runs without its per-example deadline and its too-slow health check: both are
timings, and on a shared, loaded build machine a timing is noise, not a failure (speed is the
bench's to measure).
"""

import os
from collections.abc import Iterator

import pytest
from gpiozero import Device
from hypothesis import HealthCheck, settings
from gpiozero.pins.mock import MockFactory, MockPWMPin

settings.register_profile("shared_machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared_machine")


def pytest_configure(config: pytest.Config) -> None:
    """The test session starts as the device does: pygame's banner off standard output
    (cli.main does it for the commands) and the allocator tuned (table/memory.py)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from lastmessage.table.memory import tune_the_allocator
    tune_the_allocator()


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


@pytest.fixture(autouse=True)
def _heap_thawed() -> Iterator[None]:
    """A table between games and the frame loop freeze the heap out of the collector's walks
    (table/memory.py): the next test's garbage must be collectable again."""
    yield
    import gc
    gc.unfreeze()


@pytest.fixture
def tesseract() -> None:
    """OCR is there (tests/ocr.py): a test that reads the screens fails without it."""
    from ocr import require_tesseract
    require_tesseract()
