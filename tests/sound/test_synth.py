"""The synthesised sounds: distinct, audible, inside their level, the same bytes every time."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path
from array import array

import pytest

from lastmessage.hal.base import Sound
from lastmessage.sound.synth import FULL_SCALE, LEVELS, MAX_LEVEL, RATE, bank, render


def samples(sound: Sound, hold_time: float = 0.8) -> array[int]:
    return array("h", bank(hold_time)[sound])


def rms(values: array[int]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values)) / FULL_SCALE


def test_every_sound_is_made_and_no_two_are_alike() -> None:
    made = bank(0.8)
    assert set(made) == set(Sound)
    assert len({hashlib.sha256(pcm).hexdigest() for pcm in made.values()}) == len(Sound)


@pytest.mark.parametrize("sound", list(Sound))
def test_each_sound_peaks_at_its_level_and_never_clips(sound: Sound) -> None:
    values = samples(sound)
    peak = max(abs(v) for v in values) / FULL_SCALE
    assert peak == pytest.approx(min(LEVELS[sound], MAX_LEVEL), abs=1 / FULL_SCALE)
    assert peak <= MAX_LEVEL < 1.0


@pytest.mark.parametrize("sound", list(Sound))
def test_each_sound_is_clearly_audible(sound: Sound) -> None:
    assert rms(samples(sound)) > 0.03


@pytest.mark.parametrize("sound", list(Sound))
def test_each_sound_starts_and_ends_at_silence_so_it_does_not_click(sound: Sound) -> None:
    values = samples(sound)
    assert abs(values[0]) < 0.01 * FULL_SCALE and abs(values[-1]) < 0.01 * FULL_SCALE


def test_the_same_bytes_every_time() -> None:
    for sound in Sound:
        assert render(sound, 0.8) == bank(0.8)[sound]


def test_the_hold_tone_lasts_the_hold_time_and_rises() -> None:
    for hold in (0.3, 0.8, 2.0):
        assert len(samples(Sound.HOLD, hold)) / RATE == pytest.approx(hold + 0.03, abs=0.001)
    values = samples(Sound.HOLD)

    def crossings(part: array[int]) -> int:
        return sum(1 for a, b in zip(part, part[1:]) if a < 0 <= b)
    quarter = len(values) // 4
    assert crossings(values[-quarter:]) > 1.6 * crossings(values[:quarter])   # an octave up, nearly


def test_short_cues_are_short_and_moments_longer() -> None:
    length = {sound: len(samples(sound)) / RATE for sound in Sound}
    assert length[Sound.TICK] < 0.1 and length[Sound.STRIKE] < 0.3 and length[Sound.FLIP] < 0.4
    assert all(length[s] >= 1.0 for s in (Sound.TIME_UP, Sound.WRONG, Sound.WIN, Sound.LOSE, Sound.REVEAL))
    assert length[Sound.STRIKE] < 0.45   # one strike is over before the next (STRIKE_INTERVAL)


def test_the_sounds_are_kept_on_disk_and_read_back_the_same(tmp_path: Path) -> None:
    made = bank.__wrapped__(0.8, tmp_path)
    kept = sorted((tmp_path / "sounds").iterdir())
    assert len(kept) == len(Sound) and not any(p.suffix == ".part" for p in kept)
    assert bank.__wrapped__(0.8, tmp_path) == made == {sound: render(sound, 0.8) for sound in Sound}
    tick = next(p for p in kept if p.name.endswith("-tick.pcm"))
    tick.write_bytes(b"\x01\x00" * 10)   # the next start reads the disk, not the synthesiser
    assert bank.__wrapped__(0.8, tmp_path)[Sound.TICK] == b"\x01\x00" * 10


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert bank.__wrapped__(0.5, blocked) == {sound: render(sound, 0.5) for sound in Sound}
