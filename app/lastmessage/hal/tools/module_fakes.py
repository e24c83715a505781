"""Fake MicroPython modules, so the real firmware runs unchanged under CPython.

Why fakes of the chip and not of our firmware: the simulator and the tests
must exercise the very files that are copied to the Pico (firmware/*.py).
`install()` puts `machine`, `neopixel` and `micropython` into sys.modules and
adds MicroPython's `ticks_ms`, `ticks_diff`, `ticks_add` and `sleep_ms` to
CPython's `time` (adding names only; nothing of CPython's is replaced).

One simulated chip per process: the pins live in one `FakeChip`.
"""

from __future__ import annotations

import sys
import threading
import time
import types
from collections.abc import Callable

TICKS_PERIOD = 1 << 30


class FakeReset(BaseException):
    """machine.reset() was called; BaseException so firmware code cannot swallow it."""


class FakeChip:
    """The state of the simulated Pico's pins and peripherals."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pulls: dict[int, int] = {}
        self.driven: dict[int, int] = {}     # input levels forced from outside
        self.outputs: dict[int, int] = {}
        self.strips: list[NeoPixel] = []
        self.pwms: dict[int, PWM] = {}
        self.wdt_timeout_ms: int | None = None
        self.wdt_feeds = 0
        self.wdt_last_feed = 0.0
        self.kbd_intr = 3
        self.timers: list[Timer] = []

    def level(self, gp: int) -> int:
        with self.lock:
            if gp in self.driven:
                return self.driven[gp]
            if gp in self.outputs:
                return self.outputs[gp]
            return 1 if self.pulls.get(gp) == Pin.PULL_UP else 0

    def drive(self, gp: int, level: int) -> None:
        """Hold input pin `gp` at `level` (a button pressed to GND is 0)."""
        with self.lock:
            self.driven[gp] = level

    def release(self, gp: int) -> None:
        with self.lock:
            self.driven.pop(gp, None)


CHIP = FakeChip()
_ticks_offset = 0


def ticks_ms() -> int:
    return (int(time.monotonic() * 1000) + _ticks_offset) % TICKS_PERIOD


def ticks_add(ticks: int, delta: int) -> int:
    return (ticks + delta) % TICKS_PERIOD


def ticks_diff(a: int, b: int) -> int:
    return ((a - b + TICKS_PERIOD // 2) % TICKS_PERIOD) - TICKS_PERIOD // 2


def sleep_ms(ms: int) -> None:
    time.sleep(ms / 1000)


def sleep_us(us: int) -> None:
    time.sleep(us / 1_000_000)


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, gp: int, mode: int = -1, pull: int = -1, value: int | None = None) -> None:
        self.gp = gp
        with CHIP.lock:
            if pull != -1:
                CHIP.pulls[gp] = pull
            if mode == Pin.OUT:
                CHIP.outputs[gp] = value or 0

    def value(self, v: int | None = None) -> int | None:
        if v is None:
            return CHIP.level(self.gp)
        with CHIP.lock:
            CHIP.outputs[self.gp] = 1 if v else 0
        return None

    __call__ = value

    def on(self) -> None:
        self.value(1)

    def off(self) -> None:
        self.value(0)


class PWM:
    def __init__(self, pin: Pin, freq: int = 1000, duty_u16: int = 0) -> None:
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        self.notes: list[int] = []   # the frequency at every non-zero duty set (a note)
        CHIP.pwms[pin.gp] = self

    def freq(self, hz: int | None = None) -> int | None:
        if hz is None:
            return self._freq
        self._freq = hz
        return None

    def duty_u16(self, duty: int | None = None) -> int | None:
        if duty is None:
            return self._duty
        if duty:
            self.notes.append(self._freq)
        self._duty = duty
        return None

    def deinit(self) -> None:
        self._duty = 0


class WDT:
    """Records feeds; the simulator reports a watchdog that was not fed."""

    def __init__(self, id: int = 0, timeout: int = 5000) -> None:  # noqa: A002 (MicroPython's name)
        if not 1 <= timeout <= 8388:
            raise ValueError("WDT timeout out of range (RP2040: 1..8388 ms)")
        CHIP.wdt_timeout_ms = timeout
        self.feed()

    def feed(self) -> None:
        CHIP.wdt_feeds += 1
        CHIP.wdt_last_feed = time.monotonic()


class Timer:
    """A periodic timer as a daemon thread calling the callback, like a soft IRQ."""

    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id: int = -1, *, mode: int = 1, period: int = -1,  # noqa: A002
                 freq: float = -1, callback: Callable[[Timer], None] | None = None) -> None:
        self._stop = threading.Event()
        self.period = period / 1000 if period > 0 else 1 / freq
        self.callback = callback
        self.mode = mode
        self.errors = 0
        CHIP.timers.append(self)
        self._thread = threading.Thread(target=self._run, name="fake-machine-Timer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.period):
            if self.callback is not None:
                try:
                    self.callback(self)
                except Exception:  # an IRQ handler's error must not kill the thread
                    self.errors += 1
            if self.mode == Timer.ONE_SHOT:
                break

    def deinit(self) -> None:
        self._stop.set()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=1.0)


def reset() -> None:
    raise FakeReset()


def unique_id() -> bytes:
    return b"LMSIM001"


class NeoPixel:
    """Same public shape as MicroPython's driver: `buf` (GRB bytes), `n`, `write()`."""

    ORDER = (1, 0, 2, 3)

    def __init__(self, pin: Pin, n: int, bpp: int = 3, timing: int = 1) -> None:
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.writes = 0
        self.shown = bytes(self.buf)
        CHIP.strips.append(self)

    def __len__(self) -> int:
        return self.n

    def __setitem__(self, i: int, colour: tuple[int, int, int]) -> None:
        r, g, b = colour[:3]
        self.buf[i * 3:i * 3 + 3] = bytes((g, r, b))

    def __getitem__(self, i: int) -> tuple[int, int, int]:
        g, r, b = self.buf[i * 3:i * 3 + 3]
        return (r, g, b)

    def fill(self, colour: tuple[int, int, int]) -> None:
        for i in range(self.n):
            self[i] = colour

    def write(self) -> None:
        self.shown = bytes(self.buf)
        self.writes += 1

    def pixels(self) -> list[tuple[int, int, int]]:
        """What the strip shows (as of the last write), as (r, g, b)."""
        s = self.shown
        return [(s[3 * i + 1], s[3 * i], s[3 * i + 2]) for i in range(self.n)]


