# What the firmware's cases share; runs on MicroPython and on CPython alike.
#
# Why one set of cases for both interpreters: the firmware is MicroPython, so
# its behaviour is proven on the MicroPython VM (run.mjs, under Node); the
# same cases also run under CPython with lastmessage's module_fakes, so a
# difference between the two interpreters shows up as one case passing on
# one and failing on the other. Only the standard parts both have are used.
#
# Time is a virtual clock: `Clock` replaces time.ticks_ms and time.sleep_ms
# while a case runs, so debounce, animation and watchdog timing are exact.

import sys
import time

import lm_protocol as proto

MICROPYTHON = sys.implementation.name == "micropython"
FIRMWARE = "/"        # where the firmware's files are; the runner sets it
POLL_IN = 1           # MicroPython's select.POLLIN, POLLOUT and MP_STREAM_POLL
POLL_OUT = 4
_STREAM_POLL = 3


def firmware_file(name):
    return FIRMWARE.rstrip("/") + "/" + name


class Clock:
    """A virtual ticks_ms: advanced by sleep_ms and by `advance`."""

    def __init__(self, start=1000):
        self.now = start
        self._saved = None

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now = time.ticks_add(self.now, ms)

    def advance(self, ms):
        self.now = time.ticks_add(self.now, ms)

    def __enter__(self):
        self._saved = (time.ticks_ms, time.sleep_ms)
        time.ticks_ms = self.ticks_ms
        time.sleep_ms = self.sleep_ms
        return self

    def __exit__(self, *exc):
        time.ticks_ms, time.sleep_ms = self._saved
        return False


class FakePin:
    """An input pin whose level a case sets (a button to GND reads 0 pressed)."""

    def __init__(self, level=1):
        self.level = level

    def value(self):
        return self.level


class MemStream:
    """The stream Module is given, in memory; records every write call."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()
        self.writes = []        # length of each write call
        self.on_write = None    # called with the data, before it is kept

    def readinto(self, buf):
        n = min(len(buf), len(self.inbox))
        buf[0:n] = self.inbox[0:n]
        self.inbox = self.inbox[n:]
        return n

    def write(self, data):
        if self.on_write is not None:
            self.on_write(data)
        self.writes.append(len(data))
        self.out.extend(bytes(data))


def line(seq, verb, *args):
    """A host line, as bytes (the vectors prove the two encoders agree)."""
    enc = proto.Encoder(seq)
    return bytes(enc.line(verb, *args))


def lines(data):
    """Every line in `data` as (seq, verb, [args]); fails on a damaged one."""
    reader = proto.LineReader()
    out = []
    for c in data:
        n = reader.feed(c)
        if n > 0:
            r = proto.decode(reader.buf, n)
            assert not isinstance(r, int), "damaged line from the module: %r" % r
            out.append(r)
    assert reader.dropped == 0, "a line the module wrote was dropped"
    return out


def verbs(data):
    return [r[1] for r in lines(data)]


def make_module(stream, leds=30, names=("flip", "left", "right", "up", "down",
                                        "accuse", "pass", "admin")):
    """A Module on `stream` with its real Bar, Buttons and Buzzer; pins are FakePins."""
    import machine
    import neopixel
    from lm_bar import Bar
    from lm_buttons import Buttons
    from lm_buzzer import Buzzer
    from lm_module import Module
    pins = [FakePin() for _ in names]
    strip = neopixel.NeoPixel(machine.Pin(16, machine.Pin.OUT), leds)
    module = Module(stream, Bar(strip, leds), Buttons(pins), tuple(names), Buzzer(None), "1.1.0")
    return module, pins, strip


def open_session(module, stream, clock, seq=100):
    stream.inbox.extend(line(seq, "HELLO", proto.VERSION, 7))
    module.step(clock.now)
    assert module.session
    stream.out = bytearray()
    stream.writes = []
    return seq + 1


def settle(buttons, clock, ms=30):
    """Scan every 2 ms for `ms`, as the timer interrupt does."""
    for _ in range(ms // 2):
        clock.advance(2)
        buttons.scan()


def raises(exc, fn, *args):
    try:
        fn(*args)
    except exc:
        return True
    return False


try:
    from io import IOBase as _StreamBase   # MicroPython: poll() calls its ioctl
except ImportError:
    _StreamBase = object


class FakeStdio(_StreamBase):
    """sys.stdin or sys.stdout: a stream select.poll can watch (its ioctl answers
    MP_STREAM_POLL), with `buffer` being itself, as lm_usb reads it."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()
        self.room = True        # the host reads: the CDC transmit FIFO has room
        self.fail = False       # writes raise OSError
        self.write_calls = 0
        self.buffer = self

    def ioctl(self, req, arg):
        if req != _STREAM_POLL:
            return 0
        ready = 0
        if arg & POLL_IN and self.inbox:
            ready |= POLL_IN
        if arg & POLL_OUT and self.room:
            ready |= POLL_OUT
        return ready

    def readinto(self, buf):
        if not self.inbox:
            return 0
        buf[0] = self.inbox[0]
        self.inbox = self.inbox[1:]
        return 1

    def write(self, data):
        self.write_calls += 1
        if self.fail:
            raise OSError(5)
        self.out.extend(bytes(data))
        return len(data)


class FakeSys:
    def __init__(self):
        self.stdin = FakeStdio()
        self.stdout = FakeStdio()


class Poller:
    """MicroPython's select.poll object for CPython (whose poll has no ipoll and
    wants a file descriptor): it asks each object's ioctl, as extmod/modselect.c
    does. `lists` counts the lists poll() returned: on MicroPython, one heap
    allocation each; ipoll() returns none."""

    lists = 0

    def __init__(self):
        self._objs = []

    def register(self, obj, events=POLL_IN | POLL_OUT):
        self._objs.append((obj, events))

    def _ready(self):
        ready = [(o, o.ioctl(_STREAM_POLL, ev)) for o, ev in self._objs]
        return [r for r in ready if r[1]]

    def poll(self, timeout=-1):
        Poller.lists += 1
        return self._ready()

    def ipoll(self, timeout=-1, flags=0):
        return iter(self._ready())


class MicroSelect:
    """The `select` module lm_usb sees on CPython."""

    POLLIN = POLL_IN
    POLLOUT = POLL_OUT
    poll = Poller


def usb_stream(fake_sys):
    """An lm_usb.UsbStream on the fake stdin/stdout (and, on CPython, MicroSelect)."""
    import lm_usb
    saved = lm_usb.sys, lm_usb.select
    lm_usb.sys = fake_sys
    if not MICROPYTHON:
        lm_usb.select = MicroSelect
    try:
        return lm_usb.UsbStream()
    finally:
        lm_usb.sys, lm_usb.select = saved


def allocated(fn, times):
    """Bytes of heap `fn` allocates over `times` calls: measured by the GC on
    MicroPython; on CPython, the lists Poller.poll handed out (32 bytes each,
    an empty list on the MicroPython heap)."""
    if MICROPYTHON:
        import gc
        fn()    # the first call may allocate once (ipoll's tuple)
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()
            for _ in range(times):
                fn()
            return gc.mem_alloc() - before
        finally:
            gc.enable()
    fn()
    before = Poller.lists
    for _ in range(times):
        fn()
    return (Poller.lists - before) * 32
