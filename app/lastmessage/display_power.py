"""Display power for the closed hours: outputs off where the platform allows.

On Raspberry Pi OS the kiosk runs under labwc, a wlroots compositor, and
`wlr-randr --output NAME --off` powers an output down (the monitor goes to
standby); `--on` brings it back with its mode. Anywhere else (X11, KMSDRM, a
desktop, a missing tool) the screens are only painted black, which the App
does in any case. A tool that fails or hangs is logged and the device goes
on: a monitor that stays lit at night is no reason to stop the exhibit.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from typing import Protocol

log = logging.getLogger(__name__)

TOOL = "wlr-randr"
TOOL_SECONDS = 3.0   # well under the watchdog period: the frame loop waits for it


class DisplayPower(Protocol):
    def switch(self, on: bool) -> None:
        """Outputs on (True) or off (False); never raises."""
        ...


class BlackOnly:
    """No way to power the outputs down here: the App's black frames are all."""

    def switch(self, on: bool) -> None:
        pass


class WlrRandrPower:
    """Every output the compositor lists, switched with wlr-randr."""

    def __init__(self, tool: str) -> None:
        self.tool = tool
        self._switched_off: list[str] = []   # what to switch back on (they may be listed differently off)

    def switch(self, on: bool) -> None:
        names = (self._switched_off or self._outputs()) if on else self._outputs()
        done = [name for name in names if self._run("--output", name, "--on" if on else "--off") is not None]
        self._switched_off = [] if on else done

    def _outputs(self) -> list[str]:
        """The outputs' names: the lines of the listing that are not indented ("HDMI-A-1 \\"Dell ...\\"")."""
        listing = self._run()
        if listing is None:
            return []
        return [line.split()[0] for line in listing.splitlines() if line.strip() and not line[0].isspace()]

    def _run(self, *args: str) -> str | None:
        try:
            done = subprocess.run([self.tool, *args], capture_output=True, text=True, timeout=TOOL_SECONDS,
                                  check=False)
        except (OSError, subprocess.SubprocessError) as error:
            log.warning("%s %s: %s; the screens are only painted black", self.tool, " ".join(args), error)
            return None
        if done.returncode != 0:
            log.warning("%s %s failed (%s); the screens are only painted black", self.tool, " ".join(args),
                        done.stderr.strip()[:200] or f"exit {done.returncode}")
            return None
        return done.stdout


def display_power() -> DisplayPower:
    """wlr-randr under a Wayland compositor that has it, else black frames only."""
    tool = shutil.which(TOOL)
    if os.environ.get("WAYLAND_DISPLAY") and tool is not None:
        return WlrRandrPower(tool)
    return BlackOnly()
