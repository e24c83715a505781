"""The module's line protocol, host side (firmware/PROTOCOL.md).

Why a second implementation instead of importing the firmware's: the two
sides must agree on the wire, not on the code. Both are tested against the
same vectors file (firmware/protocol_vectors.json), so a change to either side
that alters a byte fails the tests. Nothing here does I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

VERSION = 2
MAX_LINE = 80
SEQ_MOD = 65536
SEQ_WINDOW = 64       # how far ahead a line may jump (lines lost in between)
SEQ_RESYNC = 3        # consecutive refused lines in sequence that move the baseline
MAX_INT_DIGITS = 10
MAX_ARGS = 6
TICKS_PERIOD = 1 << 30  # MicroPython's time.ticks_ms wraps here

# verb -> argument spec ("i" a number, "w" a word)
HOST_COMMANDS: dict[str, str] = {
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
MODULE_EVENTS: dict[str, str] = {
    "HELLO": "iiwiii",
    "ACK": "i",
    "NAK": "iw",
    "PONG": "ii",
    "BTN": "wii",
    "DONE": "i",
    "HB": "iiiii",
}
BUTTON_BITS: tuple[str, ...] = ("flip", "left", "right", "up", "down", "accuse", "pass", "admin")
"""Bit i of the heartbeat's button bitmap is the button BUTTON_BITS[i]."""
EXTRA_BITS: tuple[str, ...] = ("zoom",)
"""Buttons past the eight, bit 8 on: told by a module only after it ACKed `CAPS name` in this
session (an older module answers `NAK seq unknown` and never sends them; PROTOCOL.md)."""


def _make_table() -> tuple[int, ...]:
    table = []
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
        table.append(crc)
    return tuple(table)


_TABLE = _make_table()


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF); crc16(b"123456789") == 0x29B1."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[((crc >> 8) ^ byte) & 0xFF]
    return crc


class LineError(str, Enum):
    """Why a line was dropped; each has its own counter."""

    FORMAT = "format"          # bytes, length, framing, seq or verb
    CRC = "crc"
    UNKNOWN = "unknown"        # well formed, verb not known to this side
    ARGS = "args"              # known verb, wrong number or kind of arguments


@dataclass(frozen=True)
class Line:
    """A well-formed line: its sequence number, verb and raw argument words."""

    seq: int
    verb: str
    args: tuple[str, ...]


Value = int | str


def _is_int(tok: str) -> bool:
    return (
        0 < len(tok) <= MAX_INT_DIGITS
        and tok.isascii()
        and tok.isdigit()
        and not (len(tok) > 1 and tok[0] == "0")
    )


def _is_word(tok: str) -> bool:
    return 0 < len(tok) <= 16 and all(c in "abcdefghijklmnopqrstuvwxyz0123456789_." for c in tok)


def _is_verb(tok: str) -> bool:
    return 2 <= len(tok) <= 8 and all("A" <= c <= "Z" for c in tok)


def encode(seq: int, verb: str, args: Sequence[Value] = ()) -> bytes:
    """One complete line, terminator included. Raises ValueError on what the
    protocol cannot carry, so a bug on our side never reaches the wire."""
    if not 0 <= seq < SEQ_MOD or not _is_verb(verb) or len(args) > MAX_ARGS:
        raise ValueError(f"cannot encode {seq} {verb} {args}")
    words = [str(seq), verb]
    for a in args:
        tok = str(a)
        if isinstance(a, bool) or (isinstance(a, int) and not _is_int(tok)):
            raise ValueError(f"not a protocol number: {a!r}")
        if not _is_word(tok):
            raise ValueError(f"not a protocol word: {a!r}")
        words.append(tok)
    body = " ".join(words).encode("ascii")
    if len(body) + 5 > MAX_LINE:
        raise ValueError(f"line too long: {body!r}")
    return body + b"*%04X\n" % crc16(body)


def decode(raw: bytes) -> Line | LineError:
    """Check one line (without its terminator; a trailing CR is allowed)."""
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if len(raw) > MAX_LINE or len(raw) < 7 or raw[-5:-4] != b"*":
        return LineError.FORMAT
    if any(b < 32 or b > 126 for b in raw):
        return LineError.FORMAT
    body, crc_text = raw[:-5], raw[-4:]
    if not all(c in b"0123456789ABCDEF" for c in crc_text):
        return LineError.FORMAT
    if int(crc_text, 16) != crc16(body):
        return LineError.CRC
    parts = body.decode("ascii").split(" ")
    if not 2 <= len(parts) <= 2 + MAX_ARGS:
        return LineError.FORMAT
    if not _is_int(parts[0]) or int(parts[0]) >= SEQ_MOD or not _is_verb(parts[1]):
        return LineError.FORMAT
    if not all(_is_word(tok) for tok in parts[2:]):
        return LineError.FORMAT
    return Line(int(parts[0]), parts[1], tuple(parts[2:]))


def convert(spec: str, args: Sequence[str]) -> list[Value] | None:
    """Arguments as numbers and words per `spec`, or None when they do not fit."""
    if len(spec) != len(args):
        return None
    out: list[Value] = []
    for kind, tok in zip(spec, args):
        if kind == "i":
            if not _is_int(tok):
                return None
            out.append(int(tok))
        else:
            out.append(tok)
    return out


class LineSplitter:
    """Cuts received bytes into lines, dropping overlong or binary ones.

    Why counted here: a line of garbage must cost one counter increment and
    nothing else, and reading must resume cleanly at the next newline.
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self._bad = False
        self.dropped = 0

    def feed(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            chunk = data[start:] if nl < 0 else data[start:nl]
            if not self._bad:
                if len(self._buf) + len(chunk) > MAX_LINE + 1:  # +1 for a CR
                    self._bad = True
                    self._buf.clear()
                else:
                    self._buf += chunk
            if nl < 0:
                return lines
            line = bytes(self._buf)
            self._buf.clear()
            if self._bad:
                self.dropped += 1
            elif line.strip(b"\r"):
                lines.append(line)
            self._bad = False
            start = nl + 1


class SeqGate:
    """Accepts only lines a little newer than the last accepted one, modulo SEQ_MOD.

    Why a window and a resync: one forged or garbled line far ahead must not
    make every real line after it look old, so a jump of more than SEQ_WINDOW
    is refused; and if lines really were lost in bulk (or the baseline is
    wrong), SEQ_RESYNC refused lines in sequence move the baseline to them,
    without acting on them. A HELLO sets the baseline. `gap` says whether the
    last accepted line followed lost lines or a resync: what happened in
    between is unknown.
    """

    def __init__(self) -> None:
        self.last: int | None = None
        self.out_of_order = 0
        self.missed = 0
        self.resyncs = 0
        self.gap = False
        self._chain = -1
        self._chain_len = 0
        self._resynced = False

    def reset(self, seq: int) -> None:
        self.last = seq
        self._chain_len = 0
        self._resynced = False
        self.gap = False

    def accept(self, seq: int) -> bool:
        if self.last is None:
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


def ticks_diff(a: int, b: int) -> int:
    """a - b for MicroPython ticks_ms values, across the 2**30 wrap."""
    return ((a - b + TICKS_PERIOD // 2) % TICKS_PERIOD) - TICKS_PERIOD // 2
