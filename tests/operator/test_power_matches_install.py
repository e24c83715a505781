"""The menu's restart, reboot and power-off agree with what `lastmessage install` sets up."""

from __future__ import annotations

import re
from importlib import resources

from lastmessage.operator.power import POLKIT_ACTIONS, RESTART_EXIT, SYSTEMCTL, PowerAction


def installed(name: str) -> str:
    return resources.files("lastmessage.kiosk.install").joinpath("files", name).read_text(encoding="utf-8")


def test_the_polkit_rule_allows_exactly_what_the_menu_asks_for() -> None:
    rule = installed("50-lastmessage.rules")
    allowed = set(re.findall(r'"(org\.freedesktop\.[a-z0-9.-]+)"', rule))
    asked = {action for actions in POLKIT_ACTIONS.values() for action in actions}
    assert allowed == asked
    assert set(SYSTEMCTL) == {PowerAction.REBOOT, PowerAction.SHUTDOWN}
    assert [command[-1] for command in SYSTEMCTL.values()] == ["reboot", "poweroff"]


def test_systemd_starts_the_device_again_after_the_menus_restart() -> None:
    unit = installed("lastmessage.service")
    assert re.search(r"^Restart=always$", unit, re.M)
    assert "RestartPreventExitStatus" not in unit and "SuccessExitStatus" not in unit
    assert 0 < RESTART_EXIT < 256
