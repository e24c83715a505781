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


def test_a_failing_step_is_counted_the_loop_goes_on_and_good_steps_feed():
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
        wdt = _Wdt(clock)
        lm_main.run(module, wdt, _loops(20))
        assert calls[0] == 20 and module.errors == 10
        assert len(wdt.feeds) == 10         # fed after each good step only


def test_a_module_whose_every_step_fails_stops_feeding_the_watchdog():
    with Clock() as clock:
        module, _, _ = make_module(MemStream())

        def broken(now):
            raise MemoryError()
        module.step = broken
        wdt = _Wdt(clock)
        lm_main.run(module, wdt, _loops(5000))      # 5 s: the 4 s watchdog resets it
        assert wdt.feeds == [] and module.errors == 5000

