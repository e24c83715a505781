"""The buzzer's sounds as data, and a player that says what sounds at time t.

A passive buzzer can only play one frequency at a time, so every sound is a
short melody of (frequency, seconds) notes, `None` being a rest. Keeping the
melodies and their timing here, pure, lets the gpio buzzer, the simulator and
the serial module play exactly the same thing, and lets tests check timing on
the simulated clock. Frequencies stay inside 220-3520 Hz, the range the gpio
buzzer is opened with.
"""

from __future__ import annotations

from dataclasses import dataclass

from lastmessage.hal.base import Sound

Note = tuple[float | None, float]
"""(frequency in Hz or None for silence, duration in seconds)."""

LOWEST_HZ, HIGHEST_HZ = 220.0, 3520.0

C5, E5, G5, C6 = 523.25, 659.26, 783.99, 1046.50
A4, DS4, AS3 = 440.0, 311.13, 233.08
G4, FS4, F4, E4 = 392.0, 369.99, 349.23, 329.63
E6, B6 = 1318.51, 1975.53
A3, C4, A5 = 220.0, 261.63, 880.0

HOLD_STEPS = 8
"""The hold melody rises in this many steps over HOLD_SECONDS (the default hold
time; a shorter hold is cut by the verdict, a longer one ends on the top note)."""
HOLD_SECONDS = 0.8

MELODIES: dict[Sound, tuple[Note, ...]] = {
    # These follow the speaker's sounds (sound.synth) as far as one tone can:
    # the buzzer is the table's fallback when no speaker is connected.
    Sound.FLIP: ((E6, 0.05), (None, 0.02), (B6, 0.08)),
    # A short dry click, for the seconds of the last stretch.
    Sound.TICK: ((2000.0, 0.03),),
    # Three beeps and a long low one: the sand has run out.
    Sound.TIME_UP: ((A4 * 2, 0.18), (None, 0.08), (A4 * 2, 0.18), (None, 0.08),
                    (A4 * 2, 0.18), (None, 0.08), (A4, 0.7)),
    # A rasp down, for each square struck out.
    Sound.STRIKE: ((1760.0, 0.03), (880.0, 0.05)),
    # An octave rising while ACCUSE is held.
    Sound.HOLD: tuple((330.0 * 2 ** (step / HOLD_STEPS), HOLD_SECONDS / HOLD_STEPS)
                      for step in range(HOLD_STEPS)),
    Sound.WRONG: ((DS4, 0.25), (None, 0.05), (AS3, 0.55)),
    Sound.WIN: ((C5, 0.14), (E5, 0.14), (G5, 0.14), (C6, 0.3), (None, 0.08),
                (G5, 0.12), (C6, 0.7)),
    Sound.LOSE: ((G4, 0.35), (FS4, 0.35), (F4, 0.35), (E4, 1.0)),
    # A roll on one low note, then the chord spelled out.
    Sound.REVEAL: ((A3, 0.9), (None, 0.02), (A3, 0.15), (C4, 0.15), (E4, 0.15), (A4, 0.6)),
}


def duration(sound: Sound) -> float:
    return sum(seconds for _, seconds in MELODIES[sound])


def note_at(sound: Sound, elapsed: float) -> Note | None:
    """The note sounding `elapsed` seconds into `sound` (None once it is over)."""
    if elapsed < 0:
        return None
    start = 0.0
    for note in MELODIES[sound]:
        if elapsed < start + note[1]:
            return note
        start += note[1]
    return None


@dataclass
class MelodyPlayer:
    """One voice: a new sound replaces the one playing (a buzzer is monophonic)."""

    sound: Sound | None = None
    since: float = 0.0

    def play(self, sound: Sound, t: float) -> None:
        self.sound = sound
        self.since = t

    def stop(self) -> None:
        self.sound = None

    def current(self, t: float) -> Sound | None:
        """The sound still playing at `t`, if any."""
        if self.sound is None or t - self.since >= duration(self.sound):
            return None
        return self.sound

    def frequency(self, t: float) -> float | None:
        """The tone at `t` in Hz, or None for silence (a rest or nothing playing)."""
        if self.sound is None:
            return None
        note = note_at(self.sound, t - self.since)
        return None if note is None else note[0]
