# Last Message module: the USB CDC serial port as the protocol's byte stream.
#
# Why poll and one byte at a time: `read()` on sys.stdin can block even after
# poll reported data (micropython issue #16550), and a blocked loop would stop
# the bar and trip the watchdog. Only used on the Pico; the simulator passes a
# pty instead.
#
# Why `ipoll(0)` and not `poll(0)`: poll() returns a new list on every call,
# about a thousand a second from the main loop; ipoll() returns the poll
# object itself as an iterator that reuses one tuple (flags 0, not one-shot,
# so the registration stays armed).
#
# Why a write asks POLLOUT first: with the host connected but not reading, a
# CDC write waits up to 500 ms for room for each 64-byte packet, then drops.
# MicroPython's TinyUSB CDC reports POLLOUT only while its transmit FIFO has
# room (shared/tinyusb/mp_usbd_cdc.c), so a write with no room is dropped at
# once instead; Module writes once per step, at most lm_module.STEP_BYTES.

import select
import sys


class UsbStream:
    def __init__(self):
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._one = bytearray(1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._tx = select.poll()
        self._tx.register(sys.stdout, select.POLLOUT)
        self.dropped = 0        # writes dropped: no room, the host was not reading

    def readinto(self, buf):
        """Copy the bytes waiting (at most len(buf)) into buf; never waits."""
        n = 0
        size = len(buf)
        one = self._one
        while n < size and _ready(self._poll):
            if not self._in.readinto(one):
                break
            buf[n] = one[0]
            n += 1
        return n

    def write(self, data):
        if not _ready(self._tx):
            self.dropped += 1
            return
        try:
            self._out.write(data)
        except OSError:
            self.dropped += 1


def _ready(poller):
    """Whether the one stream registered with `poller` is ready now."""
    for _ in poller.ipoll(0):
        return True
    return False
