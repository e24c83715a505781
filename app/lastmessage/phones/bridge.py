"""The only place the frame loop and the phones' server meet: a slot and a bounded queue.

The frame loop leaves a whole snapshot (the join code, the public state, the
pins) in the slot when it changes and never waits: a newer one replaces it, as
the newest says everything. The server looks into the slot every `LOOK_S`
rather than being woken: waking its loop is a write to a socket and the other
thread scheduled on the table's core, tens of microseconds of a frame (as the
venue's courier reads every 50 ms, figures.md), while a snapshot a few
hundredths of a second late is nothing to a phone. The server puts what phones
ask (a mark, a phone that came or went) into a deque (one writer, one reader:
its append and popleft are atomic; a `queue.Queue`'s lock and condition cost
a frame microseconds an ask); when the frame loop is behind, what does not fit
is dropped and counted rather than held in memory. The server makes the
monitor's pins of the marks it is given, as it makes the phones' (ranking them
was a fifth of a millisecond of a frame four times a second while 64 phones
mark), places them where the monitor shows the scene (placing a dozen pins and
their plates is half a millisecond), and leaves them in slots of their own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass

from lastmessage.phones.marks import Mark, Marked, Pin, Player
from lastmessage.phones.pins import Laid, Places
from lastmessage.scenes.model import Scene

LOOK_S = 0.04    # how often the server looks for a new snapshot
INBOUND = 1024   # 64 phones at their allowed rate fill a tenth of it in a frame
PINS_SHOWN = 12   # the most marked figures get a pin on the monitor: 64 phones on 60 figures would hide the scene


@dataclass(frozen=True)
class Snapshot:
    code: str | None          # None: the game is over, nobody may join it
    state: str                # the `state` message, JSON
    marked: Marked            # the marks (the server makes their pins and `pins` message: not the frame loop's work)
    language: str             # the table's: the page speaks it
    scene: Scene | None       # the game's, for its pictures
    keepsake: str | None = None   # the finished game's page (/k/TOKEN): phones are told it at the end
    screen: tuple[int, int] | None = None   # the monitor's size, and where it shows the scene (None: it
    places: Places | None = None            # does not): the server draws and places the monitor's pins


@dataclass(frozen=True)
class Joined:
    player: Player


@dataclass(frozen=True)
class Left:
    player: Player


Inbound = Mark | Joined | Left


class Bridge:
    def __init__(self) -> None:
        self.snapshot: Snapshot | None = None   # the newest, left by the frame loop
        self.inbound: deque[Inbound] = deque()   # at most INBOUND: `ask` holds it there
        self.dropped = 0           # asks from phones the frame loop had no room for
        self.shown: tuple[Marked, list[Pin]] | None = None   # the server's: the monitor's pins, and the marks
                                                               # they were made of
        self.laid: tuple[tuple[Marked, Hashable, tuple[int, int]], Laid] | None = None
        # the server's: those pins placed, for the marks, places' key and screen it names (left before `shown`)
        self._seen: Snapshot | None = None   # the server's: the snapshot it took last

    # ---- the frame loop's side ----------------------------------------------

    def publish(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot   # one store: the server takes it at its next look

    def take(self, most: int) -> list[Inbound]:
        """Up to `most` asks, oldest first, without waiting."""
        inbound = self.inbound
        return [inbound.popleft() for _ in range(min(most, len(inbound)))]   # only this thread takes

    # ---- the server's side --------------------------------------------------

    def latest(self) -> Snapshot | None:
        """The snapshot left since the server last took one, else None."""
        found = self.snapshot
        if found is self._seen:
            return None
        self._seen = found
        return found

    def ask(self, item: Inbound) -> bool:
        if len(self.inbound) >= INBOUND:   # only this thread adds: the frame's takes only make room
            self.dropped += 1
            return False
        self.inbound.append(item)
        return True
