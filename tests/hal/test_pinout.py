"""The pinout: the shipped file is valid; conflicts and reserved pins are refused
with a message naming the entry and the GPIO."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from lastmessage.hal.pinout import (
    PHYSICAL_PIN, PinoutError, Setup, SetupOverrides, default_pinout_path, load_pinout, parse_pinout,
    with_setup,
)


def shipped() -> dict[str, Any]:
    return tomllib.loads(default_pinout_path().read_text(encoding="utf-8"))


def test_the_shipped_pinout_is_valid_and_complete() -> None:
    pinout = load_pinout()
    assert len(pinout.bar_leds()) == 10
    assert pinout.buzzer() and pinout.status_led() and pinout.encoder()
    gpios = [e.gpio for e in pinout.entries]
    assert len(gpios) == len(set(gpios))
    assert all(g in PHYSICAL_PIN for g in gpios)


def test_a_gpio_used_twice_is_refused_naming_it_and_both_entries() -> None:
    data = shipped()
    data["pins"]["pass"]["gpio"] = 17
    with pytest.raises(PinoutError, match=r"GPIO 17 is used twice.*\[pins\.flip\].*\[pins\.pass\]"):
        parse_pinout(data)


def test_a_gpio_used_twice_in_a_file_is_refused(tmp_path: Path) -> None:
    text = default_pinout_path().read_text(encoding="utf-8")
    text = re.sub(r"(\[pins\.bar_3\][^\[]*gpio = )\d+", r"\g<1>4", text)
    bad = tmp_path / "pinout.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(PinoutError, match=f"{re.escape(str(bad))}: GPIO 4 is used twice"):
        load_pinout(bad)


@pytest.mark.parametrize("gpio", [0, 1, 28, 40, -3])
def test_a_number_that_is_not_a_user_gpio_is_refused(gpio: int) -> None:
    data = shipped()
    data["pins"]["flip"]["gpio"] = gpio
    with pytest.raises(PinoutError, match=rf"\[pins\.flip\]: GPIO {gpio} is not a user GPIO"):
        parse_pinout(data)


@pytest.mark.parametrize("setup, entry, gpio", [
    ({"audio": "pwm"}, "buzzer", 12),
    ({"i2c": True}, "pass", 2),
    ({"uart_console": True}, "encoder_a", 14),
    ({"display": "spi-tft"}, "bar_4", 7),
    ({"display": "dpi24"}, "pass", 2),
])
def test_pins_reserved_by_the_display_and_audio_setup_are_refused(
        setup: dict[str, Any], entry: str, gpio: int) -> None:
    with pytest.raises(PinoutError, match=rf"\[pins\.{entry}\] uses GPIO {gpio}, which is reserved"):
        with_setup(load_pinout(), **setup)


def test_the_config_can_override_the_setup() -> None:
    with pytest.raises(PinoutError, match="GPIO 12.*PWM audio"):
        load_pinout(overrides=SetupOverrides(audio="pwm"))
    assert load_pinout(overrides=SetupOverrides(audio="i2s-dac")).setup.audio == "i2s-dac"
    with pytest.raises(PinoutError, match="GPIO 14.*serial console"):
        load_pinout(overrides=SetupOverrides(uart_console=True))
    assert load_pinout(overrides=SetupOverrides(display="dsi")).setup == Setup(display="dsi")   # the rest kept


@pytest.mark.parametrize("change, message", [
    (lambda d: d["pins"]["flip"].update(pull="up", active="high"), "pulled-up input reads low"),
    (lambda d: d["pins"]["bar_1"].update(pull="up"), "an output has no pull"),
    (lambda d: d["pins"]["flip"].pop("gpio"), r"\[pins\.flip\]: missing `gpio`"),
    (lambda d: d["pins"]["flip"].update(control="jump"), "a button needs control"),
    (lambda d: d["pins"]["flip"].update(colour="red"), "unknown key"),
    (lambda d: d["pins"]["bar_1"].update(index=11), "number them 1..10"),
    (lambda d: d["pins"].pop("accuse"), r"no button for \['accuse'\]"),
    (lambda d: d["pins"].pop("encoder_b"), "needs both encoder_a and encoder_b"),
    (lambda d: d["pins"]["status"].update(gpio=3), "fixed 1.8 kOhm pull-up"),
    (lambda d: d["pins"]["admin"].update(gpio=18, pull="none"), None),
    (lambda d: d["setup"].update(audio="bluetooth"), 'audio = "bluetooth"'),
    (lambda d: d["pins"]["flip"].update(gpio="17"), "write the BCM GPIO number"),
])
def test_malformed_entries_get_a_clear_message(change: Any, message: str | None) -> None:
    data = shipped()
    change(data)
    if message is None:
        parse_pinout(data)  # a button with an external pull on a free GPIO is fine
    else:
        with pytest.raises(PinoutError, match=message):
            parse_pinout(data)


def test_a_missing_or_broken_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(PinoutError, match="cannot read the pinout"):
        load_pinout(tmp_path / "nope.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[pins.flip\n", encoding="utf-8")
    with pytest.raises(PinoutError, match="not valid TOML"):
        load_pinout(broken)


@pytest.mark.parametrize(("content", "refusal"), [
    (b'[setup]\ndisplay = ["hdmi"]\n', '[setup] display = ["hdmi"]; use one of'),
    (b'[setup]\naudio = {usb = true}\n', "[setup] audio = {usb = true}; use one of"),
    (b'[setup]\ndisplay = "hdmi \xff"\n', "cannot read the pinout: line 2 is not UTF-8 text"),
    (b"x = " + b"[" * 1000 + b"]" * 1000 + b"\n", "arrays or tables nested too deep to be the pinout"),
])
def test_a_hostile_pinout_is_refused_in_one_line(tmp_path: Path, content: bytes, refusal: str) -> None:
    path = tmp_path / "pinout.toml"
    path.write_bytes(content)
    with pytest.raises(PinoutError) as refused:
        load_pinout(path)
    assert str(refused.value).startswith(f"{path}: {refusal}") and "\n" not in str(refused.value)


def test_every_conflict_is_listed_on_one_line() -> None:
    with pytest.raises(PinoutError) as refused:
        with_setup(load_pinout(), display="dpi24")
    message = str(refused.value)
    assert "\n" not in message and message.count("reserved by the 24-bit DPI display") > 10
