"""`lastmessage module-sim` and `lastmessage module-bench`.

module-sim runs the real firmware on a pty so that a game, `selftest --serial`
or `play --hal serial` can be driven without a Pico; the first line it prints
is the pty's path. module-bench measures button-to-intent latency across
that pty, through pyserial and the serial backend, as the app would see it.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from lastmessage.arguments import Subparsers
from lastmessage.clock import Clock

if TYPE_CHECKING:   # imported where used, so the command line starts without them
    from lastmessage.hal.tools.module_sim import SimulatedModule
    from lastmessage.hal.serial_backend import SerialHal

HELP = """commands (one per line on standard input):
  press NAME | release NAME     hold a button down / let it go
  tap NAME [MS]                 press for MS milliseconds (default 100)
  chatter NAME                  a press with contact bounce, then release after 200 ms
  unplug | plug                 pull the USB cable / plug it back (the firmware reboots)
  bar | stats | help | quit
buttons: flip left right up down accuse pass admin zoom"""


def register(subparsers: Subparsers) -> None:
    sim = subparsers.add_parser(
        "module-sim", help="run the timer/button module's firmware on a pty (no Pico needed)",
        description="Runs the shipped firmware (firmware/*.py) under CPython "
                    "with a simulated chip on a pty. "
                    "Prints the pty path on the first line; then reads commands on "
                    "standard input (type 'help'). Runs until 'quit', SIGINT or SIGTERM.")
    sim.add_argument("--leds", type=int, default=30, help="LEDs on the strip (default 30)")
    sim.add_argument("--link", type=Path, default=None,
                     help="keep a symlink at this path pointing at the current pty "
                          "(stable across unplug/plug, like a udev name)")
    sim.add_argument("--firmware", type=Path, default=None, help="firmware folder to run")
    sim.add_argument("--show-bar", action="store_true",
                     help="print the LED bar as text whenever it changes")
    sim.set_defaults(func=run_sim)

    bench = subparsers.add_parser(
        "module-bench", help="measure button-to-intent latency across a simulated module's pty")
    bench.add_argument("--presses", type=int, default=40, help="presses to time (default 40)")
    bench.add_argument("--button", default="flip", help="button to press (default flip)")
    bench.add_argument("--hostile", type=int, nargs="?", const=3, default=None, metavar="ROUNDS",
                       help="instead: press every button through a cable that damages, drops, "
                            "reorders, forges and floods lines; count presses lost and "
                            "invented (ROUNDS passes of 8 presses, default 3)")
    bench.add_argument("--seed", type=int, default=1, help="the hostile cable's seed (default 1)")
    bench.set_defaults(func=run_bench)

    safe = subparsers.add_parser(
        "module-safe", help="put the timer/button module in safe mode (REPL free) for flashing",
        description="Sends 'SAFE reflash': the module resets and boots without its program "
                    "and watchdog, so mpremote can copy files. `make flash` runs this first.")
    safe.add_argument("--serial", default=None, metavar="PORT",
                      help="the module's port (default: the first USB device with id 2E8A)")
    safe.set_defaults(func=run_safe)


def run_sim(args: argparse.Namespace) -> int:
    from lastmessage.hal.tools.module_sim import SimulatedModule

    if not 1 <= args.leds <= 300:
        print("module-sim: --leds must be 1-300", file=sys.stderr)
        return 2
    try:
        module = SimulatedModule(firmware_dir=args.firmware, leds=args.leds, link=args.link)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        path = module.plug()
        print(path, flush=True)
        if args.link:
            print(f"link: {args.link}", flush=True)
        print("type 'help' for commands", file=sys.stderr, flush=True)
        reader = threading.Thread(target=_read_commands, args=(module, stop), daemon=True)
        reader.start()
        last_bar = ""
        while not stop.wait(0.05):
            if args.show_bar:
                bar = module.bar_text()
                if bar != last_bar:
                    print(f"bar {bar}", flush=True)
                    last_bar = bar
    finally:
        module.close()
    return 0


def _read_commands(module: SimulatedModule, stop: threading.Event) -> None:
    """Standard input drives the buttons; at EOF the simulator keeps running."""
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            if words[0] == "quit":
                stop.set()
                return
            print(_command(module, words), flush=True)
        except (ValueError, RuntimeError, IndexError) as error:
            print(f"error: {error}", flush=True)


def _command(module: SimulatedModule, words: list[str]) -> str:
    verb = words[0]
    if verb == "press":
        module.press(words[1])
    elif verb == "release":
        module.release(words[1])
    elif verb in ("tap", "hold"):
        ms = int(words[2]) if len(words) > 2 else 100
        module.press(words[1])
        time.sleep(ms / 1000)
        module.release(words[1])
    elif verb == "chatter":
        module.chatter(words[1], True)
        time.sleep(0.2)
        module.chatter(words[1], False)
    elif verb == "unplug":
        module.unplug()
    elif verb == "plug":
        return f"plugged {module.plug()}"
    elif verb == "bar":
        return f"bar {module.bar_text()}"
    elif verb == "stats":
        return " ".join(f"{k}={v}" for k, v in module.counters().items()) or "unplugged"
    elif verb == "help":
        return HELP
    else:
        raise ValueError(f"unknown command {verb!r}; type 'help'")
    return "ok"


def run_safe(args: argparse.Namespace) -> int:
    """0 when the module is in safe mode or already was (no program answering)."""
    import serial  # type: ignore[import-untyped]

    from lastmessage.hal.serial_link import find_module_port
    from lastmessage.hal.tools.serial_safe import SafeReply, request_safe_mode

    port = args.serial or find_module_port()
    if port is None:
        print("module-safe: no Pico found (USB id 2E8A); plug it in or give --serial PORT",
              file=sys.stderr)
        return 1
    try:
        reply = request_safe_mode(port)
    except (serial.SerialException, OSError, ValueError) as error:
        cause = error.__context__ if isinstance(error.__context__, OSError) else error
        why = str(getattr(cause, "strerror", None) or error).splitlines()[0]
        print(f"module-safe: cannot open {port}: {why}; check --serial (is the module "
              f"plugged in?)", file=sys.stderr)
        return 2
    if reply is SafeReply.SILENT:
        print(f"module-safe: no program answers on {port}: already in safe mode "
              f"or not flashed yet; go ahead", file=sys.stderr)
        return 0
    if reply is SafeReply.UNACKNOWLEDGED:
        print("module-safe: the module did not acknowledge SAFE", file=sys.stderr)
        return 1
    # the Pico resets and enumerates again; give USB a moment
    deadline = time.monotonic() + 8.0
    time.sleep(1.0)
    while time.monotonic() < deadline and not Path(port).exists():
        time.sleep(0.2)
    time.sleep(1.0)
    print(f"module-safe: the module on {port} is in safe mode")
    return 0


def run_bench(args: argparse.Namespace) -> int:
    if args.hostile is not None:
        from lastmessage.hal.tools.module_hostile import run_hostile
        if not 1 <= args.hostile <= 1000:
            print("module-bench: --hostile takes 1-1000 rounds", file=sys.stderr)
            return 2
        return run_hostile(args.hostile, seed=args.seed)
    from lastmessage.clock import MonotonicClock
    from lastmessage.hal.base import Control, IntentKind
    from lastmessage.hal.discipline import PRESS_INTENTS
    from lastmessage.hal.tools.module_sim import SimulatedModule
    from lastmessage.hal.serial_backend import open_serial_hal

    control = Control(args.button)
    expected = IntentKind.ACCUSE_HOLD if control is Control.ACCUSE else PRESS_INTENTS[control]
    clock = MonotonicClock()
    total: list[float] = []
    wire: list[float] = []
    lost = 0
    health = ""
    with SimulatedModule() as module:
        hal = open_serial_hal(port=module.slave_path, clock=clock)
        try:
            if not hal.link.wait_up(5.0):
                print("module-bench: the link did not come up", file=sys.stderr)
                return 1
            _pump(hal, clock, 1.2)   # a heartbeat or two: the clock mapping settles
            for _ in range(args.presses):
                module.press(control.value)
                t0 = time.monotonic()
                seen = None
                while time.monotonic() - t0 < 1.0:
                    if any(i.kind is expected for i in hal.poll(clock.now())):
                        seen = time.monotonic()
                        break
                    time.sleep(0.0005)
                module.release(control.value)
                if seen is None:
                    lost += 1
                else:
                    total.append(seen - t0)
                    assert module.stream is not None
                    wire.append(seen - module.stream.last_btn_write)
                _pump(hal, clock, 0.08)
            stats = hal.link.stats
            health = (f"link {hal.link_health().describe()}: {stats.lines} good lines, "
                      f"{stats.bad_total()} bad, {stats.missed} lost, {stats.resyncs} resyncs")
        finally:
            hal.close()
    print(_summary("button to intent (pin change, 20 ms debounce, pty, pyserial, backend)", total))
    print(_summary("module's BTN write to intent (pty, pyserial, backend)", wire))
    print(f"presses {args.presses}, lost {lost}; {health}")
    return 0 if lost == 0 else 1


def _pump(hal: SerialHal, clock: Clock, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        hal.poll(clock.now())
        hal.update(clock.now())
        time.sleep(0.002)


def _summary(what: str, samples: list[float]) -> str:
    if not samples:
        return f"{what}: no samples"
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return (f"{what}: min {ms[0]:.1f} ms, median {statistics.median(ms):.1f} ms, "
            f"p95 {p95:.1f} ms, max {ms[-1]:.1f} ms")
