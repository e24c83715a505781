"""The speaker through SDL's real mixer (the dummy audio driver): channels really play."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pygame
import pytest

from lastmessage.hal.base import Sound
from lastmessage.sound.settings import VolumeError
from lastmessage.sound.speaker import Speaker, gain
from lastmessage.sound.synth import RATE


@pytest.fixture(scope="module")
def speaker() -> Speaker:
    pygame.init()
    return Speaker(volume=80)


def test_the_mixer_opens_in_the_sounds_format(speaker: Speaker) -> None:
    assert speaker.audible
    assert pygame.mixer.get_init() == (RATE, -16, 1)


@pytest.mark.parametrize("sound", list(Sound))
def test_a_sound_is_handed_to_a_mixer_channel_that_plays_it(speaker: Speaker, sound: Sound) -> None:
    channel = speaker.play(sound, 12.5)
    assert channel is not None and channel.get_busy()
    assert channel.get_sound() is speaker.sound(sound)
    assert channel.get_volume() == pytest.approx(gain(80), abs=0.01)
    assert speaker.played[-1].sound is sound and speaker.played[-1].t == 12.5
    channel.stop()


def test_sounds_overlap_on_channels_of_their_own(speaker: Speaker) -> None:
    first = speaker.play(Sound.TIME_UP, 0.0)
    second = speaker.play(Sound.TICK, 0.0)
    assert first is not None and second is not None and first is not second
    assert first.get_busy() and second.get_busy()
    pygame.mixer.stop()


def test_the_volume_changes_what_is_playing_and_what_comes(speaker: Speaker) -> None:
    playing = speaker.play(Sound.REVEAL, 0.0)
    speaker.set_volume(30)
    assert playing is not None and playing.get_volume() == pytest.approx(gain(30), abs=0.01)
    later = speaker.play(Sound.WIN, 1.0)
    assert later is not None and later.get_volume() == pytest.approx(gain(30), abs=0.01)
    assert speaker.played[-1].volume == 30
    speaker.set_volume(0)
    count = len(speaker.played)
    assert speaker.play(Sound.WIN, 2.0) is None and len(speaker.played) == count   # muted: nothing plays
    with pytest.raises(VolumeError, match="0 to 100"):
        speaker.set_volume(101)
    speaker.set_volume(80)
    pygame.mixer.stop()


def test_letting_go_of_accuse_fades_the_hold_tone_out(speaker: Speaker) -> None:
    channel = speaker.play(Sound.HOLD, 0.0)
    assert channel is not None and channel.get_busy()
    speaker.stop_hold()
    deadline = time.monotonic() + 2.0
    while channel.get_busy() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not channel.get_busy()


def test_a_disabled_speaker_plays_nothing() -> None:
    quiet = Speaker(enabled=False)
    assert not quiet.audible and quiet.play(Sound.TICK, 0.0) is None and not quiet.played


def test_without_an_audio_device_it_says_so_once_and_goes_on() -> None:
    code = ("import pygame; pygame.init()\n"
            "from lastmessage.sound.speaker import Speaker\n"
            "from lastmessage.hal.base import Sound\n"
            "s = Speaker()\n"
            "print(s.audible, s.play(Sound.TICK, 0.0))\n")
    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-device", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.strip() == "False None"
    warnings = [line for line in done.stderr.splitlines() if "no sound from the speaker" in line]
    assert len(warnings) == 1 and "Traceback" not in done.stderr
