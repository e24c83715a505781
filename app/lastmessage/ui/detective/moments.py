"""When public things happened, so every animation is a pure function of `t`.

The screen hears public events (and refusals) with the time it heard them;
drawing at time `t` then only compares `t` with these moments. The same
inputs at the same times therefore give the same pixels, and a screen that
heard nothing (say after a resume) simply shows everything settled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from lastmessage.i18n.translate import Translator
from lastmessage.i18n.names import capitalized
from lastmessage.rules.events import (
    Accused, CellsErased, GameEvent, GameOver, GameStarted, Passed, SecretChosen, StrokeAdded,
    TimerStarted, TimeUp, Undone, WordAdded,
)
from lastmessage.sound.cues import CueTimes
from lastmessage.ui.tension import LAST_STRETCH

SLIDE_SECONDS = 0.7      # a new board slides in beside the others
STRIKE_FIRST = 0.25      # after the slide, the first erased square is struck out...
STRIKE_INTERVAL = 0.45   # ...and each next one this much later (the sound plays at each)
STRIKE_FALL = 0.16       # a strike's redaction falls onto its square, landing at the strike time
STRIKE_RING = 0.3        # then a ring spreads from the square and fades
VERDICT_SECONDS = 3.5    # the verdict holds the monitor this long (its stated time to be seen), even if the next round starts
SPOTLIGHT_SECONDS = 0.6  # the lights go down, a spotlight opens on the accused, the lens grows
STAMP_LANDS = 0.75       # the verdict's stamp hits the scene this long after the accusation
STAMP_FALL = 0.22        # ...having fallen this long
STAMP_SETTLE = 0.18      # ...and bounced back to rest this long after
MESSAGE_SECONDS = 4.5    # a refusal explained (the App times it: notices.py)
REVEAL_ZOOM = 1.2        # at the end: darkness, a spotlight on the criminal, the lens growing
REPLAY_GAP = 0.35        # between two boards replaying their ink
REPLAY_MAX = 3.2         # a board's replay takes at most this long (longer ones draw faster)
REPLAY_PEN_SPEED = 1.6   # board sides of ink drawn per second in a replay
REPLAY_WORD = 0.35       # seconds a typed word takes to appear in a replay
REPLAY_RATE = 60         # replayed ink is laid down in this many steps a second, whatever the frame rate


def ease_out_cubic(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return 1 - (1 - x) ** 3


def ease_in_cubic(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return x ** 3


def ease_out_back(x: float, overshoot: float = 1.7) -> float:
    """Ease out past the end and back: a stamp's bounce."""
    x = min(1.0, max(0.0, x)) - 1
    return 1 + (overshoot + 1) * x ** 3 + overshoot * x ** 2


def strike_times(arrival: float, count: int) -> list[float]:
    """When each of a board's `count` erased squares is struck out (in reading
    order), for a board that became public at `arrival`: the shared contract
    between the monitor's strikes and the speaker's strike sound."""
    first = arrival + SLIDE_SECONDS + STRIKE_FIRST
    return [first + k * STRIKE_INTERVAL for k in range(count)]


CUE_TIMES = CueTimes(stamp_lands=STAMP_LANDS, verdict_seconds=VERDICT_SECONDS,
                     tick_seconds=LAST_STRETCH, strike_times=strike_times)
"""The monitor's timing, as the sound schedule keeps time with it (sound.cues)."""


@dataclass(frozen=True)
class Arrival:
    """A board made public: when, and its erased squares in reading order."""

    start: float
    cells: tuple[int, ...]

    def strikes(self) -> list[float]:
        return strike_times(self.start, len(self.cells))

    @property
    def settled(self) -> float:
        """When its slide and every strike are over."""
        times = self.strikes()
        return (times[-1] + STRIKE_RING) if times else self.start + SLIDE_SECONDS


@dataclass(frozen=True)
class Verdict:
    kind: str                 # "correct", "wrong" or "passed"
    round: int
    character: str | None     # the accused character's id
    start: float


@dataclass(frozen=True, eq=False)   # one refusal, one object: equal only to itself
class Message:
    """A refusal (or a message of the device) to explain: an English template and
    its values, put into the language shown when drawn (a language change
    mid-message repaints it)."""

    template: str
    start: float
    params: Mapping[str, object]

    def text(self, tx: Translator) -> str:
        """The refusal as shown: a sentence, so it starts with a capital letter
        (its first word may be a name, which scene files write in lower case)."""
        return capitalized(tx.refusal(self.template, self.params))


