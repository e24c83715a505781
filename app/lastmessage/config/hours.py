"""Opening hours: when the museum is open, per weekday, read from `[museum] hours`.

    [museum.hours]
    mon = "closed"
    tue = "10:00-18:00"
    ...
    sat = "10:00-12:30, 13:30-18:00"
    sun = "closed"

(or on one line: `hours = { mon = "closed", tue = "10:00-18:00", ... }`).

Every day is written out (a forgotten day must not silently mean "open" or
"closed"); "closed" is a day off, "00:00-24:00" a day without closing. A day
may have several spans (a lunch break). Spans end the day they start: a span
past midnight is written as two, one on each day. Times are the device's
local wall clock, so the device follows daylight saving time as the museum does.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass

from lastmessage.config.files import shown

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
CLOSED = "closed"
_SPAN = re.compile(r"(\d{2}):(\d{2})-(\d{2}):(\d{2})")
EXAMPLE = '"10:00-18:00", "10:00-12:30, 13:30-18:00" or "closed"'

Span = tuple[int, int]
"""Minutes since midnight: open from the first (included) to the second (excluded)."""


class HoursError(ValueError):
    """A value of `hours` that cannot be read; the message says what to write instead."""


@dataclass(frozen=True)
class OpeningHours:
    """Spans per weekday, Monday first; no spans on a day is a day off."""

    days: tuple[tuple[Span, ...], ...]

    def is_open(self, when: datetime.datetime) -> bool:
        minute = when.hour * 60 + when.minute
        return any(start <= minute < end for start, end in self.days[when.weekday()])

    def changes_between(self, start: datetime.datetime, end: datetime.datetime) -> bool:
        """Whether open-or-closed changes after `start` up to `end` (a clock that went back:
        True). Minute by minute, a week and a day at most: hours that do not change in a
        whole week never change."""
        if end < start:
            return True
        was = self.is_open(start)
        moment = start.replace(second=0, microsecond=0)
        for _ in range(8 * 24 * 60):
            moment += datetime.timedelta(minutes=1)
            if moment > end:
                return False
            if self.is_open(moment) != was:
                return True
        return False

    def next_opening(self, when: datetime.datetime) -> datetime.datetime | None:
        """The next moment after `when` at which a span begins (what a closed screen says:
        "opens at 13:30"), within the coming week; None when every day is closed."""
        minute = when.hour * 60 + when.minute
        for ahead in range(8):
            day = (when.weekday() + ahead) % 7
            for start, _ in self.days[day]:
                if ahead or start > minute:
                    midnight = when.replace(hour=0, minute=0, second=0, microsecond=0)
                    return midnight + datetime.timedelta(days=ahead, minutes=start)
        return None


def parse_hours(value: object) -> OpeningHours:
    """The hours of the `[museum.hours]` table (or its one-line form), or HoursError."""
    if not isinstance(value, Mapping):
        raise HoursError('write the hours as a table of the seven days, [museum.hours] with '
                         'mon = "10:00-18:00" ... sun = "closed"')
    unknown = [str(key) for key in value if key not in DAYS]
    if unknown:
        raise HoursError(f"{shown(unknown[0])} is not a day; the days are {', '.join(DAYS)}")
    missing = [day for day in DAYS if day not in value]
    if missing:
        raise HoursError(f"{missing[0]} is missing; give all seven days ({', '.join(DAYS)}), "
                         f'"closed" for a day off')
    return OpeningHours(tuple(parse_day(day, value[day]) for day in DAYS))


def parse_day(day: str, value: object) -> tuple[Span, ...]:
    """One day's spans, in order and not overlapping, or HoursError naming the day."""
    if not isinstance(value, str):
        raise HoursError(f"{day} must be text in quotes, such as {EXAMPLE}")
    if value.strip() == CLOSED:
        return ()
    spans: list[Span] = []
    for part in value.split(","):
        match = _SPAN.fullmatch(part.strip())
        if match is None:
            raise HoursError(f"{day}: {shown(part.strip())} is not a span of hours; write them as {EXAMPLE}")
        start_h, start_m, end_h, end_m = (int(group) for group in match.groups())
        if start_h > 23 or end_h > 24 or start_m > 59 or end_m > 59 or (end_h == 24 and end_m):
            raise HoursError(f"{day}: {part.strip()} is not a time of day; hours go from 00:00 to 24:00")
        start, end = start_h * 60 + start_m, end_h * 60 + end_m
        if end <= start:
            raise HoursError(f"{day}: {part.strip()} closes before it opens; a span past midnight is "
                             f"written as two, one on each day")
        if spans and start < spans[-1][1]:
            raise HoursError(f"{day}: {part.strip()} begins before the span before it ends; "
                             f"give the spans in order")
        spans.append((start, end))
    return tuple(spans)
