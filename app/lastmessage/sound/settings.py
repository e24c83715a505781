"""The `[sound]` table of the config: the speaker's volume, or no speaker at all.

Kept apart from settings.py (as `[museum]` is); settings.py only calls
`sound_settings(table)`. The volume also changes at run time (the operator
menu sends `commands.SetVolume`); the file gives the volume at start.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from lastmessage.config.files import Table


class VolumeError(ValueError):
    """A volume outside 0..100."""


def check_volume(level: object) -> int:
    """`level` as a volume 0..100; VolumeError (saying what to give) otherwise."""
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 100:
        raise VolumeError(f"the volume must be a whole number from 0 to 100, not {level!r}")
    return level


@dataclass(frozen=True)
class SoundSettings:
    enabled: bool = True    # false: the speaker stays closed (buzzer, LEDs and captions go on)
    volume: int = 80        # 0..100, of the speaker (not the buzzer)


def sound_settings(table: Table) -> SoundSettings:
    """The `[sound]` table in typed values; a wrong one is refused naming file and key."""
    default = SoundSettings()
    table.only(field.name for field in fields(SoundSettings))
    return SoundSettings(
        enabled=table.flag("enabled", default.enabled),
        volume=table.whole("volume", default.volume, 0, 100),
    )
