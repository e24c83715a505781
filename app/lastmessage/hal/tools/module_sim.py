"""The timer/button module simulated: the real firmware under CPython on a pty.

Why a pty and the real firmware: the host backend then talks through real
pyserial to the very code that runs on the Pico (firmware/*.py, unchanged),
with only the chip faked (module_fakes). Buttons are pressed by driving the
fake pins, so the firmware's own scanning and debounce are exercised.

Unplugging closes the pty (the host's pyserial sees the device vanish) and
stops the firmware, as losing USB power would; plugging in again makes a new
pty and boots the firmware afresh. A stable symlink (`link`) points at the
current pty, the way a udev rule gives a real module a stable name.
"""

from __future__ import annotations

import importlib
import os
import secrets
import sys
import tempfile
import threading
import time
import tty
import types
from pathlib import Path
from typing import Protocol

from lastmessage.data import shipped_path
from lastmessage.hal.tools import module_fakes

FIRMWARE_DIR = shipped_path("firmware")


class _LineReader(Protocol):
    dropped: int


class _SeqGate(Protocol):
    out_of_order: int


class FirmwareModule(Protocol):
    """What the simulator reads of the firmware's running `lm_module.Module`: its counters.
    The firmware is MicroPython loaded at run time, so this is its shape, not its class."""

    accepted: int
    bad_crc: int
    bad_format: int
    unknown: int
    rejected: int
    no_session: int
    errors: int
    reader: _LineReader
    gate: _SeqGate


class PtyStream:
    """The module's end of the pty, behaving like USB CDC: never blocks;
    writes that do not fit are dropped; reads with no host give nothing."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.dropped = 0
        self.last_btn_write = 0.0   # time.monotonic() of the last BTN line (benchmark)

    def readinto(self, buf: bytearray) -> int:
        try:
            data = os.read(self.fd, len(buf))
        except OSError:  # EAGAIN: nothing; EIO: no host has the port open
            return 0
        buf[:len(data)] = data
        return len(data)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        chunk = bytes(data)
        try:
            written = os.write(self.fd, chunk)
        except OSError:
            self.dropped += 1
            return
        if written < len(chunk):
            self.dropped += 1
        if b" BTN " in chunk:
            self.last_btn_write = time.monotonic()


def _load_firmware(firmware_dir: Path) -> types.ModuleType:
    """Import lm_main from `firmware_dir` with the fakes in place."""
    module_fakes.install()
    path = str(firmware_dir)
    if path not in sys.path:
        sys.path.append(path)
    lm_main = importlib.import_module("lm_main")
    loaded = Path(lm_main.__file__ or "").resolve().parent
    if loaded != firmware_dir.resolve():
        raise RuntimeError(f"module-sim: lm_main was already imported from {loaded}, "
                           f"not {firmware_dir}")
    return lm_main


def check_link_path(link: Path) -> None:
    """Refuse a `link` path that is anything but a pty link (this simulator's, or
    one left behind by an earlier run): the simulator replaces and removes it,
    and must never do that to someone's file."""
    if link.is_symlink():
        target = os.readlink(link)
        if not target.startswith("/dev/pts/"):
            raise ValueError(f"module-sim: {link} is a link to {target}, not to a pty; "
                             f"give --link a path of its own")
        return
    if link.exists():
        raise ValueError(f"module-sim: {link} already exists and is not a pty link; "
                         f"give --link a path of its own (it is replaced and removed)")
    if not link.parent.is_dir():
        raise ValueError(f"module-sim: cannot make --link {link}: folder {link.parent} is missing; "
                         f"create it or give another path")


