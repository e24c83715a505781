"""Reading play scripts (JSON Lines, PLAY_SCRIPT.md), one action a line.

Parsing (codec.py) is strict about what an action needs; this names the file
and line of any problem, because scripts are written by hand for demos and
tests.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from lastmessage.codec import CodecError, decode_action
from lastmessage.commands import ScriptAction

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
class Line:
    """A script action and the line it is written on (for messages about it)."""

    number: int
    action: ScriptAction


def parse_line(text: str, source: str, line: int) -> Line | None:
    """The action on one line, None for blank and comment lines."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        return Line(line, decode_action(stripped))
    except CodecError as error:
        raise ScriptError(source, line, str(error)) from error


def open_script(path: Path) -> TextIO:
    """The script file, refused in one line if it is not a regular file of at most
    MAX_SCRIPT_BYTES (a FIFO, /dev/zero, a folder; see paths.py)."""
    return io.TextIOWrapper(open_input(path, "script", limit=MAX_SCRIPT_BYTES), encoding="utf-8")


def read_actions(stream: TextIO, source: str) -> Iterator[Line]:
    """Actions one by one, so that a bad line stops play only when it is reached.
    A line is read up to MAX_LINE_CHARS only, so one endless line cannot fill memory."""
    for number, text in enumerate(iter(lambda: stream.readline(MAX_LINE_CHARS + 2), ""), start=1):
        if len(text.rstrip("\r\n")) > MAX_LINE_CHARS:
            raise ScriptError(source, number, f"the line is longer than {MAX_LINE_CHARS:,} characters")
        action = parse_line(text, source, number)
        if action is not None:
            yield action
