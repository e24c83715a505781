"""What a phone may send, read strictly: a name, a mark on the scene, or taking the mark back.

Everything else is refused with a `ProtocolError` whose message the phone is
sent (what was wrong and what to send) and which the server counts. A name is
one printable line of at most `NAME_LIMIT` characters; a point is two finite
numbers from 0 to 1. Nothing read here is ever more than a name or a point:
there is no message that could ask the table for anything else.
"""

from __future__ import annotations

import json
import math
import unicodedata
from dataclasses import dataclass

MESSAGE_LIMIT = 512      # bytes of one message; the longest valid one is under 200
NAME_LIMIT = 16


class ProtocolError(ValueError):
    """A message that is not one of ours; `str()` is the line the phone is sent."""


@dataclass(frozen=True)
class Hello:
    name: str


@dataclass(frozen=True)
class MarkAt:
    x: float
    y: float


@dataclass(frozen=True)
class Unmark:
    pass


Message = Hello | MarkAt | Unmark
KINDS = '"hello" (with "name"), "mark" (with "x" and "y" from 0 to 1) or "unmark"'


def _no_constants(name: str) -> float:
    raise ProtocolError(f"{name} is not a number; send x and y from 0 to 1")


def parse_message(text: str) -> Message:
    if len(text.encode("utf-8", "surrogatepass")) > MESSAGE_LIMIT:
        raise ProtocolError(f"a message may be at most {MESSAGE_LIMIT} bytes")
    try:
        obj = json.loads(text, parse_constant=_no_constants)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON; send an object such as {\"type\": \"mark\", \"x\": 0.5, \"y\": 0.5}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ProtocolError(f'send a JSON object with "type": {KINDS}')
    kind = obj["type"]
    if kind == "hello" and set(obj) == {"type", "name"}:
        return Hello(check_name(obj["name"]))
    if kind == "mark" and set(obj) == {"type", "x", "y"}:
        return MarkAt(_unit(obj["x"]), _unit(obj["y"]))
    if kind == "unmark" and set(obj) == {"type"}:
        return Unmark()
    raise ProtocolError(f'unknown message; "type" is {KINDS}, with no other fields')


def check_name(value: object) -> str:
    if not isinstance(value, str):
        raise ProtocolError("the name must be text")
    name = " ".join(value.split())
    if not name or len(name) > NAME_LIMIT or not all(_printable(c) for c in name):
        raise ProtocolError(f"a name is 1 to {NAME_LIMIT} letters, digits or signs on one line")
    return name


def _printable(c: str) -> bool:
    return unicodedata.category(c)[0] in "LNPSZ" and unicodedata.category(c) not in ("Zl", "Zp")


def _unit(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0.0 <= value <= 1.0:
        raise ProtocolError("x and y must be numbers from 0 to 1 (the scene's left/top to right/bottom)")
    return float(value)
