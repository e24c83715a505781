"""What the tablet's operator screens are given to draw: a frozen, hashable view."""

from __future__ import annotations

from dataclasses import dataclass

from lastmessage.operator.commands import Page
from lastmessage.operator.power import Outcome


@dataclass(frozen=True)
class Today:
    """Today's games for the stats page (journal.stats.todays_games reads them)."""

    games: int
    finished: int
    detectives: int
    criminal: int
    average_minutes: float | None
    skipped: int = 0            # games or rows the journal could not give


NO_GAMES = Today(0, 0, 0, 0, None)


@dataclass(frozen=True)
class PhonesChoice:
    """Phones at the table as chosen for the next game (the tablet's switches draw it)."""

    ready: bool = False      # `[phones] listen` is set: there is a server to turn on
    on: bool = False         # phones may join
    audience: bool = False   # audience mode: the phones vote, ACCUSE waits for them


@dataclass(frozen=True)
class OperatorView:
    """What the tablet's operator screens show (given in `Status.operator`)."""

    page: Page | None                 # None: the PIN pad
    pin_set: bool = True              # False: no PIN yet; the pad explains how to set one
    problem: str = ""                 # the PIN file cannot be used (one line, for staff)
    unkept: str = ""                  # the operator's file cannot be written: one wrong PIN locks (one line)
    locked_for: int = 0               # seconds the pad stays locked
    tries_left: int = 5
    wrong: bool = False               # the last PIN was wrong
    attempt: int = 0                  # counts PIN entries, so the pad clears after each
    house_preset: str = "house"
    volume: int = 0                   # the speaker's volume now
    rotation: tuple[str, ...] | None = None
    phones: PhonesChoice = PhonesChoice()
    outcome: Outcome | None = None    # what the last action said (a refusal, "restarting…")
    today: Today | None = None        # the stats page's figures (None: the journal cannot be read)
    pressed: tuple[tuple[str, int], ...] = ()   # self-test: presses seen, by intent
    last_pressed: str | None = None
    leds: tuple[float, ...] = ()      # self-test: the LED bar as it is lit now
    held: tuple[str, ...] = ()        # self-test: controls held down now
    sounding: str | None = None       # self-test: the buzzer sound playing now
