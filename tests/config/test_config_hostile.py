"""Config and pinout files as a hostile user writes them: any value of any TOML type
(text, whole numbers of any size, nan/inf/huge floats, booleans, dates, lists nested
deep, tables) at every key. The bar: the file is taken, or refused with a
SettingsError/PinoutError of one line naming the file and the key; never another
exception. Each example is written as TOML and read back from disk, as the device reads it.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastmessage.config.files import toml_key
from lastmessage.hal.discipline import Timings
from lastmessage.hal.pinout import PinoutError, default_pinout_path, load_pinout
from lastmessage.rules.config import Rules
from lastmessage.config.settings import SECTIONS, DisplaySettings, SettingsError, load_settings
from lastmessage.hal.pinout import SetupOverrides
from lastmessage.hal.settings import HAL_KEYS

KEYS = {
    "rules": [f.name for f in fields(Rules)],
    "display": [f.name for f in fields(DisplaySettings)],
    "hal": [key for key in HAL_KEYS if key not in ("setup", "discipline")],
    "hal.setup": [f.name for f in fields(SetupOverrides)],
    "hal.discipline": [f.name for f in fields(Timings)],
    "store": ["db"],
}
"""Every key of the config, taken from the types that read them (a new key is attacked too)."""

EVERY_KEY = [(table, key) for table, keys in KEYS.items() for key in keys] + \
            [("", section) for section in SECTIONS] + [("hal", "setup"), ("hal", "discipline")]

text = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
scalars = st.one_of(
    text,
    st.sampled_from(["", " ", "\0", "~", "~nobody-here/x", "en\n", "hdmi ", "sim", "x" * 5000]),
    st.integers(min_value=-(10 ** 40), max_value=10 ** 40),
    st.sampled_from([0, 1, -1, 7, 60, 2 ** 63 - 1, -(2 ** 63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([float("nan"), float("inf"), float("-inf"), 1e308, -1e308, 5e-324, 0.5, 1.5]),
    st.booleans(),
    st.datetimes(min_value=datetime.datetime(1, 1, 1)),
    st.dates(),
    st.times(),
)
nested = st.integers(min_value=2, max_value=100).map(lambda depth: _nest(depth))
values = st.one_of(
    st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                  st.dictionaries(text, inner, max_size=3)),
                 max_leaves=8),
    nested,
)


def _nest(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def placed(table: str, key: str, value: object) -> dict[str, Any]:
    """{table: {key: value}} with a dotted table name opened into nested tables."""
    document: dict[str, Any] = {key: value}
    for part in reversed(table.split(".") if table else []):
        document = {part: document}
    return document


def written(tmp_path: Path, name: str, document: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return path


def assert_one_line_naming(message: str, path: Path, *names: str) -> None:
    assert "\n" not in message, message
    assert message.startswith(f"{path}: "), message
    for name in names:
        assert name in message, (name, message)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(EVERY_KEY), value=values)
def test_any_value_at_any_config_key_is_taken_or_refused_in_one_line(
        tmp_path: Path, where: tuple[str, str], value: object) -> None:
    table, key = where
    path = written(tmp_path, "config.toml", placed(table, key, value))
    try:
        load_settings(path)
    except SettingsError as refused:
        # A value may be refused for what it does to a neighbour (debounce makes
        # repeat_delay too short): the line names the table and the key set.
        assert_one_line_naming(str(refused), path, table, key)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=st.sampled_from(list(KEYS)), key=text.filter(lambda k: k != ""))
def test_an_unknown_key_is_refused_by_name(tmp_path: Path, table: str, key: str) -> None:
    path = written(tmp_path, "config.toml", placed(table, key, 1))
    try:
        load_settings(path)
    except SettingsError as refused:
        assert_one_line_naming(str(refused), path, table, toml_key(key)[:30])
    else:
        assert key in KEYS[table]


SHIPPED_PINOUT: dict[str, Any] = tomllib.loads(default_pinout_path().read_text(encoding="utf-8"))
PIN_NAMES = sorted(SHIPPED_PINOUT["pins"])
ENTRY_TYPES: dict[str, type] = {"gpio": int, "kind": str, "pull": str, "active": str, "description": str,
                                "control": str, "index": int, "optional": bool}
SETUP_TYPES: dict[str, type] = {"display": str, "audio": str, "i2c": bool, "uart_console": bool}


def of_type(value: object, wanted: type) -> bool:
    return isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(PIN_NAMES), key=st.sampled_from(sorted(ENTRY_TYPES)), value=values)
def test_any_value_at_any_pin_key_is_taken_or_refused_in_one_line(
        tmp_path: Path, name: str, key: str, value: object) -> None:
    document = {**SHIPPED_PINOUT, "pins": {**SHIPPED_PINOUT["pins"], name: {**SHIPPED_PINOUT["pins"][name], key: value}}}
    path = written(tmp_path, "pinout.toml", document)
    try:
        load_pinout(path)
    except PinoutError as refused:
        if of_type(value, ENTRY_TYPES[key]):
            assert_one_line_naming(str(refused), path)   # e.g. a free choice that clashes: the whole pinout
        else:
            assert_one_line_naming(str(refused), path, f"[pins.{name}]", key)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from([*SETUP_TYPES, "setup", "pins"]), value=values)
def test_any_value_in_the_pinout_setup_is_taken_or_refused_in_one_line(
        tmp_path: Path, key: str, value: object) -> None:
    document = {**SHIPPED_PINOUT, key: value} if key in ("setup", "pins") else \
        {**SHIPPED_PINOUT, "setup": {**SHIPPED_PINOUT.get("setup", {}), key: value}}
    path = written(tmp_path, "pinout.toml", document)
    try:
        load_pinout(path)
    except PinoutError as refused:
        names = (key,) if key in ("setup", "pins") or of_type(value, SETUP_TYPES[key]) else ("[setup]", key)
        assert_one_line_naming(str(refused), path, *names)


# ---- through the command line -------------------------------------------------------


def lastmessage(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    return subprocess.run([sys.executable, "-m", "lastmessage", *args], capture_output=True, text=True,
                          env=env, timeout=120)


@pytest.mark.parametrize(("content", "named"), [
    (b'[display]\nlanguage = ["en"]\n', "display.language"),
    (b"[hal.discipline]\nhold_time = nan\n", "hal.discipline.hold_time"),
    (b"[rules]\nerase_schedule = " + b"[" * 1000 + b"]" * 1000 + b"\n", "nested too deep"),
    (b"[store]\ndb = '\xff'\n", "not UTF-8"),
])
@pytest.mark.parametrize("command", ["run", "play"])
def test_run_and_play_exit_2_with_one_line_on_a_bad_config(tmp_path: Path, content: bytes, named: str,
                                                          command: str) -> None:
    config = tmp_path / "bad.toml"
    config.write_bytes(content)
    extra = ["--script", str(tmp_path / "none.jsonl")] if command == "play" else ["--frames", "1"]
    result = lastmessage(command, "--config", str(config), "--db", str(tmp_path / "g.sqlite"), *extra)
    assert result.returncode == 2
    assert result.stderr.startswith(f"lastmessage: {config}: ") and named in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "g.sqlite").exists()   # refused before anything was opened


@pytest.mark.parametrize("content", [b'[setup]\ndisplay = ["hdmi"]\n', b"[setup]\naudio = '\xff'\n",
                                     b"x = " + b"{a = " * 1000 + b"1" + b"}" * 1000 + b"\n"])
def test_selftest_exits_2_with_one_line_on_a_bad_pinout(tmp_path: Path, content: bytes) -> None:
    pinout = tmp_path / "pinout.toml"
    pinout.write_bytes(content)
    result = lastmessage("selftest", "--auto", "--pinout", str(pinout))
    assert result.returncode == 2
    assert result.stderr.startswith(f"lastmessage: {pinout}: ") and result.stderr.count("\n") == 1
