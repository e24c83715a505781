"""The topics of a venue's broker (docs/contract.md): one folder per table.

A table writes only under `lastmessage/<table>/` (the broker's ACL says so),
reads only its own `command`, and Home Assistant finds it under `homeassistant/`.
"""

from __future__ import annotations

ROOT = "lastmessage"
DISCOVERY = "homeassistant"
KINDS = ("online", "status", "event", "command", "reply")


def topic(table: str, kind: str) -> str:
    """`lastmessage/<table>/<kind>`, kind one of KINDS."""
    assert kind in KINDS, kind
    return f"{ROOT}/{table}/{kind}"


def table_of(name: str) -> tuple[str, str] | None:
    """(table, kind) of a topic of ours, None for any other."""
    parts = name.split("/")
    if len(parts) != 3 or parts[0] != ROOT or parts[2] not in KINDS or not parts[1]:
        return None
    return parts[1], parts[2]
