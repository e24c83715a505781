"""The gpio backend: arcade buttons, LED bar, buzzer, encoder and status LED on
the Pi's header, through gpiozero.

gpiozero picks the pin factory (lgpio on a Pi 5; `MockFactory` in tests and in
`selftest --auto`), so this module never names one. Buttons are opened with
`bounce_time=None`: every raw edge goes, stamped with the app's clock, into
our `InputDiscipline`, which debounces and times holds on that clock. Pins
come only from the validated pinout.

Buttons are gpiozero `DigitalInputDevice`s, i.e. `Button` without its hold
thread: `Button` starts one thread per button that times holds in real time
(and makes closing wait for it), which is exactly the job our discipline does
on the app's clock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Protocol, TypeVar

from gpiozero import LED, Device, DigitalInputDevice, LEDBarGraph, RotaryEncoder, TonalBuzzer
from gpiozero.exc import GPIOZeroError
from gpiozero.tones import Tone

from lastmessage.clock import Clock
from lastmessage.hal.bar_animation import duty_cycle
from lastmessage.hal.base import Control, ControlEdge, EncoderStep, HalError, Intent
from lastmessage.hal.discipline import InputDiscipline, Timings
from lastmessage.hal.outputs import AnimatedBar, MelodyBuzzer, status_level
from lastmessage.hal.pinout import PinEntry, Pinout
from lastmessage.hal.sounds import HIGHEST_HZ, LOWEST_HZ

BUZZER_MID_TONE = Tone("A5")
BUZZER_OCTAVES = 2
"""880 Hz +- 2 octaves = 220..3520 Hz, the range of sounds.MELODIES."""


# gpiozero ships no type information: these protocols name the parts of its devices
# this backend (and selftest) use, so mypy checks every use against them.

class Closable(Protocol):
    def close(self) -> None: ...


class InputDevice(Closable, Protocol):
    """A gpiozero DigitalInputDevice: a button, or the encoder's push."""

    when_activated: Callable[[], None] | None
    when_deactivated: Callable[[], None] | None

    @property
    def is_active(self) -> bool: ...


class Dimmable(Protocol):
    """A gpiozero PWMLED: `value` is its duty cycle, 0 to 1."""

    value: float


class BarGraph(Closable, Protocol):
    """A gpiozero LEDBarGraph of PWM LEDs, bottom first."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Dimmable]: ...


class Pitch(Protocol):
    """A gpiozero Tone."""

    @property
    def frequency(self) -> float: ...


class TonalBuzzerDevice(Closable, Protocol):
    """A gpiozero TonalBuzzer."""

    @property
    def min_tone(self) -> Pitch: ...

    @property
    def max_tone(self) -> Pitch: ...

    def play(self, tone: Pitch) -> None: ...

    def stop(self) -> None: ...


class StatusLed(Closable, Protocol):
    """A gpiozero LED (on/off, or `value` 0 to 1 for a blink level)."""

    value: float

    def on(self) -> None: ...

    def off(self) -> None: ...


class Encoder(Closable, Protocol):
    """A gpiozero RotaryEncoder."""

    when_rotated_clockwise: Callable[[], None] | None
    when_rotated_counter_clockwise: Callable[[], None] | None


D = TypeVar("D", bound=Closable)


def _pull_up(entry: PinEntry) -> bool | None:
    return {"up": True, "down": False, "none": None}[entry.pull]


class GpioTimerBar(AnimatedBar):
    """The LED bar: one PWM LED per segment, brightness gamma-corrected."""

    def __init__(self, graph: BarGraph) -> None:
        super().__init__(len(graph))
        self.graph = graph

    def _show(self, levels: list[float]) -> None:
        for led, level in zip(self.graph, levels):
            led.value = duty_cycle(level)

    def set_levels(self, levels: list[float]) -> None:
        """Show fixed levels now, outside any animation (self-test)."""
        self._show(levels)


class GpioBuzzer(MelodyBuzzer):
    """A passive buzzer played with gpiozero's TonalBuzzer."""

    def __init__(self, device: TonalBuzzerDevice) -> None:
        super().__init__()
        self.device = device
        low, high = device.min_tone.frequency, device.max_tone.frequency
        assert low <= LOWEST_HZ and HIGHEST_HZ <= high, "buzzer range narrower than the melodies"

    def _sound(self, frequency: float | None) -> None:
        if frequency is None:
            self.device.stop()
        else:
            self.device.play(Tone.from_frequency(frequency))


