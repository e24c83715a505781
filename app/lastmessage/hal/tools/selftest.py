"""`lastmessage selftest`: check every pin of the pinout, on mock pins or with a person.

`--auto` builds the real gpio backend on gpiozero's MockFactory and checks
that every entry of the pinout is driven or read as declared: inputs with the
declared pull give their intent when driven to their active level, outputs
show on their pin. It needs no hardware, so CI runs it.

Without `--auto` it runs on the real pins and walks a person through every LED
(asking whether it lit), the buzzer and every button (waiting for a press),
so a freshly wired table is checked before the first party.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lastmessage.clock import Clock, MonotonicClock, SimulatedClock
from lastmessage.hal.base import Control, IntentKind, Sound
from lastmessage.hal.discipline import PRESS_INTENTS
from lastmessage.hal.pinout import Kind, PinEntry, Pinout
from lastmessage.hal.sounds import MELODIES, duration

if TYPE_CHECKING:   # gpiozero is imported only when a selftest runs
    from lastmessage.hal.gpio import GpioHal

Say = Callable[[str], None]


class MockPin(Protocol):
    """What the checks read and drive of a gpiozero MockPin / MockPWMPin (gpiozero is untyped)."""

    @property
    def function(self) -> str: ...

    @property
    def pull(self) -> str: ...

    @property
    def state(self) -> float: ...

    @property
    def frequency(self) -> float | None: ...

    def drive_high(self) -> None: ...

    def drive_low(self) -> None: ...


class MockPins(Protocol):
    """gpiozero's MockFactory, as the checks use it: the mock pin of a GPIO."""

    def pin(self, gpio: int) -> MockPin: ...

EXPECTED_PRESS: dict[Control, IntentKind] = {**PRESS_INTENTS,
                                             Control.ACCUSE: IntentKind.ACCUSE_HOLD}
"""What a short, clean press of each control must give."""


@dataclass(frozen=True)
class Check:
    entry: PinEntry
    ok: bool
    detail: str


def describe(entry: PinEntry) -> str:
    return f"{entry.name:10} GPIO{entry.gpio:<2} (pin {entry.physical_pin:2})"


def _report(checks: list[Check], say: Say, where: str) -> int:
    for check in checks:
        say(f"{'ok  ' if check.ok else 'FAIL'} {describe(check.entry)}  {check.detail}")
    failed = [c for c in checks if not c.ok]
    say(f"selftest ({where}): {len(checks) - len(failed)} of {len(checks)} pins ok"
        + (f"; failed: {', '.join(c.entry.name for c in failed)}" if failed else ""))
    return 1 if failed else 0


# -- automatic, on gpiozero's mock pins ----------------------------------------------

