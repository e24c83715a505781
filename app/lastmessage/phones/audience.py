"""Audience mode: the phones' marks are votes, and the table's ACCUSE asks the audience first.

For events, where a crowd larger than a table plays along. When the detectives
accuse, the accusation waits `VOTE_SECONDS` (the countdown shown on the monitor
and on every phone) and then names the one the votes chose; a tie, or no vote
at all, goes to the one under the table's cursor (the detectives' own choice).
Kept on the frame's thread, on the App's clock: the frame loop asks each frame
whether the countdown is over (`due`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from lastmessage.phones.marks import Pin

VOTE_SECONDS = 10.0


@dataclass(frozen=True)
class Ballot:
    table_choice: str   # the character the table's ACCUSE was on (its cursor's)
    ends: float         # on the App's clock

    def seconds_left(self, now: float) -> int:
        """Whole seconds shown (10 .. 1; 0 once it is over)."""
        return max(0, math.ceil(self.ends - now))


def tally(pins: Sequence[Pin], table_choice: str) -> str:
    """The vote's choice: the character most phones mark; a tie, or no vote, is the table's cursor's."""
    if not pins:
        return table_choice
    most = max(len(pin.players) for pin in pins)
    top = [pin.character for pin in pins if len(pin.players) == most]
    return top[0] if len(top) == 1 else table_choice
