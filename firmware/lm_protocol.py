# Last Message module: the line protocol, module side (see PROTOCOL.md).
#
# Why a separate small module: the same code runs on the Pico and, unchanged,
# under CPython in the test suite and in `lastmessage module-sim`. Buffers are
# allocated once; a bad byte can only make a line invalid, never raise.
#
# A line is  SEQ SP VERB [SP ARG]... "*" CRC "\n"  where CRC is four upper-case
# hex digits of CRC-16/CCITT-FALSE over everything before the "*".

from micropython import const

VERSION = const(2)
MAX_LINE = const(80)        # bytes before the terminator; longer lines are dropped
SEQ_MOD = const(65536)
SEQ_WINDOW = const(64)      # how far ahead a line may jump (lines lost in between)
SEQ_RESYNC = const(3)       # consecutive refused lines in sequence that move the baseline
_MAX_ARGS = const(6)
_MAX_INT_DIGITS = const(10)  # ticks_ms reach 2**30 - 1, ten digits

# Why these names: the host counts the same reasons (PROTOCOL.md, "Counters").
ERR_NONE = const(0)
ERR_FORMAT = const(1)       # bad bytes, overlong, no "*", bad seq or verb
ERR_CRC = const(2)

_HEX = b"0123456789ABCDEF"


def _make_table():
    table = [0] * 256
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
        table[i] = crc
    return tuple(table)


_TABLE = _make_table()


def crc16(buf, start, end):
    """CRC-16/CCITT-FALSE of buf[start:end] without slicing (no allocation)."""
    crc = 0xFFFF
    table = _TABLE
    for i in range(start, end):
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ buf[i]) & 0xFF]
    return crc


def _hex_value(c):
    if 48 <= c <= 57:
        return c - 48
    if 65 <= c <= 70:
        return c - 55
    return -1


class LineReader:
    """Cuts a byte stream into lines in one fixed buffer.

    Why byte by byte: on the Pico USB CDC is read one byte at a time after a
    poll. A line with a byte outside printable ASCII, or longer than MAX_LINE,
    is dropped whole and counted, and reading resumes at the next newline.
    """

    def __init__(self, size=MAX_LINE + 1):  # + 1 for an optional CR
        self.buf = bytearray(size)
        self.n = 0
        self._bad = False
        self.dropped = 0

    def feed(self, c):
        """Take one byte; return the line length when a line is complete, else -1."""
        if c == 10:
            n = self.n
            bad = self._bad
            self.n = 0
            self._bad = False
            if n and self.buf[n - 1] == 13:
                n -= 1
            if bad:
                self.dropped += 1
                return -1
            if n == 0:
                return -1  # blank lines are keep-alives, not errors
            return n
        if self._bad:
            return -1
        if c == 13 or 32 <= c <= 126:
            if self.n >= len(self.buf):
                self._bad = True
                return -1
            self.buf[self.n] = c
            self.n += 1
            return -1
        self._bad = True
        return -1


def check(buf, n):
    """Validate framing and CRC of buf[:n]; return the index of "*" or -(error)."""
    if n < 7 or n > MAX_LINE or buf[n - 5] != 42:  # 42 is "*"
        return -ERR_FORMAT
    star = n - 5
    crc = 0
    for i in range(star + 1, n):
        v = _hex_value(buf[i])
        if v < 0:
            return -ERR_FORMAT
        crc = (crc << 4) | v
    if crc16(buf, 0, star) != crc:
        return -ERR_CRC
    return star


def _parse_int(tok):
    if not tok or len(tok) > _MAX_INT_DIGITS:
        return -1
    v = 0
    for ch in tok:
        o = ord(ch)
        if o < 48 or o > 57:
            return -1
        v = v * 10 + o - 48
    if len(tok) > 1 and tok[0] == "0":
        return -1  # one spelling per number, so a line has one CRC
    return v


def _is_word(tok):
    if not tok or len(tok) > 16:
        return False
    for ch in tok:
        o = ord(ch)
        if not (97 <= o <= 122 or 48 <= o <= 57 or o == 95 or o == 46):
            return False
    return True


def _is_verb(tok):
    if not 2 <= len(tok) <= 8:
        return False
    for ch in tok:
        o = ord(ch)
        if o < 65 or o > 90:
            return False
    return True


