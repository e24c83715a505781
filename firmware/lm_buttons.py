# Last Message module: arcade buttons, scanned with a 20 ms debounce.
#
# Why a timer-driven scan instead of pin interrupts: contact bounce would fire
# dozens of interrupts per press, and the scan gives each edge a timestamp even
# while the main loop is stuck in a USB write (up to 500 ms when the host does
# not read). `scan` runs in a timer interrupt: it allocates nothing and only
# writes into a ring of preallocated arrays that the main loop drains.

import time
from array import array
from micropython import const

DEBOUNCE_MS = const(20)
_RING = const(32)


class Buttons:
    """Debounced state of `pins` (machine.Pin objects), active low by default."""

    def __init__(self, pins, debounce_ms=DEBOUNCE_MS, active_low=True):
        self.pins = pins
        self.count = len(pins)
        self.debounce = debounce_ms
        self.active = 0 if active_low else 1
        now = time.ticks_ms()
        self.raw = bytearray(self.count)
        self.stable = bytearray(self.count)
        self.since = array("i", [now] * self.count)
        self.forced = bytearray(self.count)
        self.forced_until = array("i", [0] * self.count)
        # the event ring: written only by scan, read only by pop
        self.ev_button = bytearray(_RING)
        self.ev_pressed = bytearray(_RING)
        self.ev_time = array("i", [0] * _RING)
        self.head = 0
        self.tail = 0
        self.lost = 0
        # take the levels at start-up as the truth: a button held while the
        # module boots is not reported as a fresh press
        for i in range(self.count):
            p = 1 if self.pins[i].value() == self.active else 0
            self.raw[i] = p
            self.stable[i] = p

    def force(self, i, ms, now):
        """Hold button i down for ms, as if pressed (the self-test's button echo)."""
        self.forced_until[i] = time.ticks_add(now, ms)
        self.forced[i] = 1

    def scan(self, _timer=None):
        """Sample every pin once; called about every 2 ms, from an interrupt."""
        now = time.ticks_ms()
        for i in range(self.count):
            p = 1 if self.pins[i].value() == self.active else 0
            if self.forced[i]:
                if time.ticks_diff(now, self.forced_until[i]) >= 0:
                    self.forced[i] = 0
                else:
                    p = 1
            if p != self.raw[i]:
                self.raw[i] = p
                self.since[i] = now
            elif p != self.stable[i] and time.ticks_diff(now, self.since[i]) >= self.debounce:
                self.stable[i] = p
                nxt = (self.head + 1) % _RING
                if nxt == self.tail:
                    self.lost += 1
                else:
                    self.ev_button[self.head] = i
                    self.ev_pressed[self.head] = p
                    self.ev_time[self.head] = self.since[i]
                    self.head = nxt

    def pending(self):
        return self.head != self.tail

    def pop(self):
        """Oldest edge as (button index, pressed, ticks_ms when it settled)."""
        t = self.tail
        ev = (self.ev_button[t], self.ev_pressed[t], self.ev_time[t])
        self.tail = (t + 1) % _RING
        return ev
