"""Display power at closing: wlr-randr switches the outputs where the kiosk has it;
a missing or failing tool leaves black frames only and never stops the device."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from lastmessage.display_power import BlackOnly, WlrRandrPower, display_power

LISTING = '''HDMI-A-1 "Dell Inc. DELL P2419H (HDMI-A-1)"
  Make: Dell Inc.
  Enabled: yes
  Modes:
    1920x1080 px, 60.000000 Hz (preferred, current)
DSI-1 "(null) (null) (DSI-1)"
  Enabled: yes
'''


def fake_tool(folder: Path, *, fails: bool = False) -> tuple[Path, Path]:
    """A real executable named wlr-randr that lists two outputs and records its calls."""
    calls = folder / "calls"
    listing = folder / "listing"
    listing.write_text(LISTING)
    tool = folder / "wlr-randr"
    tool.write_text(f'''#!/bin/sh
echo "$@" >> {calls}
{"echo 'cannot connect to display' >&2; exit 1" if fails else ""}
[ $# -eq 0 ] && cat {listing}
exit 0
''')
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    return tool, calls


def test_closing_switches_every_listed_output_off_and_opening_the_same_ones_on(tmp_path: Path) -> None:
    tool, calls = fake_tool(tmp_path)
    power = WlrRandrPower(str(tool))
    power.switch(False)
    power.switch(True)
    assert calls.read_text().splitlines() == [
        "", "--output HDMI-A-1 --off", "--output DSI-1 --off",
        "--output HDMI-A-1 --on", "--output DSI-1 --on"]


def test_a_failing_tool_is_logged_and_the_device_goes_on(tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    tool, calls = fake_tool(tmp_path, fails=True)
    power = WlrRandrPower(str(tool))
    power.switch(False)
    power.switch(True)
    assert "cannot connect to display" in caplog.text
    assert calls.read_text().splitlines() == ["", ""]   # nothing listed: nothing switched


def test_a_tool_that_vanished_is_logged_and_the_device_goes_on(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    WlrRandrPower(str(tmp_path / "gone")).switch(False)
    assert "only painted black" in caplog.text


def test_the_tool_is_used_only_under_wayland_where_it_is_installed(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fake_tool(tmp_path)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert isinstance(display_power(), WlrRandrPower)
    monkeypatch.delenv("WAYLAND_DISPLAY")
    assert isinstance(display_power(), BlackOnly)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert isinstance(display_power(), BlackOnly)
