"""The one clock the app and the rules take time from.

The rules never read time themselves; the app asks a clock and passes the
value in. On the device that is monotonic time; in tests and scripted play it
is a simulated clock, so a 30 s timer is tested in microseconds.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on this clock; only differences are meaningful."""
        ...


class MonotonicClock:
    """Real time that never jumps backwards (NTP or a wrong RTC cannot move it)."""

    def now(self) -> float:
        return time.monotonic()


class SimulatedClock:
    """Time that moves only when told to."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"a clock cannot go back ({seconds} s)")
        self._now += seconds

    def set(self, t: float) -> None:
        if t < self._now:
            raise ValueError(f"a clock cannot go back (from {self._now} to {t})")
        self._now = t
