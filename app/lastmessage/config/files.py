"""Reading an operator's TOML file into checked values, one key at a time.

The device config (settings.py), the pinout (hal/pinout.py) and any later
section read their files through here, so every file gets the same answer
to hostile bytes (not UTF-8, nested a thousand deep, a FIFO, a huge file)
and every refusal has the same shape: one line naming the file and the key,
showing the value as it was written (cut short) and saying what to give.
"""

from __future__ import annotations

import datetime
import json
import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NoReturn, TypeVar

from lastmessage.config.paths import PathRefused, read_text
from lastmessage.config.paths import shown as printable_path

Choice = TypeVar("Choice", bound=str)

SHOWN_CHARS = 40
"""A wrong value is shown up to this many characters: enough to recognise it, never a
screenful (an erase_schedule of a million entries must not make a 3 MB error line)."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")


class ConfigError(ValueError):
    """A file, or a value in it, that cannot be used; the message is one line naming both."""


def read_toml(path: Path, what: str, error: type[ConfigError] = ConfigError) -> dict[str, object]:
    """The file's tables, or `error` saying in one line why they cannot be had."""
    where = shown_path(path)
    try:
        text = read_text(path, what)   # never hangs on a FIFO, refuses folders and huge files
    except PathRefused as problem:
        raise error(str(problem)) from problem
    try:
        return tomllib.loads(text)
    except RecursionError as problem:
        raise error(f"{where}: arrays or tables nested too deep to be the {what}") from problem
    except ValueError as problem:   # TOMLDecodeError, or an integer of thousands of digits
        raise error(f"{where}: not valid TOML: {shown_text(str(problem), 160)}") from problem


def shown_path(path: Path) -> str:
    """A path on one line (NULs, newlines and bytes that are not UTF-8 shown escaped)."""
    return shown_text(printable_path(path), 4096)


def shown_text(text: str, limit: int = SHOWN_CHARS) -> str:
    """`text` on one line, cut at `limit` characters."""
    one_line = text.replace("\r", "\\r").replace("\n", "\\n")
    return one_line if len(one_line) <= limit else one_line[:limit - 1] + "…"


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """`value` as TOML would write it, on one line, cut at `limit` characters.

    Never recursion-deep or long: each level of nesting spends part of the
    same budget, so an array nested four hundred deep costs `limit` steps."""
    return shown_text(_render(value, limit + 1), limit)


def _render(value: object, budget: int) -> str:
    if budget <= 0:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if value.bit_length() < 128 else f"a number of {value.bit_length()} bits"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    if isinstance(value, str):
        return json.dumps(value[:budget], ensure_ascii=False)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, Mapping):
        return _join("{", "}", ((f"{toml_key(str(k))} = ", v) for k, v in value.items()), budget)
    if isinstance(value, (list, tuple)):
        return _join("[", "]", (("", v) for v in value), budget)
    return type(value).__name__


def _join(opening: str, closing: str, items: Iterable[tuple[str, object]], budget: int) -> str:
    out = opening
    for prefix, item in items:
        if len(out) >= budget:
            return out
        if len(out) > 1:
            out += ", "
        out += prefix + _render(item, budget - len(out) - len(prefix))
    return out + closing


def toml_key(key: str) -> str:
    """A key as written in TOML: bare if it can be, else quoted (and cut short)."""
    return key if _BARE_KEY.fullmatch(key) else shown(key)


def keys_listed(keys: Iterable[str]) -> str:
    return ", ".join(sorted(keys))


class Table:
    """One TOML table of a file, read key by key with the type and range each key needs.

    `name` is the table's dotted name ("hal.discipline"); every refusal reads
    `FILE: NAME.KEY = VALUE; what to give`. A missing key gives the default."""

    def __init__(self, values: object, *, source: str, name: str,
                 error: type[ConfigError] = ConfigError) -> None:
        if not isinstance(values, Mapping):
            raise error(f"{source}: {name} = {shown(values)}; write it as a table, [{name}]")
        self.values: Mapping[str, object] = values
        self.source = source
        self.name = name
        self.error = error

    def given(self, key: str) -> bool:
        return key in self.values

    def where(self, key: str) -> str:
        return f"{self.source}: {self.name}.{toml_key(key)}"

    def refuse(self, key: str, fix: str) -> NoReturn:
        raise self.error(f"{self.where(key)} = {shown(self.values[key])}; {fix}")

    def only(self, known: Iterable[str]) -> None:
        """Refuse a key that is not one of `known` (a typo must not be silently ignored)."""
        known = set(known)
        for key in self.values:
            if key not in known:
                raise self.error(f"{self.where(key)} is not a setting; the settings of "
                                 f"[{self.name}] are {keys_listed(known)}")

    def table(self, key: str) -> Table:
        """The table [NAME.KEY]; an empty one if absent."""
        if key not in self.values:
            return Table({}, source=self.source, name=f"{self.name}.{key}", error=self.error)
        if not isinstance(self.values[key], Mapping):
            self.refuse(key, f"write it as a table, [{self.name}.{key}]")
        return Table(self.values[key], source=self.source, name=f"{self.name}.{key}", error=self.error)

    def number(self, key: str, default: float, low: float, high: float, unit: str = "") -> float:
        """A number from `low` to `high` (a whole one is fine; nan and inf are not)."""
        value = self.values.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            self.refuse(key, f"give a number{unit and ' of ' + unit} from {low:g} to {high:g}")
        return float(value)

    def any_number(self, key: str, default: float, unit: str) -> float:
        """A number of any size: the type it goes into (Rules, Timings) checks
        its range, keeping its own invariants in one place."""
        value = self.values.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            self.refuse(key, f"give a number of {unit}")
        return value

    def any_whole(self, key: str, default: int) -> int:
        """A whole number of any size (its range: as for `any_number`)."""
        value = self.values.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(key, "give a whole number")
        return value

    def whole(self, key: str, default: int, low: int, high: int) -> int:
        value = self.values.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.refuse(key, f"give a whole number from {low} to {high}")
        return value

    def whole_list(self, key: str, default: tuple[int, ...], example: str) -> tuple[int, ...]:
        """A list of whole numbers, any length (the caller checks how many and their range)."""
        value = self.values.get(key, default)
        if not isinstance(value, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            self.refuse(key, f"give a list of whole numbers, such as {example}")
        return tuple(value)

    def choice(self, key: str, default: Choice, choices: Iterable[Choice]) -> Choice:
        """One of `choices`, typed as they are (a Literal's values stay that Literal)."""
        value = self.values.get(key, default)
        options = list(choices)
        for option in options:
            if value == option:
                return option
        self.refuse(key, f"give {' or '.join(json.dumps(c) for c in options)}")

    def flag(self, key: str, default: bool) -> bool:
        value = self.values.get(key, default)
        if not isinstance(value, bool):
            self.refuse(key, "write true or false")
        return value

    def text(self, key: str, what: str) -> str | None:
        """A non-empty string without NUL (paths and device names go to the OS as they are)."""
        if key not in self.values:
            return None
        value = self.values[key]
        if not isinstance(value, str) or not value.strip() or "\0" in value or len(value) > 4096:
            self.refuse(key, f"give {what} in quotes")
        return value

    def path(self, key: str, what: str) -> Path | None:
        """A path; `~` and `~user` are expanded, and must name a home that exists."""
        text = self.text(key, what)
        if text is None:
            return None
        try:
            return Path(text).expanduser()
        except RuntimeError:
            self.refuse(key, f"no such user's home folder; give {what} in quotes")
