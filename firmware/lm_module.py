# Last Message module: what the module does with each line and each tick.
#
# Why one object with a `step(now)`: the Pico's main loop and the host-side
# simulator call the very same code; only the stream, the pins and the clock
# source differ. A line that is corrupt, unknown, out of order or out of range
# is counted and ignored (answered with NAK when it was well formed).
#
# Why one write per step, of at most STEP_BYTES: with the host connected but
# reading slowly, a USB CDC write waits up to 500 ms for room for each 64-byte
# packet, and a step used to write a line for every command, every button edge
# and the heartbeat (forty lines in a flood: 20 s against a 4 s watchdog).
# Now a step collects its lines in one buffer and writes them once: at most 4
# packets, 2 s at the very worst. Work that would not fit (more input, more
# button edges, DONE) waits for the next step, a millisecond later; nothing is
# dropped, and the heartbeat still follows BTN lines in the same step.

import time
from micropython import const

import lm_protocol as proto
from lm_bar import PATTERNS

HEARTBEAT_MS = const(1000)
HELD_HEARTBEAT_MS = const(100)  # while a button is down: the host needs fresh evidence
MAX_DRAIN_MS = const(600000)   # keeps the bar's integer arithmetic in small ints
MAX_BEEP_MS = const(5000)
_READ_MAX = const(64)          # bytes per pass, so a flood cannot starve the loop
STEP_BYTES = const(256)        # what one step may write: four 64-byte USB packets
_LINE_MAX = const(81)          # the longest line, its "\n" included (PROTOCOL.md)

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
    "CAPS": "w",
}

# bit i of the heartbeat's button bitmap (PROTOCOL.md); a board may wire fewer
BUTTON_BITS = ("flip", "left", "right", "up", "down", "accuse", "pass", "admin")
# Buttons past the eight of version 2, bit 8 on: told only to a host that asked
# for them with `CAPS name` in this session (an older host refuses a bitmap
# above 255 and a button name it does not know).
EXTRA_BITS = ("zoom",)
_BASE = const(0xFF)


