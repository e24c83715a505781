"""The device config: every section checked, every wrong value named."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from lastmessage.rules.config import Rules
from lastmessage.config.settings import Settings, SettingsError, load_settings, settings_from_mapping
from lastmessage.hal.settings import HalSettings, SerialSettings


def test_defaults_when_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr("lastmessage.config.settings.CONFIG_LOCATIONS", ())
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
    ({"audio": {}}, "[audio]"),
    ({"sound": {"volume": 101}}, "sound.volume"),
    ({"sound": {"volume": -1}}, "sound.volume"),
    ({"sound": {"volume": 50.5}}, "sound.volume"),
    ({"sound": {"volume": True}}, "sound.volume"),
    ({"sound": {"enabled": "yes"}}, "sound.enabled"),
    ({"sound": {"loudness": 3}}, "loudness"),
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


def test_a_valid_rules_table_is_taken_as_written(tmp_path: Path) -> None:
    path = tmp_path / "lastmessage.toml"
    path.write_text("[rules]\ntimer_seconds = 15.5\nerase_schedule = [0, 8, 1]\n"
                    "fatal_from_round = 4\nallow_pass = false\nallow_text = false\n", encoding="utf-8")
    assert load_settings(path).rules == Rules(15.5, (0, 8, 1), 4, False, False)


@pytest.mark.parametrize(("config", "refusal"), [
    ({"rules": {"timer_seconds": 5}}, "my.toml: rules.timer_seconds = 5; give a number of seconds from 15 to 120"),
    ({"rules": {"timer_seconds": "30"}}, 'my.toml: rules.timer_seconds = "30"; give a number of seconds'),
    ({"rules": 5}, "my.toml: rules = 5; write it as a table, [rules]"),
    ({"rules": {"erase_schedule": [1] * 1_000_000}},
     "my.toml: rules.erase_schedule = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,…; "
     "give one erase count per round, 1 to 8 rounds (this lists 1000000)"),
    ({"rules": {"erase_schedule": [5, 9]}},
     "my.toml: rules.erase_schedule[1] = 9; give a whole number from 0 to 8 (round 2's erase count)"),
    ({"display": {"language": ["en"]}}, 'my.toml: display.language = ["en"]; give "en" or "ro"'),
    ({"hal": {"setup": {"display": ["hdmi"]}}}, 'my.toml: hal.setup.display = ["hdmi"]; give "hdmi" or "dsi" or '
                                                '"dpi18" or "dpi24" or "spi-tft"'),
    ({"hal": {"discipline": {"hold_time": -1}}},
     "my.toml: hal.discipline.hold_time = -1; give a number of seconds from 0.05 to 10"),
    ({"hal": {"discipline": {"hold_time": float("nan")}}}, "my.toml: hal.discipline.hold_time = nan; give a number of seconds"),
    ({"hal": {"discipline": {"debounce": 0.5}}},
     "my.toml: hal.discipline.repeat_delay = 0.4; it must be longer than debounce (0.5 s)"),
    ({"hal": {"discipline": {"hold_time": 0.1}, "serial_debounce": 0.2}},
     "my.toml: hal.serial_debounce = 0.2; it must be shorter than hal.discipline.hold_time"),
    ({"hal": {"leds": 0}}, "my.toml: hal.leds = 0; give a whole number from 1 to 60"),
    ({"hal": {"pinout": " "}}, 'my.toml: hal.pinout = " "; give the pinout file\'s path in quotes'),
    ({"store": {"db": "games\0.sqlite"}},
     'my.toml: store.db = "games\\u0000.sqlite"; give the journal\'s file path, such as "~/games.sqlite", in quotes'),
    ({"store": {"db": "~nobody-here-at-all/games.sqlite"}},
     'my.toml: store.db = "~nobody-here-at-all/games.sqlite"; no such user\'s home folder; give the '
     'journal\'s file path, such as "~/games.sqlite", in quotes'),
    ({"venue": {"mqtt": "http://broker"}},
     'my.toml: venue.mqtt = "http://broker"; the URL must start with mqtt:// or mqtts:// (TLS), not http'),
    ({"venue": {"mqtt": "mqtt://broker:99999"}},
     'my.toml: venue.mqtt = "mqtt://broker:99999"; cannot read the URL (Port out of range 0-65535); '
     'give one such as mqtt://broker.local:1883'),
    ({"venue": {"mqtt": "mqtt://broker/x?y"}},
     'my.toml: venue.mqtt = "mqtt://broker/x?y"; give the broker as mqtt://host:port, without a path or a query'),
    ({"venue": {"table": "Hall 2"}},
     'my.toml: venue.table = "Hall 2"; give the table\'s id as 1 to 32 lower-case letters, digits, - or _ '
     '(such as "hall-2")'),
    ({"venue": {"osc": "localhost:9000"}},
     'my.toml: venue.osc = "localhost:9000"; give an IP address and a port in quotes, such as "127.0.0.1:9000" '
     '(this machine only) or "0.0.0.0:9000" (the whole network)'),
    ({"venue": {"broker": "x"}}, None),
    ({"wat\nis": {}}, 'my.toml: ["wat\\nis"] is not a section; the sections are [rules], [display], [hal], [store], [museum], [sound], '
     '[venue], [phones]'),
])
def test_each_refusal_is_one_line_naming_the_file_and_the_key(config: dict[str, object], refusal: str | None) -> None:
    with pytest.raises(SettingsError) as refused:
        settings_from_mapping(config, "my.toml")
    assert refusal is None or str(refused.value) == refusal
    assert "\n" not in str(refused.value) and "my.toml" in str(refused.value)


def unreadable(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(("content", "refusal"), [
    (b"[display]\nlanguage = \"\xff\xfe\"\n", "cannot read the config: line 2 is not UTF-8 text"),
    (b"x = " + b"[" * 1000 + b"]" * 1000 + b"\n", "arrays or tables nested too deep to be the config"),
    (b"x = " + b"{a = " * 1000 + b"1" + b"}" * 1000 + b"\n", "arrays or tables nested too deep to be the config"),
    (b"[hal]\nleds = " + b"9" * 5000 + b"\n", "not valid TOML: Exceeds the limit"),
    (b"# padding\n" * 200_000, "cannot read the config: it has 2000000 bytes"),
    (b"[rules\n", "not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 7)"),
])
def test_a_file_that_is_no_config_is_refused_in_one_line(tmp_path: Path, content: bytes, refusal: str) -> None:
    path = unreadable(tmp_path, "config.toml", content)
    with pytest.raises(SettingsError) as refused:
        load_settings(path)
    assert str(refused.value).startswith(f"{path}: {refusal}")
    assert "\n" not in str(refused.value)


def test_a_path_that_is_no_file_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)   # no writer: opening it to read would wait forever
    with pytest.raises(SettingsError, match="fifo.toml: cannot read the config: it is not a regular file"):
        load_settings(fifo)
    with pytest.raises(SettingsError, match=f"{tmp_path}: cannot read the config: it is a folder"):
        load_settings(tmp_path)
    with pytest.raises(SettingsError, match="missing.toml: cannot read the config"):
        load_settings(tmp_path / "missing.toml")
    with pytest.raises(SettingsError, match=r"a\\x00b.toml: cannot read the config"):
        load_settings(tmp_path / "a\0b.toml")


def test_the_configuration_guide_shows_the_defaults(tmp_path: Path) -> None:
    """docs/configuration.md lists every setting at its default: read as a config, it is the defaults."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = guide.split("## The whole file at its defaults", 1)[1]
    block = section.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "defaults.toml"
    path.write_text(block, encoding="utf-8")
    assert replace(load_settings(path), source="defaults") == Settings()
