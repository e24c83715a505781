"""The speaker's sounds, synthesised in code: the same bytes on every start.

No sound files: each cue is built from a few plucked or bowed partials,
filtered noise and pitch glides, shaped by envelopes, then scaled to its own
peak level (the tick quieter than the fanfare, nothing near clipping). Pure
Python on `array` (numpy is not a dependency); `bank()` makes them once and
keeps them on disk, so a start only reads them.

Samples are signed 16-bit mono at RATE, the format `speaker.Speaker` opens
the mixer with.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from itertools import accumulate, repeat
from operator import add, mul

from lastmessage.hal.base import Sound
from lastmessage.config.paths import default_cache_dir

log = logging.getLogger(__name__)

RATE = 22050
FULL_SCALE = 32767
TAU = math.tau
Partials = Sequence[tuple[float, float]]
"""(multiple of the fundamental, amplitude) of each partial of a voice."""

LEVELS: dict[Sound, float] = {
    # Peak of each sound as a fraction of full scale: cues heard often (the
    # tick, the strike) sit lower than the moments that end a game.
    Sound.FLIP: 0.55, Sound.TICK: 0.45, Sound.TIME_UP: 0.7, Sound.STRIKE: 0.5, Sound.HOLD: 0.45,
    Sound.WRONG: 0.75, Sound.WIN: 0.7, Sound.LOSE: 0.7, Sound.REVEAL: 0.7,
}

MAX_LEVEL = 0.8
"""No sound peaks above this fraction of full scale: headroom for two at once."""


class Track:
    """A buffer of float samples that voices are added into."""

    def __init__(self, seconds: float) -> None:
        self.samples = [0.0] * max(1, round(seconds * RATE))

    def tone(self, start: float, seconds: float, hz: float, partials: Partials, *, gain: float = 1.0,
             attack: float = 0.005, decay: float | None = None, to_hz: float | None = None,
             vibrato: float = 0.0, swell: bool = False) -> None:
        """A voice of `partials` over `hz` (gliding to `to_hz`), plucked (exponential
        `decay`), held (no decay) or swelling (`swell`: louder to its end).

        Built from whole-buffer `map`/`accumulate` steps, which run in C: a
        per-sample Python loop made start-up several times slower."""
        first = round(start * RATE)
        count = min(round(seconds * RATE), len(self.samples) - first)
        if count <= 0:
            return
        step = TAU * hz / RATE
        if not to_hz and not vibrato:
            voice = _ringing(step, partials, gain, count, decay)
            envelope = _envelope(count, attack, None, swell)
        else:
            voice = _voice(_phases(step, hz, count, to_hz, vibrato), partials, gain)
            envelope = _envelope(count, attack, decay, swell)
        target = self.samples
        target[first:first + count] = map(add, target[first:first + count], map(mul, voice, envelope))

    def noise(self, start: float, seconds: float, *, gain: float = 1.0, low: float = 0.3,
              high: float = 0.02, decay: float | None = None, swell: bool = False, seed: int = 1) -> None:
        """Band-limited noise (one-pole low-pass `low`, minus a low-pass `high`), the
        same every time: a linear congruential generator from `seed`."""
        out = self.samples
        first = round(start * RATE)
        count = min(round(seconds * RATE), len(out) - first)
        release = max(1, round(0.01 * RATE))
        state, lowpassed, floor = seed, 0.0, 0.0
        for i in range(count):
            state = (1103515245 * state + 12345) & 0x7FFFFFFF
            white = state / 0x3FFFFFFF - 1.0
            lowpassed += low * (white - lowpassed)
            floor += high * (lowpassed - floor)
            env = min(1.0, i / 40, (count - i) / release)
            if decay is not None:
                env *= math.exp(-i / RATE / decay)
            if swell:
                env *= i / count
            out[first + i] += gain * env * (lowpassed - floor)

    def pcm(self, level: float) -> bytes:
        """Signed 16-bit samples, scaled so the loudest one is at `level` of full scale."""
        peak = max(map(abs, self.samples)) or 1.0
        scale = min(level, MAX_LEVEL) * FULL_SCALE / peak
        return array("h", map(round, map(mul, self.samples, repeat(scale)))).tobytes()


PLUCK: Partials = ((1, 1.0), (2, 0.35), (3, 0.12))
BELL: Partials = ((1, 1.0), (2.0, 0.5), (2.76, 0.32), (5.4, 0.12))
BRASS: Partials = ((1, 1.0), (2, 0.5), (3, 0.33), (4, 0.2), (5, 0.1))
WOOD: Partials = ((1, 1.0), (2.7, 0.4))


def _ringing(step: float, partials: Partials, gain: float, count: int,
             decay: float | None) -> list[float]:
    """Steady partials decaying together: each one a complex number turned and
    shrunk a little per sample, summed, in C (`accumulate`, `map`)."""
    shrink = math.exp(-1 / (decay * RATE)) if decay is not None else 1.0
    total: Iterable[complex] = repeat(0j, count)
    for multiple, amplitude in partials:
        turn = shrink * complex(math.cos(step * multiple), math.sin(step * multiple))
        total = map(add, total, accumulate(repeat(turn, count - 1), mul, initial=complex(amplitude * gain)))
    return [z.imag for z in total]


def _phases(step: float, hz: float, count: int, to_hz: float | None, vibrato: float) -> list[float]:
    """The phase of each sample of a tone gliding exponentially to `to_hz`, with
    `vibrato` (a fraction of the pitch, at 5.5 Hz) as phase modulation."""
    phase: list[float]
    if to_hz:
        ratio = (to_hz / hz) ** (1 / count)
        growth = accumulate(repeat(ratio, count - 1), mul, initial=1.0)
        phase = [step * (g - 1) / (ratio - 1) for g in growth]
    else:
        phase = [step * i for i in range(count)]
    if vibrato:
        wobble = _sines(TAU * 5.5 / RATE, count)
        phase = list(map(add, phase, map(mul, wobble, repeat(vibrato * hz / 5.5))))
    return phase


def _voice(phase: list[float], partials: Partials, gain: float) -> list[float]:
    voice: Iterable[float] = repeat(0.0, len(phase))
    for multiple, amplitude in partials:
        voice = map(add, voice, map(mul, map(math.sin, map(mul, phase, repeat(multiple))),
                                    repeat(amplitude * gain)))
    return list(voice)


def _sines(step: float, count: int) -> list[float]:
    """sin(step * i) for i < count, by rotating a complex number (in C)."""
    turns = accumulate(repeat(complex(math.cos(step), math.sin(step)), count - 1), mul, initial=1 + 0j)
    return [z.imag for z in turns]


def _envelope(count: int, attack: float, decay: float | None, swell: bool) -> list[float]:
    """Gain per sample: a linear attack, an exponential decay (None: held), a
    12 ms release to silence at the end (no click), and optionally a swell."""
    if decay is None:
        envelope = [1.0] * count
    else:
        envelope = list(accumulate(repeat(math.exp(-1 / (decay * RATE)), count - 1), mul, initial=1.0))
    if swell:
        envelope = [e * (0.35 + 0.65 * i / count) for i, e in enumerate(envelope)]
    rise = min(count, max(1, round(attack * RATE)))
    for i in range(rise):
        envelope[i] *= i / rise
    fall = min(count, max(1, round(0.012 * RATE)))
    for i in range(1, fall + 1):
        envelope[-i] *= (i - 1) / fall
    return envelope


def _flip() -> Track:
    """A card turned over: a short swish, then two bright plucks rising."""
    track = Track(0.36)
    track.noise(0.0, 0.14, gain=0.5, low=0.6, high=0.15, swell=True, seed=7)
    track.tone(0.1, 0.22, 1318.5, PLUCK, gain=0.8, decay=0.06)
    track.tone(0.17, 0.19, 1975.5, PLUCK, gain=0.7, decay=0.05)
    return track


def _tick() -> Track:
    """A woodblock: one dry knock with a click on top."""
    track = Track(0.09)
    track.tone(0.0, 0.09, 1760.0, WOOD, decay=0.018, attack=0.001)
    track.noise(0.0, 0.012, gain=0.4, low=0.9, high=0.3, seed=3)
    return track


def _time_up() -> Track:
    """A bell: three quick strokes, then one low stroke ringing out."""
    track = Track(1.9)
    for index in range(3):
        track.tone(index * 0.2, 0.5, 880.0, BELL, gain=0.6, decay=0.12, attack=0.002)
    track.tone(0.62, 1.28, 440.0, BELL, decay=0.45, attack=0.002)
    return track


def _strike() -> Track:
    """A marker struck across paper: a rasping sweep over a soft thump."""
    track = Track(0.24)
    track.noise(0.0, 0.2, low=0.5, high=0.08, decay=0.09, seed=11)
    track.tone(0.0, 0.08, 140.0, ((1, 1.0),), gain=0.5, decay=0.03, to_hz=90.0)
    return track


def _hold(seconds: float) -> Track:
    """A bowed tone rising an octave while ACCUSE is held, louder towards the end."""
    track = Track(seconds + 0.03)
    track.tone(0.0, seconds + 0.03, 330.0, ((1, 1.0), (2, 0.3), (3, 0.15)), attack=0.04,
               to_hz=660.0, vibrato=0.004, swell=True)
    return track


def _wrong() -> Track:
    """A low drum, twice (da-dum): a falling thud with a slap of noise."""
    track = Track(1.0)
    for start, hz, gain in ((0.0, 110.0, 0.8), (0.26, 82.4, 1.0)):
        track.tone(start, 0.7, hz, ((1, 1.0), (1.5, 0.2)), gain=gain, decay=0.18, attack=0.002,
                   to_hz=hz * 0.6)
        track.noise(start, 0.06, gain=0.35 * gain, low=0.25, high=0.02, decay=0.02, seed=5)
    return track


def _win() -> Track:
    """The detectives' fanfare: a plucked major arpeggio and a held top note."""
    track = Track(1.45)
    for index, hz in enumerate((523.25, 659.26, 783.99)):
        track.tone(index * 0.12, 0.5, hz, PLUCK, gain=0.7, decay=0.16)
    track.tone(0.36, 1.09, 1046.5, BRASS, gain=0.6, attack=0.02, decay=0.5, vibrato=0.006)
    track.tone(0.36, 1.09, 523.25, PLUCK, gain=0.4, decay=0.4)
    return track


