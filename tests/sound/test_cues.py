"""When each sound is due: a pure schedule from the game's events."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastmessage.hal.base import Sound
from lastmessage.rules.config import Rules
from lastmessage.rules.events import (
    Accused, CellsErased, GameOver, GameStarted, EndReason, Passed, TimerStarted, TimeUp, Winner,
)
from lastmessage.sound.captions import Captions, caption_for
from lastmessage.sound.cues import AFTER_WRONG, Cue, CueSchedule, tick_times
from lastmessage.ui.detective.moments import (
    CUE_TIMES, SLIDE_SECONDS, STAMP_LANDS, STRIKE_FIRST, STRIKE_INTERVAL, VERDICT_SECONDS, strike_times,
)


def test_the_flip_sounds_at_once_and_the_last_five_seconds_tick() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([TimerStarted(5.0, 1, 30)], 5.0)
    assert cues.due(100) == [Cue(5.0, Sound.FLIP)] + [Cue(t, Sound.TICK) for t in (30, 31, 32, 33, 34)]


def test_time_up_is_dated_at_the_deadline_even_when_a_frame_noticed_it_late() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([TimerStarted(0.0, 1, 30)], 0.0)
    cues.hear([TimeUp(30.0, 1)], 30.4)
    assert cues.due(31)[-1] == Cue(30.0, Sound.TIME_UP)


def test_one_strike_per_erased_square_at_the_monitors_instants() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([CellsErased(40.0, 1, (0, 2, 4))], 40.5)
    first = 40.5 + SLIDE_SECONDS + STRIKE_FIRST
    assert cues.due(100) == [Cue(pytest.approx(first + k * STRIKE_INTERVAL), Sound.STRIKE) for k in range(3)]


def test_a_wrong_accusation_that_loses_drums_then_the_criminal_wins_then_the_reveal() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([Accused(50.0, 3, "x", False),
               GameOver(50.0, Winner.CRIMINAL, EndReason.WRONG_ACCUSATION, 3)], 50.0)
    landed = 50.0 + STAMP_LANDS   # with the monitor's stamp
    assert cues.due(100) == [Cue(landed, Sound.WRONG), Cue(landed + AFTER_WRONG, Sound.LOSE),
                             Cue(50.0 + VERDICT_SECONDS, Sound.REVEAL)]


def test_found_plays_the_fanfare_then_the_reveal_after_the_verdict() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([Accused(9.0, 1, "x", True), GameOver(9.0, Winner.DETECTIVES, EndReason.FOUND, 1)], 9.0)
    assert cues.due(100) == [Cue(9.0 + STAMP_LANDS, Sound.WIN), Cue(9.0 + VERDICT_SECONDS, Sound.REVEAL)]


def test_passing_the_last_round_lets_the_criminal_win_at_once() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([Passed(70.0, 4), GameOver(70.0, Winner.CRIMINAL, EndReason.NOT_FOUND, 4)], 70.0)
    assert cues.due(100) == [Cue(70.0 + STAMP_LANDS, Sound.LOSE), Cue(70.0 + VERDICT_SECONDS, Sound.REVEAL)]


def test_cues_are_handed_out_once_in_time_order_and_a_new_game_forgets_the_rest() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.hear([TimerStarted(0.0, 1, 30)], 0.0)
    assert cues.due(25.5) == [Cue(0.0, Sound.FLIP), Cue(25.0, Sound.TICK)]
    assert cues.due(25.9) == []
    assert cues.due(26.0) == [Cue(26.0, Sound.TICK)]
    cues.hear([GameStarted(0.0, "harbour", Rules())], 27.0)
    assert cues.pending() == []


def test_a_resumed_timer_ticks_only_the_seconds_still_to_come() -> None:
    cues = CueSchedule(CUE_TIMES)
    cues.resume(10.0, 30.0, 37.5)
    assert [c.t for c in cues.pending()] == [38.0, 39.0]


@given(st.floats(0, 1000), st.integers(0, 8))
def test_strikes_are_evenly_spaced_after_the_slide(arrival: float, erased: int) -> None:
    times = strike_times(arrival, erased)
    assert len(times) == erased
    assert all(t >= arrival + SLIDE_SECONDS for t in times)
    assert all(b - a == pytest.approx(STRIKE_INTERVAL) for a, b in zip(times, times[1:]))


@given(st.floats(0, 1000), st.integers(15, 120))
def test_ticks_fall_on_the_last_whole_seconds_before_the_deadline(started: float, seconds: int) -> None:
    times = tick_times(started, seconds, CUE_TIMES.tick_seconds)
    assert [round(started + seconds - t, 6) for t in times] == [5, 4, 3, 2, 1]


def test_an_outcome_caption_is_not_hidden_by_a_strike_still_due() -> None:
    captions = Captions()
    captions.add(Sound.WRONG, 10.0)
    captions.add(Sound.LOSE, 10.9)
    captions.add(Sound.STRIKE, 11.2)
    shown = caption_for(captions.at(11.3), "detective")
    assert shown is not None and shown.sound is Sound.LOSE
    captions.add(Sound.TICK, 20.0)
    shown = caption_for(captions.at(20.5), "tablet")
    assert shown is not None and shown.sound is Sound.TICK
    assert caption_for(captions.at(11.3), "tablet") is None   # the verdicts are the monitor's
