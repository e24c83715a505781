"""Reading play scripts (JSON Lines, PLAY_SCRIPT.md), one action a line.

Parsing (codec.py) is strict about what an action needs; this names the file
and line of any problem, because scripts are written by hand for demos and
tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from lastmessage.codec import CodecError, decode_action
from lastmessage.commands import ScriptAction


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


def read_actions(stream: TextIO, source: str) -> Iterator[Line]:
    """Actions one by one, so that a bad line stops play only when it is reached."""
    for number, text in enumerate(stream, start=1):
        action = parse_line(text, source, number)
        if action is not None:
            yield action
