"""Reading play scripts (JSON Lines, PLAY_SCRIPT.md), one action a line.

Parsing (codec.py) is strict about what an action needs; this names the file
and line of any problem, because scripts are written by hand for demos and
tests. Scripts are read as bytes and decoded line by line, so that a byte that
is not UTF-8 is named on its own line, after every line before it was played
(a text stream decodes ahead, a whole buffer at once).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from lastmessage.journal.codec import CodecError, decode_action
from lastmessage.commands import ScriptAction

from lastmessage.config.paths import open_input

MAX_SCRIPT_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 8_000_000
"""Bytes of one line: a stroke of the most points (4,000) fits many times, and a
line far over the game's own limits (100,000 points, a million cells) is still
read, so that the game's refusal says which limit it broke."""


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


def open_script(path: Path) -> BinaryIO:
    """The script file, refused in one line if it is not a regular file of at most
    MAX_SCRIPT_BYTES (a FIFO, /dev/zero, a folder; see paths.py)."""
    return open_input(path, "script", limit=MAX_SCRIPT_BYTES)


def read_actions(stream: BinaryIO, source: str) -> Iterator[Line]:
    """Actions one by one, so that a bad line stops play only when it is reached.

    `stream`: the script opened in binary mode (decoded line by line, so a bad
    byte names its line). Lines end as Python's text files end them (newline,
    carriage return or both). A line is read up to MAX_LINE_CHARS bytes only,
    so one endless line cannot fill memory.
    """
    for number, raw in enumerate(_lines(iter(lambda: stream.readline(MAX_LINE_CHARS + 2), b"")), start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise ScriptError(source, number, f"the line is longer than {MAX_LINE_CHARS:,} characters")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ScriptError(source, number, f"not UTF-8 text (byte 0x{raw[error.start]:02x} at column "
                                              f"{error.start + 1}); save the script as UTF-8") from None
        action = parse_line(text, source, number)
        if action is not None:
            yield action


def _lines(stream: Iterable[bytes]) -> Iterator[bytes]:
    for raw in stream:
        raw = raw.removesuffix(b"\n").removesuffix(b"\r")
        yield from raw.split(b"\r")
