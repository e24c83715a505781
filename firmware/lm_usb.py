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

import select
import sys


class UsbStream:
    def __init__(self):
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._one = bytearray(1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

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
        # with the host not reading, CDC blocks up to 500 ms then drops: the
        # watchdog timeout (4 s) leaves room for that
        try:
            self._out.write(data)
        except OSError:
            pass


def _ready(poller):
    """Whether the one stream registered with `poller` is ready now."""
    for _ in poller.ipoll(0):
        return True
    return False
