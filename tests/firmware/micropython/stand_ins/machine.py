# A stand-in for MicroPython's `machine` on the WebAssembly port, which has none.
#
# Why so little: the cases drive pins, clock and streams themselves
# (casekit.py); this only has to let the firmware's own files import and
# build their parts with the RP2040's names and signatures.


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, gp, mode=-1, pull=-1, value=None):
        self.gp = gp
        self.mode = mode
        self.pull = pull
        self.level = value or 0

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.IN:
                return 1 if self.pull == Pin.PULL_UP else 0
            return self.level
        self.level = 1 if v else 0


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16

    def freq(self, hz=None):
        if hz is None:
            return self._freq
        self._freq = hz

    def duty_u16(self, duty=None):
        if duty is None:
            return self._duty
        self._duty = duty


class WDT:
    def __init__(self, id=0, timeout=5000):
        if not 1 <= timeout <= 8388:
            raise ValueError("WDT timeout out of range")
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


class Timer:
    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id=-1, mode=1, period=-1, freq=-1, callback=None):
        self.callback = callback    # never called by itself: a case calls scan()

    def deinit(self):
        self.callback = None


class ResetCalled(Exception):
    pass


def reset():
    raise ResetCalled()


def unique_id():
    return b"LMVM0001"
