"""Display power at closing: wlopm puts the outputs in standby where the kiosk has
it; a missing or failing tool leaves black frames only and never stops the device."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from lastmessage.kiosk.display_power import BlackOnly, WlopmPower, display_power


def fake_tool(folder: Path, *, fails: bool = False) -> tuple[Path, Path]:
    """A real executable named wlopm that records how it was called."""
    calls = folder / "calls"
    tool = folder / "wlopm"
    failing = "echo 'ERROR: Setting power mode for output failed.' >&2; exit 1" if fails else "exit 0"
    tool.write_text(f'#!/bin/sh\necho "$@" >> {calls}\n{failing}\n')
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    return tool, calls


def test_closing_puts_every_output_in_standby_and_opening_wakes_them(tmp_path: Path) -> None:
    tool, calls = fake_tool(tmp_path)
    power = WlopmPower(str(tool))
    power.switch(False)
    power.switch(True)
    assert calls.read_text().splitlines() == ["--off *", "--on *"]


def test_a_failing_tool_is_logged_and_the_device_goes_on(tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    tool, calls = fake_tool(tmp_path, fails=True)
    WlopmPower(str(tool)).switch(False)
    assert "Setting power mode for output failed" in caplog.text
    assert "only painted black" in caplog.text


def test_a_tool_that_vanished_is_logged_and_the_device_goes_on(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    WlopmPower(str(tmp_path / "gone")).switch(False)
    assert "only painted black" in caplog.text


def test_the_tool_is_used_only_under_wayland_where_it_is_installed(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fake_tool(tmp_path)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert isinstance(display_power(), WlopmPower)
    monkeypatch.delenv("WAYLAND_DISPLAY")
    assert isinstance(display_power(), BlackOnly)
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert isinstance(display_power(), BlackOnly)
