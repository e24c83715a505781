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

from lastmessage.i18n import Translator
from lastmessage.names import capitalized
from lastmessage.rules.events import (
    Accused, CellsErased, GameEvent, GameOver, GameStarted, Passed, SecretChosen, StrokeAdded,
    TimerStarted, TimeUp, Undone, WordAdded,
)

SLIDE_SECONDS = 0.7      # a new board slides in beside the others
VERDICT_SECONDS = 3.5    # "CORRECT" / "NOT THE CRIMINAL" / "PASSED" fill the screen
MESSAGE_SECONDS = 4.5    # a refusal explained (the App times it: notices.py)
REPLAY_STEP = 1.2        # at the reveal, one more board shows its erased ink
STRIKE_FIRST = 0.25      # after a board slid in, its first erased square is struck out...
STRIKE_INTERVAL = 0.45   # ...and each next one (reading order) this much later; a strike sound each


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
        self.arrivals: dict[int, float] = {}   # round -> when its erased board became public
        self.verdict: Verdict | None = None
        self.over_at: float | None = None
        self.message: Message | None = None

    def hear(self, events: Sequence[GameEvent], t: float) -> None:
        for event in events:
            match event:
                case GameStarted():
                    self._forget()   # a new game: nothing of the last one is animated
                case CellsErased(round=number):
                    self.arrivals[number] = t
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
        start = self.arrivals.get(round_number)
        if start is None:
            return 1.0
        return min(1.0, max(0.0, (t - start) / SLIDE_SECONDS))

    def replayed(self, t: float, boards: int) -> int:
        """At the reveal, how many boards already show their erased ink."""
        if self.over_at is None:
            return boards
        start = self.over_at
        if self.verdict is not None and self.verdict.start >= start - 1e-9:
            start = self.verdict.start + VERDICT_SECONDS
        if t < start:
            return 0
        return min(boards, 1 + int((t - start) / REPLAY_STEP))
