# lm_main's loop: stepping the module and feeding the watchdog.

import lm_main
import lm_module
from casekit import Clock, MemStream, line, make_module, open_session, settle, verbs


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



def _flooded(clock, pings=40, edges=31):
    """A module in session with `pings` PINGs waiting and `edges` button edges
    in its ring (31 fill it)."""
    stream = MemStream()
    module, pins, _ = make_module(stream)
    seq = open_session(module, stream, clock)
    for i in range(pings):
        stream.inbox.extend(line(seq + i, "PING", i))
    for _ in range(edges):
        pins[0].level ^= 1
        settle(module.buttons, clock)
    return module, stream


def test_a_slow_host_cannot_starve_the_watchdog():
    with Clock() as clock:
        module, stream = _flooded(clock)

        def slow_host(data):
            # the CDC's worst for a host that reads slowly: every 64-byte
            # packet of a write waits its full 500 ms for room
            clock.advance(500 * ((len(data) + 63) // 64))
        stream.on_write = slow_host
        wdt = _Wdt(clock)
        start = clock.now
        lm_main.run(module, wdt, _loops(100))
        gaps = [b - a for a, b in zip([start] + wdt.feeds, wdt.feeds)]
        assert max(gaps) < lm_main.WDT_MS // 2, max(gaps)
        got = verbs(stream.out)     # nothing lost: the work is spread over steps
        assert got.count("PONG") == 40 and got.count("BTN") == 31, got


def test_one_step_writes_once_at_most_step_bytes_and_a_heartbeat_follows_btn():
    with Clock() as clock:
        module, stream = _flooded(clock)
        per_step = []
        for _ in range(60):
            clock.advance(1)
            before = len(stream.writes)
            out = len(stream.out)
            module.step(clock.now)
            per_step.append(len(stream.writes) - before)
            step_verbs = verbs(stream.out[out:])
            if "BTN" in step_verbs:
                assert step_verbs[-1] == "HB", step_verbs
        assert max(per_step) == 1
        assert max(stream.writes) <= lm_module.STEP_BYTES
        assert verbs(stream.out).count("PONG") == 40


def test_the_ack_of_safe_is_written_before_the_module_resets():
    with Clock() as clock:
        stream = MemStream()
        module, _, _ = make_module(stream)
        seq = open_session(module, stream, clock)
        written = []
        module.on_safe = lambda: written.append(verbs(stream.out))
        stream.inbox.extend(line(seq, "SAFE", "reflash"))
        module.step(clock.now)
        assert written == [["ACK"]]
