# The sand-timer bar's patterns, read from the NeoPixel buffer (GRB triples)
# the firmware writes in place.

import machine
import neopixel
from casekit import Clock
from lm_bar import MODE_IDLE, MODE_LOSE, MODE_WIN, Bar

SAND = (64, 34, 0)
WARN = (64, 6, 0)


def _bar(n=30):
    strip = neopixel.NeoPixel(machine.Pin(16, machine.Pin.OUT), n)
    return Bar(strip, n), strip


def _rgb(strip, i):
    return (strip.buf[3 * i + 1], strip.buf[3 * i], strip.buf[3 * i + 2])


def test_the_buffer_is_grb():
    bar, strip = _bar()
    bar.level(1000)
    bar.render(0)
    assert strip.buf[0:3] == bytearray((34, 64, 0))      # g, r, b
    assert bar.pixels()[0] == SAND


def test_a_level_lights_its_share_and_the_edge_led_in_part():
    bar, strip = _bar()
    bar.level(510)                      # 15.3 LEDs of 30
    bar.render(0)
    assert [_rgb(strip, i) for i in range(15)] == [SAND] * 15
    assert _rgb(strip, 15) == (64 * 76 >> 8, 34 * 76 >> 8, 0)   # 0.3 of 256 is 76
    assert [_rgb(strip, i) for i in range(16, 30)] == [(0, 0, 0)] * 14


def test_a_drain_empties_blinks_at_the_end_and_is_done_once():
    with Clock() as clock:
        bar, strip = _bar()
        t0 = clock.now
        bar.start(20000, 0, t0)
        assert not bar.render(t0) and _rgb(strip, 29) == SAND
        assert not bar.render(t0 + 10000)
        assert sum(1 for i in range(30) if _rgb(strip, i) == SAND) == 15
        bar.render(t0 + 16000)          # 4000 ms left: warning colour, lit half of 250 ms
        assert _rgb(strip, 0) == WARN
        bar.render(t0 + 16250)          # 3750 ms left: the dark half
        assert _rgb(strip, 0) == (0, 0, 0)
        assert bar.render(t0 + 20000)   # DONE
        assert not bar.render(t0 + 20100)
        assert bar.pixels() == [(0, 0, 0)] * 30


def test_a_resync_starts_part_drained():
    bar, strip = _bar()
    bar.start(10000, 4000, 100000)     # 6 s of 10 left: 18 LEDs
    bar.render(100000)
    assert sum(1 for i in range(30) if _rgb(strip, i) == SAND) == 18


def test_idle_breathes_between_dim_and_full():
    bar, strip = _bar()
    bar.pattern(MODE_IDLE, 0)
    bar.render(0)
    assert _rgb(strip, 0) == (64 * 16 >> 8, 34 * 16 >> 8, 0)
    bar.render(2000)
    assert _rgb(strip, 29) == SAND


def test_win_runs_a_comet_up_the_bar():
    bar, strip = _bar()
    bar.pattern(MODE_WIN, 0)
    bar.render(0)
    assert _rgb(strip, 0) == (16, 200, 40) and _rgb(strip, 1) == (0, 16, 2)
    bar.render(400)                     # 40 ms per LED
    assert _rgb(strip, 10) == (16, 200, 40) and _rgb(strip, 9) == (0, 96, 12)


def test_lose_flashes_three_times_then_stays_dim():
    bar, strip = _bar()
    bar.pattern(MODE_LOSE, 0)
    seen = []
    for t in (0, 250, 500, 750, 1000, 1250, 2000):
        bar.render(t)
        seen.append(_rgb(strip, 7))
    assert seen == [(64, 0, 0), (0, 0, 0)] * 3 + [(64 * 96 >> 8, 0, 0)]


def test_the_strip_is_written_only_when_a_pixel_changes():
    bar, strip = _bar()
    bar.level(500)
    bar.render(0)
    writes = strip.writes
    for t in range(20, 1000, 20):
        bar.render(t)
    assert strip.writes == writes
