"""`lastmessage selftest --serial PORT [--auto]`: check a module (or module-sim).

Goes through the handshake, every command (each must be acknowledged), a
refused out-of-range value, a short drain to DONE, the heartbeat, and a
button echo for every control: with `--auto` the module is asked to press
each button itself (TEST, which goes through its scanning and debounce);
without it a person is also asked to press each button on the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from lastmessage.clock import MonotonicClock
from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.base import Control
from lastmessage.hal.serial_link import ModuleEvent, SerialLink


class _Checker:
    def __init__(self, link: SerialLink, out: Callable[[str], None], patience: float) -> None:
        self.link = link
        self.out = out
        self.patience = patience
        self.failures = 0
        self.backlog: list[ModuleEvent] = []

    def report(self, ok: bool, what: str, detail: str = "") -> bool:
        self.out(f"{'ok  ' if ok else 'FAIL'} {what}{': ' + detail if detail else ''}")
        if not ok:
            self.failures += 1
        return ok

    def wait(self, match: Callable[[ModuleEvent], bool], timeout: float) -> ModuleEvent | None:
        deadline = time.monotonic() + timeout * self.patience
        while True:
            self.backlog += self.link.take_events()
            for i, event in enumerate(self.backlog):
                if match(event):
                    del self.backlog[i]
                    return event
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.005)

    def command(self, verb: str, args: tuple[sp.Value, ...] = (), *, expect: str = "ACK",
                timeout: float = 1.0) -> ModuleEvent | None:
        seq = self.link.send(verb, args)
        if seq is None:
            self.report(False, f"{verb} {' '.join(map(str, args))}", "link is down")
            return None
        if expect == "PONG":
            return self.wait(lambda e: e.verb == "PONG" and e.values[0] == args[0], timeout)
        return self.wait(lambda e: e.verb in ("ACK", "NAK") and e.values[0] == seq, timeout)


def run(port: str, *, auto: bool, out: Callable[[str], None] = print,
        ask: Callable[[str], None] | None = None, button_timeout: float = 20.0,
        patience: float = 1.0) -> int:
    """Run the checks against the module on `port`; 0 when every one passed.

    `patience` stretches every deadline: a module answers in milliseconds, but the simulated
    one on a loaded build machine can be scheduled late, and a late answer is not a fault."""
    clock = MonotonicClock()
    link = SerialLink(port=port, clock=clock, log=lambda msg: out(f"     {msg}"))
    link.start()
    check = _Checker(link, out, patience)
    try:
        t0 = time.monotonic()
        if not check.report(link.wait_up(5.0 * patience), "handshake",
                            f"firmware {link.module_info.get('firmware')}, "
                            f"{link.module_info.get('leds')} LEDs, protocol {sp.VERSION}, "
                            f"{(time.monotonic() - t0) * 1000:.0f} ms"
                            if link.link_ok() else f"no HELLO answer on {port}"):
            return 1
        pong = check.command("PING", (4242,), expect="PONG")
        check.report(pong is not None, "PING -> PONG")
        for verb, args in (("START", (30000, 0)), ("LEVEL", (500,)), ("PATTERN", ("idle",)),
                           ("PATTERN", ("win",)), ("PATTERN", ("lose",)), ("PATTERN", ("off",)),
                           ("BEEP", (880, 60)), ("BEEP", (0, 20)), ("QUIET", ())):
            reply = check.command(verb, args)
            check.report(reply is not None and reply.verb == "ACK",
                         f"{verb} {' '.join(map(str, args))}".rstrip(),
                         "" if reply is None or reply.verb == "ACK" else f"refused ({reply.values[1]})")
        reply = check.command("LEVEL", (2000,))
        check.report(reply is not None and reply.verb == "NAK", "LEVEL 2000 refused (out of range)")
        check.command("START", (300, 0))
        done = check.wait(lambda e: e.verb == "DONE", 2.0)
        check.report(done is not None, "START 300 -> DONE")
        hb = check.wait(lambda e: e.verb == "HB", 2.5)
        check.report(hb is not None, "heartbeat",
                     "" if hb is None else f"module counted {hb.values[1]} bad lines")
        for control in Control:
            name = control.value
            reply = check.command("TEST", (name, 60))
            if reply is not None and reply.verb == "NAK":
                out(f"skip button {name}: not on this module")
                continue
            down = check.wait(lambda e: e.verb == "BTN" and e.values[:2] == (name, 1), 1.0)
            up = check.wait(lambda e: e.verb == "BTN" and e.values[:2] == (name, 0), 1.0)
            check.report(down is not None and up is not None, f"button echo {name}")
        if not auto:
            prompt = ask or (lambda text: out(text))
            for control in Control:
                name = control.value
                prompt(f"press and release {name.upper()} on the table "
                       f"(within {button_timeout:g} s)")
                down = check.wait(lambda e: e.verb == "BTN" and e.values[:2] == (name, 1),
                                  button_timeout)
                up = down and check.wait(lambda e: e.verb == "BTN" and e.values[:2] == (name, 0),
                                         button_timeout)
                check.report(bool(down and up), f"button {name} pressed by hand")
            link.send("START", (10000, 0))
            prompt("the LED bar should now drain over 10 s, blinking in the last 5 s")
        stats = link.stats
        check.report(link.link_ok() and stats.trouble() == 0, "link clean",
                     f"{stats.lines} good lines, {stats.bad_total()} bad, {stats.missed} lost, "
                     f"{stats.resyncs} resyncs; module counted {stats.module_bad_lines} bad, "
                     f"{stats.module_out_of_order} out of order; link {link.health().describe()}")
        link.send("PATTERN", ("off",))
        time.sleep(0.05)
    finally:
        link.close()
    out(f"{'PASS' if check.failures == 0 else 'FAIL'}: timer/button module self-test, "
        f"{check.failures} failure(s)")
    return 0 if check.failures == 0 else 1
