"""The device's config file, read once into a typed `Settings` tree.

One TOML file holds everything an operator may change (docs/configuration.md):
`[rules]`, `[display]`, `[hal]` (hal/settings.py, with `[hal.setup]` and
`[hal.discipline]`), `[store]`, `[museum]` (config/museum.py), `[sound]`
(sound/settings.py), `[venue]` (config/venue.py) and `[phones]` (config/phones.py).
This module is the only one that sees the file's tables; every other module gets
the typed values below. Every value is
checked for type and range when the file is read, and a wrong one stops the
program with one line naming the file and the key; nothing is clamped or
guessed. Values whose type keeps its own invariants (Rules, Timings) are
checked for type here and for range by that type.

A new section (as `[museum]`) is: a frozen dataclass and a parser taking a
`config.files.Table`, in its own module; a field of `Settings`; its name in
SECTIONS; one line in `settings_from_mapping`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path

from lastmessage.config.files import ConfigError, Table, read_toml, shown_path, toml_key
from lastmessage.hal.settings import HalSettings, hal_settings
from lastmessage.i18n.translate import LANGUAGES
from lastmessage.screens import TARGETS, Target
from lastmessage.config.museum import MuseumSettings, museum_settings
from lastmessage.config.venue import VenueSettings, venue_settings
from lastmessage.config.phones import PhonesSettings, phones_settings
from lastmessage.rules.config import Rules, RulesError
from lastmessage.sound.settings import SoundSettings, sound_settings

CONFIG_LOCATIONS = (Path("/etc/lastmessage/config.toml"),)
SECTIONS = ("rules", "display", "hal", "store", "museum", "sound", "venue", "phones")


class SettingsError(ConfigError):
    """A config value that cannot be used; the message names the file and the key."""


def user_config_path() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "lastmessage" / "config.toml"


def default_db_path() -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "lastmessage" / "games.sqlite"


@dataclass(frozen=True)
class DisplaySettings:
    tablet_size: tuple[int, int] = (1280, 800)
    detective_size: tuple[int, int] = (1920, 1080)
    tablet_output: int | str = 0      # SDL's display number, or the output's name ("HDMI-A-1")
    detective_output: int | str = 1
    touch: Target = "tablet"          # which screen a touch without a window belongs to (KMSDRM)
    detective_touch: bool = False     # the monitor is a touch screen: its search view says pinch, drag, tap
    language: str = "en"           # of both screens at start; the tablet can switch it


@dataclass(frozen=True)
class StoreSettings:
    db: Path = field(default_factory=default_db_path)


@dataclass(frozen=True)
class Settings:
    rules: Rules = Rules()
    display: DisplaySettings = DisplaySettings()
    hal: HalSettings = HalSettings()
    store: StoreSettings = field(default_factory=StoreSettings)
    museum: MuseumSettings = MuseumSettings()
    sound: SoundSettings = SoundSettings()
    venue: VenueSettings = VenueSettings()
    phones: PhonesSettings = PhonesSettings()
    source: str = "defaults"


def _rules(table: Table) -> Rules:
    default = Rules()
    table.only(f.name for f in fields(Rules))
    try:
        return Rules(
            timer_seconds=table.any_number("timer_seconds", default.timer_seconds, "seconds"),
            erase_schedule=table.whole_list("erase_schedule", default.erase_schedule, "[5, 4, 3, 2]"),
            fatal_from_round=table.any_whole("fatal_from_round", default.fatal_from_round),
            allow_pass=table.flag("allow_pass", default.allow_pass),
            allow_text=table.flag("allow_text", default.allow_text),
        )
    except RulesError as error:   # the range checks are Rules' own (they guard the journal's too)
        if error.key in table.values:
            table.refuse(error.key, error.fix)
        raise SettingsError(f"{table.source}: {error}") from error


def _size(table: Table, key: str, default: tuple[int, int]) -> tuple[int, int]:
    value = table.whole_list(key, default, f"[{default[0]}, {default[1]}]")
    if len(value) != 2:
        table.refuse(key, "give [width, height] in pixels")
    width, height = value
    if not (640 <= width <= 7680 and 400 <= height <= 4320):
        table.refuse(key, "width must be 640-7680 and height 400-4320")
    return width, height


def _output(table: Table, key: str, default: int | str) -> int | str:
    """A display number 0..7, or an output's name as wlr-randr shows it."""
    value = table.values.get(key, default)
    if isinstance(value, str):
        if re.fullmatch(r"[A-Za-z0-9_.:-]{1,64}", value):
            return value
        table.refuse(key, 'give an output name as wlr-randr shows it, such as "HDMI-A-1", or a number from 0 to 7')
    return table.whole(key, default if isinstance(default, int) else 0, 0, 7)


def _display(table: Table) -> DisplaySettings:
    default = DisplaySettings()
    table.only(f.name for f in fields(DisplaySettings))
    return DisplaySettings(
        tablet_size=_size(table, "tablet_size", default.tablet_size),
        detective_size=_size(table, "detective_size", default.detective_size),
        tablet_output=_output(table, "tablet_output", default.tablet_output),
        detective_output=_output(table, "detective_output", default.detective_output),
        touch=table.choice("touch", default.touch, TARGETS),
        detective_touch=table.flag("detective_touch", default.detective_touch),
        language=table.choice("language", default.language, LANGUAGES),
    )


def _store(table: Table) -> StoreSettings:
    table.only(("db",))
    db = table.path("db", 'the journal\'s file path, such as "~/games.sqlite",')
    return StoreSettings(db) if db is not None else StoreSettings()


def settings_from_mapping(config: Mapping[str, object], source: str) -> Settings:
    """The Settings of a config file's tables (as tomllib gives them)."""
    for name in config:
        if name not in SECTIONS:
            raise SettingsError(f"{source}: [{toml_key(name)}] is not a section; the sections are "
                                f"{', '.join('[' + s + ']' for s in SECTIONS)}")

    def section(name: str) -> Table:
        return Table(config.get(name, {}), source=source, name=name, error=SettingsError)

    return Settings(
        rules=_rules(section("rules")),
        display=_display(section("display")),
        hal=hal_settings(section("hal")),
        store=_store(section("store")),
        museum=museum_settings(section("museum")),
        sound=sound_settings(section("sound")),
        venue=venue_settings(section("venue")),
        phones=phones_settings(section("phones")),
        source=source,
    )


def load_settings(path: Path | None) -> Settings:
    """The given file, else the user's or the system's config, else the defaults."""
    if path is None:
        for candidate in (user_config_path(), *CONFIG_LOCATIONS):
            if candidate.exists():
                path = candidate
                break
        else:
            return Settings()
    return settings_from_mapping(read_toml(path, "config", SettingsError), shown_path(path))
