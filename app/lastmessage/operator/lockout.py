"""Wrong PIN tries, counted on the app's clock: 5 in a row lock the PIN pad,
and each further lock in a row lasts twice as long (60 s, 120 s, 240 s … up to
an hour) until a right PIN.

The corner that opens the pad is on the visitors' touch screen, so a lock of a
fixed minute would let a patient guesser (or an auto-clicker) try 300 PINs an
hour on an unattended table; doubling brings that to a few dozen a day. The
count, the locks in a row and the lock are kept in the operator's file
(keep.py), so pulling the plug gives a guesser neither fresh tries nor a
shorter lock: a device that starts while locked is locked for the whole
current period again, from its start.
"""

from __future__ import annotations

import math

MAX_TRIES = 5
LOCK_SECONDS = 60.0
MAX_LOCK_SECONDS = 3600.0


def lock_seconds(lockouts: int) -> float:
    """How long the `lockouts`-th lock in a row lasts (the first is LOCK_SECONDS)."""
    return min(MAX_LOCK_SECONDS, LOCK_SECONDS * 2.0 ** min(max(lockouts - 1, 0), 32))


class Lockout:
    def __init__(self, *, failures: int = 0, lockouts: int = 0, locked: bool = False, now: float = 0.0) -> None:
        self.failures = max(0, failures)
        self.lockouts = max(1 if locked else 0, lockouts)
        self.locked_until: float | None = now + lock_seconds(self.lockouts) if locked else None

    def locked_for(self, now: float) -> int:
        """Whole seconds the pad stays locked at `now` (0: open for tries)."""
        if self.locked_until is None:
            return 0
        if now >= self.locked_until:
            self.locked_until = None
            self.failures = 0
            return 0
        return math.ceil(round(self.locked_until - now, 6))   # 3600.0000001 s of float sums is 3600

    @property
    def tries_left(self) -> int:
        return MAX_TRIES - self.failures

    def failed(self, now: float, *, limit: int = MAX_TRIES) -> None:
        """One more wrong PIN; the `limit`-th (the fifth; the first while the count cannot
        be kept on disk) locks, for longer than the lock before it."""
        self.failures += 1
        if self.failures >= limit:
            self.lockouts += 1
            self.locked_until = now + lock_seconds(self.lockouts)

    def succeeded(self) -> None:
        self.failures = 0
        self.lockouts = 0
        self.locked_until = None
