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
    if kind not in FIELDS:
        raise ProtocolError(f'unknown "type" {_shown(kind)}; "type" is {KINDS}')
    extra = sorted(set(obj) - {"type", *FIELDS[kind]})
    if extra:
        allowed = " and ".join(f'"{f}"' for f in ("type", *FIELDS[kind]))
        raise ProtocolError(f"{kind}: unknown field {_shown(extra[0])}; the {kind} message has only {allowed}")
    if kind == "hello":
        return Hello(check_name(obj.get("name", _MISSING)))
    if kind == "mark":
        return MarkAt(_unit(obj.get("x", _MISSING), "x"), _unit(obj.get("y", _MISSING), "y"))
    return Unmark()


FIELDS: dict[str, tuple[str, ...]] = {"hello": ("name",), "mark": ("x", "y"), "unmark": ()}
_MISSING = object()


def _shown(value: str) -> str:
    """A phone's own word in a refusal: quoted, escaped to one line of ASCII, cut short."""
    quoted = json.dumps(value)
    return quoted if len(quoted) <= 24 else quoted[:20] + '..."'


def check_name(value: object) -> str:
    if value is _MISSING:
        raise ProtocolError('hello: name is missing; send "name": your name as text')
    if not isinstance(value, str):
        raise ProtocolError(f"hello: name must be text (your name, 1 to {NAME_LIMIT} letters)")
    name = " ".join(value.split())
    if not name or len(name) > NAME_LIMIT or not all(_printable(c) for c in name):
        raise ProtocolError(f"hello: a name is 1 to {NAME_LIMIT} letters, digits or signs on one line")
    return name


def _printable(c: str) -> bool:
    return unicodedata.category(c)[0] in "LNPSZ" and unicodedata.category(c) not in ("Zl", "Zp")


def _unit(value: object, field: str) -> float:
    edges = "left to right" if field == "x" else "top to bottom"
    if value is _MISSING:
        raise ProtocolError(f"mark: {field} is missing; send {field} as a number from 0 to 1 (the scene's {edges})")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1 \
            or not math.isfinite(value):   # the range first: a 400-digit integer is no float
        raise ProtocolError(f"mark: {field} must be a number from 0 to 1 (the scene's {edges})")
    return float(value)