def _fill(module: types.ModuleType, entries: tuple[tuple[str, object], ...]) -> None:
    for name, obj in entries:
        setattr(module, name, obj)


def install(*, ticks_start: int | None = None) -> FakeChip:
    """Make `import machine` etc. give the fakes; return the (shared) chip.

    `ticks_start` sets what ticks_ms() reads now, so a test can start just
    before the 2**30 wrap and see the firmware cross it.
    """
    global _ticks_offset
    if ticks_start is not None:
        _ticks_offset = 0
        _ticks_offset = (ticks_start - ticks_ms()) % TICKS_PERIOD
    machine = types.ModuleType("machine")
    _fill(machine, (("Pin", Pin), ("PWM", PWM), ("WDT", WDT), ("Timer", Timer),
               ("reset", reset), ("unique_id", unique_id)))
    neopixel = types.ModuleType("neopixel")
    setattr(neopixel, "NeoPixel", NeoPixel)
    micropython = types.ModuleType("micropython")

    def kbd_intr(c: int) -> None:
        CHIP.kbd_intr = c

    _fill(micropython, (("const", lambda x: x), ("kbd_intr", kbd_intr),
                        ("alloc_emergency_exception_buf", lambda n: None),
                        ("schedule", lambda f, a: f(a))))
    sys.modules["machine"] = machine
    sys.modules["neopixel"] = neopixel
    sys.modules["micropython"] = micropython
    _fill(time, (("ticks_ms", ticks_ms), ("ticks_add", ticks_add),
                 ("ticks_diff", ticks_diff), ("sleep_ms", sleep_ms), ("sleep_us", sleep_us)))
    return CHIP