class Module:
    def __init__(self, stream, bar, buttons, names, buzzer, fw_version, on_safe=None):
        self.stream = stream
        self.bar = bar
        self.buttons = buttons
        self.names = names
        every = BUTTON_BITS + EXTRA_BITS
        self.bits = [1 << every.index(n) if n in every else 0 for n in names]
        self.told = _BASE       # the bits this session's host knows: the eight, and those it asked for
        self.state = 0          # bitmap of the buttons down, as told in BTN lines
        self.edges = 0          # BTN lines sent, modulo 65536: the host sees if one was lost
        self.buzzer = buzzer
        self.fw_version = fw_version
        self.on_safe = on_safe
        self.reader = proto.LineReader()
        self.enc = proto.Encoder()
        self.gate = proto.SeqGate()
        self.rx = bytearray(_READ_MAX)
        self.rx_i = 0           # self.rx[rx_i:rx_n] was read but not yet taken
        self.rx_n = 0
        self.out = bytearray(STEP_BYTES)    # this step's lines, written once at its end
        self.out_mv = memoryview(self.out)
        self.out_n = 0
        self.unsent = 0         # lines that found no room (none while producers check)
        self.done_at = -1       # a drain's end not yet told (DONE waits for room)
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

    def send(self, verb, a=None, b=None, c=None, d=None, e=None, f=None):
        """Add a line to this step's output (written by `flush`)."""
        mv = self.enc.line(verb, a, b, c, d, e, f)
        if mv is None:
            return
        n = len(mv)
        at = self.out_n
        if at + n > STEP_BYTES:
            self.unsent += 1
            return
        out = self.out
        src = self.enc.buf
        for i in range(n):
            out[at + i] = src[i]
        self.out_n = at + n

    def flush(self):
        """Write this step's lines in one write."""
        n = self.out_n
        if n:
            self.out_n = 0
            self.stream.write(self.out_mv[0:n])

    def _room(self):
        """Room for one more line and the heartbeat that may follow it."""
        return self.out_n + 2 * _LINE_MAX <= STEP_BYTES

    def step(self, now):
        if self.rx_i >= self.rx_n:
            self.rx_n = self.stream.readinto(self.rx)
            self.rx_i = 0
        while self.rx_i < self.rx_n and self._room():
            ln = self.reader.feed(self.rx[self.rx_i])
            self.rx_i += 1
            if ln > 0:
                self.handle(ln, now)
        edges = False
        while self.buttons.pending() and self._room():
            i, pressed, t = self.buttons.pop()
            if not self.bits[i] & self.told:
                continue        # a button this host does not know (ZOOM for a version 2 host)
            if pressed:
                self.state |= self.bits[i]
            else:
                self.state &= ~self.bits[i]
            self.send("BTN", self.names[i], pressed, t)
            self.edges = (self.edges + 1) % proto.SEQ_MOD
            edges = True
        if self.bar.render(now):
            self.done_at = now
        if self.done_at >= 0 and self._room():
            self.send("DONE", self.done_at)
            self.done_at = -1
        self.buzzer.update(now)
        # Why a heartbeat right after every edge and every 100 ms while a button
        # is down: the host confirms nothing it has no fresh evidence for, and
        # a lost BTN line is put right by the bitmap of the next heartbeat.
        if edges or time.ticks_diff(now, self.next_hb) >= 0:
            self.next_hb = time.ticks_add(now, HELD_HEARTBEAT_MS if self.state else HEARTBEAT_MS)
            self.send("HB", now, self.bad_lines(), self.gate.out_of_order, self.state, self.edges)
        self.flush()

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
            self._hello(seq, args, now)
            return
        if not self.session:
            self.no_session += 1
            return
        # a line we cannot act on must not take a sequence number from a real one
        spec = COMMANDS.get(verb)
        if spec is None:
            self.unknown += 1
            self.send("NAK", seq, "unknown")
            return
        vals = proto.convert(spec, args)
        if vals is None or not self._valid(verb, vals):
            self.rejected += 1
            self.send("NAK", seq, "args")
            return
        if not self.gate.accept(seq):
            return
        if not self._run(verb, vals, now):
            self.rejected += 1
            self.send("NAK", seq, "args")
            return
        self.accepted += 1
        if verb == "PING":
            self.send("PONG", vals[0], now)
        else:
            self.send("ACK", seq)
        if verb == "SAFE" and self.on_safe is not None:
            self.flush()        # the ACK leaves before the reset
            self.on_safe()

    def _hello(self, seq, args, now):
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
        # each session asks again for the extra buttons (the host may be older)
        self.told = _BASE
        self.state &= _BASE
        # with the buttons' state, so the host knows it from the first moment
        self.send("HELLO", proto.VERSION, nonce, self.fw_version, self.bar.n, self.state,
                  self.edges)
        self.next_hb = now

    def _valid(self, verb, vals):
        """Whether a well-formed command's values are in range."""
        if verb == "START":
            return 1 <= vals[0] <= MAX_DRAIN_MS and vals[1] <= MAX_DRAIN_MS
        if verb == "LEVEL":
            return vals[0] <= 1000
        if verb == "PATTERN":
            return vals[0] in PATTERNS
        if verb == "BEEP":
            hz, ms = vals
            return (hz == 0 or 20 <= hz <= 20000) and 1 <= ms <= MAX_BEEP_MS
        if verb == "TEST":
            return vals[0] in self.names and 1 <= vals[1] <= MAX_BEEP_MS
        if verb == "SAFE":
            return vals[0] == "reflash"
        if verb == "CAPS":
            return vals[0] in EXTRA_BITS
        return True

    def _run(self, verb, vals, now):
        """Carry out a command `_valid` accepted; False when the note queue is full."""
        if verb == "START":
            self.bar.start(vals[0], vals[1], now)
        elif verb == "LEVEL":
            self.bar.level(vals[0])
        elif verb == "PATTERN":
            self.bar.pattern(PATTERNS[vals[0]], now)
        elif verb == "BEEP":
            return self.buzzer.beep(vals[0], vals[1])
        elif verb == "QUIET":
            self.buzzer.stop()
        elif verb == "TEST":
            self.buttons.force(self.names.index(vals[0]), vals[1], now)
        elif verb == "CAPS":    # from now on this button's BTN lines and its bit are told
            self.told |= 1 << (len(BUTTON_BITS) + EXTRA_BITS.index(vals[0]))
        return True
