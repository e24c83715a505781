"""`lastmessage selftest`: --auto passes on mock pins, fails on a miswired pinout;
the interactive walk-through works against mock pins with scripted answers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from lastmessage.clock import SimulatedClock
from lastmessage.hal.tools import commands
from lastmessage.hal.gpio import GpioHal
from lastmessage.hal.pinout import Pinout, default_pinout_path
from lastmessage.hal.tools.selftest import run_auto, run_interactive


def run_cli(argv: list[str]) -> int:
    import argparse
    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_selftest_auto_passes_on_mock_pins(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["selftest", "--auto"]) == 0
    out = capsys.readouterr().out
    assert "23 of 23 pins ok" in out and "FAIL" not in out


def test_selftest_auto_restores_the_pin_factory() -> None:
    from gpiozero import Device
    before = Device.pin_factory
    run_auto(__import__("lastmessage.hal.pinout", fromlist=["load_pinout"]).load_pinout(),
             say=lambda line: None)
    assert Device.pin_factory is before


def test_selftest_refuses_a_pinout_with_a_gpio_used_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = default_pinout_path().read_text(encoding="utf-8")
    text = re.sub(r"(\[pins\.left\][^\[]*gpio = )\d+", r"\g<1>17", text)
    bad = tmp_path / "pinout.toml"
    bad.write_text(text, encoding="utf-8")
    assert run_cli(["selftest", "--auto", "--pinout", str(bad)]) == 2
    assert "GPIO 17 is used twice" in capsys.readouterr().err


def test_selftest_auto_reports_a_pin_not_driven_as_declared(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Declared active high with an external pull-down, so the mock pin reads
    # pulled down; the test still checks the press end to end.
    text = default_pinout_path().read_text(encoding="utf-8")
    text = re.sub(r'(\[pins\.flip\][^\[]*)pull = "up"\nactive = "low"',
                  r'\1pull = "down"\nactive = "high"', text)
    path = tmp_path / "pinout.toml"
    path.write_text(text, encoding="utf-8")
    assert run_cli(["selftest", "--auto", "--pinout", str(path)]) == 0
    assert "flip       GPIO17 (pin 11)  button, pull down, active high" in capsys.readouterr().out


def test_interactive_walkthrough_with_a_person_simulated(
        mock_factory: MockFactory, pinout: Pinout) -> None:
    clock = SimulatedClock()
    hal = GpioHal(pinout, clock=clock, log=lambda m: None)
    lines: list[str] = []
    gpio_of = {e.name: e.gpio for e in pinout.entries}

    def say(line: str) -> None:
        """The 'person': presses whatever the prompt asks for."""
        lines.append(line)
        match = re.search(r"\[(\w+)\s+GPIO(\d+)", line)
        if not match or "..." not in line:
            return
        name = match.group(1)
        if name.startswith("encoder"):
            a, b = mock_factory.pin(gpio_of["encoder_a"]), mock_factory.pin(gpio_of["encoder_b"])
            first, second = (a, b) if "counter" not in line else (b, a)
            first.drive_low(); second.drive_low(); first.drive_high(); second.drive_high()
        elif name != "admin":  # leave the optional ADMIN unpressed: skipped, not failed
            pin = mock_factory.pin(gpio_of[name])
            pin.drive_low()
            clock.advance(0.05)
            pin.drive_high()

    answers = iter(["y"] * 10 + ["y", "y"])
    result = run_interactive(pinout, clock=clock, say=say, ask=lambda q: next(answers),
                             sleep=clock.advance, wait=2.0, hal=hal)
    assert result == 0, "\n".join(lines)
    assert any("admin" in line and "skipped" in line for line in lines)


def test_interactive_reports_a_segment_not_seen(mock_factory: MockFactory, pinout: Pinout) -> None:
    clock = SimulatedClock()
    hal = GpioHal(pinout, clock=clock, log=lambda m: None)
    answers = iter(["y", "y", "n"] + ["y"] * 20)
    lines: list[str] = []
    result = run_interactive(pinout, clock=clock, say=lines.append,
                             ask=lambda q: next(answers), sleep=clock.advance, wait=0.5, hal=hal)
    assert result == 1
    assert any(line.startswith("FAIL bar_3") for line in lines)
