"""A hostile USB cable: a second pty between the simulated module and the host.

Why a cable and not a fake link: the host must be attacked through the very
path it uses in the field (pty, pyserial, the link thread), and the module
must be the real firmware pressing real (fake-chip) buttons, so that a lost,
damaged or forged line is judged against what the buttons really did.

The cable forwards the host's lines untouched. Each line of the module is
decoded and handed to a `Tamper`, which returns the lines to send on; the
cable renumbers them (`shift`) so a tamper can insert lines that look in
sequence (a flood) or forge one that takes a real line's number.
"""

from __future__ import annotations

import os
import select
import threading
import tty
from collections.abc import Callable

from lastmessage.hal import serial_protocol as sp

Tamper = Callable[["HostileCable", sp.Line], list[bytes]]
"""Given one line of the module, the bytes to send to the host instead."""


def forward(cable: HostileCable, line: sp.Line) -> list[bytes]:
    """The honest cable: every line as sent (renumbered by the cable's shift)."""
    return [cable.renumber(line)]


class HostileCable:
    """Joins the module's pty (`module_port`) to a new pty the host opens (`port`)."""

    def __init__(self, module_port: str, tamper: Tamper = forward) -> None:
        self.tamper = tamper
        self.shift = 0            # added to the module's sequence numbers
        self.mute = False         # forward nothing from the module (no I/O error)
        self.lines = 0            # module lines seen
        self._module = os.open(module_port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        tty.setraw(self._module)
        self._host, slave = os.openpty()
        tty.setraw(self._host)
        os.set_blocking(self._host, False)
        self.port = os.ttyname(slave)
        self._slave = slave       # kept open so the pty survives the host's reconnects
        self._splitter = sp.LineSplitter()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hostile-cable", daemon=True)
        self._thread.start()

    def renumber(self, line: sp.Line, extra: int = 0) -> bytes:
        """`line` as it goes to the host: its number moved by the shift (+ extra)."""
        return sp.encode((line.seq + self.shift + extra) % sp.SEQ_MOD, line.verb, line.args)

    def send(self, data: bytes) -> None:
        """Bytes to the host now, as if the module had sent them."""
        with self._lock:
            _write_all(self._host, data)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2.0)
        for fd in (self._module, self._host, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> HostileCable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._module, self._host], [], [], 0.05)
            except (OSError, ValueError):
                return
            if self._host in ready:
                data = _read(self._host)
                if data:
                    _write_all(self._module, data)
            if self._module in ready:
                data = _read(self._module)
                for raw in self._splitter.feed(data):
                    self._from_module(raw)

    def _from_module(self, raw: bytes) -> None:
        self.lines += 1
        if self.mute:
            return
        line = sp.decode(raw)
        out = self.tamper(self, line) if isinstance(line, sp.Line) else [raw + b"\n"]
        if out:
            self.send(b"".join(out))


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 4096)
    except OSError:   # EAGAIN, or EIO while nobody has the other end open
        return b""


def _write_all(fd: int, data: bytes, patience: float = 1.0) -> None:
    """Write everything, waiting up to `patience` seconds for room (a cable does
    not drop what it carries while someone reads the other end)."""
    view = memoryview(data)
    waited = 0.0
    while view and waited < patience:
        try:
            n = os.write(fd, view)
        except BlockingIOError:
            select.select([], [fd], [], 0.05)
            waited += 0.05
            continue
        except OSError:
            return
        view = view[n:]
