"""The `[sound]` table of the config: the speaker's volume and audio device, or no speaker at all.

Kept apart from settings.py (as `[museum]` is); settings.py only calls
`sound_settings(table)`. The volume also changes at run time (the operator
menu sends `commands.SetVolume`); the file gives the volume at start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from lastmessage.config.files import Table


class VolumeError(ValueError):
    """A volume outside 0..100."""


def check_volume(level: object) -> int:
    """`level` as a volume 0..100; VolumeError (saying what to give) otherwise."""
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 100:
        raise VolumeError(f"the volume must be a whole number from 0 to 100, not {level!r}")
    return level


DEVICE_NAME = re.compile(r"^[^\x00-\x1f\x7f]{1,200}$")
"""An audio device's name: an ALSA PCM ("sysdefault:CARD=vc4hdmi1") or the name SDL lists
("vc4-hdmi-1, MAI PCM i2s-hifi-0"); one printable line."""


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool = True    # false: the speaker stays closed (buzzer, LEDs and captions go on)
    volume: int = 80        # 0..100, of the speaker (not the buzzer)
    device: str | None = None   # the audio device (sound/speaker.py); None: the system's default


def sound_settings(table: Table) -> SoundSettings:
    """The `[sound]` table in typed values; a wrong one is refused naming file and key."""
    default = SoundSettings()
    table.only(field.name for field in fields(SoundSettings))
    return SoundSettings(
        enabled=table.flag("enabled", default.enabled),
        volume=table.whole("volume", default.volume, 0, 100),
        device=_device(table),
    )


def _device(table: Table) -> str | None:
    if not table.given("device"):
        return None
    value = table.values["device"]
    if not isinstance(value, str) or not value.strip() or not DEVICE_NAME.match(value):
        table.refuse("device", 'give an audio device\'s name in quotes, such as "sysdefault:CARD=vc4hdmi1" '
                               "(`aplay -L` lists them); leave it out for the system's default")
    return value.strip()
