"""The device's config file: `[rules]`, `[display]`, `[hal]`, `[store]` and `[museum]`.

One TOML file holds everything an operator may change (see README,
"Configuration"). Every value is checked at start and a wrong one stops the
program with the key, the allowed values and the file named; nothing is
clamped or guessed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastmessage.i18n import LANGUAGES
from lastmessage.museum_settings import MuseumSettings, MuseumSettingsError, museum_settings
from lastmessage.rules.config import Rules, RulesError, load_config, rules_from_config

CONFIG_LOCATIONS = (Path("/etc/lastmessage/config.toml"),)
TABLES = ("rules", "display", "hal", "store", "museum")


class SettingsError(ValueError):
    """A config value that cannot be used; the message names the key."""


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
    tablet_output: int = 0
    detective_output: int = 1
    touch: str = "tablet"          # which screen a touch without a window belongs to (KMSDRM)
    language: str = "en"           # of both screens at start; the tablet can switch it


@dataclass(frozen=True)
class Settings:
    rules: Rules = Rules()
    display: DisplaySettings = DisplaySettings()
    hal: Mapping[str, Any] = field(default_factory=dict)
    hal_backend: str = "auto"
    db: Path = field(default_factory=default_db_path)
    museum: MuseumSettings = MuseumSettings()
    source: str = "defaults"


def _size(table: Mapping[str, Any], key: str, default: tuple[int, int], source: str) -> tuple[int, int]:
    value = table.get(key, list(default))
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise SettingsError(f"{source}: display.{key} must be [width, height] in pixels, not {value!r}")
    width, height = value
    if not (640 <= width <= 7680 and 400 <= height <= 4320):
        raise SettingsError(f"{source}: display.{key} = {value}; width must be 640-7680 and height 400-4320")
    return width, height


def _output(table: Mapping[str, Any], key: str, default: int, source: str) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 7:
        raise SettingsError(f"{source}: display.{key} = {value!r}; give a display number from 0 to 7")
    return int(value)


def _display(table: Any, source: str) -> DisplaySettings:
    if not isinstance(table, dict):
        raise SettingsError(f"{source}: [display] must be a table")
    known = {"tablet_size", "detective_size", "tablet_output", "detective_output", "touch", "language"}
    for key in table:
        if key not in known:
            raise SettingsError(f"{source}: display.{key} is not a setting; known: {', '.join(sorted(known))}")
    touch = table.get("touch", "tablet")
    if touch not in ("tablet", "detective"):
        raise SettingsError(f'{source}: display.touch = {touch!r}; give "tablet" or "detective"')
    language = table.get("language", "en")
    if language not in LANGUAGES:
        raise SettingsError(f"{source}: display.language = {language!r}; give one of "
                            f"{', '.join(repr(code) for code in LANGUAGES)}")
    return DisplaySettings(
        language=language,
        tablet_size=_size(table, "tablet_size", (1280, 800), source),
        detective_size=_size(table, "detective_size", (1920, 1080), source),
        tablet_output=_output(table, "tablet_output", 0, source),
        detective_output=_output(table, "detective_output", 1, source),
        touch=touch,
    )


def _hal(table: Any, source: str) -> dict[str, Any]:
    """The [hal] table, its shapes checked here (the HAL checks the values inside)."""
    if not isinstance(table, dict):
        raise SettingsError(f"{source}: [hal] must be a table")
    for key in ("discipline", "setup"):
        if key in table and not isinstance(table[key], dict):
            raise SettingsError(f"{source}: hal.{key} must be a table ([hal.{key}]), not {table[key]!r}")
    for key in ("pinout", "serial_port"):
        if key in table and (not isinstance(table[key], str) or not table[key]):
            raise SettingsError(f"{source}: hal.{key} must be a path in quotes, not {table[key]!r}")
    return dict(table)


def settings_from_mapping(config: Mapping[str, Any], source: str) -> Settings:
    for table in config:
        if table not in TABLES:
            raise SettingsError(f"{source}: [{table}] is not a section; the sections are "
                                f"{', '.join('[' + t + ']' for t in TABLES)}")
    try:
        rules = rules_from_config(config, source)
    except RulesError as error:
        raise SettingsError(str(error)) from error
    hal = _hal(config.get("hal", {}), source)
    backend = hal.pop("backend", "auto")
    if backend not in ("auto", "gpio", "serial", "sim"):
        raise SettingsError(f'{source}: hal.backend = {backend!r}; give "auto", "gpio", "serial" or "sim"')
    store = config.get("store", {})
    if not isinstance(store, dict) or set(store) - {"db"}:
        raise SettingsError(f'{source}: [store] has one setting, db = "path/to/games.sqlite"')
    db = store.get("db")
    if db is not None and (not isinstance(db, str) or not db):
        raise SettingsError(f"{source}: store.db must be a file path")
    try:
        museum = museum_settings(config.get("museum", {}), source)
    except MuseumSettingsError as error:
        raise SettingsError(str(error)) from error
    return Settings(
        museum=museum,
        rules=rules,
        display=_display(config.get("display", {}), source),
        hal=hal,
        hal_backend=backend,
        db=Path(db).expanduser() if db else default_db_path(),
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
    try:
        config = load_config(path)
    except RulesError as error:
        raise SettingsError(str(error)) from error
    return settings_from_mapping(config, str(path))
