"""The device config: every section checked, every wrong value named."""

from __future__ import annotations

from pathlib import Path

import pytest

from lastmessage.settings import HalSettings, SerialSettings, SettingsError, load_settings, settings_from_mapping


def test_defaults_when_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr("lastmessage.settings.CONFIG_LOCATIONS", ())
    settings = load_settings(None)
    assert settings.display.tablet_size == (1280, 800)
    assert settings.display.detective_size == (1920, 1080)
    assert settings.rules.timer_seconds == 30
    assert settings.hal.backend == "auto"


def test_a_full_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("""
[rules]
timer_seconds = 45
[display]
tablet_size = [1024, 600]
detective_size = [3840, 2160]
tablet_output = 1
detective_output = 0
[hal]
backend = "serial"
serial_port = "/dev/ttyACM0"
[store]
db = "~/games.sqlite"
""")
    settings = load_settings(path)
    assert settings.rules.timer_seconds == 45
    assert settings.display.tablet_size == (1024, 600)
    assert settings.display.detective_output == 0
    assert settings.hal == HalSettings(backend="serial", serial=SerialSettings(port="/dev/ttyACM0"))
    assert settings.store.db == Path("~/games.sqlite").expanduser()


@pytest.mark.parametrize(("config", "named"), [
    ({"rules": {"timer_seconds": 10}}, "rules.timer_seconds"),
    ({"display": {"tablet_size": [1280]}}, "display.tablet_size"),
    ({"display": {"detective_size": [100, 100]}}, "display.detective_size"),
    ({"display": {"tablet_output": -1}}, "display.tablet_output"),
    ({"display": {"touch": "both"}}, "display.touch"),
    ({"display": {"tablet": 1}}, "display.tablet"),
    ({"hal": {"backend": "usb"}}, "hal.backend"),
    ({"store": {"database": "x"}}, "[store]"),
    ({"sound": {}}, "[sound]"),
])
def test_wrong_values_are_refused_by_name(config: dict, named: str) -> None:
    with pytest.raises(SettingsError, match=named.replace("[", r"\[").replace("]", r"\]")) as error:
        settings_from_mapping(config, "my.toml")
    assert str(error.value).startswith("my.toml: ")


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[rules\n")
    with pytest.raises(SettingsError, match="broken.toml"):
        load_settings(path)
