"""The speaker: the synthesised sounds played through pygame's mixer (SDL audio).

Opened once; when SDL has no audio device (a Pi with no HDMI sink yet, a
container) it logs one line and stays silent, and the game goes on with the
buzzer, the LEDs and the captions.

The device (`[sound] device`) is an ALSA PCM name ("sysdefault:CARD=vc4hdmi1",
as `aplay -L` lists them) or a name SDL lists
(`pygame._sdl2.audio.get_audio_device_names()`). SDL 2's ALSA driver lists
devices by their description and refuses any other name, but opens its
default device as `$AUDIODEV`: an ALSA name goes there (with no device name
for SDL), any other name to `pygame.mixer.init(devicename=...)`. Under SDL's
dummy audio driver (scripted play, tests) no device is asked for. Each sound plays on a channel of its own,
so the ticks and a strike can overlap; the hold tone keeps its channel so that
letting go of ACCUSE stops it. `played` keeps the last cues that really
reached a mixer channel, with their time, for the tests and for staff.
"""

from __future__ import annotations

import logging
import os
import re
from collections import deque
from dataclasses import dataclass

import pygame

from lastmessage.hal.base import Sound
from lastmessage.sound.settings import check_volume
from lastmessage.sound.synth import RATE, bank

log = logging.getLogger(__name__)

ALSA_PCM = re.compile(r"^[A-Za-z0-9_]+(:[^\s:]*)?$")
"""An ALSA PCM name: "default", "sysdefault:CARD=vc4hdmi1", "hdmi:CARD=vc4hdmi1,DEV=0", "plughw:1,0"."""

CHANNELS = 8
PLAYED_KEPT = 64
FADE_MS = 60


@dataclass(frozen=True)
class Played:
    """A sound handed to a mixer channel at `t` (the time the app gave)."""

    sound: Sound
    t: float
    volume: int


def gain(level: int) -> float:
    """The mixer volume of a volume setting: squared, so that equal steps of the
    setting sound like roughly equal steps of loudness."""
    return (level / 100) ** 2


class Speaker:
    """The sounds of `hal.base.Sound` through the mixer, at a volume 0..100."""

    def __init__(self, *, volume: int = 80, enabled: bool = True, hold_time: float = 0.8,
                 device: str | None = None) -> None:
        self.volume = check_volume(volume)
        self.enabled = enabled
        self.device = device
        self.played: deque[Played] = deque(maxlen=PLAYED_KEPT)
        self._sounds: dict[Sound, pygame.mixer.Sound] = {}
        self._hold: pygame.mixer.Channel | None = None
        if enabled:
            self._open(hold_time)

    def _open(self, hold_time: float) -> None:
        wanted = (RATE, -16, 1)
        try:
            if pygame.mixer.get_init() != wanted or self._sdl_device() is not None or "AUDIODEV" in os.environ:
                pygame.mixer.quit()   # pygame.init() may have opened it in another format (or device)
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, devicename=self._sdl_device())
            if pygame.mixer.get_init() != wanted:
                raise pygame.error(f"the audio device gave {pygame.mixer.get_init()}, not {wanted}")
            pygame.mixer.set_num_channels(CHANNELS)
            self._sounds = {sound: pygame.mixer.Sound(buffer=samples)
                            for sound, samples in bank(hold_time).items()}
        except pygame.error as error:
            where = f" on the audio device {self.device!r} ([sound] device)" if self.device else ""
            log.warning("no sound from the speaker%s (%s); the buzzer, LEDs and captions go on", where, error)
            self._sounds = {}

    def _sdl_device(self) -> str | None:
        """The name for SDL (None: its default device, which $AUDIODEV names for ALSA)."""
        if self.device is None or os.environ.get("SDL_AUDIODRIVER") == "dummy":
            return None
        if ALSA_PCM.match(self.device):
            os.environ["AUDIODEV"] = self.device
            return None
        return self.device

    @property
    def audible(self) -> bool:
        """The mixer is open and the sounds are loaded."""
        return bool(self._sounds)

    def set_volume(self, level: int) -> None:
        """From now on, and for the sounds still playing."""
        self.volume = check_volume(level)
        if self.audible:
            for index in range(pygame.mixer.get_num_channels()):
                pygame.mixer.Channel(index).set_volume(gain(self.volume))

    def play(self, sound: Sound, t: float) -> pygame.mixer.Channel | None:
        """Start `sound` on a free channel (the oldest one when all are busy)."""
        if not self.audible or self.volume == 0:
            return None
        if sound is Sound.HOLD:
            self.stop_hold()
        channel = pygame.mixer.find_channel(True)
        if channel is None:
            return None
        channel.set_volume(gain(self.volume))
        channel.play(self._sounds[sound])
        if sound is Sound.HOLD:
            self._hold = channel
        self.played.append(Played(sound, t, self.volume))
        return channel

    def stop_hold(self) -> None:
        """ACCUSE was let go (or the hold confirmed): the rising tone fades out."""
        if self._hold is not None and self._hold.get_sound() is self._sounds.get(Sound.HOLD):
            self._hold.fadeout(FADE_MS)
        self._hold = None

    def sound(self, sound: Sound) -> pygame.mixer.Sound | None:
        """The mixer's Sound object of `sound` (None when silent)."""
        return self._sounds.get(sound)
