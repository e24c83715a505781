"""A device started outside its opening hours: it says "closed" to staff, and the
outputs a stopped device may have left in standby at night are woken at start."""

from __future__ import annotations

import json
import os
from pathlib import Path

from device_process import running_device, terminate, wait_until
from lastmessage.config.hours import DAYS
from test_display_power import fake_tool

CLOSED_ALL_WEEK = "[museum]\nstatus_interval = 0.5\n[museum.hours]\n" + "".join(
    f'{day} = "closed"\n' for day in DAYS)


def test_a_device_outside_its_hours_is_closed_in_its_status(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(CLOSED_ALL_WEEK)
    status = tmp_path / "status.json"

    def phase() -> object:
        return json.loads(status.read_text()).get("phase") if status.exists() else None

    with running_device("sim", tmp_path, extra=("--config", str(config))) as device:
        wait_until(lambda: phase() == "closed")
        values = json.loads(status.read_text())
        assert values["open"] is False and values["last_error"] is None   # closing is no trouble
        returncode, stderr = terminate(device)
    assert returncode == 0, stderr


def test_run_wakes_the_outputs_at_start(tmp_path: Path) -> None:
    """Under the kiosk's Wayland compositor with wlopm: outputs a stopped device left in
    standby at night are woken before it looks for its screens (here it finds one of two)."""
    tools = tmp_path / "bin"
    tools.mkdir()
    _, calls = fake_tool(tools)
    env = {"PATH": f"{tools}{os.pathsep}{os.environ['PATH']}", "WAYLAND_DISPLAY": "wayland-test"}
    with running_device("run", tmp_path, env=env) as device:
        wait_until(lambda: calls.exists() and "--on *" in calls.read_text())
        returncode, stderr = terminate(device)
    assert returncode == 0, stderr
    assert calls.read_text().splitlines() == ["--on *"]
