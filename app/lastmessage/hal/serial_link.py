"""The USB serial link to the timer/button module, on pyserial, in one thread.

Why a thread of its own: finding the module, opening it, the handshake, and
waiting out an unplugged cable with backoff must never stall the app's frame
loop. The app thread only queues lines (`send`) and takes events
(`take_events`); neither call blocks.

The link is up only between a matching HELLO answer and the first sign of
trouble: an I/O error (cable pulled), or no line at all for
`heartbeat_timeout` seconds (the module sends HB every second). Then the port
is closed and the thread tries again, waiting 0.2 s, 0.4 s, ... up to 5 s.

Module timestamps (ticks_ms) are mapped onto the host clock: the smallest
offset `host receive time - module time` over the last minute is the best
estimate (a line can arrive late, never early), so a button's edges keep the
module's exact spacing, which is what hold-to-confirm measures.

Lines lost, damaged or refused in the last `DEGRADED_WINDOW` seconds make the
link *degraded* (`health()`), logged once per episode, so the operator can
tell a bad cable from a quiet one.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import serial  # type: ignore[import-untyped]
import serial.tools.list_ports  # type: ignore[import-untyped]

from lastmessage.clock import Clock
from lastmessage.hal import serial_protocol as sp

PICO_VID = 0x2E8A
LINK_UP = "link_up"       # markers in the event queue; lower case, so never a wire verb
LINK_DOWN = "link_down"
DEGRADED_WINDOW = 10.0    # seconds of trouble-free link before it counts as clean again
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModuleEvent:
    """A line from the module, or a link marker, as the app thread sees it.

    `t` is on the host clock: for a line that carries the module's ticks (BTN,
    DONE, HB, PONG) that time mapped onto the host clock; otherwise the time
    the line arrived. `gap`: lines were lost just before this one, so what
    happened in between is unknown.
    """

    verb: str
    values: tuple[sp.Value, ...]     # for LINK_UP: the buttons' bitmap and edge count
    t: float
    seq: int = -1
    gap: bool = False


@dataclass
class LinkStats:
    """Counters of the link; bad lines are counted here and otherwise ignored."""

    connects: int = 0
    disconnects: int = 0
    handshake_failures: int = 0
    lines: int = 0
    dropped: int = 0             # overlong or binary lines
    bad_format: int = 0
    bad_crc: int = 0
    unknown: int = 0
    bad_args: int = 0
    out_of_order: int = 0        # repeated, old, or too far ahead
    missed: int = 0              # gaps in the module's numbering
    resyncs: int = 0             # numbering baseline moved after consistent lines
    naks: int = 0
    sent: int = 0
    not_sent: int = 0            # commands given while the link was down
    module_bad_lines: int = 0    # as the module reports in its heartbeat
    module_out_of_order: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    def bad_total(self) -> int:
        return (self.dropped + self.bad_format + self.bad_crc + self.unknown
                + self.bad_args + self.out_of_order)

    def trouble(self) -> int:
        """Every sign of a bad link: lines dropped, damaged, refused or lost, resyncs."""
        return self.bad_total() + self.missed + self.resyncs


@dataclass(frozen=True)
class LinkHealth:
    """What the operator is shown of the link (a small hook for the screens)."""

    up: bool
    degraded: bool = False       # trouble within the last DEGRADED_WINDOW seconds
    recent_trouble: int = 0      # how much: lines lost, damaged, refused; resyncs

    def describe(self) -> str:
        if not self.up:
            return "down"
        if self.degraded:
            return f"degraded ({self.recent_trouble} lines lost, damaged or refused recently)"
        return "up"


def find_module_port(vid: int = PICO_VID) -> str | None:
    """The first serial port whose USB vendor id is `vid` (a Pico: 2E8A)."""
    ports = sorted((p for p in serial.tools.list_ports.comports() if p.vid == vid),
                   key=lambda p: p.device)
    return ports[0].device if ports else None


class ClockMapper:
    """Maps the module's ticks_ms onto the host clock (see the module docstring).

    Why buckets: only the smallest offset matters, so one minimum per second
    of the last minute is kept, however many lines arrive (a flood of valid
    heartbeats must not grow memory or make each line cost more).
    """

    WINDOW = 60.0
    BUCKET = 1.0

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self._last_ticks: int | None = None
        self._module_s = 0.0
        self._buckets: deque[tuple[int, float]] = deque()   # (bucket number, min offset)
        self._best = float("inf")
        self._last_mapped = float("-inf")

    def __len__(self) -> int:
        """Offsets kept (at most one per bucket of the window, plus the current one)."""
        return len(self._buckets)

    def module_seconds(self, ticks: int) -> float:
        """Unwrap ticks (modulo 2**30) into seconds since this connection began."""
        if self._last_ticks is not None:
            self._module_s += sp.ticks_diff(ticks, self._last_ticks) / 1000
        self._last_ticks = ticks
        return self._module_s

    def observe(self, ticks: int, received: float) -> float:
        """Record a line stamped `ticks` that arrived at host time `received`."""
        m = self.module_seconds(ticks)
        offset = received - m
        bucket = int(received // self.BUCKET)
        buckets = self._buckets
        if buckets and buckets[-1][0] == bucket:
            if offset < buckets[-1][1]:
                buckets[-1] = (bucket, offset)
        else:
            buckets.append((bucket, offset))
        oldest = bucket - int(self.WINDOW / self.BUCKET)
        if buckets[0][0] < oldest:
            while buckets[0][0] < oldest:
                buckets.popleft()
            self._best = min(o for _, o in buckets)
        else:
            self._best = min(self._best, offset)
        return m

    def to_host(self, module_s: float, received: float) -> float:
        """Host time of a module instant; never after `received`, never backwards."""
        if not self._buckets:
            return received
        t = min(module_s + self._best, received)
        t = max(t, self._last_mapped)
        self._last_mapped = t
        return t


class SerialLink:
    """Owns the port: discovery, handshake, reading, reconnecting."""

    def __init__(self, *, port: str | None, clock: Clock,
                 log: Callable[[str], None] | None = None,
                 vid: int = PICO_VID, heartbeat_timeout: float = 3.0,
                 handshake_timeout: float = 1.5, backoff: tuple[float, float] = (0.2, 5.0)) -> None:
        self.port = port
        self.clock = clock
        self.vid = vid
        self.heartbeat_timeout = heartbeat_timeout
        self.handshake_timeout = handshake_timeout
        self.backoff = backoff
        self._log = log if log is not None else _log.warning
        self.stats = LinkStats()
        self.module_info: dict[str, sp.Value] = {}
        self.connected_port: str | None = None
        self._events: queue.SimpleQueue[ModuleEvent] = queue.SimpleQueue()
        self._out: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self._seq = random.randrange(sp.SEQ_MOD)
        self._seq_lock = threading.Lock()
        self._up = threading.Event()
        self._closing = threading.Event()
        self._serial: serial.Serial | None = None
        self.mapper = ClockMapper()
        self._hello_state: tuple[sp.Value, ...] = (0, 0)   # buttons, edges in the HELLO answer
        self.extra_buttons: tuple[str, ...] = ()   # this session's buttons past the eight (CAPS ACKed)
        self._asked: dict[int, str] = {}            # CAPS lines sent this session: seq -> button
        self._asked_at = 0.0
        self._asks = 0
        self._health = LinkHealth(up=False)
        self._trouble_marks: deque[tuple[float, int]] = deque()
        self._open_error_reported = False
        self._thread = threading.Thread(target=self._run, name="lastmessage-serial-link",
                                        daemon=True)

    # -- the app thread's side ---------------------------------------------------

    def start(self) -> SerialLink:
        self._thread.start()
        return self

    def link_ok(self) -> bool:
        return self._up.is_set()

    def health(self) -> LinkHealth:
        return self._health if self._up.is_set() else LinkHealth(up=False)

    def wait_up(self, timeout: float) -> bool:
        return self._up.wait(timeout)

    def send(self, verb: str, args: tuple[sp.Value, ...] | list[sp.Value] = ()) -> int | None:
        """Queue one command; its sequence number, or None when the link is down.

        Commands are not kept while the link is down: after a reconnect the
        backend sends the current state instead, which is what matters.
        """
        if not self._up.is_set():
            self.stats.not_sent += 1
            return None
        line, seq = self._encode(verb, args)
        self._out.put(line)
        ser = self._serial
        if ser is not None:
            try:
                ser.cancel_read()  # wake the reader so the line leaves now
            except Exception:
                pass
        return seq

    def take_events(self) -> list[ModuleEvent]:
        out: list[ModuleEvent] = []
        while True:
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        self._closing.set()
        ser = self._serial
        if ser is not None:
            try:
                ser.cancel_read()
            except Exception:
                pass
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=3.0)

    # -- the link thread -----------------------------------------------------------

    def _encode(self, verb: str, args: tuple[sp.Value, ...] | list[sp.Value]) -> tuple[bytes, int]:
        with self._seq_lock:
            seq = self._seq
            line = sp.encode(seq, verb, args)
            self._seq = (seq + 1) % sp.SEQ_MOD
        return line, seq

    def _run(self) -> None:
        delay = self.backoff[0]
        reported_missing = False
        while not self._closing.is_set():
            port = self.port or find_module_port(self.vid)
            if port is None:
                if not reported_missing:
                    self._log("timer module: no Pico (USB id 2E8A) found; "
                              "the game goes on with the on-screen timer, still looking")
                    reported_missing = True
            else:
                reported_missing = False
                if self._session(port):
                    delay = self.backoff[0]
            if self._closing.wait(delay):
                break
            delay = min(delay * 2, self.backoff[1])

    def _session(self, port: str) -> bool:
        """Open, handshake and serve one connection; True if the handshake succeeded."""
        try:
            ser = serial.Serial(port, 115200, timeout=0.1, write_timeout=0.5, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as error:
            if not self._open_error_reported:
                self._log(f"timer module: cannot open {port}: {error}; will retry")
                self._open_error_reported = True
            return False
        self._open_error_reported = False
        self._serial = ser
        splitter = sp.LineSplitter()
        gate = sp.SeqGate()
        handshaken = False
        try:
            early = self._handshake(ser, splitter, gate)
            if early is None:
                self.stats.handshake_failures += 1
                return False
            handshaken = True
            self._copy_counters(gate, splitter)
            self._trouble_marks.clear()
            self._trouble_marks.append((time.monotonic(), self.stats.trouble()))
            self._health = LinkHealth(up=True)
            self.connected_port = port
            self.stats.connects += 1
            self._up.set()
            self._events.put(ModuleEvent(LINK_UP, self._hello_state, self.clock.now()))
            # a PONG carries the module's time: the clock mapping starts at once
            self._out.put(self._encode("PING", (0,))[0])
            self.extra_buttons, self._asked, self._asks = (), {}, 0
            self._ask(sp.EXTRA_BITS)
            self._log(f"timer module: connected on {port} "
                      f"(firmware {self.module_info.get('firmware')}, "
                      f"{self.module_info.get('leds')} LEDs)")
            received = self.clock.now()
            for raw in early:
                self._dispatch(raw, gate, received)
            self._serve(ser, splitter, gate)
        except (serial.SerialException, OSError) as error:
            if handshaken:
                self._log(f"timer module: link lost ({error}); "
                          f"the game goes on with the on-screen timer")
        finally:
            if self._up.is_set():
                self._up.clear()
                self.stats.disconnects += 1
                self._events.put(ModuleEvent(LINK_DOWN, (), self.clock.now()))
            self._serial = None
            while not self._out.empty():   # stale commands: the state is resent on reconnect
                self._out.get_nowait()
            try:
                ser.close()
            except Exception:
                pass
        return handshaken

    def _handshake(self, ser: serial.Serial, splitter: sp.LineSplitter,
                   gate: sp.SeqGate) -> list[bytes] | None:
        """Host speaks first (opening the port flushed what the module sent).

        Returns the lines that came after the answer in the same read (the
        module's first heartbeat follows its HELLO at once), or None.
        """
        nonce = random.randrange(sp.SEQ_MOD)
        deadline = time.monotonic() + self.handshake_timeout
        next_hello = 0.0
        while time.monotonic() < deadline and not self._closing.is_set():
            if time.monotonic() >= next_hello:
                line, _ = self._encode("HELLO", (sp.VERSION, nonce))
                ser.write(line)
                next_hello = time.monotonic() + 0.4
            data = ser.read(ser.in_waiting or 1)
            lines = splitter.feed(data)
            for i, raw in enumerate(lines):
                line_or_error = sp.decode(raw)
                if not isinstance(line_or_error, sp.Line) or line_or_error.verb != "HELLO":
                    continue  # whatever was in flight before our HELLO
                # version and nonce first: another version's answer has other arguments
                head = sp.convert("ii", line_or_error.args[:2])
                if head is None or head[1] != nonce:
                    continue
                if head[0] != sp.VERSION:
                    self._log(f"timer module: it speaks protocol version {head[0]}, "
                              f"this app speaks {sp.VERSION}; flash the firmware of this "
                              f"release (`make flash`, firmware/README.md)")
                    return None
                values = sp.convert(sp.MODULE_EVENTS["HELLO"], line_or_error.args)
                if values is None:
                    continue
                version, _, firmware, leds, buttons, edges = values
                gate.reset(line_or_error.seq)
                self.mapper.reset()
                self.module_info = {"version": version, "firmware": firmware, "leds": leds}
                self._hello_state = (buttons, edges)
                return lines[i + 1:]
        return None

    def _ask(self, names: tuple[str, ...]) -> None:
        """CAPS for the extra buttons (PROTOCOL.md, "Extra buttons"); a module of 1.1.0 answers
        NAK unknown: no ZOOM, everything else as before."""
        for name in names:
            line, seq = self._encode("CAPS", (name,))
            self._asked[seq] = name
            self._out.put(line)
        self._asked_at = time.monotonic()
        self._asks += 1

    def _serve(self, ser: serial.Serial, splitter: sp.LineSplitter, gate: sp.SeqGate) -> None:
        last_rx = time.monotonic()
        while not self._closing.is_set():
            if self._asked and time.monotonic() - self._asked_at > CAPS_RETRY and self._asks < CAPS_TRIES:
                unanswered = tuple(self._asked.values())   # the answer (or the question) was lost
                self._asked = {}
                self._ask(unanswered)
            while True:
                try:
                    line = self._out.get_nowait()
                except queue.Empty:
                    break
                ser.write(line)
                self.stats.sent += 1
            data = ser.read(ser.in_waiting or 1)
            now = time.monotonic()
            if data:
                last_rx = now
                received = self.clock.now()
                for raw in splitter.feed(data):
                    self._dispatch(raw, gate, received)
            elif now - last_rx > self.heartbeat_timeout:
                self._log(f"timer module: silent for {self.heartbeat_timeout:g} s; reconnecting")
                return
            self._copy_counters(gate, splitter)
            self._judge_health(now)

    def _copy_counters(self, gate: sp.SeqGate, splitter: sp.LineSplitter) -> None:
        """The session's gate and splitter counters into the stats."""
        self.stats.dropped = splitter.dropped
        self.stats.out_of_order = gate.out_of_order
        self.stats.missed = gate.missed
        self.stats.resyncs = gate.resyncs

    def _judge_health(self, now: float) -> None:
        """Degraded while the trouble count grew within the last DEGRADED_WINDOW s."""
        marks = self._trouble_marks
        trouble = self.stats.trouble()
        if now - marks[-1][0] >= 1.0:
            marks.append((now, trouble))
        while len(marks) > 1 and now - marks[1][0] >= DEGRADED_WINDOW:
            marks.popleft()
        recent = trouble - marks[0][1]
        was = self._health.degraded
        self._health = LinkHealth(up=True, degraded=recent > 0, recent_trouble=recent)
        if recent > 0 and not was:
            self._log(f"timer module: link degraded: {recent} line(s) lost, damaged or "
                      f"refused; check the USB cable (buttons are only taken when the "
                      f"module's state confirms them)")
        elif was and recent == 0:
            self._log("timer module: link clean again")

    def _dispatch(self, raw: bytes, gate: sp.SeqGate, received: float) -> None:
        """Check one line; count and ignore it unless it is good, new and known.

        The verb and arguments are checked before the sequence number: a line
        that cannot be acted on must not take the number of a real one.
        """
        result = sp.decode(raw)
        if result is sp.LineError.CRC:
            self.stats.bad_crc += 1
            return
        if not isinstance(result, sp.Line):
            self.stats.bad_format += 1
            return
        if result.verb == "HELLO":
            return  # a late answer to an earlier HELLO of this session
        spec = sp.MODULE_EVENTS.get(result.verb)
        if spec is None:
            self.stats.unknown += 1
            return
        values = sp.convert(spec, result.args)
        # a bitmap of every button this host knows: a module sets the extra bits only once asked
        # (its ACK may be the line a bad cable lost)
        if values is None or not _plausible(result.verb, values, len(sp.BUTTON_BITS) + len(sp.EXTRA_BITS)):
            self.stats.bad_args += 1
            return
        if not gate.accept(result.seq):
            return
        self.stats.lines += 1
        t = received
        ticks = _TICKS_ARG.get(result.verb)
        if ticks is not None:
            t = self.mapper.to_host(self.mapper.observe(int(values[ticks]), received), received)
        if result.verb == "HB":
            self.stats.module_bad_lines = int(values[1])
            self.stats.module_out_of_order = int(values[2])
        elif result.verb == "ACK" and int(values[0]) in self._asked:
            self.extra_buttons += (self._asked.pop(int(values[0])),)
        elif result.verb == "NAK":
            self.stats.naks += 1
            asked = self._asked.pop(int(values[0]), None)
            if asked is not None:   # firmware older than this release: it has no such button
                self._log(f"timer module: firmware {self.module_info.get('firmware')} has no "
                          f"{asked.upper()} button; flash this release's firmware for it (`make flash`)")
            else:
                self._log(f"timer module: refused our line {values[0]} ({values[1]})")
        self._events.put(ModuleEvent(result.verb, tuple(values), t, result.seq, gate.gap))


CAPS_RETRY = 1.0   # seconds without an answer to CAPS before it is asked again
CAPS_TRIES = 3

_TICKS_ARG = {"BTN": 2, "DONE": 0, "HB": 0, "PONG": 1}
"""Which argument of a module line is its ticks_ms."""


def _plausible(verb: str, values: list[sp.Value], buttons: int) -> bool:
    """Values in range: ticks below 2**30, a button level of 0 or 1, a bitmap of
    the `buttons` this session knows, an edge count below 65536."""
    if any(isinstance(v, int) and v >= sp.TICKS_PERIOD for v in values):
        return False
    if verb == "BTN":
        return values[1] in (0, 1)
    if verb == "HB":
        return int(values[3]) < 1 << buttons and int(values[4]) < sp.SEQ_MOD
    return True
