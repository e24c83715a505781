"""Events: every change of a game, one frozen dataclass per type of PLAY_SCRIPT.md.

A game is rebuilt by applying its events in order, so events carry everything
a change needs (a stroke's points and width extend `stroke_added`, the rules
extend `game_started`; the contract allows extending, never changing). Their
JSON form is made in one place, `lastmessage.journal.codec`; `type` is the name an
event has there.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RejectionReason

TIME_DECIMALS = 6

Point = tuple[float, float]


class EventError(ValueError):
    """An event that cannot be one of ours (a damaged journal line, say)."""


class Winner(StrEnum):
    DETECTIVES = "detectives"
    CRIMINAL = "criminal"


class EndReason(StrEnum):
    FOUND = "found"
    WRONG_ACCUSATION = "wrong_accusation"
    NOT_FOUND = "not_found"


@dataclass(frozen=True)
class _Timed:
    """`t`: seconds on the game clock, kept to the microsecond as events record it."""

    t: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "t", round(float(self.t), TIME_DECIMALS))


@dataclass(frozen=True)
class GameStarted(_Timed):
    type: ClassVar[str] = "game_started"
    scene: str
    rules: Rules


@dataclass(frozen=True)
class SecretChosen(_Timed):
    type: ClassVar[str] = "secret_chosen"
    character: str


@dataclass(frozen=True)
class TimerStarted(_Timed):
    type: ClassVar[str] = "timer_started"
    round: int
    seconds: float


@dataclass(frozen=True)
class StrokeAdded(_Timed):
    type: ClassVar[str] = "stroke_added"
    round: int
    cells: tuple[int, ...]
    points: tuple[Point, ...]
    width: float


@dataclass(frozen=True)
class WordAdded(_Timed):
    """`cell`: the square the word starts in; `cells`: every square it touches
    (a word runs on across the squares of its row). None in a journal written
    before words ran on: the board places the word again from its text."""

    type: ClassVar[str] = "word_added"
    round: int
    cell: int
    text: str
    cells: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Undone(_Timed):
    type: ClassVar[str] = "undone"
    round: int


@dataclass(frozen=True)
class TimeUp(_Timed):
    type: ClassVar[str] = "time_up"
    round: int


@dataclass(frozen=True)
class CellsErased(_Timed):
    type: ClassVar[str] = "cells_erased"
    round: int
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Accused(_Timed):
    type: ClassVar[str] = "accused"
    round: int
    character: str
    correct: bool


@dataclass(frozen=True)
class Passed(_Timed):
    type: ClassVar[str] = "passed"
    round: int


@dataclass(frozen=True)
class GameOver(_Timed):
    type: ClassVar[str] = "game_over"
    winner: Winner
    reason: EndReason
    round: int


@dataclass(frozen=True)
class Rejected(_Timed):
    """An action the game refused: not a change of the game, never applied nor journalled."""

    type: ClassVar[str] = "rejected"
    action: str            # the script action's name (commands.py: `Command.action`)
    reason: RejectionReason
    message: str           # for people, in English
    round: int | None = None   # absent before the first round


class AbandonReason(StrEnum):
    IDLE = "idle"          # nobody touched the device for the configured time
    SERVICE = "service"    # staff put it away (the service button, the operator menu)


@dataclass(frozen=True)
class GameAbandoned(_Timed):
    """The device put away a game nobody finished: not a change of the game (never
    applied); the journal marks the game abandoned, so it is not resumed."""

    type: ClassVar[str] = "game_abandoned"
    reason: AbandonReason
    round: int             # 0 while the criminal has not yet chosen


@dataclass(frozen=True)
class IdleWarning(_Timed):
    """Nobody has touched the device for a while: both screens ask "still playing?" and
    count down `seconds` to the put-away (a `game_abandoned`, reason idle, unless a tap
    or a button keeps the game). Not a change of the game (never applied nor journalled)."""

    type: ClassVar[str] = "idle_warning"
    seconds: int           # left before the game is put away
    round: int             # 0 while the criminal has not yet chosen


Event = (GameStarted | SecretChosen | TimerStarted | StrokeAdded | WordAdded | Undone | TimeUp
         | CellsErased | Accused | Passed | GameOver | Rejected | GameAbandoned | IdleWarning)
GameEvent = (GameStarted | SecretChosen | TimerStarted | StrokeAdded | WordAdded | Undone | TimeUp
             | CellsErased | Accused | Passed | GameOver)
"""The events that change a game (all but `Rejected`)."""
