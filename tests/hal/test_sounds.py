"""Buzzer melodies: in the buzzer's range, timed on the simulated clock."""

from __future__ import annotations

import pytest

from lastmessage.hal.base import Sound
from lastmessage.hal.outputs import MelodyBuzzer
from lastmessage.hal.sounds import HIGHEST_HZ, LOWEST_HZ, MELODIES, duration


def test_every_sound_has_a_melody_inside_the_buzzer_range() -> None:
    assert set(MELODIES) == set(Sound)
    for notes in MELODIES.values():
        for frequency, seconds in notes:
            assert seconds > 0
            assert frequency is None or LOWEST_HZ <= frequency <= HIGHEST_HZ


def test_a_melody_plays_note_by_note_and_ends() -> None:
    buzzer = MelodyBuzzer()
    buzzer.play(Sound.WIN, 10.0)
    assert buzzer.current() is Sound.WIN
    assert buzzer.frequency() == pytest.approx(523.25)
    buzzer.update(10.15)
    assert buzzer.frequency() == pytest.approx(659.26)
    buzzer.update(10.0 + duration(Sound.WIN) + 1e-6)
    assert buzzer.current() is None and buzzer.frequency() is None
    assert buzzer.take_started() == [Sound.WIN]
    assert buzzer.take_started() == []


def test_a_new_sound_replaces_the_one_playing() -> None:
    buzzer = MelodyBuzzer()
    buzzer.play(Sound.LOSE, 0.0)
    buzzer.play(Sound.TICK, 0.5)
    assert buzzer.current() is Sound.TICK
    buzzer.update(0.6)
    assert buzzer.current() is None


def test_stopping_silences_the_buzzer_at_once() -> None:
    buzzer = MelodyBuzzer()
    buzzer.play(Sound.HOLD, 0.0)
    buzzer.update(0.3)
    assert buzzer.frequency() is not None
    buzzer.stop(0.35)
    assert buzzer.current() is None and buzzer.frequency() is None


def test_the_hold_melody_rises_an_octave_over_the_default_hold_time() -> None:
    notes = MELODIES[Sound.HOLD]
    pitches = [hz for hz, _ in notes]
    assert pitches == sorted(pitches) and pitches[-1] < 2 * pitches[0] <= pitches[-1] * 1.1
    assert duration(Sound.HOLD) == pytest.approx(0.8)
