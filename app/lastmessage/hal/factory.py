"""Choose and open a HAL backend: `--hal gpio|serial|sim|auto`.

Backends are imported only when chosen, so a desktop without gpiozero's pin
libraries, or a checkout without the serial module, still runs the simulator.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from lastmessage.clock import Clock
from lastmessage.hal.base import Hal, HalError
from lastmessage.hal.pinout import PinoutError, load_pinout

KINDS = ("gpio", "serial", "sim", "auto")
DEVICE_TREE_MODEL = Path("/proc/device-tree/model")

CONFIG_KEYS = {"discipline", "setup", "pinout", "leds", "serial_port"}
"""Keys of the HAL config table (`[hal]` of the device config):
discipline: InputDiscipline timings; setup: overrides of the pinout's [setup]
(display/audio/i2c/uart_console); pinout: path of the pinout file; leds:
number of LEDs of the simulated bar; serial_port and any other `serial*` key:
the serial backend's settings."""


def is_raspberry_pi(model_path: Path = DEVICE_TREE_MODEL) -> bool:
    """True on a Raspberry Pi (its device tree names the model)."""
    try:
        return "raspberry pi" in model_path.read_bytes().decode("ascii", "replace").lower()
    except OSError:
        return False


def resolve_kind(kind: str, *, model_path: Path = DEVICE_TREE_MODEL) -> str:
    if kind not in KINDS:
        raise HalError(f"unknown HAL backend {kind!r}; use one of {', '.join(KINDS)}")
    if kind == "auto":
        return "gpio" if is_raspberry_pi(model_path) else "sim"
    return kind


def open_hal(kind: str, *, config: Mapping[str, Any] | None, clock: Clock,
             pinout_path: Path | None = None, serial_port: str | None = None,
             log: Callable[[str], None] | None = None) -> Hal:
    """Open the backend `kind` (gpio, serial, sim or auto) with the HAL config."""
    config = dict(config or {})
    unknown = {k for k in config if k not in CONFIG_KEYS and not k.startswith("serial")}
    if unknown:
        raise HalError(f"hal config: unknown key(s) {sorted(unknown)}; "
                       f"known ones are {sorted(CONFIG_KEYS)}")
    chosen = resolve_kind(kind)
    try:
        if chosen == "sim":
            from lastmessage.hal.sim import SimHal
            leds = config.get("leds", 10)
            if isinstance(leds, bool) or not isinstance(leds, int) or not 1 <= leds <= 60:
                raise HalError(f"hal config: leds = {leds!r}; give a whole number 1-60")
            return SimHal(config=config, n_leds=leds, log=log)
        if chosen == "gpio":
            path = pinout_path or (Path(config["pinout"]) if "pinout" in config else None)
            pinout = load_pinout(path, setup_overrides=config.get("setup"))
            from lastmessage.hal.gpio import GpioHal
            return GpioHal(pinout, clock=clock, config=config, log=log)
        return _open_serial(config, clock, serial_port or config.get("serial_port"))
    except (PinoutError, ValueError) as error:
        raise HalError(str(error)) from error


def _open_serial(config: Mapping[str, Any], clock: Clock, port: str | None) -> Hal:
    try:
        module = importlib.import_module("lastmessage.hal.serial_backend")
    except ModuleNotFoundError as error:
        if error.name != "lastmessage.hal.serial_backend":
            raise
        raise HalError("the serial backend (lastmessage.hal.serial_backend) is not installed "
                       "in this build; use --hal gpio or --hal sim") from error
    hal: Hal = module.open_serial_hal(port=port, clock=clock, config=config)
    return hal
