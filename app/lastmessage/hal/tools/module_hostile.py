"""`lastmessage module-bench --hostile`: presses lost and invented on a bad link.

The simulated module (the real firmware) presses its buttons in a fixed plan
while a HostileCable damages, drops, reorders, replays and forges its lines,
and later floods the host with valid heartbeats. Every intent the serial
backend gives is judged against the press that was really made. Figures:
presses lost, false presses, what the cable did, and, under the flood, the
growth of resident memory and the link thread's CPU.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lastmessage.clock import MonotonicClock
from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.base import IntentKind
from lastmessage.hal.tools.module_cable import HostileCable
from lastmessage.hal.tools.module_sim import SimulatedModule
from lastmessage.hal.serial_backend import SerialHal, open_serial_hal

DAMAGE = {"corrupt": 0.08, "drop": 0.05, "reorder": 0.05, "replay": 0.05,
          "forge_ahead": 0.03, "forge_args": 0.03}
"""Chance per module line of each kind of harm (one at most per line)."""

PLAN: tuple[tuple[str, float, tuple[IntentKind, ...]], ...] = (
    ("flip", 0.12, (IntentKind.FLIP,)),
    ("left", 0.12, (IntentKind.MOVE_LEFT,)),
    ("pass", 0.12, (IntentKind.PASS,)),
    ("accuse", 0.3, (IntentKind.ACCUSE_HOLD, IntentKind.ACCUSE_CANCEL)),
    ("right", 0.12, (IntentKind.MOVE_RIGHT,)),
    ("up", 0.12, (IntentKind.MOVE_UP,)),
    ("accuse", 1.1, (IntentKind.ACCUSE_HOLD, IntentKind.ACCUSE)),
    ("down", 0.12, (IntentKind.MOVE_DOWN,)),
    ("zoom", 0.12, (IntentKind.ZOOM,)),   # an extra button: told only once the host's CAPS was ACKed
)
"""Button, how long it is held, and the intents that press must give."""

PRESS_KINDS = frozenset({IntentKind.FLIP, IntentKind.PASS, IntentKind.ADMIN, IntentKind.MOVE_LEFT,
                         IntentKind.MOVE_RIGHT, IntentKind.MOVE_UP, IntentKind.MOVE_DOWN,
                         IntentKind.ACCUSE_HOLD, IntentKind.ACCUSE, IntentKind.ZOOM})
"""Intents that act on the game; an unexpected one is a false press."""


class HostileTamper:
    """Harms the module's lines at random (seeded), and floods on demand."""

    def __init__(self, seed: int, rates: dict[str, float]) -> None:
        self.rng = random.Random(seed)
        self.rates = rates
        self.done: Counter[str] = Counter()
        self.flood = 0                   # in-sequence heartbeat copies per heartbeat
        self._held: bytes | None = None  # a line sent after the next one
        self._past: deque[bytes] = deque(maxlen=32)

    def __call__(self, cable: HostileCable, line: sp.Line) -> list[bytes]:
        out = [cable.renumber(line)]
        if self.flood and line.verb == "HB":
            out += [cable.renumber(line, extra=i) for i in range(1, self.flood + 1)]
            cable.shift += self.flood
            self.done["flooded"] += self.flood
        harm = self._pick()
        if harm == "drop":
            out = []
        elif harm == "corrupt":
            pos = self.rng.randrange(len(out[0]) - 6)
            out[0] = out[0][:pos] + bytes([out[0][pos] ^ (1 << self.rng.randrange(7))]) + out[0][pos + 1:]
        elif harm == "replay" and self._past:
            out.append(self.rng.choice(self._past))
        elif harm == "forge_ahead":
            out.append(cable.renumber(line, extra=self.rng.randrange(sp.SEQ_WINDOW + 1, 32768)))
        elif harm == "forge_args":
            out.append(sp.encode((line.seq + cable.shift + 1) % sp.SEQ_MOD, "BTN", ("flip", 7, 12)))
        self._past.append(cable.renumber(line))
        if harm:
            self.done[harm] += 1
        if self._held is not None:
            out.append(self._held)
            self._held = None
        elif harm == "reorder" and out:
            self._held = out.pop(0)
        return out

    def _pick(self) -> str:
        roll = self.rng.random()
        for harm, rate in self.rates.items():
            if roll < rate:
                return harm
            roll -= rate
        return ""


