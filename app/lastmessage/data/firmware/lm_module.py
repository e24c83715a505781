# Last Message module: what the module does with each line and each tick.
#
# Why one object with a `step(now)`: the Pico's main loop and the host-side
# simulator call the very same code; only the stream, the pins and the clock
# source differ. A line that is corrupt, unknown, out of order or out of range
# is counted and ignored (answered with NAK when it was well formed).

import time
from micropython import const

import lm_protocol as proto
from lm_bar import PATTERNS

HEARTBEAT_MS = const(1000)
MAX_DRAIN_MS = const(600000)   # keeps the bar's integer arithmetic in small ints
MAX_BEEP_MS = const(5000)
_READ_MAX = const(64)          # bytes per pass, so a flood cannot starve the loop

# verb -> argument spec ("i" a number, "w" a word); PROTOCOL.md lists them
COMMANDS = {
    "HELLO": "ii",
    "PING": "i",
    "START": "ii",
    "LEVEL": "i",
    "PATTERN": "w",
    "BEEP": "ii",
    "QUIET": "",
    "TEST": "wi",
    "SAFE": "w",
}


class Module:
    def __init__(self, stream, bar, buttons, names, buzzer, fw_version, on_safe=None):
        self.stream = stream
        self.bar = bar
        self.buttons = buttons
        self.names = names
        self.buzzer = buzzer
        self.fw_version = fw_version
        self.on_safe = on_safe
        self.reader = proto.LineReader()
        self.enc = proto.Encoder()
        self.gate = proto.SeqGate()
        self.rx = bytearray(_READ_MAX)
        self.session = False
        self.bad_crc = 0
        self.bad_format = 0
        self.unknown = 0
        self.rejected = 0
        self.no_session = 0
        self.accepted = 0
        self.errors = 0         # exceptions caught by the main loop
        self.next_hb = time.ticks_ms()

    def bad_lines(self):
        """Every line dropped for its bytes, framing, CRC, verb or arguments."""
        return (self.reader.dropped + self.bad_format + self.bad_crc
                + self.unknown + self.rejected)

    def send(self, verb, a=None, b=None, c=None, d=None):
        mv = self.enc.line(verb, a, b, c, d)
        if mv is not None:
            self.stream.write(mv)

    def step(self, now):
        n = self.stream.readinto(self.rx)
        for i in range(n):
            ln = self.reader.feed(self.rx[i])
            if ln > 0:
                self.handle(ln, now)
        while self.buttons.pending():
            i, pressed, t = self.buttons.pop()
            self.send("BTN", self.names[i], pressed, t)
        if self.bar.render(now):
            self.send("DONE", now)
        self.buzzer.update(now)
        if time.ticks_diff(now, self.next_hb) >= 0:
            self.next_hb = time.ticks_add(now, HEARTBEAT_MS)
            self.send("HB", now, self.bad_lines(), self.gate.out_of_order)

    def handle(self, n, now):
        """Act on the complete line in the reader's buffer."""
        r = proto.decode(self.reader.buf, n)
        if r == proto.ERR_CRC:
            self.bad_crc += 1
            return
        if isinstance(r, int):
            self.bad_format += 1
            return
        seq, verb, args = r
        if verb == "HELLO":
            self._hello(seq, args)
            return
        if not self.session:
            self.no_session += 1
            return
        if not self.gate.accept(seq):
            return
        spec = COMMANDS.get(verb)
        if spec is None:
            self.unknown += 1
            self.send("NAK", seq, "unknown")
            return
        vals = proto.convert(spec, args)
        if vals is None or not self._run(verb, vals, now):
            self.rejected += 1
            self.send("NAK", seq, "args")
            return
        self.accepted += 1
        if verb == "PING":
            self.send("PONG", vals[0], now)
        else:
            self.send("ACK", seq)
        if verb == "SAFE" and self.on_safe is not None:
            self.on_safe()

    def _hello(self, seq, args):
        vals = proto.convert(COMMANDS["HELLO"], args)
        if vals is None:
            self.rejected += 1
            return
        version, nonce = vals
        # the reply always states our version, so a host of another version
        # can say which one it met; only a matching version opens a session
        self.session = version == proto.VERSION
        if self.session:
            self.gate.reset(seq)
        self.send("HELLO", proto.VERSION, nonce, self.fw_version, self.bar.n)

    def _run(self, verb, vals, now):
        """Carry out a well-formed command; False when a value is out of range."""
        if verb == "PING":
            return True
        if verb == "START":
            total, elapsed = vals
            if not 1 <= total <= MAX_DRAIN_MS or elapsed > MAX_DRAIN_MS:
                return False
            self.bar.start(total, elapsed, now)
            return True
        if verb == "LEVEL":
            if vals[0] > 1000:
                return False
            self.bar.level(vals[0])
            return True
        if verb == "PATTERN":
            mode = PATTERNS.get(vals[0])
            if mode is None:
                return False
            self.bar.pattern(mode, now)
            return True
        if verb == "BEEP":
            hz, ms = vals
            if not (hz == 0 or 20 <= hz <= 20000) or not 1 <= ms <= MAX_BEEP_MS:
                return False
            return self.buzzer.beep(hz, ms)
        if verb == "QUIET":
            self.buzzer.stop()
            return True
        if verb == "TEST":
            name, ms = vals
            if name not in self.names or not 1 <= ms <= MAX_BEEP_MS:
                return False
            self.buttons.force(self.names.index(name), ms, now)
            return True
        if verb == "SAFE":
            return vals[0] == "reflash"
        return False
