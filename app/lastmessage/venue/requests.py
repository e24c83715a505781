"""A venue's command as it arrives: bytes from anyone the broker let write, checked.

`{"command": "put_away" | "language" | "volume" | "open" | "close" | "restart", ...}`
(docs/contract.md). Whatever the bytes are, the answer is a `Request` or a
`Refusal` whose message says what was wrong and what to send instead: never an
exception, so a hostile payload costs one reply and the table plays on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from lastmessage.operator.commands import (
    ChooseLanguage, ChooseVolume, Opening, PowerCommand, PutAway, RemoteCommand,
)
from lastmessage.operator.power import PowerAction

PAYLOAD_LIMIT = 4096   # bytes: a command is a few dozen
ID_LIMIT = 64          # characters of the `id` echoed in the reply
NAMES = ("put_away", "language", "volume", "open", "close", "restart")
KEYS = {"command", "id", "table", "code", "level"}


@dataclass(frozen=True)
class Request:
    command: RemoteCommand
    id: str | None = None   # the sender's, echoed in the reply


@dataclass(frozen=True)
class Refusal:
    message: str
    id: str | None = None


def read_request(payload: bytes, table: str, size: int | None = None) -> Request | Refusal:
    """The command in `payload`, sent to `table`; a Refusal names what is wrong. `size`: the
    payload's length as it came (a huge one is not kept, only its size)."""
    size = len(payload) if size is None else size
    if size > PAYLOAD_LIMIT:
        return Refusal(f"the command is {size} bytes; a command is at most {PAYLOAD_LIMIT}")
    try:
        value = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Refusal('not JSON; send an object such as {"command": "put_away"}')
    if not isinstance(value, dict):
        return Refusal('send a JSON object such as {"command": "put_away"}')
    ident = value.get("id")
    if ident is not None and not (isinstance(ident, str) and len(ident) <= ID_LIMIT):
        return Refusal(f'"id" must be a string of at most {ID_LIMIT} characters')
    unknown = sorted(set(value) - KEYS)
    if unknown:
        return Refusal(f'unknown key "{unknown[0][:40]}"; the keys are {", ".join(sorted(KEYS))}', ident)
    if "table" in value and value["table"] != table:
        return Refusal(f"this is table {table}; the command names another table", ident)
    name = value.get("command")
    if name not in NAMES:
        shown = name[:40] if isinstance(name, str) else json.dumps(name)[:40]
        return Refusal(f'unknown command "{shown}"; the commands are {", ".join(NAMES)}', ident)
    match name:
        case "put_away":
            return Request(PutAway(), ident)
        case "restart":
            return Request(PowerCommand(PowerAction.RESTART), ident)
        case "open" | "close":
            return Request(Opening(name == "open"), ident)
        case "language":
            code = value.get("code")
            if not isinstance(code, str) or len(code) > 8:
                return Refusal('"language" needs "code", such as {"command": "language", "code": "ro"}', ident)
            return Request(ChooseLanguage(code), ident)
        case _:   # volume
            level = value.get("level")
            if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 100:
                return Refusal('"volume" needs "level", a whole number from 0 to 100', ident)
            return Request(ChooseVolume(level), ident)