def _lose() -> Track:
    """The criminal gets away: a brassy line sinking by semitones."""
    track = Track(2.0)
    for index, hz in enumerate((392.0, 369.99, 349.23)):
        track.tone(index * 0.34, 0.36, hz, BRASS, gain=0.6, attack=0.03, decay=0.5)
    track.tone(1.02, 0.98, 329.63, BRASS, gain=0.7, attack=0.03, decay=0.45, vibrato=0.012)
    return track


def _reveal() -> Track:
    """A drum roll swelling, then a dark minor chord struck."""
    track = Track(2.2)
    for index in range(18):
        track.noise(index * 0.05, 0.05, gain=1.2 + 0.1 * index, low=0.35, high=0.03,
                    decay=0.025, seed=20 + index)
    for hz, gain in ((110.0, 0.8), (220.0, 0.5), (261.63, 0.45), (329.63, 0.45)):
        track.tone(0.92, 1.28, hz, BELL, gain=gain, decay=0.42, attack=0.003)
    return track


MAKERS: dict[Sound, Callable[[], Track]] = {
    Sound.FLIP: _flip, Sound.TICK: _tick, Sound.TIME_UP: _time_up, Sound.STRIKE: _strike,
    Sound.WRONG: _wrong, Sound.WIN: _win, Sound.LOSE: _lose, Sound.REVEAL: _reveal,
}


