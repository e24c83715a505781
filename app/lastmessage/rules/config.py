"""Rules variants: what the `[rules]` table of the config file sets (settings.py reads it).

An invalid value is refused with the key and the allowed range; nothing is
ever clamped, because a silently changed rule is a game nobody agreed to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


BOARD_CELLS = 9


class RulesError(ValueError):
    """A rules setting that cannot be used, as one line: `rules.KEY = VALUE; give ...`
    (the shape of every config refusal; settings.py puts the file in front).
    `key` is the setting's name as written in the message, `fix` what to give instead."""

    def __init__(self, key: str, value: object, fix: str) -> None:
        super().__init__(f"rules.{key} = {_shown(value)}; {fix}")
        self.key = key
        self.fix = fix


def _shown(value: object) -> str:
    """`value` short: a list shows its first entries only (a config may hold a million)."""
    if isinstance(value, (list, tuple)):
        first = ", ".join(_shown(entry) for entry in value[:8])
        return f"[{first}{', …' if len(value) > 8 else ''}]"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


@dataclass(frozen=True)
class Rules:
    timer_seconds: float = 30
    erase_schedule: tuple[int, ...] = (5, 4, 3, 2)
    fatal_from_round: int = 3
    allow_pass: bool = True
    allow_text: bool = True

    def __post_init__(self) -> None:
        _seconds("timer_seconds", self.timer_seconds, 15, 120)
        _schedule(self.erase_schedule)
        _first_fatal_round(self.fatal_from_round, len(self.erase_schedule))
        _flag("allow_pass", self.allow_pass)
        _flag("allow_text", self.allow_text)

    @property
    def rounds(self) -> int:
        return len(self.erase_schedule)

    def erase_count(self, round_number: int) -> int:
        return self.erase_schedule[round_number - 1]

    @classmethod
    def from_mapping(cls, table: Mapping[str, object]) -> Rules:
        """Rules from a table of any values (a config file, a journal's JSON): each value is
        checked and narrowed here, so a wrong type is refused with the same message as a
        wrong value."""
        known = {"timer_seconds", "erase_schedule", "fatal_from_round", "allow_pass", "allow_text"}
        for key in table:
            if key not in known:
                raise RulesError(key, table[key], f"it is not a rules setting; the settings are "
                                                  f"{', '.join(sorted(known))}")
        default = cls()
        listed = table.get("erase_schedule", list(default.erase_schedule))
        if not isinstance(listed, list):
            raise RulesError("erase_schedule", listed, "give a list such as [5, 4, 3, 2]")
        timer_seconds = _seconds("timer_seconds", table.get("timer_seconds", default.timer_seconds), 15, 120)
        schedule = _schedule(tuple(listed))
        return cls(
            timer_seconds=timer_seconds,
            erase_schedule=schedule,
            fatal_from_round=_first_fatal_round(
                table.get("fatal_from_round", default.fatal_from_round), len(schedule)),
            allow_pass=_flag("allow_pass", table.get("allow_pass", default.allow_pass)),
            allow_text=_flag("allow_text", table.get("allow_text", default.allow_text)),
        )

    def to_mapping(self) -> dict[str, object]:
        return {
            "timer_seconds": self.timer_seconds,
            "erase_schedule": list(self.erase_schedule),
            "fatal_from_round": self.fatal_from_round,
            "allow_pass": self.allow_pass,
            "allow_text": self.allow_text,
        }


def _seconds(key: str, value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise RulesError(key, value, f"give a number of seconds from {low:g} to {high:g}")
    return value


def _schedule(schedule: object) -> tuple[int, ...]:
    if not isinstance(schedule, tuple) or not 1 <= len(schedule) <= 8:
        raise RulesError("erase_schedule", schedule, "give one erase count per round, 1 to 8 rounds"
                         + (f" (this lists {len(schedule)})" if isinstance(schedule, tuple) else ""))
    counts: list[int] = []
    for index, count in enumerate(schedule):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= BOARD_CELLS - 1:
            raise RulesError(f"erase_schedule[{index}]", count,
                             f"give a whole number from 0 to {BOARD_CELLS - 1} (round {index + 1}'s erase count)")
        counts.append(count)
    return tuple(counts)


def _first_fatal_round(value: object, rounds: int) -> int:
    # One past the last round means "never"; 5 always means never too, so the default
    # (3) and the documented "5 = never" stay valid with a shorter schedule.
    never = rounds + 1
    last = max(never, 5)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= last:
        raise RulesError("fatal_from_round", value, f"give a whole number from 1 to {last} "
                                                    f"({never} or more means a wrong accusation never loses)")
    return value


def _flag(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise RulesError(key, value, "give true or false")
    return value
