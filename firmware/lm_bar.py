# Last Message module: the WS2812 sand-timer bar.
#
# Why the animation runs here and not on the Pi: the drain stays smooth when
# the Pi is busy (two screens at 60 fps), and the Pi only sends "start N ms".
# The Pi's clock stays the authority for time-up; DONE is information only.
#
# Integer arithmetic only: on the RP2040 every float is a heap object, and the
# bar is rendered on every pass of the main loop. Pixels are written straight
# into the NeoPixel driver's own buffer (GRB), so nothing is allocated.

import time
from micropython import const

MODE_OFF = const(0)
MODE_LEVEL = const(1)
MODE_DRAIN = const(2)
MODE_IDLE = const(3)
MODE_WIN = const(4)
MODE_LOSE = const(5)

PATTERNS = {"off": MODE_OFF, "idle": MODE_IDLE, "win": MODE_WIN, "lose": MODE_LOSE}

BLINK_MS = const(5000)      # blink in the last 5 s of a drain
_BLINK_HALF = const(250)    # 2 Hz blink
_BREATH_MS = const(4000)    # one slow breath while idle
_FRAME_MS = const(20)       # render at most at 50 Hz
# Colours at about a quarter of full brightness: 30 LEDs at full white would
# draw 1.8 A, more than a Pi's USB port gives the Pico.
_SAND = (64, 34, 0)
_WARN = (64, 6, 0)
_WIN = (0, 64, 8)
_LOSE = (64, 0, 0)
_DARK = (0, 0, 0)


class Bar:
    """Renders one of a few modes into a NeoPixel strip of `n` LEDs."""

    def __init__(self, strip, n):
        self.strip = strip
        self.n = n
        self.buf = strip.buf
        self.mode = MODE_OFF
        self.t0 = 0
        self.total = 0
        self.permille = 0
        self.done_sent = True
        self._last_frame = 0
        self._dirty = True

    def start(self, total_ms, elapsed_ms, now):
        """Drain from full over total_ms, as if started elapsed_ms ago (resync)."""
        self.mode = MODE_DRAIN
        self.total = total_ms if total_ms > 0 else 1
        if elapsed_ms > self.total:
            elapsed_ms = self.total
        self.t0 = time.ticks_add(now, -elapsed_ms)
        self.done_sent = False
        self._dirty = True

    def level(self, permille):
        self.mode = MODE_LEVEL
        self.permille = permille if permille <= 1000 else 1000
        self._dirty = True

    def pattern(self, mode, now):
        self.mode = mode
        self.t0 = now
        self._dirty = True

    def remaining_ms(self, now):
        if self.mode != MODE_DRAIN:
            return 0
        left = self.total - time.ticks_diff(now, self.t0)
        return left if left > 0 else 0

    def render(self, now):
        """Draw the frame for `now`; return True once when a drain reaches zero."""
        finished = False
        if self.mode == MODE_DRAIN and not self.done_sent and self.remaining_ms(now) == 0:
            self.done_sent = True
            finished = True
            self._dirty = True
        if not self._dirty and time.ticks_diff(now, self._last_frame) < _FRAME_MS:
            return finished
        self._last_frame = now
        self._dirty = False
        changed = False
        mode = self.mode
        if mode == MODE_LEVEL:
            changed = self._fill_level(self.permille * 1000, _SAND)
        elif mode == MODE_DRAIN:
            left = self.remaining_ms(now)
            colour = _SAND
            if 0 < left <= BLINK_MS:
                colour = _WARN
                if (left // _BLINK_HALF) & 1:
                    colour = _DARK
            # left <= 600000 (PROTOCOL.md caps START) keeps left * 1000 a small int
            micro = (left * 1000 // self.total) * 1000
            changed = self._fill_level(micro, colour)
        elif mode == MODE_IDLE:
            phase = time.ticks_diff(now, self.t0) % _BREATH_MS
            tri = phase if phase < _BREATH_MS // 2 else _BREATH_MS - phase
            scale = 16 + tri * 240 // (_BREATH_MS // 2)      # 16..256
            changed = self._fill_all(_SAND, scale)
        elif mode == MODE_WIN:
            # a bright green comet runs up a dim green bar
            head = (time.ticks_diff(now, self.t0) // 40) % self.n
            changed = self._comet(head)
        elif mode == MODE_LOSE:
            # three red flashes, then steady dim red
            t = time.ticks_diff(now, self.t0)
            on = t >= 1500 or (t // 250) % 2 == 0
            changed = self._fill_all(_LOSE, 256 if t < 1500 else 96) if on else self._fill_all(_LOSE, 0)
        else:
            changed = self._fill_all(_SAND, 0)
        if changed:
            self.strip.write()
        return finished

    def _set(self, i, r, g, b):
        buf = self.buf
        j = 3 * i
        if buf[j] != g or buf[j + 1] != r or buf[j + 2] != b:
            buf[j] = g
            buf[j + 1] = r
            buf[j + 2] = b
            return True
        return False

    def _fill_all(self, colour, scale):
        r = colour[0] * scale >> 8
        g = colour[1] * scale >> 8
        b = colour[2] * scale >> 8
        changed = False
        for i in range(self.n):
            if self._set(i, r, g, b):
                changed = True
        return changed

    def _fill_level(self, micro, colour):
        """Light LEDs 0..k for a fraction in millionths; the last one partly."""
        n = self.n
        lit = micro * n  # millionths of LEDs; n <= 300 keeps this a small int
        changed = False
        for i in range(n):
            part = lit - i * 1000000
            if part <= 0:
                scale = 0
            elif part >= 1000000:
                scale = 256
            else:
                scale = part * 256 // 1000000
            if self._set(i, colour[0] * scale >> 8, colour[1] * scale >> 8, colour[2] * scale >> 8):
                changed = True
        return changed

    def _comet(self, head):
        changed = False
        for i in range(self.n):
            d = (head - i) % self.n
            if d == 0:
                r, g, b = 16, 200, 40
            elif d < 4:
                r, g, b = 0, 96 // d, 12 // d
            else:
                r, g, b = _WIN[0] // 4, _WIN[1] // 4, _WIN[2] // 4
            if self._set(i, r, g, b):
                changed = True
        return changed

    def pixels(self):
        """(r, g, b) of every LED, for tests and the simulator's picture."""
        out = []
        for i in range(self.n):
            out.append((self.buf[3 * i + 1], self.buf[3 * i], self.buf[3 * i + 2]))
        return out
