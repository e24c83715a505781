"""During play, the displays looked at again every few seconds (issue 19, item 5).

A TV that drops its hotplug signal takes its output away; labwc then moves
the monitor's window onto the tablet, the secret's screen. The device notices
within `RECHECK_S`, shows the waiting screen (kiosk/monitor_wait.py) and,
once both outputs are back, opens its windows on them again and the game
goes on where it was (kiosk/device.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable

RECHECK_S = 2.0
"""Seconds between looks at SDL's display list, while waiting and during play."""

Outputs = tuple[int | None, int | None]
"""SDL's display numbers of the tablet and the monitor (None: not connected)."""


class ScreensWatch:
    """During play, whether the outputs are still those the windows were opened on.

    The display list is looked at every `every` seconds, never on every frame
    (`look`: SDL's display list and names, about 20 us a call; see
    ui/outputs.display_names). A screen that went, or displays SDL numbered
    anew (an output unplugged and plugged back between two looks), count as a
    change: the device then shows the waiting screen and opens its windows
    again on the outputs found."""

    def __init__(self, look: Callable[[], Outputs], opened: Outputs, *, every: float | None = None,
                 now: Callable[[], float] = time.monotonic) -> None:
        self._look, self._now = look, now
        self._every = RECHECK_S if every is None else every
        self.opened = opened
        self.seen: Outputs = opened
        self.looks = 0
        self._next = now() + self._every

    def changed(self) -> bool:
        """True once a look found other outputs than `opened` (and until `reopened`)."""
        if self.seen != self.opened:
            return True
        now = self._now()
        if now < self._next:
            return False
        self._next = now + self._every
        self.seen = self._look()
        self.looks += 1
        return self.seen != self.opened

    def reopened(self, opened: Outputs) -> None:
        """The windows were opened again on `opened`; the next look is a period from now."""
        self.opened = self.seen = opened
        self._next = self._now() + self._every
