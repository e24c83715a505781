# lm_main's loop: stepping the module and feeding the watchdog.

import lm_main
from casekit import Clock, MemStream, make_module


class _Wdt:
    def __init__(self, clock):
        self.clock = clock
        self.feeds = []     # the clock at every feed

    def feed(self):
        self.feeds.append(self.clock.now)


def _loops(n):
    left = [n]

    def running():
        left[0] -= 1
        return left[0] >= 0
    return running


def test_the_loop_steps_feeds_and_yields_a_millisecond():
    with Clock() as clock:
        module, _, _ = make_module(MemStream())
        wdt = _Wdt(clock)
        start = clock.now
        lm_main.run(module, wdt, _loops(50))
        assert len(wdt.feeds) == 50 and clock.now - start == 50


def test_a_failing_step_is_counted_and_the_loop_goes_on():
    with Clock() as clock:
        module, _, _ = make_module(MemStream())
        calls = [0]
        good = module.step

        def every_other(now):
            calls[0] += 1
            if calls[0] % 2:
                raise ValueError("a bad line")
            good(now)
        module.step = every_other
        lm_main.run(module, _Wdt(clock), _loops(20))
        assert calls[0] == 20 and module.errors == 10