def render(sound: Sound, hold_time: float) -> bytes:
    """The samples of one sound; `hold_time` sets the length of the hold tone."""
    track = _hold(hold_time) if sound is Sound.HOLD else MAKERS[sound]()
    return track.pcm(LEVELS[sound])


@lru_cache(maxsize=4)
def bank(hold_time: float, cache_dir: Path | None = None) -> dict[Sound, bytes]:
    """Every sound, made once per process (and hold time), and kept on disk in
    `cache_dir` (default: beside the scene rasters) so that the next start only
    reads them: making them takes about 0.4 s here, more on a Pi. A file is
    named by a hash of this module's code, so a changed sound is made anew; a
    cache that cannot be read or written is simply not used."""
    folder = (cache_dir or default_cache_dir()) / "sounds"
    key = hashlib.sha256(Path(__file__).read_bytes() + repr((RATE, hold_time)).encode()).hexdigest()[:20]
    made: dict[Sound, bytes] = {}
    for sound in Sound:
        path = folder / f"{key}-{sound.value}.pcm"
        try:
            made[sound] = path.read_bytes()
        except OSError:
            made[sound] = render(sound, hold_time)
            _keep(path, made[sound])
    return made


def _keep(path: Path, samples: bytes) -> None:
    """Write whole or not at all (a file is only ever seen complete)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(samples)
        os.replace(partial, path)
    except OSError as error:
        log.info("sounds not cached in %s (%s); they are made at each start", path.parent, error)
