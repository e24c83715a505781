"""Restart the device, reboot or power off the Pi: the menu's three endings.

Restart ends the process with RESTART_EXIT, which systemd's `Restart=always`
(install/files/lastmessage.service) answers by starting it again after
`RestartSec`. Reboot and power-off go through `systemctl reboot` /
`systemctl poweroff`, which ask logind, which asks polkit: the installed rule
(install/files/50-lastmessage.rules) allows exactly those actions
(POLKIT_ACTIONS) to the device's user. In the simulator, or where nothing would
start the device again or systemctl is missing, the menu says so instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from lastmessage.i18n.translate import translated_later

RESTART_EXIT = 75
"""EX_TEMPFAIL: "try again". Any exit restarts under Restart=always; this one
says in `systemctl status` that the operator asked for it."""


class PowerAction(StrEnum):
    RESTART = "restart"
    REBOOT = "reboot"
    SHUTDOWN = "shutdown"


SYSTEMCTL: dict[PowerAction, tuple[str, ...]] = {
    PowerAction.REBOOT: ("systemctl", "--no-ask-password", "reboot"),
    PowerAction.SHUTDOWN: ("systemctl", "--no-ask-password", "poweroff"),
}

POLKIT_ACTIONS: dict[PowerAction, tuple[str, ...]] = {
    PowerAction.REBOOT: ("org.freedesktop.login1.reboot", "org.freedesktop.login1.reboot-multiple-sessions"),
    PowerAction.SHUTDOWN: ("org.freedesktop.login1.power-off",
                           "org.freedesktop.login1.power-off-multiple-sessions"),
}
"""What logind asks polkit for on each command (multiple-sessions: another user is logged in)."""


@dataclass(frozen=True)
class Outcome:
    done: bool
    message: str                      # English, put into the screen's language when shown
    params: tuple[tuple[str, str], ...] = ()


Runner = Callable[[tuple[str, ...]], "subprocess.CompletedProcess[str]"]


def _run_command(command: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)


@dataclass
class PowerControl:
    """`simulator`: the desktop simulator (never touches the machine)."""

    simulator: bool = False
    run: Runner = _run_command
    which: Callable[[str], str | None] = shutil.which
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)

    def refusal(self, action: PowerAction) -> Outcome | None:
        """Why `action` cannot be done here, or None."""
        if self.simulator:
            return Outcome(False, translated_later("This is the simulator: nothing was restarted "
                                                   "or switched off."))
        if action is PowerAction.RESTART:
            if "INVOCATION_ID" not in self.environ:
                return Outcome(False, translated_later("The device is not running as a systemd service "
                                                       "here: nothing would start it again."))
            return None
        if self.which("systemctl") is None:
            return Outcome(False, translated_later("systemctl is not available here: the Pi cannot be "
                                                   "restarted or switched off from the menu."))
        return None

    def perform(self, action: PowerAction) -> Outcome:
        """Do it (restart: the App exits with RESTART_EXIT on this outcome)."""
        refused = self.refusal(action)
        if refused is not None:
            return refused
        if action is PowerAction.RESTART:
            return Outcome(True, translated_later("Restarting the device…"))
        try:
            result = self.run(SYSTEMCTL[action])
        except (OSError, subprocess.SubprocessError) as error:
            return Outcome(False, translated_later("{command} failed: {detail}"),
                           (("command", " ".join(SYSTEMCTL[action])), ("detail", str(error)[:120])))
        if result.returncode != 0:
            detail = (result.stderr or result.stdout or f"exit {result.returncode}").strip().splitlines()
            return Outcome(False, translated_later("{command} failed: {detail}"),
                           (("command", " ".join(SYSTEMCTL[action])),
                            ("detail", (detail[0] if detail else f"exit {result.returncode}")[:120])))
        if action is PowerAction.REBOOT:
            return Outcome(True, translated_later("The Pi is restarting…"))
        return Outcome(True, translated_later("The Pi is switching off…"))
