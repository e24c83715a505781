"""Reading play scripts (JSON Lines, PLAY_SCRIPT.md), one action a line.

Parsing is strict about what an action needs and names the file and line of
any problem, because scripts are written by hand for demos and tests.
Unknown extra fields are ignored so that scripts may carry comments.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from lastmessage.paths import open_input

MAX_SCRIPT_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 1_000_000   # a stroke of the most points (4,000) at full float precision fits many times


class ScriptError(ValueError):
    """A malformed script line; str() is the one-line message of the contract."""

    def __init__(self, source: str, line: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        super().__init__(f"{source}:{line}: {problem}")


@dataclass(frozen=True)
class Action:
    kind: str
    line: int
    fields: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


def _text(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f'"{key}" must be non-empty text')
    return value


def _number(raw: dict[str, Any], key: str) -> float:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f'"{key}" must be a number')
    return float(value)


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {json.dumps(value)}")
    return int(value)


def _points(raw: dict[str, Any]) -> list[tuple[float, float]]:
    points = raw.get("points")
    if not isinstance(points, list) or not points:
        raise ValueError('"points" must be a non-empty list of [x, y] pairs')
    result = []
    for index, point in enumerate(points):
        if (not isinstance(point, list) or len(point) != 2
                or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in point)):
            raise ValueError(f'"points"[{index}] must be [x, y] with two numbers')
        result.append((float(point[0]), float(point[1])))
    return result


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$")


def _parse_fields(kind: str, raw: dict[str, Any]) -> dict[str, Any]:
    if kind == "scene":
        return {"id": _text(raw, "id")}
    if kind in ("pick", "accuse"):
        return {"character": _text(raw, "character")}
    if kind in ("flip", "undo", "pass"):
        return {}
    if kind == "stroke":
        fields: dict[str, Any] = {"points": _points(raw)}
        if "width" in raw:
            fields["width"] = _number(raw, "width")
        return fields
    if kind == "word":
        if not isinstance(raw.get("text"), str):
            raise ValueError('"text" must be text')
        return {"cell": _integer(raw.get("cell"), '"cell"'), "text": raw["text"]}
    if kind == "wait":
        seconds = _number(raw, "seconds")
        if seconds < 0:
            raise ValueError('"seconds" must not be negative')
        return {"seconds": seconds}
    if kind == "erase":
        cells = raw.get("cells")
        if not isinstance(cells, list):
            raise ValueError('"cells" must be a list of square numbers')
        return {"cells": [_integer(c, "each cell") for c in cells]}
    if kind == "screenshot":
        name = _text(raw, "name")
        if not _NAME.match(name):
            raise ValueError('"name" must be a plain file name (letters, digits, ".", "_", "-")')
        return {"name": name}
    raise ValueError(f'unknown action "{kind}"')


ACTIONS = ("scene", "pick", "flip", "stroke", "word", "undo", "wait", "erase", "accuse",
           "pass", "screenshot")


def parse_line(text: str, source: str, line: int) -> Action | None:
    """The action on one line, None for blank and comment lines."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        raw = json.loads(stripped)
    except json.JSONDecodeError as error:
        raise ScriptError(source, line, f"not valid JSON ({error.msg})") from error
    if not isinstance(raw, dict):
        raise ScriptError(source, line, "each line must be a JSON object")
    kind = raw.get("action")
    if not isinstance(kind, str):
        raise ScriptError(source, line, 'missing "action"')
    try:
        return Action(kind, line, _parse_fields(kind, raw))
    except OverflowError as error:  # a JSON integer too large for a float
        raise ScriptError(source, line, f"{kind}: a number is too large") from error
    except ValueError as error:
        raise ScriptError(source, line, f"{kind}: {error}" if kind in ACTIONS else str(error)) from error


def open_script(path: Path) -> TextIO:
    """The script file, refused in one line if it is not a regular file of at most
    MAX_SCRIPT_BYTES (a FIFO, /dev/zero, a folder; see paths.py)."""
    return io.TextIOWrapper(open_input(path, "script", limit=MAX_SCRIPT_BYTES), encoding="utf-8")


def read_actions(stream: TextIO, source: str) -> Iterator[Action]:
    """Actions one by one, so that a bad line stops play only when it is reached.
    A line is read up to MAX_LINE_CHARS only, so one endless line cannot fill memory."""
    for number, text in enumerate(iter(lambda: stream.readline(MAX_LINE_CHARS + 2), ""), start=1):
        if len(text.rstrip("\r\n")) > MAX_LINE_CHARS:
            raise ScriptError(source, number, f"the line is longer than {MAX_LINE_CHARS:,} characters")
        action = parse_line(text, source, number)
        if action is not None:
            yield action
