"""When the table sounds: every sound of a game, due at an instant of screen time.

`CueSchedule` hears the game's events at the screen time the screens hear
them and answers, as data, which `Sound` is due when: the flip, one tick for
each of the last TICK_SECONDS of the clue timer, time up, one strike per
erased square at the instants the monitor strikes it out, the verdicts and
the reveal. When the monitor shows each of those is the screens' to say: the
table hands the schedule the screens' `CueTimes` (ui.detective.moments), so
the sounds keep time with the pictures without this layer importing them. The app plays each due
cue on the speaker and the buzzer and shows its caption (sound.captions), so
sound, buzzer, LEDs and captions cannot drift apart. Being pure, the schedule
is tested without any clock.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import assert_never

from lastmessage.hal.base import Sound
from lastmessage.rules.events import (
    Accused, CellsErased, GameEvent, GameOver, GameStarted, Passed, SecretChosen, StrokeAdded,
    TimerStarted, TimeUp, Undone, Winner, WordAdded,
)

AFTER_WRONG = 0.9
"""A wrong accusation that loses: its drum is heard before the criminal's tune."""


@dataclass(frozen=True, order=True)
class Cue:
    t: float      # screen time (game time) the sound is due
    sound: Sound


@dataclass(frozen=True)
class CueTimes:
    """When the monitor shows what a sound goes with, in seconds of screen time."""

    stamp_lands: float    # a verdict's stamp hits the scene this long after the accusation
    verdict_seconds: float   # the verdict holds the monitor this long, then the reveal
    tick_seconds: int     # the clock ticks once a second over the clue timer's last this many
    strike_times: Callable[[float, int], list[float]]   # (a board's arrival, squares erased) -> strikes


def tick_times(started: float, seconds: float, tick_seconds: int) -> list[float]:
    """One tick at each of the last `tick_seconds` whole seconds before the deadline."""
    deadline = started + seconds
    return [deadline - left for left in range(min(tick_seconds, int(seconds)), 0, -1)]


class CueSchedule:
    """The sounds the game's events call for, in time order, until they are due."""

    def __init__(self, times: CueTimes) -> None:
        self.times = times
        self._pending: list[Cue] = []

    def hear(self, events: Sequence[GameEvent], t: float) -> None:
        """Events heard at screen time `t` (one batch: what one action or the clock caused)."""
        verdict = False   # an accusation or a pass in this batch: the reveal waits for its verdict
        wrong = False
        times = self.times
        stamp = t + times.stamp_lands   # a verdict is heard when the monitor's stamp lands
        for event in events:
            match event:
                case GameStarted():
                    self._pending.clear()
                case TimerStarted(seconds=seconds):
                    self._add(t, Sound.FLIP)
                    for tick in tick_times(t, seconds, times.tick_seconds):
                        self._add(tick, Sound.TICK)
                case TimeUp():
                    self._add(event.t, Sound.TIME_UP)   # the deadline, whenever a frame noticed it
                case CellsErased(cells=cells):
                    for strike in times.strike_times(t, len(cells)):
                        self._add(strike, Sound.STRIKE)
                case Accused(correct=correct):
                    verdict = True
                    if not correct:
                        wrong = True
                        self._add(stamp, Sound.WRONG)
                case Passed():
                    verdict = True
                case GameOver(winner=winner):
                    landed = stamp if verdict else t
                    if winner is Winner.DETECTIVES:
                        self._add(landed, Sound.WIN)
                    else:
                        self._add(landed + (AFTER_WRONG if wrong else 0.0), Sound.LOSE)
                    self._add(t + (times.verdict_seconds if verdict else 0.0), Sound.REVEAL)
                case SecretChosen() | StrokeAdded() | WordAdded() | Undone():
                    pass
                case _:
                    assert_never(event)

    def resume(self, started: float, seconds: float, now: float) -> None:
        """A clue timer that was running when the device stopped: its ticks still to come."""
        self._pending.clear()
        for tick in tick_times(started, seconds, self.times.tick_seconds):
            if tick >= now:
                self._add(tick, Sound.TICK)

    def _add(self, t: float, sound: Sound) -> None:
        bisect.insort(self._pending, Cue(t, sound))

    def due(self, t: float) -> list[Cue]:
        """The cues due by `t`, oldest first; they are handed out once."""
        count = bisect.bisect_right(self._pending, Cue(t, max(Sound)))
        due, self._pending = self._pending[:count], self._pending[count:]
        return due

    def pending(self) -> list[Cue]:
        return list(self._pending)
