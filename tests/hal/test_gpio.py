"""The gpio backend on gpiozero's own MockFactory / MockPWMPin.

Pins are driven the way a person would (a pulled-up button pressed = driven
low); the clock is simulated, so debounce and hold are checked exactly.
"""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from lastmessage.clock import SimulatedClock
from lastmessage.hal.bar_animation import duty_cycle
from lastmessage.hal.base import Control, IntentKind, Pattern, Sound
from lastmessage.hal.gpio import GpioHal
from lastmessage.hal.pinout import Pinout

K = IntentKind
PRESS_INTENT = {
    Control.FLIP: K.FLIP, Control.LEFT: K.MOVE_LEFT, Control.RIGHT: K.MOVE_RIGHT,
    Control.UP: K.MOVE_UP, Control.DOWN: K.MOVE_DOWN, Control.ACCUSE: K.ACCUSE_HOLD,
    Control.PASS: K.PASS, Control.ADMIN: K.ADMIN, Control.ZOOM: K.ZOOM,
}


def press(factory: MockFactory, gpio: int, active_high: bool = False) -> None:
    pin = factory.pin(gpio)
    pin.drive_high() if active_high else pin.drive_low()


def release(factory: MockFactory, gpio: int, active_high: bool = False) -> None:
    pin = factory.pin(gpio)
    pin.drive_low() if active_high else pin.drive_high()


def test_every_button_of_the_pinout_gives_its_intent(
        gpio_hal: GpioHal, mock_factory: MockFactory, clock: SimulatedClock,
        pinout: Pinout) -> None:
    assert {e.control for e in pinout.buttons()} == set(Control)
    for entry in pinout.buttons():
        assert entry.control is not None
        assert mock_factory.pin(entry.gpio).pull == entry.pull
        press(mock_factory, entry.gpio, entry.active_high)
        clock.advance(0.05)
        pressed = [i.kind for i in gpio_hal.poll(clock.now())]
        release(mock_factory, entry.gpio, entry.active_high)
        clock.advance(0.05)
        released = [i.kind for i in gpio_hal.poll(clock.now())]
        if entry.control is Control.ADMIN:   # a short service press counts at its release
            assert (pressed, released) == ([], [K.ADMIN])
        else:
            assert pressed == [PRESS_INTENT[entry.control]]


def test_hold_to_confirm_on_the_accuse_pin(gpio_hal: GpioHal, mock_factory: MockFactory,
                                           clock: SimulatedClock) -> None:
    press(mock_factory, 25)
    clock.advance(0.5)
    assert [i.kind for i in gpio_hal.poll(clock.now())] == [K.ACCUSE_HOLD]
    clock.advance(0.4)
    assert [i.kind for i in gpio_hal.poll(clock.now())] == [K.ACCUSE]


def test_chatter_on_a_real_pin_gives_one_press(gpio_hal: GpioHal, mock_factory: MockFactory,
                                               clock: SimulatedClock) -> None:
    for _ in range(5):
        press(mock_factory, 17)
        clock.advance(0.002)
        release(mock_factory, 17)
        clock.advance(0.003)
    press(mock_factory, 17)
    clock.advance(1.0)
    assert [i.kind for i in gpio_hal.poll(clock.now())] == [K.FLIP]


def test_stuck_button_on_a_real_pin(gpio_hal: GpioHal, mock_factory: MockFactory,
                                    clock: SimulatedClock) -> None:
    logged: list[str] = []
    gpio_hal.discipline._log = logged.append
    press(mock_factory, 24)
    clock.advance(11.0)
    gpio_hal.poll(clock.now())
    assert gpio_hal.discipline.stuck() == {Control.DOWN} and "down" in logged[0]
    clock.advance(20.0)
    assert gpio_hal.poll(clock.now()) == []
    gpio_hal.update(clock.now())


