"""Wrong PIN tries, counted on the app's clock: 5 in a row lock the PIN pad for 60 s.

The count and the lock are kept in the operator's file (keep.py), so pulling
the plug does not give a guesser five fresh tries: a device that starts while
locked is locked for a whole period again, from its start.
"""

from __future__ import annotations

import math

MAX_TRIES = 5
LOCK_SECONDS = 60.0


class Lockout:
    def __init__(self, *, failures: int = 0, locked: bool = False, now: float = 0.0) -> None:
        self.failures = max(0, failures)
        self.locked_until: float | None = now + LOCK_SECONDS if locked else None

    def locked_for(self, now: float) -> int:
        """Whole seconds the pad stays locked at `now` (0: open for tries)."""
        if self.locked_until is None:
            return 0
        if now >= self.locked_until:
            self.locked_until = None
            self.failures = 0
            return 0
        return math.ceil(self.locked_until - now)

    @property
    def tries_left(self) -> int:
        return MAX_TRIES - self.failures

    def failed(self, now: float) -> None:
        """One more wrong PIN; the fifth locks."""
        self.failures += 1
        if self.failures >= MAX_TRIES:
            self.locked_until = now + LOCK_SECONDS

    def succeeded(self) -> None:
        self.failures = 0
        self.locked_until = None
