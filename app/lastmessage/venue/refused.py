"""A line in the table's log for each command it refused, and no flood of them.

A refusal is answered on `reply` (bridge.py), but the sender may not read it and
staff look at the table's log: so each is a line there, naming the source and
what was wrong. Anyone the broker lets write can send thousands a second, so at
most LINES lines a WINDOW are written; the rest are counted and said as one
line when the window ends (at the next refusal or frame after it).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

LINES = 10       # refusals logged a window, at most
WINDOW = 60.0    # seconds


class RefusalLog:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._start = float("-inf")
        self._lines = 0
        self._untold = 0   # refusals not logged in this window

    def refused(self, source: str, message: str) -> None:
        self.roll()
        if self._lines < LINES:
            self._lines += 1
            # The message quotes the sender's words (40 characters at most): one line, whatever they are.
            line = "".join(c if c.isprintable() else "?" for c in message)
            log.warning("venue: refused a command over %s: %s", source, line)
        else:
            self._untold += 1

    def roll(self) -> None:
        """A new window once WINDOW has passed, after one line for what was not logged."""
        now = self.clock()
        if now - self._start < WINDOW:
            return
        if self._untold:
            log.warning("venue: %d more commands were refused in %g s (not logged one by one: a flood?)",
                        self._untold, WINDOW)
        self._start, self._lines, self._untold = now, 0, 0
