"""Display power for the closed hours: the monitors in standby where the platform allows.

On Raspberry Pi OS the kiosk runs under labwc, a wlroots compositor that speaks
the output power management protocol: `wlopm --off '*'` puts every output in
standby (DPMS) and `wlopm --on '*'` wakes it; it is how Raspberry Pi OS blanks
its own screens under labwc. The outputs stay in the layout, so each window
stays fullscreen on its output. (`wlr-randr --output NAME --off` would instead
remove the output: labwc moves its window to the other screen, and its window
rules, applied when a window opens, would not move it back at opening.)
Anywhere else (X11, KMSDRM, a desktop, the tool missing) the screens are only
painted black, which the App does in any case. A tool that fails or hangs is
logged and the device goes on: a monitor lit at night is no reason to stop.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from typing import Protocol

log = logging.getLogger(__name__)

TOOL = "wlopm"
TOOL_SECONDS = 3.0   # well under the watchdog period: the frame loop waits for it


class DisplayPower(Protocol):
    def switch(self, on: bool) -> None:
        """Outputs on (True) or in standby (False); never raises."""
        ...


class BlackOnly:
    """No way to put the outputs in standby here: the App's black frames are all."""

    def switch(self, on: bool) -> None:
        pass


class WlopmPower:
    """Every output of the Wayland compositor, through wlopm."""

    def __init__(self, tool: str) -> None:
        self.tool = tool

    def switch(self, on: bool) -> None:
        command = [self.tool, "--on" if on else "--off", "*"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TOOL_SECONDS, check=False)
        except (OSError, subprocess.SubprocessError) as error:
            log.warning("%s: %s; the screens are only painted black", " ".join(command), error)
            return
        if done.returncode != 0:
            log.warning("%s failed (%s); the screens are only painted black", " ".join(command),
                        done.stderr.strip()[:200] or f"exit {done.returncode}")


def display_power() -> DisplayPower:
    """wlopm under a Wayland compositor that has it, else black frames only."""
    tool = shutil.which(TOOL)
    if os.environ.get("WAYLAND_DISPLAY") and tool is not None:
        return WlopmPower(tool)
    return BlackOnly()