def run_auto(pinout: Pinout, *, say: Say = print) -> int:
    """Check every entry on MockFactory(pin_class=MockPWMPin); 0 when all pass."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from lastmessage.hal.gpio import GpioHal

    saved = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    clock = SimulatedClock()
    hal = None
    try:
        hal = GpioHal(pinout, clock=clock, pin_factory=factory, log=lambda message: None)
        checks: list[Check] = []
        pair: Check | None = None  # the encoder's A and B are checked together
        for entry in pinout.entries:
            if entry.kind in (Kind.ENCODER_A, Kind.ENCODER_B):
                pair = pair or _check_entry(hal, factory, clock, entry)
                checks.append(Check(entry, pair.ok, pair.detail))
            else:
                checks.append(_check_entry(hal, factory, clock, entry))
        return _report(checks, say, f"mock pins, {len(pinout.entries)} entries of "
                                    f"{pinout.source}")
    finally:
        if hal is not None:
            hal.close()
        factory.reset()
        Device.pin_factory = saved


def _check_entry(hal: GpioHal, factory: MockPins, clock: SimulatedClock, entry: PinEntry) -> Check:
    pin = factory.pin(entry.gpio)
    try:
        if entry.kind is Kind.BUTTON:
            return _check_button(hal, pin, clock, entry)
        if entry.kind is Kind.BAR_LED:
            return _check_bar_led(hal, factory, entry)
        if entry.kind is Kind.BUZZER:
            return _check_buzzer(hal, pin, clock, entry)
        if entry.kind is Kind.STATUS_LED:
            return _check_status(hal, pin, entry)
        return _check_encoder(hal, factory, clock, entry)
    except Exception as error:  # a selftest reports, it does not stop at the first fault
        return Check(entry, False, f"{type(error).__name__}: {error}")


def _drive(pin: MockPin, level: bool) -> None:
    pin.drive_high() if level else pin.drive_low()


def _check_button(hal: GpioHal, pin: MockPin, clock: SimulatedClock, entry: PinEntry) -> Check:
    assert entry.control is not None
    if pin.function != "input" or pin.pull != entry.pull:
        return Check(entry, False, f"pin is {pin.function} with pull {pin.pull}, "
                                   f"declared input with pull {entry.pull}")
    expected = EXPECTED_PRESS[entry.control]
    _drive(pin, entry.active_high)
    clock.advance(0.1)
    got = [i.kind for i in hal.poll(clock.now())]
    _drive(pin, not entry.active_high)
    clock.advance(0.1)
    released = [i.kind for i in hal.poll(clock.now())]
    if entry.control is Control.ADMIN:   # the service button's press counts at its release
        got += released
    if got != [expected]:
        return Check(entry, False, f"pressed gave {[k.value for k in got]}, "
                                   f"expected [{expected.value}]")
    return Check(entry, True, f"button, pull {entry.pull}, active {entry.active} "
                              f"-> {expected.value}")


def _check_bar_led(hal: GpioHal, factory: MockPins, entry: PinEntry) -> Check:
    bar = hal.pinout.bar_leds()
    assert entry.index is not None
    alone = [1.0 if i == entry.index - 1 else 0.0 for i in range(len(bar))]
    hal.timer_bar.set_levels(alone)
    lit = 1.0 if entry.active_high else 0.0
    states = {e.name: factory.pin(e.gpio).state for e in bar}
    hal.timer_bar.set_levels([0.0] * len(bar))
    wrong = {name: state for name, state in states.items()
             if (state == lit) != (name == entry.name)}
    if factory.pin(entry.gpio).function != "output" or wrong:
        return Check(entry, False, f"lighting segment {entry.index} alone gave pin states {wrong}")
    return Check(entry, True, f"bar segment {entry.index}, PWM, active {entry.active}")


def _check_buzzer(hal: GpioHal, pin: MockPin, clock: SimulatedClock, entry: PinEntry) -> Check:
    hal.buzzer.play(Sound.TICK, clock.now())
    tone, duty = pin.frequency, pin.state
    clock.advance(duration(Sound.TICK) + 0.01)
    hal.update(clock.now())
    expected = MELODIES[Sound.TICK][0][0]
    if tone != expected or duty != 0.5 or pin.frequency is not None:
        return Check(entry, False, f"tick gave {tone} Hz at duty {duty}, then {pin.frequency}; "
                                   f"expected {expected} Hz at 0.5, then silence")
    return Check(entry, True, f"buzzer, tone {expected:g} Hz then silent")


def _check_status(hal: GpioHal, pin: MockPin, entry: PinEntry) -> Check:
    led = hal.status
    assert led is not None, "the gpio backend opens the pinout's status LED"
    led.on()
    on = pin.state
    led.off()
    off = pin.state
    if (bool(on), bool(off)) != (entry.active_high, not entry.active_high):
        return Check(entry, False, f"on/off gave pin states {on}/{off}")
    return Check(entry, True, f"status LED, active {entry.active}")


def _check_encoder(hal: GpioHal, factory: MockPins, clock: SimulatedClock, entry: PinEntry) -> Check:
    encoder = hal.pinout.encoder()
    assert encoder is not None
    a, b = (factory.pin(e.gpio) for e in encoder)
    if (a.pull, b.pull) != ("up", "up"):
        return Check(entry, False, f"encoder pins pulled {a.pull}/{b.pull}, expected up/up")
    got: list[IntentKind] = []
    for first, second in ((a, b), (b, a)):
        first.drive_low()
        second.drive_low()
        first.drive_high()
        second.drive_high()
        got += [i.kind for i in hal.poll(clock.now())]
    expected = [IntentKind.NEXT_SUSPECT, IntentKind.PREVIOUS_SUSPECT]
    if got != expected:
        return Check(entry, False, f"turning gave {[k.value for k in got]}, "
                                   f"expected {[k.value for k in expected]}")
    return Check(entry, True, "encoder A/B, clockwise -> next, counter-clockwise -> previous")


# -- with a person, on the real pins ------------------------------------------------------

def run_interactive(pinout: Pinout, *, clock: Clock | None = None, say: Say = print,
                    ask: Callable[[str], str] = input,
                    sleep: Callable[[float], None] = time.sleep,
                    wait: float = 20.0, hal: GpioHal | None = None) -> int:
    """Walk a person through every output and input; 0 when all are confirmed."""
    clock = clock or MonotonicClock()
    if hal is None:
        from lastmessage.hal.gpio import GpioHal, pin_factory_name
        hal = GpioHal(pinout, clock=clock, log=say)
        say(f"selftest on the real pins ({pin_factory_name()}), pinout {pinout.source}")
    checks: list[Check] = []
    try:
        say("Outputs: answer y (yes), n (no) or s (skip an optional part).")
        for entry in pinout.bar_leds():
            assert entry.index is not None
            hal.timer_bar.set_levels([1.0 if i == entry.index - 1 else 0.0
                                      for i in range(len(pinout.bar_leds()))])
            checks.append(_confirm(entry, f"Is bar segment {entry.index} lit, and only it?", ask))
        hal.timer_bar.set_levels([0.0] * len(pinout.bar_leds()))
        status = pinout.status_led()
        if status is not None:
            led = hal.status
            assert led is not None, "the gpio backend opens the pinout's status LED"
            led.on()
            checks.append(_confirm(status, "Is the status LED lit?", ask))
            led.off()
        buzzer = pinout.buzzer()
        if buzzer is not None:
            _play_all(hal, clock, sleep)
            checks.append(_confirm(buzzer, f"Did you hear {len(Sound)} short melodies?", ask))
        say(f"Inputs: press each button when asked (you have {wait:g} s each).")
        for entry in pinout.buttons():
            assert entry.control is not None
            checks.append(_wait_for(hal, clock, sleep, entry, EXPECTED_PRESS[entry.control],
                                    f"Press {entry.control.value.upper()} "
                                    f"({entry.description})", say, wait))
            _wait_released(hal, clock, sleep)
        encoder = pinout.encoder()
        if encoder is not None:
            checks.append(_wait_for(hal, clock, sleep, encoder[0], IntentKind.NEXT_SUSPECT,
                                    "Turn the encoder one click clockwise", say, wait))
            checks.append(_wait_for(hal, clock, sleep, encoder[1], IntentKind.PREVIOUS_SUSPECT,
                                    "Turn the encoder one click counter-clockwise", say, wait))
    finally:
        hal.close()
    return _report(checks, say, "with a person")


def _confirm(entry: PinEntry, question: str, ask: Callable[[str], str]) -> Check:
    while True:
        answer = ask(f"{question} [{describe(entry).strip()}] (y/n/s) ").strip().lower()
        if answer in ("y", "yes", ""):
            return Check(entry, True, "confirmed by a person")
        if answer in ("n", "no"):
            return Check(entry, False, "not seen: check its wiring, resistor and polarity")
        if answer in ("s", "skip"):
            return Check(entry, entry.optional, "skipped" + ("" if entry.optional
                                                             else " (not optional)"))


def _play_all(hal: GpioHal, clock: Clock, sleep: Callable[[float], None]) -> None:
    for sound in Sound:
        hal.buzzer.play(sound, clock.now())
        end = clock.now() + duration(sound) + 0.3
        while clock.now() < end:
            hal.update(clock.now())
            sleep(0.01)
    hal.update(clock.now())


def _wait_for(hal: GpioHal, clock: Clock, sleep: Callable[[float], None], entry: PinEntry,
              expected: IntentKind, prompt: str, say: Say, wait: float) -> Check:
    say(f"{prompt} [{describe(entry).strip()}] ...")
    deadline = clock.now() + wait
    while clock.now() < deadline:
        for intent in hal.poll(clock.now()):
            if intent.kind is expected:
                return Check(entry, True, f"-> {expected.value}")
            if intent.kind is not IntentKind.ACCUSE_CANCEL:
                say(f"  got {intent.kind.value}, waiting for {expected.value}")
        sleep(0.01)
    if entry.optional:
        return Check(entry, True, "not pressed (optional part, skipped)")
    return Check(entry, False, f"no {expected.value} within {wait:g} s: check the switch, "
                               f"its ground wire and GPIO{entry.gpio}")


def _wait_released(hal: GpioHal, clock: Clock, sleep: Callable[[float], None]) -> None:
    deadline = clock.now() + 5.0
    while hal.discipline.held() and clock.now() < deadline:
        hal.poll(clock.now())
        sleep(0.01)
    hal.poll(clock.now())
