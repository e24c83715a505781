# Last Message module: a piezo buzzer on one PWM pin.
#
# Why a queue of notes: the host sends a melody as a few BEEP lines at once
# and the module plays them back to back without waiting on the link. The
# queue is two preallocated arrays; a full queue drops the note (counted).

import time
from array import array
from micropython import const

_SLOTS = const(16)
_DUTY = const(32768)


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm          # a machine.PWM, or None when no buzzer is fitted
        self.hz = array("H", [0] * _SLOTS)
        self.ms = array("H", [0] * _SLOTS)
        self.head = 0
        self.tail = 0
        self.busy = False
        self.until = 0
        self.dropped = 0
        self.played = 0
        self.current = 0
        self._quiet()

    def _quiet(self):
        if self.pwm is not None:
            self.pwm.duty_u16(0)

    def beep(self, hz, ms):
        """Queue a note of hz (0 is a rest) for ms; False when the queue is full."""
        nxt = (self.head + 1) % _SLOTS
        if nxt == self.tail:
            self.dropped += 1
            return False
        self.hz[self.head] = hz
        self.ms[self.head] = ms
        self.head = nxt
        return True

    def stop(self):
        self.tail = self.head
        self.busy = False
        self.current = 0
        self._quiet()

    def update(self, now):
        if self.busy and time.ticks_diff(now, self.until) < 0:
            return
        if self.head == self.tail:
            if self.busy:
                self.busy = False
                self.current = 0
                self._quiet()
            return
        hz = self.hz[self.tail]
        ms = self.ms[self.tail]
        self.tail = (self.tail + 1) % _SLOTS
        self.busy = True
        self.current = hz
        self.until = time.ticks_add(now, ms)
        self.played += 1
        if self.pwm is not None:
            if hz:
                self.pwm.freq(hz)
                self.pwm.duty_u16(_DUTY)
            else:
                self.pwm.duty_u16(0)
