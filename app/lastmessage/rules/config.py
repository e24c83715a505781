"""Rules variants: what the `[rules]` table of the config file sets (settings.py reads it).

An invalid value is refused with the key and the allowed range; nothing is
ever clamped, because a silently changed rule is a game nobody agreed to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


BOARD_CELLS = 9


class RulesError(ValueError):
    """A rules setting that cannot be used; the message names the key."""


@dataclass(frozen=True)
class Rules:
    timer_seconds: float = 30
    erase_schedule: tuple[int, ...] = (5, 4, 3, 2)
    fatal_from_round: int = 3
    allow_pass: bool = True
    allow_text: bool = True

    def __post_init__(self) -> None:
        _check_number("timer_seconds", self.timer_seconds, 15, 120)
        schedule = self.erase_schedule
        if not isinstance(schedule, tuple) or not 1 <= len(schedule) <= 8:
            raise RulesError(
                f"rules.erase_schedule must list one erase count per round, 1 to 8 rounds "
                f"(got {f'{len(schedule)} rounds' if isinstance(schedule, tuple) else repr(schedule)})")
        for index, count in enumerate(schedule):
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= BOARD_CELLS - 1:
                raise RulesError(
                    f"rules.erase_schedule[{index}] (round {index + 1}) is {count!r}; "
                    f"each entry must be a whole number from 0 to {BOARD_CELLS - 1}")
        # One past the last round means "never"; 5 always means never too, so the default
        # (3) and the documented "5 = never" stay valid with a shorter schedule.
        never = len(schedule) + 1
        last = max(never, 5)
        value = self.fatal_from_round
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= last:
            raise RulesError(
                f"rules.fatal_from_round is {value!r}; it must be a whole number from 1 to {last} "
                f"({never} or more means a wrong accusation never loses)")
        for key in ("allow_pass", "allow_text"):
            if not isinstance(getattr(self, key), bool):
                raise RulesError(f"rules.{key} is {getattr(self, key)!r}; it must be true or false")

    @property
    def rounds(self) -> int:
        return len(self.erase_schedule)

    def erase_count(self, round_number: int) -> int:
        return self.erase_schedule[round_number - 1]

    @classmethod
    def from_mapping(cls, table: Mapping[str, Any]) -> Rules:
        known = {"timer_seconds", "erase_schedule", "fatal_from_round", "allow_pass", "allow_text"}
        for key in table:
            if key not in known:
                raise RulesError(
                    f"rules.{key} is not a rules setting; the settings are {', '.join(sorted(known))}")
        values = dict(table)
        if "erase_schedule" in values:
            schedule = values["erase_schedule"]
            if not isinstance(schedule, list):
                raise RulesError(f"rules.erase_schedule must be a list such as [5, 4, 3, 2], not {schedule!r}")
            values["erase_schedule"] = tuple(schedule)
        return cls(**values)

    def to_mapping(self) -> dict[str, Any]:
        return {
            "timer_seconds": self.timer_seconds,
            "erase_schedule": list(self.erase_schedule),
            "fatal_from_round": self.fatal_from_round,
            "allow_pass": self.allow_pass,
            "allow_text": self.allow_text,
        }


def _check_number(key: str, value: Any, low: float, high: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise RulesError(f"rules.{key} is {value!r}; it must be a number of seconds from {low:g} to {high:g}")
