"""Rules variants: invalid values are refused naming the key and range, never clamped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lastmessage.rules.config import Rules, RulesError


def test_defaults_are_the_rules_of_the_design() -> None:
    rules = Rules()
    assert (rules.timer_seconds, rules.erase_schedule, rules.fatal_from_round, rules.allow_pass,
            rules.allow_text, rules.rounds) == (30, (5, 4, 3, 2), 3, True, True, 4)


def test_rules_round_trip_through_a_mapping() -> None:
    rules = Rules(15.5, (0, 8, 1), 4, False, False)
    assert Rules.from_mapping(rules.to_mapping()) == rules


@pytest.mark.parametrize("value", [15, 120, 15.0, 120.0, 60.25])
def test_timer_limits_are_accepted(value: float) -> None:
    assert Rules.from_mapping({"timer_seconds": value}).timer_seconds == value


@pytest.mark.parametrize("table, key, allowed", [
    ({"timer_seconds": 14}, "timer_seconds", "15 to 120"),
    ({"timer_seconds": 14.999}, "timer_seconds", "15 to 120"),
    ({"timer_seconds": 121}, "timer_seconds", "15 to 120"),
    ({"timer_seconds": True}, "timer_seconds", "15 to 120"),
    ({"timer_seconds": "30"}, "timer_seconds", "15 to 120"),
    ({"timer_seconds": float("nan")}, "timer_seconds", "15 to 120"),
    ({"timer_seconds": float("inf")}, "timer_seconds", "15 to 120"),
    ({"erase_schedule": []}, "erase_schedule", "1 to 8 rounds"),
    ({"erase_schedule": [1] * 9}, "erase_schedule", "1 to 8 rounds"),
    ({"erase_schedule": [5, -1, 3, 2]}, "erase_schedule[1]", "0 to 8"),
    ({"erase_schedule": [5, 4, 3, 9]}, "erase_schedule[3]", "0 to 8"),
    ({"erase_schedule": [5, 4.0, 3, 2]}, "erase_schedule[1]", "0 to 8"),
    ({"erase_schedule": [5, True, 3, 2]}, "erase_schedule[1]", "0 to 8"),
    ({"erase_schedule": "5432"}, "erase_schedule", "list"),
    ({"erase_schedule": 5}, "erase_schedule", "list"),
    ({"fatal_from_round": 0}, "fatal_from_round", "1 to 5"),
    ({"fatal_from_round": 6}, "fatal_from_round", "1 to 5"),
    ({"fatal_from_round": 3.0}, "fatal_from_round", "1 to 5"),
    ({"fatal_from_round": False}, "fatal_from_round", "1 to 5"),
    ({"allow_pass": "yes"}, "allow_pass", "true or false"),
    ({"allow_text": 1}, "allow_text", "true or false"),
    ({"timer": 30}, "timer", "timer_seconds"),
    ({"rounds": 4}, "rounds", "erase_schedule"),
])
def test_invalid_values_are_refused_naming_key_and_range(table: dict[str, Any], key: str, allowed: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping(table)
    message = str(caught.value)
    assert f"rules.{key}" in message and allowed in message


def test_longer_schedules_move_the_never_value(tmp_path: Path) -> None:
    assert Rules(erase_schedule=(1,) * 8, fatal_from_round=9).rounds == 8
    with pytest.raises(RulesError, match="1 to 9"):
        Rules(erase_schedule=(1,) * 8, fatal_from_round=10)
    assert Rules(erase_schedule=(5,)).fatal_from_round == 3     # default stays valid
