"""The `[hal]` table of the config: which backend, the pinout, the button timings, the module's link.

Kept beside the devices that use it (as `[sound]` is kept in sound/settings.py):
config/settings.py only calls `hal_settings(table)`, and the backends import
these typed values without reaching up into the whole Settings tree.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Literal

from lastmessage.config.files import Table
from lastmessage.hal.discipline import Timings, TimingsError
from lastmessage.hal.pinout import AUDIO_RESERVED, DISPLAY_RESERVED, SetupOverrides

Backend = Literal["auto", "gpio", "serial", "sim"]
BACKENDS: tuple[Backend, ...] = ("auto", "gpio", "serial", "sim")


@dataclass(frozen=True)
class SerialSettings:
    """The `serial_*` keys of `[hal]`: the timer/button module on USB serial."""

    port: str | None = None            # None: the first USB serial device with the vendor id
    vid: int | None = None             # None: a Raspberry Pi Pico's (2E8A)
    leds: int = 30                     # of the module's bar
    heartbeat_timeout: float = 3.0     # silence after which the link counts as down
    debounce: float = 0.0              # the module debounces already


@dataclass(frozen=True)
class HalSettings:
    backend: Backend = "auto"
    pinout: Path | None = None         # None: the pinout shipped with the device
    setup: SetupOverrides = SetupOverrides()
    discipline: Timings = Timings()
    leds: int = 10                     # of the simulator's bar
    serial: SerialSettings = SerialSettings()


def _setup(table: Table) -> SetupOverrides:
    table.only(f.name for f in fields(SetupOverrides))
    return SetupOverrides(
        display=table.choice("display", "hdmi", DISPLAY_RESERVED) if table.given("display") else None,
        audio=table.choice("audio", "hdmi", AUDIO_RESERVED) if table.given("audio") else None,
        i2c=table.flag("i2c", False) if table.given("i2c") else None,
        uart_console=table.flag("uart_console", False) if table.given("uart_console") else None,
    )


def _timings(table: Table) -> Timings:
    default = Timings()
    names = [f.name for f in fields(Timings)]
    table.only(names)
    try:
        return Timings(**{name: table.any_number(name, getattr(default, name), "seconds")
                          for name in names})
    except TimingsError as error:
        raise table.error(f"{table.source}: {table.name}.{error}") from error


def _serial(table: Table, timings: Timings) -> SerialSettings:
    default = SerialSettings()
    serial = SerialSettings(
        port=table.text("serial_port", 'the serial port, such as "/dev/ttyACM0",'),
        vid=table.whole("serial_vid", 0, 0, 0xFFFF) if table.given("serial_vid") else None,
        leds=table.whole("serial_leds", default.leds, 1, 300),
        heartbeat_timeout=table.number("serial_heartbeat_timeout", default.heartbeat_timeout,
                                       1.5, 60.0, "seconds"),
        debounce=table.number("serial_debounce", default.debounce, 0.0, 0.2, "seconds"),
    )
    try:
        replace(timings, debounce=serial.debounce)
    except TimingsError as error:
        table.refuse("serial_debounce", f"it must be shorter than hal.discipline.{error.key}")
    return serial


HAL_KEYS = ("backend", "pinout", "setup", "discipline", "leds", "serial_port", "serial_vid",
            "serial_leds", "serial_heartbeat_timeout", "serial_debounce")


def hal_settings(table: Table) -> HalSettings:
    """The `[hal]` table in typed values; a wrong one is refused naming file and key."""
    default = HalSettings()
    table.only(HAL_KEYS)
    timings = _timings(table.table("discipline"))
    return HalSettings(
        backend=table.choice("backend", default.backend, BACKENDS),
        pinout=table.path("pinout", "the pinout file's path"),
        setup=_setup(table.table("setup")),
        discipline=timings,
        leds=table.whole("leds", default.leds, 1, 60),
        serial=_serial(table, timings),
    )