class GpioHal:
    """A Hal on gpiozero devices built from a validated pinout."""

    def __init__(self, pinout: Pinout, *, clock: Clock, timings: Timings = Timings(),
                 pin_factory: object = None, log: Callable[[str], None] | None = None) -> None:
        self.pinout = pinout
        self.clock = clock
        self.discipline = InputDiscipline(timings, log=log)
        self._factory = pin_factory
        self._devices: list[Closable] = []
        self._lock = threading.Lock()
        self._down: dict[Control, int] = {}
        self.buttons: dict[str, InputDevice] = {}
        self.encoder_device: Encoder | None = None
        self.status: StatusLed | None = None
        self._status_value = -1.0
        try:
            self._open_all()
        except BaseException:
            self.close()
            raise

    # -- opening -----------------------------------------------------------------

    def _open(self, entry: PinEntry | None, make: Callable[[], D]) -> D:
        what = f"[pins.{entry.name}] GPIO {entry.gpio}" if entry else "the LED bar"
        try:
            device = make()
        except (GPIOZeroError, OSError, RuntimeError) as error:
            raise HalError(
                f"gpio: cannot open {what} ({type(error).__name__}: {error}); check that no "
                f"other program uses the pin and that gpiozero has a pin library "
                f"(on a Pi 5: lgpio), or use --hal sim") from error
        self._devices.append(device)
        return device

    def _open_all(self) -> None:
        pf = self._factory
        now = self.clock.now()
        for entry in self.pinout.buttons():
            pull = _pull_up(entry)
            button: InputDevice = self._open(entry, lambda: DigitalInputDevice(
                entry.gpio, pull_up=pull, active_state=None if pull is not None else entry.active_high,
                bounce_time=None, pin_factory=pf))
            assert entry.control is not None
            control = entry.control
            button.when_activated = lambda c=control: self._edge(c, True)
            button.when_deactivated = lambda c=control: self._edge(c, False)
            self.buttons[entry.name] = button
            if button.is_active:
                self._down[control] = self._down.get(control, 0) + 1
        for control in self._down:
            self.discipline.start_held(control, now)

        bar = self.pinout.bar_leds()
        graph: BarGraph = self._open(None, lambda: LEDBarGraph(
            *(e.gpio for e in bar), pwm=True, active_high=bar[0].active_high, pin_factory=pf))
        self.timer_bar = GpioTimerBar(graph)

        buzzer_entry = self.pinout.buzzer()
        if buzzer_entry is not None:
            device: TonalBuzzerDevice = self._open(buzzer_entry, lambda: TonalBuzzer(
                buzzer_entry.gpio, mid_tone=BUZZER_MID_TONE, octaves=BUZZER_OCTAVES,
                pin_factory=pf))
            self.buzzer: MelodyBuzzer = GpioBuzzer(device)
        else:
            self.buzzer = MelodyBuzzer()  # no buzzer fitted: sounds go nowhere

        status_entry = self.pinout.status_led()
        if status_entry is not None:
            self.status = self._open(status_entry, lambda: LED(
                status_entry.gpio, active_high=status_entry.active_high, pin_factory=pf))

        encoder = self.pinout.encoder()
        if encoder is not None:
            a, b = encoder
            rotary: Encoder = self._open(a, lambda: RotaryEncoder(
                a.gpio, b.gpio, max_steps=0, pin_factory=pf))
            rotary.when_rotated_clockwise = lambda: self._step(+1)
            rotary.when_rotated_counter_clockwise = lambda: self._step(-1)
            self.encoder_device = rotary

    # -- inputs (gpiozero callback thread) ---------------------------------------

    def _edge(self, control: Control, pressed: bool) -> None:
        """Several buttons may share a control (an encoder push in parallel with
        ACCUSE): the control is down while any of them is."""
        t = self.clock.now()
        with self._lock:
            before = self._down.get(control, 0)
            after = max(0, before + (1 if pressed else -1))
            self._down[control] = after
        if (before == 0) != (after == 0):
            self.discipline.feed(ControlEdge(control, after > 0, t))

    def _step(self, delta: int) -> None:
        self.discipline.feed(EncoderStep(delta, self.clock.now()))

    # -- the Hal protocol --------------------------------------------------------

    def poll(self, t: float) -> list[Intent]:
        return self.discipline.poll(t)

    def update(self, t: float) -> None:
        self.timer_bar.update(t)
        self.buzzer.update(t)
        if self.status is not None:
            value = status_level(t, trouble=bool(self.discipline.stuck()))
            if value != self._status_value:
                self._status_value = value
                self.status.value = value

    def link_ok(self) -> bool:
        return True

    def close(self) -> None:
        for device in reversed(self._devices):
            try:
                device.close()
            except GPIOZeroError:
                pass
        self._devices.clear()


def pin_factory_name() -> str:
    """The pin factory gpiozero uses (or would pick), for messages and selftest."""
    factory = Device.pin_factory
    return type(factory).__name__ if factory is not None else "gpiozero default"
