"""Choose and open a HAL backend: `--hal gpio|serial|sim|auto`.

Backends are imported only when chosen, so a desktop without gpiozero's pin
libraries, or a checkout without the serial module, still runs the simulator.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from lastmessage.clock import Clock
from lastmessage.hal.base import Hal, HalError
from lastmessage.hal.pinout import PinoutError, load_pinout
from lastmessage.hal.settings import Backend, HalSettings

DEVICE_TREE_MODEL = Path("/proc/device-tree/model")


def is_raspberry_pi(model_path: Path = DEVICE_TREE_MODEL) -> bool:
    """True on a Raspberry Pi (its device tree names the model)."""
    try:
        return "raspberry pi" in model_path.read_bytes().decode("ascii", "replace").lower()
    except OSError:
        return False


def resolve_kind(kind: Backend, *, model_path: Path = DEVICE_TREE_MODEL) -> Literal["gpio", "serial", "sim"]:
    if kind == "auto":
        return "gpio" if is_raspberry_pi(model_path) else "sim"
    return kind


def open_hal(kind: Backend, *, hal: HalSettings = HalSettings(), clock: Clock,
             serial_port: str | None = None, log: Callable[[str], None] | None = None) -> Hal:
    """Open the backend `kind` (gpio, serial, sim or auto) with the `[hal]` settings;
    `serial_port` (from the command line) overrides the config's."""
    chosen = resolve_kind(kind)
    try:
        if chosen == "sim":
            from lastmessage.hal.sim import SimHal
            return SimHal(timings=hal.discipline, n_leds=hal.leds, log=log)
        if chosen == "gpio":
            pinout = load_pinout(hal.pinout, overrides=hal.setup)
            from lastmessage.hal.gpio import GpioHal
            return GpioHal(pinout, clock=clock, timings=hal.discipline, log=log)
        return _open_serial(hal, clock, serial_port)
    except (PinoutError, ValueError) as error:
        raise HalError(str(error)) from error


def _open_serial(hal: HalSettings, clock: Clock, port: str | None) -> Hal:
    try:
        module = importlib.import_module("lastmessage.hal.serial_backend")
    except ModuleNotFoundError as error:
        if error.name != "lastmessage.hal.serial_backend":
            raise
        raise HalError("the serial backend (lastmessage.hal.serial_backend) is not installed "
                       "in this build; use --hal gpio or --hal sim") from error
    opened: Hal = module.open_serial_hal(port=port, clock=clock, serial=hal.serial, timings=hal.discipline)
    return opened