def decode(buf, n):
    """Decode a complete line; return (seq, verb, [args]) or an error code.

    Allocates the token strings: fine in the main loop, never called from an
    interrupt handler.
    """
    star = check(buf, n)
    if star < 0:
        return -star
    try:
        text = bytes(buf[0:star]).decode()
    except Exception:
        return ERR_FORMAT
    parts = text.split(" ")
    if len(parts) < 2 or len(parts) > 2 + _MAX_ARGS:
        return ERR_FORMAT
    seq = _parse_int(parts[0])
    if seq < 0 or seq >= SEQ_MOD or not _is_verb(parts[1]):
        return ERR_FORMAT
    for tok in parts[2:]:
        if not _is_word(tok):
            return ERR_FORMAT
    return (seq, parts[1], parts[2:])


def convert(spec, args):
    """Check args against a spec string ("i" number, "w" word); return values or None."""
    if len(spec) != len(args):
        return None
    out = []
    for i in range(len(spec)):
        if spec[i] == "i":
            v = _parse_int(args[i])
            if v < 0:
                return None
            out.append(v)
        else:
            out.append(args[i])
    return out


class SeqGate:
    """Accepts only lines a little newer than the last one accepted (modulo SEQ_MOD).

    Why: a line replayed, duplicated or delivered late must not be acted on
    twice or out of order; a gap is counted but accepted (the newer line is the
    truth). Why a window: one forged line far ahead must not make every real
    line after it look old; SEQ_RESYNC refused lines in sequence move the
    baseline to them (not acted on). A HELLO sets the baseline. `gap`: the
    last accepted line followed lost lines or a resync.
    """

    def __init__(self):
        self.last = -1
        self.out_of_order = 0
        self.missed = 0
        self.resyncs = 0
        self.gap = False
        self._chain = -1
        self._chain_len = 0
        self._resynced = False

    def reset(self, seq):
        self.last = seq
        self._chain_len = 0
        self._resynced = False
        self.gap = False

    def accept(self, seq):
        if self.last < 0:
            return False
        d = (seq - self.last) % SEQ_MOD
        if 1 <= d <= SEQ_WINDOW:
            self.missed += d - 1
            self.gap = d > 1 or self._resynced
            self._resynced = False
            self._chain_len = 0
            self.last = seq
            return True
        self.out_of_order += 1
        if self._chain_len and seq == (self._chain + 1) % SEQ_MOD:
            self._chain_len += 1
        else:
            self._chain_len = 1
        self._chain = seq
        if self._chain_len >= SEQ_RESYNC:
            self.resyncs += 1
            self.last = seq
            self._chain_len = 0
            self._resynced = True
        return False


class Encoder:
    """Writes numbered, CRC-checked lines into one fixed buffer."""

    def __init__(self, seq=0):
        self.buf = bytearray(MAX_LINE + 1)
        self.mv = memoryview(self.buf)
        self.seq = seq % SEQ_MOD
        self._n = 0
        self._over = False

    def _put(self, c):
        if self._n < MAX_LINE - 5:
            self.buf[self._n] = c
            self._n += 1
        else:
            self._over = True

    def _put_int(self, v):
        if v < 0:
            v = 0
        if v == 0:
            self._put(48)
            return
        div = 1
        while div * 10 <= v:
            div *= 10
        while div:
            self._put(48 + (v // div) % 10)
            div //= 10

    def _put_str(self, s):
        for ch in s:
            self._put(ord(ch))

    def _put_arg(self, a):
        self._put(32)
        if isinstance(a, int):
            self._put_int(a)
        else:
            self._put_str(a)

    def line(self, verb, a=None, b=None, c=None, d=None, e=None, f=None):
        """Return a memoryview of the next line, or None if it would not fit."""
        self._n = 0
        self._over = False
        self._put_int(self.seq)
        self._put(32)
        self._put_str(verb)
        if a is not None:
            self._put_arg(a)
        if b is not None:
            self._put_arg(b)
        if c is not None:
            self._put_arg(c)
        if d is not None:
            self._put_arg(d)
        if e is not None:
            self._put_arg(e)
        if f is not None:
            self._put_arg(f)
        if self._over:
            return None
        n = self._n
        crc = crc16(self.buf, 0, n)
        buf = self.buf
        buf[n] = 42
        buf[n + 1] = _HEX[(crc >> 12) & 15]
        buf[n + 2] = _HEX[(crc >> 8) & 15]
        buf[n + 3] = _HEX[(crc >> 4) & 15]
        buf[n + 4] = _HEX[crc & 15]
        buf[n + 5] = 10
        self.seq = (self.seq + 1) % SEQ_MOD
        return self.mv[0:n + 6]