class Moments:
    def __init__(self) -> None:
        self._forget()

    def _forget(self) -> None:
        self.arrivals: dict[int, Arrival] = {}   # round -> when its erased board became public
        self.verdict: Verdict | None = None
        self.over_at: float | None = None
        self.message: Message | None = None
        self.last_heard: float = 0.0   # when the last public event was heard

    def hear(self, events: Sequence[GameEvent], t: float) -> None:
        if events:
            self.last_heard = t
        for event in events:
            match event:
                case GameStarted():
                    self._forget()   # a new game: nothing of the last one is animated
                case CellsErased(round=number, cells=cells):
                    self.arrivals[number] = Arrival(t, tuple(sorted(set(cells))))
                case Accused(round=number, character=character, correct=correct):
                    self.verdict = Verdict("correct" if correct else "wrong", number, character, t)
                case Passed(round=number):
                    self.verdict = Verdict("passed", number, None, t)
                case GameOver():
                    self.over_at = t
                case SecretChosen() | TimerStarted() | StrokeAdded() | WordAdded() | Undone() | TimeUp():
                    pass   # nothing the detectives watch happen
                case _:
                    assert_never(event)

    def refuse(self, template: str, t: float, params: Mapping[str, object] | None = None) -> None:
        """Explain a refusal: the English template of a RuleViolation and its
        values, or a message of the device (no values), both translated when drawn."""
        self.message = Message(template, t, dict(params or {}))

    def verdict_at(self, t: float) -> Verdict | None:
        verdict = self.verdict
        if verdict is not None and verdict.start <= t < verdict.start + VERDICT_SECONDS:
            return verdict
        return None

    def message_at(self, t: float) -> Message | None:
        """The refusal to explain at `t`; it stays until the App forgets it (notices.py)."""
        message = self.message
        return message if message is not None and message.start <= t else None

    def slide(self, round_number: int, t: float) -> float:
        """How far the board of this round has slid in: 0 (just arrived) to 1 (in place)."""
        arrival = self.arrivals.get(round_number)
        if arrival is None:
            return 1.0
        return min(1.0, max(0.0, (t - arrival.start) / SLIDE_SECONDS))

    def strikes(self, round_number: int, erased: frozenset[int], t: float) -> list[tuple[int, float]]:
        """The board's erased squares in reading order, each with when it is
        struck relative to `t` (negative: still to come). A board heard of no
        arrival (a resumed game) was struck long ago."""
        arrival = self.arrivals.get(round_number)
        if arrival is None or set(arrival.cells) != erased:
            return [(cell, float("inf")) for cell in sorted(erased)]
        return [(cell, t - at) for cell, at in zip(arrival.cells, arrival.strikes())]

    def stamp(self, t: float) -> float:
        """Seconds since the verdict's stamp hit the scene (negative: still falling or to come)."""
        verdict = self.verdict
        return float("-inf") if verdict is None else t - verdict.start - STAMP_LANDS

    def reveal_start(self) -> float | None:
        """When the end is revealed: at the game's end, or after its verdict."""
        if self.over_at is None:
            return None
        start = self.over_at
        if self.verdict is not None and self.verdict.start >= start - 1e-9:
            start = self.verdict.start + VERDICT_SECONDS
        return start

    def settled(self, t: float, replay: float = 0.0) -> float:
        """The first moment from `t` on at which everything begun by then shows
        its final picture: a board with all its squares struck, a verdict's stamp
        at rest, the reveal with every board replayed (in `replay` seconds).
        What a scripted screenshot shows when no animation time is given."""
        ends = [arrival.settled for arrival in self.arrivals.values() if arrival.start <= t]
        verdict = self.verdict_at(t)
        if verdict is not None:
            ends.append(verdict.start + STAMP_LANDS + STAMP_SETTLE)
        reveal = self.reveal_start()
        if reveal is not None and reveal <= t:
            ends.append(reveal + REVEAL_ZOOM + replay)
        return max([t, *(end + 1e-3 for end in ends)])   # a hair past the end: floats land short