class SimulatedModule:
    """One simulated Pico with its LED strip and buttons, on a pty."""

    def __init__(self, *, firmware_dir: Path | None = None, leds: int = 30,
                 link: Path | None = None, ticks_start: int | None = None) -> None:
        if link is not None:
            check_link_path(link)
        self.firmware_dir = firmware_dir or FIRMWARE_DIR
        self.chip = module_fakes.install(ticks_start=ticks_start)
        self.lm_main = _load_firmware(self.firmware_dir)
        board = importlib.import_module("lm_board")
        self.board = types.SimpleNamespace(**{k: getattr(board, k) for k in dir(board)
                                              if k.isupper()})
        self.board.LED_COUNT = leds
        self.buttons: dict[str, int] = dict(self.board.BUTTONS)
        self.release_all()  # the chip is shared: start with every button up
        self.link = link
        self._tmp = tempfile.TemporaryDirectory(prefix="lastmessage-module-")
        self.flag_path = os.path.join(self._tmp.name, "safe_mode")
        self.master: int | None = None
        self.slave_path = ""
        self.stream: PtyStream | None = None
        self.module: FirmwareModule | None = None   # while the firmware runs
        self.boots = 0
        self.state = "unplugged"      # unplugged | running | safe | crashed
        self._running = False
        self._thread: threading.Thread | None = None
        self._started = threading.Event()

    # -- the USB cable -----------------------------------------------------------

    @property
    def port(self) -> str:
        """The path a host should open: the stable link if any, else the pty."""
        return str(self.link) if self.link else self.slave_path

    def plug(self) -> str:
        """Power the module up on a new pty; return the pty's slave path."""
        if self.master is not None:
            raise RuntimeError("module-sim: already plugged in")
        master, slave = os.openpty()
        tty.setraw(master)
        os.set_blocking(master, False)
        self.slave_path = os.ttyname(slave)
        os.close(slave)  # the host opens it by path, as it would /dev/ttyACM0
        self.master = master
        if self.link is not None:
            check_link_path(self.link)   # still ours, or gone, since the last plug
            tmp_link = self.link.with_name(f".{self.link.name}.{secrets.token_hex(6)}")
            tmp_link.symlink_to(self.slave_path)
            os.replace(tmp_link, self.link)
        self.stream = PtyStream(master)
        self._running = True
        self._started.clear()
        self._thread = threading.Thread(target=self._firmware, args=(self.stream,),
                                        name="module-sim-firmware", daemon=True)
        self._thread.start()
        self._started.wait(timeout=5.0)
        return self.slave_path

    def unplug(self) -> None:
        """Pull the cable: the firmware loses power and the pty disappears."""
        self._running = False
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        # the device node goes with the cable (and /dev/pts/N may soon be
        # another program's pty)
        self._remove_link()
        if self.master is not None:
            os.close(self.master)
            self.master = None
        self.module = None
        self.state = "unplugged"

    def close(self) -> None:
        self.unplug()
        self.release_all()
        self._remove_link()
        self._tmp.cleanup()

    def _remove_link(self) -> None:
        """Remove the link if it is still ours (pointing at our pty)."""
        link = self.link
        if link is not None and link.is_symlink() and os.readlink(link) == self.slave_path:
            link.unlink()

    def __enter__(self) -> SimulatedModule:
        self.plug()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _firmware(self, stream: PtyStream) -> None:
        """Boot the firmware, and boot it again after machine.reset()."""
        while self._running:
            self.boots += 1
            try:
                result = self.lm_main.start(stream, self.board, self.flag_path,
                                            running=lambda: self._running,
                                            started=self._on_started)
            except module_fakes.FakeReset:
                continue
            except Exception:
                self.state = "crashed"
                self._started.set()
                raise
            if result == "safe":
                self.state = "safe"
                self._started.set()
            return

    def _on_started(self, module: FirmwareModule) -> None:
        self.module = module
        self.state = "running"
        self._started.set()

    # -- the buttons ---------------------------------------------------------------

    def _gp(self, name: str) -> int:
        if name not in self.buttons:
            raise ValueError(f"module-sim: no button {name!r}; "
                             f"buttons are {', '.join(self.buttons)}")
        return self.buttons[name]

    def press(self, name: str) -> None:
        self.chip.drive(self._gp(name), 0 if self.board.ACTIVE_LOW else 1)

    def release(self, name: str) -> None:
        self.chip.release(self._gp(name))

    def release_all(self) -> None:
        for gp in self.buttons.values():
            self.chip.release(gp)

    def chatter(self, name: str, pressed: bool, bounces: int = 4, gap: float = 0.002) -> None:
        """Press or release with contact bounce, as a real switch does."""
        for _ in range(bounces):
            self.press(name) if pressed else self.release(name)
            time.sleep(gap)
            self.release(name) if pressed else self.press(name)
            time.sleep(gap)
        self.press(name) if pressed else self.release(name)

    # -- what the module shows ---------------------------------------------------------

    def pixels(self) -> list[tuple[int, int, int]]:
        """The LED strip as last written by the firmware (all off before)."""
        strips = self.chip.strips
        if not strips:
            return [(0, 0, 0)] * self.board.LED_COUNT
        pixels: list[tuple[int, int, int]] = strips[-1].pixels()
        return pixels

    def lit(self) -> int:
        """How many LEDs are on: a simple measure of the bar's level."""
        return sum(1 for p in self.pixels() if any(p))

    def notes(self) -> list[int]:
        """Every frequency the buzzer started, since power-up."""
        pwm = self.chip.pwms.get(self.board.BUZZER_PIN) if self.board.BUZZER_PIN is not None else None
        return list(pwm.notes) if pwm is not None else []

    def counters(self) -> dict[str, int]:
        m = self.module
        if m is None:
            return {}
        return {
            "accepted": m.accepted, "bad_crc": m.bad_crc, "bad_format": m.bad_format,
            "dropped": m.reader.dropped, "unknown": m.unknown, "rejected": m.rejected,
            "no_session": m.no_session, "out_of_order": m.gate.out_of_order,
            "errors": m.errors, "boots": self.boots,
        }

    def bar_text(self) -> str:
        """The strip as one line of text: '#' lit, '+' dim, '.' off."""
        out = []
        for r, g, b in self.pixels():
            v = max(r, g, b)
            out.append("#" if v >= 24 else "+" if v else ".")
        return "".join(out)


