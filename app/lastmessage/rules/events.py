"""Events: every change of a game, in the JSON shape of PLAY_SCRIPT.md.

A game is rebuilt by applying its events in order, so events carry everything
a change needs (a stroke's points and width extend `stroke_added`; the
contract allows extending, never changing).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

EVENT_TYPES = (
    "game_started", "secret_chosen", "timer_started", "stroke_added", "word_added",
    "undone", "time_up", "cells_erased", "accused", "passed", "game_over", "rejected",
)

TIME_DECIMALS = 6


class EventError(ValueError):
    """An event record that is not one of ours (a damaged journal line, say)."""


@dataclass(frozen=True)
class Event:
    type: str
    t: float
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.type not in EVENT_TYPES:
            raise EventError(f"unknown event type {self.type!r}")
        object.__setattr__(self, "t", round(float(self.t), TIME_DECIMALS))

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "t": self.t, **self.data}

    def to_line(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(", ", ": "))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Event:
        if not isinstance(obj, Mapping) or "type" not in obj or "t" not in obj:
            raise EventError(f"an event needs a type and a t: {obj!r}")
        t = obj["t"]
        if isinstance(t, bool) or not isinstance(t, (int, float)):
            raise EventError(f"event time must be a number: {obj!r}")
        data = {k: v for k, v in obj.items() if k not in ("type", "t")}
        return cls(str(obj["type"]), float(t), data)