@dataclass
class Figures:
    presses: int = 0
    lost: int = 0
    false: int = 0
    misses: list[str] = field(default_factory=list)


def rss_mb() -> float:
    """Resident memory of this process now (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def thread_cpu_seconds(name: str) -> float:
    """CPU time used so far by this process's thread called `name` (Linux)."""
    import os
    for thread in threading.enumerate():
        if thread.name == name and thread.native_id is not None:
            fields = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
            utime, stime = fields.rsplit(")", 1)[1].split()[11:13]
            return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")
    return 0.0


def _press(module: SimulatedModule, hal: SerialHal, clock: MonotonicClock, name: str,
           hold: float, expected: tuple[IntentKind, ...], figures: Figures) -> None:
    got: list[IntentKind] = []

    def pump(seconds: float, until: Callable[[], bool] = lambda: False) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not until():
            got.extend(i.kind for i in hal.poll(clock.now()))
            hal.update(clock.now())
            time.sleep(0.003)

    module.press(name)
    pump(hold)
    module.release(name)
    pump(2.0, lambda: Counter(got) >= Counter(expected))
    pump(0.15)
    figures.presses += 1
    if not Counter(got) >= Counter(expected):
        figures.lost += 1
        figures.misses.append(f"{name} held {hold:g} s gave {[k.value for k in got]}")
    extra = Counter(k for k in got if k in PRESS_KINDS) - Counter(expected)
    if extra:
        figures.false += sum(extra.values())
        figures.misses.append(f"{name} held {hold:g} s gave {[k.value for k in got]}")


def run_hostile(rounds: int, *, seed: int = 1, flood: int = 2000,
                out: Callable[[str], None] = print) -> int:
    """Damaged lines for `rounds` passes of the plan, then as many under a flood."""
    clock = MonotonicClock()
    tamper = HostileTamper(seed, DAMAGE)
    damaged, flooded = Figures(), Figures()
    with SimulatedModule() as module, HostileCable(module.slave_path, tamper) as cable:
        hal = open_serial_hal(port=cable.port, clock=clock, log=lambda m: None)
        try:
            if not hal.link.wait_up(5.0):
                out("module-bench: the link did not come up")
                return 1
            for _ in range(rounds):
                for name, hold, expected in PLAN:
                    _press(module, hal, clock, name, hold, expected, damaged)
            rss0, wall0 = rss_mb(), time.monotonic()
            cpu0, app0 = thread_cpu_seconds("lastmessage-serial-link"), time.thread_time()
            tamper.flood = flood
            for _ in range(rounds):
                for name, hold, expected in PLAN:
                    _press(module, hal, clock, name, hold, expected, flooded)
            wall = time.monotonic() - wall0
            cpu = thread_cpu_seconds("lastmessage-serial-link") - cpu0
            app_cpu = time.thread_time() - app0
            rss = rss_mb() - rss0
            stats, evidence, health = hal.link.stats, hal.evidence, hal.link_health()
        finally:
            hal.close()
    harm = ", ".join(f"{k} {v}" for k, v in sorted(tamper.done.items()))
    out(f"hostile cable ({cable.lines} module lines): {harm}")
    for what, fig in (("damaged lines", damaged), ("damaged lines + heartbeat flood", flooded)):
        out(f"{what}: presses {fig.presses}, lost {fig.lost}, false {fig.false}")
        for miss in fig.misses:
            out(f"  {miss}")
    out(f"flood: {tamper.done['flooded']} extra heartbeats in {wall:.1f} s; CPU of the link "
        f"thread {cpu:.1f} s ({100 * cpu / wall:.0f} % of one core), of the polling thread "
        f"{app_cpu:.1f} s ({100 * app_cpu / wall:.0f} %); resident memory {rss:+.1f} MB; "
        f"clock mapper keeps {len(hal.link.mapper)} offsets")
    out(f"host counted: {stats.bad_crc} bad CRC, {stats.bad_format} bad format, "
        f"{stats.bad_args} bad arguments, {stats.out_of_order} out of order, {stats.missed} "
        f"missed, {stats.resyncs} resyncs; link {health.describe()}")
    out(f"evidence: {evidence.presses_recovered} presses and {evidence.releases_recovered} "
        f"releases put right by heartbeats, {evidence.holds_broken} holds broken, "
        f"{evidence.lapses} lapses")
    return 0 if damaged.lost + damaged.false + flooded.lost + flooded.false == 0 else 1