@pytest.mark.parametrize("sequence, kind", [
    ("a- b- a+ b+", K.NEXT_SUSPECT),
    ("b- a- b+ a+", K.PREVIOUS_SUSPECT),
])
def test_encoder_direction(gpio_hal: GpioHal, mock_factory: MockFactory,
                           clock: SimulatedClock, sequence: str, kind: IntentKind) -> None:
    pins = {"a": mock_factory.pin(14), "b": mock_factory.pin(15)}
    for _ in range(2):
        for move in sequence.split():
            pin = pins[move[0]]
            pin.drive_low() if move[1] == "-" else pin.drive_high()
    assert [i.kind for i in gpio_hal.poll(clock.now())] == [kind, kind]


def test_bar_pins_follow_the_drain(gpio_hal: GpioHal, mock_factory: MockFactory,
                                   clock: SimulatedClock, pinout: Pinout) -> None:
    gpios = [e.gpio for e in pinout.bar_leds()]
    gpio_hal.timer_bar.drain(30.0, clock.now())
    assert [mock_factory.pin(g).state for g in gpios] == [1.0] * 10
    clock.advance(12.0)  # 60 % left: six LEDs
    gpio_hal.update(clock.now())
    assert [mock_factory.pin(g).state for g in gpios] == pytest.approx([1.0] * 6 + [0.0] * 4)
    clock.advance(1.5)  # 55 %: the sixth LED half bright, gamma-corrected
    gpio_hal.update(clock.now())
    assert mock_factory.pin(gpios[5]).state == pytest.approx(duty_cycle(0.5))
    clock.advance(16.3)  # 29.8 s: in the last 5 s, in an "off" half of the blink
    gpio_hal.update(clock.now())
    assert [mock_factory.pin(g).state for g in gpios] == [0.0] * 10


def test_idle_pattern_breathes_on_the_pins(gpio_hal: GpioHal, mock_factory: MockFactory,
                                           clock: SimulatedClock, pinout: Pinout) -> None:
    bottom = mock_factory.pin(pinout.bar_leds()[0].gpio)
    gpio_hal.timer_bar.show_pattern(Pattern.IDLE, clock.now())
    low = bottom.state
    clock.advance(2.0)
    gpio_hal.update(clock.now())
    assert bottom.state > low > 0


def test_buzzer_plays_the_melody_frequencies(gpio_hal: GpioHal, mock_factory: MockFactory,
                                             clock: SimulatedClock, pinout: Pinout) -> None:
    entry = pinout.buzzer()
    assert entry is not None
    pin = mock_factory.pin(entry.gpio)
    gpio_hal.buzzer.play(Sound.WRONG, clock.now())
    assert pin.frequency == pytest.approx(311.13) and pin.state == 0.5
    clock.advance(0.27)  # the rest between the two notes
    gpio_hal.update(clock.now())
    assert pin.frequency is None and pin.state == 0
    clock.advance(0.1)
    gpio_hal.update(clock.now())
    assert pin.frequency == pytest.approx(233.08)
    clock.advance(5)
    gpio_hal.update(clock.now())
    assert pin.frequency is None


def test_status_led_heartbeat(gpio_hal: GpioHal, mock_factory: MockFactory,
                              clock: SimulatedClock, pinout: Pinout) -> None:
    entry = pinout.status_led()
    assert entry is not None
    states = set()
    for _ in range(40):
        clock.advance(0.05)
        gpio_hal.update(clock.now())
        states.add(mock_factory.pin(entry.gpio).state)
    assert states == {0, 1}


def test_a_button_held_at_start_does_nothing_until_released(
        mock_factory: MockFactory, clock: SimulatedClock, pinout: Pinout) -> None:
    mock_factory.pin(17).drive_low()
    hal = GpioHal(pinout, clock=clock, log=lambda m: None)
    try:
        clock.advance(1.0)
        assert hal.poll(clock.now()) == []
        mock_factory.pin(17).drive_high()
        clock.advance(1.0)
        mock_factory.pin(17).drive_low()
        clock.advance(0.05)
        assert [i.kind for i in hal.poll(clock.now())] == [K.FLIP]
    finally:
        hal.close()


def test_close_releases_every_pin(mock_factory: MockFactory, clock: SimulatedClock,
                                  pinout: Pinout) -> None:
    hal = GpioHal(pinout, clock=clock)
    hal.close()
    again = GpioHal(pinout, clock=clock)  # would raise GPIOPinInUse if a pin leaked
    again.close()
