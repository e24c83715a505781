"""`[museum] hours` and the idle times: read strictly, refused in one line naming file and key."""

from __future__ import annotations

import datetime
import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastmessage.config.hours import DAYS, HoursError, OpeningHours, parse_day, parse_hours
from lastmessage.config.museum import MuseumSettings
from lastmessage.config.settings import SettingsError, settings_from_mapping

WEEK = {day: "10:00-18:00" for day in DAYS} | {"mon": "closed"}


def minutes_text(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


@st.composite
def day_spans(draw: st.DrawFn) -> tuple[tuple[int, int], ...]:
    """Ordered, non-overlapping spans in one day (minutes 0..1440)."""
    edges = sorted(draw(st.sets(st.integers(0, 1440), max_size=8)))
    edges = edges[:len(edges) // 2 * 2]
    return tuple((edges[i], edges[i + 1]) for i in range(0, len(edges), 2))


def written(spans: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{minutes_text(a)}-{minutes_text(b)}" for a, b in spans) or "closed"


@given(st.lists(day_spans(), min_size=7, max_size=7), st.integers(0, 7 * 1440 - 1))
def test_hours_written_out_are_read_back_and_answer_open_as_written(
        week: list[tuple[tuple[int, int], ...]], minute_of_week: int) -> None:
    hours = parse_hours(dict(zip(DAYS, (written(spans) for spans in week))))
    assert hours == OpeningHours(tuple(week))
    day, minute = divmod(minute_of_week, 1440)
    when = datetime.datetime(2026, 11, 30) + datetime.timedelta(days=day, minutes=minute)   # a Monday
    assert when.weekday() == day
    assert hours.is_open(when) == any(a <= minute < b for a, b in week[day])


@given(st.text(max_size=30))
def test_any_text_is_read_or_refused_in_one_line(text: str) -> None:
    try:
        spans = parse_day("tue", text)
    except HoursError as error:
        message = str(error)
        assert message.startswith("tue") and "\n" not in message
    else:
        assert all(0 <= a < b <= 1440 for a, b in spans)
        assert list(spans) == sorted(spans)


@pytest.mark.parametrize(("text", "says"), [
    ("9-17", '"9-17" is not a span of hours'),
    ("10:00-18:00;", "is not a span of hours"),
    ("25:00-26:00", "is not a time of day"),
    ("10:60-11:00", "is not a time of day"),
    ("00:00-24:01", "is not a time of day"),
    ("18:00-10:00", "closes before it opens; a span past midnight is written as two"),
    ("10:00-10:00", "closes before it opens"),
    ("12:00-14:00, 13:00-15:00", "begins before the span before it ends"),
    ("", "is not a span of hours"),
])
def test_a_wrong_day_is_refused_saying_what_to_write(text: str, says: str) -> None:
    with pytest.raises(HoursError, match=says.replace("(", r"\(")):
        parse_day("wed", text)


def test_the_whole_day_and_a_lunch_break() -> None:
    assert parse_day("sat", "00:00-24:00") == ((0, 1440),)
    assert parse_day("sat", "10:00-12:30, 13:30-18:00") == ((600, 750), (810, 1080))


@pytest.mark.parametrize(("museum", "message"), [
    ({"hours": "10-18"}, 'c.toml: museum.hours = "10-18"; write the hours as a table of the seven days'),
    ({"hours": {"mon": "closed"}}, "c.toml: museum.hours = {mon = \"closed\"}; tue is missing; give all seven days"),
    ({"hours": WEEK | {"monday": "closed"}}, 'museum.hours = {'),
    ({"hours": WEEK | {"fri": 10}}, "fri must be text in quotes"),
    ({"hours": WEEK | {"fri": "18:00-02:00"}}, "fri: 18:00-02:00 closes before it opens"),
    ({"idle_game": 5}, "c.toml: museum.idle_game = 5; give 0 (never) or 10 to 86400 seconds"),
    ({"idle_setup": -1}, "c.toml: museum.idle_setup = -1; give a number of seconds (0 = never) from 0 to 86400"),
    ({"idle_finished": "3 min"}, 'c.toml: museum.idle_finished = "3 min"; give a number of seconds'),
    ({"idle_game": True}, "c.toml: museum.idle_game = true; give a number of seconds"),
])
def test_museum_values_are_refused_in_one_line_naming_file_and_key(museum: dict[str, object],
                                                                     message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from_mapping({"museum": museum}, "c.toml")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_an_unknown_day_is_named() -> None:
    with pytest.raises(SettingsError, match='"monday" is not a day; the days are mon, tue'):
        settings_from_mapping({"museum": {"hours": WEEK | {"monday": "closed"}}}, "c.toml")


def test_the_config_shape_of_the_readme_is_read() -> None:
    config = tomllib.loads('''
[museum]
idle_setup = 90
idle_game = 0

[museum.hours]
mon = "closed"
tue = "10:00-18:00"
wed = "10:00-18:00"
thu = "10:00-20:00"
fri = "10:00-18:00"
sat = "10:00-12:30, 13:30-18:00"
sun = "closed"
''')
    museum = settings_from_mapping(config, "c.toml").museum
    assert (museum.idle_setup, museum.idle_game, museum.idle_finished) == (90, 0, MuseumSettings().idle_finished)
    assert museum.hours is not None
    thursday_evening = datetime.datetime(2026, 12, 3, 19, 59)
    assert museum.hours.is_open(thursday_evening)
    assert not museum.hours.is_open(thursday_evening + datetime.timedelta(minutes=1))
    assert not museum.hours.is_open(datetime.datetime(2026, 11, 30, 12, 0))   # Monday: closed


def test_the_hours_may_be_one_line() -> None:
    line = ", ".join(f'{day} = "{text}"' for day, text in WEEK.items())
    museum = settings_from_mapping(tomllib.loads(f"[museum]\nhours = {{ {line} }}\n"), "c.toml").museum
    assert museum.hours == parse_hours(WEEK)


def test_no_hours_means_always_open() -> None:
    assert settings_from_mapping({}, "c.toml").museum.hours is None
