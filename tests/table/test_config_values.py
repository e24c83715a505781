"""A wrong [hal] value in the config stops the device with the key named, not a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from lastmessage.hal.discipline import Timings
from lastmessage.config.settings import SettingsError, load_settings
from lastmessage.hal.settings import HalSettings, SerialSettings


@pytest.mark.parametrize("text, key", [
    ('hal = "gpio"\n', "[hal]"),
    ("hal = 3\n", "[hal]"),
    ("[hal]\ndiscipline = 5\n", "hal.discipline"),
    ("[hal]\nsetup = \"pull-up\"\n", "hal.setup"),
    ("[hal]\npinout = 5\n", "hal.pinout"),
    ("[hal]\nserial_port = 7\n", "hal.serial_port"),
])
def test_a_wrong_hal_value_is_refused_with_its_key(tmp_path: Path, text: str, key: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(text)
    with pytest.raises(SettingsError) as refused:
        load_settings(config)
    assert key in str(refused.value) and str(config) in str(refused.value)


def test_good_hal_values_pass(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[hal]\nbackend = "sim"\npinout = "hardware/pinout.toml"\nserial_port = "/dev/ttyACM0"\n'
                      "[hal.discipline]\nhold_time = 1.0\n")
    settings = load_settings(config)
    assert settings.hal == HalSettings(backend="sim", pinout=Path("hardware/pinout.toml"),
                                       serial=SerialSettings(port="/dev/ttyACM0"), discipline=Timings(hold_time=1.0))
