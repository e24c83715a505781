"""Hostile journal lines: any line decodes to an event that writes back as UTF-8, or an EventError in one short line.

A journal may be damaged or written by something else; what the codec makes
of a line must never be a traceback. Every field of every event type gets a
value of every wrong type, beside random JSON and random text.
"""

from __future__ import annotations

import dataclasses
import json
from typing import get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastmessage.journal.codec import decode_event, encode_event
from lastmessage.rules.config import Rules
from lastmessage.rules.events import Event, EventError
from test_script_hostile import HUGE, LONGEST_MESSAGE, hostile_objects

FIELDS = {kind.type: [field.name for field in dataclasses.fields(kind)] for kind in get_args(Event)}


def assert_one_short_line(error: EventError) -> None:
    message = str(error)
    assert len(message) <= LONGEST_MESSAGE and message.isprintable(), message[:500]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_objects("type", FIELDS), st.none() | st.just(Rules()))
def test_any_journal_line_is_an_event_that_writes_back_or_one_short_line(line: str, rules: Rules | None) -> None:
    try:
        event = decode_event(line, rules=rules)
    except EventError as error:
        assert_one_short_line(error)
        return
    encode_event(event).encode("utf-8")


@pytest.mark.parametrize("line, problem", [
    ('{"type": "passed", "t": 1, "round": ' + "[" * 3000 + "]" * 3000 + "}", "nested more than"),
    ('{"type": "word_added", "t": 1, "round": 1, "cell": 1, "text": "\\udc80"}', "\\udc80 is half"),
    ('{"type": "passed", "t": 1, "round": ' + HUGE + "}", "too large"),
    ('{"type": "passed", "t": NaN, "round": 1}', '"t" must be a number of seconds, not NaN'),
    ('{"type": "stroke_added", "t": 1, "round": 1, "cells": [4], "points": [[NaN, 0.5]], "width": 0.01}',
     '"points"[0] must be [x, y] with two numbers, not [NaN, 0.5]'),
    ('{"type": "' + "x" * 10**6 + '", "t": 1}', 'unknown event type "xxx'),
    ('{"type": "passed", "t": "' + "1" * 10**6 + '", "round": 1}', '"t" must be a number of seconds, not "111'),
    ('{"type": "game_started", "t": 0, "scene": "park", "rules": {"erase_schedule": '
     + json.dumps(list(range(10**5))) + "}}", 'game_started: "rules": rules.erase_schedule = [0, 1, 2, 3, 4, 5, 6, 7, …]; give one erase count'),
])
def test_a_damaged_journal_line_is_named_in_one_short_line(line: str, problem: str) -> None:
    with pytest.raises(EventError) as caught:
        decode_event(line)
    assert problem in str(caught.value)
    assert_one_short_line(caught.value)
