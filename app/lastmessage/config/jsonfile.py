"""JSON from files and lines an operator hands the device, read with bounds.

Every JSON entry point (scene files, the status file, operator.json, play
scripts and journal rows through the codec, a journal's scene copies) reads
through `loads`, so hostile JSON gets one answer everywhere: nesting past
`max_depth`, a whole number of more than `max_digits` digits (Python refuses
4,300 with a traceback, and a million would take minutes), and NaN, Infinity or
1e999 where a file of ours never holds one (`finite=False` keeps them for a
reader that names the field, as the codec does). `JsonRefused` is one line
saying what and where ("line 3 column 7"); the caller adds the file's name.
"""

from __future__ import annotations

import json
import math
import re

MAX_DEPTH = 64     # our files nest at most 6 deep (a scene's region points)
MAX_DIGITS = 30    # whole numbers: more than any count, seed or time of ours

_SURROGATE = re.compile("[\ud800-\udfff]")
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[{]|[\]}]')


class JsonRefused(ValueError):
    """JSON that is not read; str() is one line: what (`problem`) and where in the text
    (`line`, `column`: None when the reader cannot tell, as for a number's size)."""

    def __init__(self, problem: str, line: int | None = None, column: int | None = None) -> None:
        self.problem, self.line, self.column = problem, line, column
        super().__init__(problem if line is None else f"{problem} (line {line} column {column})")


def loads(text: str, *, max_depth: int = MAX_DEPTH, max_digits: int = MAX_DIGITS,
          finite: bool = True, whole_unicode: bool = False) -> object:
    """The value of `text`, or JsonRefused. `whole_unicode` also refuses a lone
    surrogate (it decodes, but no UTF-8 file can hold it)."""
    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > max_digits:
            raise JsonRefused(f"a number is too large (more than {max_digits} digits), {digits[:12]}…")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if finite and not math.isfinite(value):
            raise JsonRefused(f"{digits[:24]} is not a finite number")
        return value

    def constant(name: str) -> float:
        if finite:
            raise JsonRefused(f"{name} is not a finite number")
        return float(name)

    try:
        value = json.loads(text, parse_int=whole, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as error:
        raise JsonRefused(f"not valid JSON: {error.msg}", error.lineno, error.colno) from None
    except RecursionError:
        raise JsonRefused(f"nested more than {max_depth} deep", *_too_deep_at(text, max_depth)) from None
    _check(value, text, max_depth, whole_unicode)
    return value


def _check(value: object, text: str, max_depth: int, whole_unicode: bool) -> None:
    """Nesting within `max_depth`, walked without recursion (and lone surrogates)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if whole_unicode and (found := _SURROGATE.search(item)):
                raise JsonRefused(f"\\u{ord(found.group()):04x} is half of a character pair, "
                                  f"not a character (text must be valid Unicode)")
        elif isinstance(item, (list, dict)):
            if depth > max_depth:
                raise JsonRefused(f"nested more than {max_depth} deep", *_too_deep_at(text, max_depth))
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children
                         if isinstance(child, (list, dict)) or (whole_unicode and isinstance(child, str)))


def _too_deep_at(text: str, max_depth: int) -> tuple[int, int]:
    """Where in `text` the nesting first goes past `max_depth` (strings skipped)."""
    depth = 0
    for token in _TOKENS.finditer(text):
        kind = token.group()[0]
        if kind in "[{":
            depth += 1
            if depth > max_depth:
                line = text.count("\n", 0, token.start()) + 1
                column = token.start() - (text.rfind("\n", 0, token.start()) + 1) + 1
                return line, column
        elif kind in "]}":
            depth -= 1
    return 1, 1
