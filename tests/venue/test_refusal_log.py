"""Refused commands in the table's log: a line each, at most LINES a window, the rest one line after it."""

from __future__ import annotations

import logging

import pytest

from lastmessage.venue.refused import LINES, WINDOW, RefusalLog


def test_a_flood_is_lines_then_one_count_when_the_window_ends(caplog: pytest.LogCaptureFixture) -> None:
    now = [100.0]
    refusals = RefusalLog(lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="lastmessage.venue.refused"):
        for n in range(LINES + 25):
            refusals.refused("mqtt", f"unknown command \"x{n}\"")
        refusals.roll()   # a frame within the window: nothing more
        assert len(caplog.records) == LINES
        now[0] += WINDOW
        refusals.roll()   # the frame after the window
        refusals.refused("osc", "not JSON")
    lines = [record.getMessage() for record in caplog.records]
    assert lines[LINES] == f"venue: 25 more commands were refused in {WINDOW:g} s (not logged one by one: a flood?)"
    assert lines[-1] == "venue: refused a command over osc: not JSON"
    assert len(lines) == LINES + 2
