"""Wrong join codes, counted by the address they come from: guessing a code is slowed to a crawl.

A code is one of 31**6 (codes.py); an address may get `BURST` codes wrong at
once (a person mistyping), then one every `EVERY_S` seconds. While it is past
that, every join from it is refused (429), the right code too, or a guesser
could tell a hit from the answers; other addresses are not touched. At most
`ADDRESSES` are remembered: past that the longest quiet are forgotten.
"""

from __future__ import annotations

import time
from collections.abc import Callable

BURST = 10
EVERY_S = 2.0
ADDRESSES = 4096


class WrongCodes:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._debt: dict[str, float] = {}   # an address's wrong codes not yet forgiven, as of its time below
        self._at: dict[str, float] = {}

    def _owed(self, address: str) -> float:
        debt = self._debt.get(address)
        if debt is None:
            return 0.0
        return max(0.0, debt - (self.clock() - self._at[address]) / EVERY_S)

    def refused(self, address: str) -> bool:
        """Is this address past its wrong codes? (Then it may not join at all for now.)"""
        return self._owed(address) > BURST - 1

    def wrong(self, address: str) -> None:
        owed = self._owed(address) + 1.0
        self._debt.pop(address, None)
        self._at.pop(address, None)
        if len(self._debt) >= ADDRESSES:   # the dicts keep insertion order: the first is the longest quiet
            oldest = next(iter(self._debt))
            del self._debt[oldest], self._at[oldest]
        self._debt[address], self._at[address] = owed, self.clock()
