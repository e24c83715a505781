"""The only place the frame loop and the phones' server meet: two bounded queues.

The frame loop puts a whole snapshot (the join code, the public state, the
pins) when it changes and never waits: when the server is behind, the oldest
snapshot is dropped, as the newest says everything. The server puts what phones
ask (a mark, a phone that came or went); when the frame loop is behind, what
does not fit is dropped and counted rather than held in memory. Each side wakes
the other only through these queues (the server's loop by one call at a time).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from lastmessage.phones.marks import Mark, Pin, Player
from lastmessage.scenes.model import Scene

OUTBOUND = 4
INBOUND = 1024   # 64 phones at their allowed rate fill a tenth of it in a frame


@dataclass(frozen=True)
class Snapshot:
    code: str | None          # None: the game is over, nobody may join it
    state: str                # the `state` message, JSON
    pins: tuple[Pin, ...]     # the marks' pins (the server writes their `pins` message: not the frame loop's work)
    language: str             # the table's: the page speaks it
    scene: Scene | None       # the game's, for its pictures
    keepsake: str | None = None   # the finished game's page (/k/TOKEN): phones are told it at the end


@dataclass(frozen=True)
class Joined:
    player: Player


@dataclass(frozen=True)
class Left:
    player: Player


Inbound = Mark | Joined | Left


class Bridge:
    def __init__(self) -> None:
        self.outbound: queue.Queue[Snapshot] = queue.Queue(OUTBOUND)
        self.inbound: queue.Queue[Inbound] = queue.Queue(INBOUND)
        self.dropped = 0           # asks from phones the frame loop had no room for
        self._wake: Callable[[], None] | None = None
        self._lock = threading.Lock()

    # ---- the frame loop's side ----------------------------------------------

    def publish(self, snapshot: Snapshot) -> None:
        while True:
            try:
                self.outbound.put_nowait(snapshot)
                break
            except queue.Full:
                try:
                    self.outbound.get_nowait()   # superseded by this one
                except queue.Empty:
                    pass
        with self._lock:
            wake = self._wake
        if wake is not None:
            wake()

    def take(self, most: int) -> list[Inbound]:
        """Up to `most` asks, oldest first, without waiting."""
        taken: list[Inbound] = []
        while len(taken) < most:
            try:
                taken.append(self.inbound.get_nowait())
            except queue.Empty:
                break
        return taken

    # ---- the server's side --------------------------------------------------

    def on_publish(self, wake: Callable[[], None] | None) -> None:
        with self._lock:
            self._wake = wake

    def latest(self) -> Snapshot | None:
        found = None
        while True:
            try:
                found = self.outbound.get_nowait()
            except queue.Empty:
                return found

    def ask(self, item: Inbound) -> bool:
        try:
            self.inbound.put_nowait(item)
            return True
        except queue.Full:
            self.dropped += 1
            return False
