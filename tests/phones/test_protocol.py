"""A phone's messages are read strictly: a name, a mark, taking it back; anything else is refused in one line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from lastmessage.phones.protocol import MESSAGE_LIMIT, Hello, MarkAt, ProtocolError, Unmark, parse_message


def test_the_three_messages() -> None:
    assert parse_message('{"type": "hello", "name": "  Ana  Maria "}') == Hello("Ana Maria")
    assert parse_message('{"type": "mark", "x": 0.25, "y": 1}') == MarkAt(0.25, 1.0)
    assert parse_message('{"type": "unmark"}') == Unmark()


@pytest.mark.parametrize("text, says", [
    ("not json", "not JSON"),
    ("[1, 2]", '"type"'),
    ('{"type": "accuse", "character": "harbour-p050"}', "unknown message"),
    ('{"type": "mark", "x": 0.5, "y": 0.5, "character": "x"}', "unknown message"),
    ('{"type": "mark", "x": NaN, "y": 0.5}', "not a number"),
    ('{"type": "mark", "x": 1.5, "y": 0.5}', "from 0 to 1"),
    ('{"type": "mark", "x": true, "y": 0.5}', "from 0 to 1"),
    ('{"type": "hello", "name": "a\\u0007b"}', "one line"),
    ('{"type": "hello", "name": "' + "n" * 17 + '"}', "1 to 16"),
    ('{"type": "hello", "name": 5}', "text"),
    ("[" * 200 + "]" * 200, '"type"'),
    ('"' + "x" * MESSAGE_LIMIT + '"', "at most"),
])
def test_refusals_say_what_to_send(text: str, says: str) -> None:
    with pytest.raises(ProtocolError, match=says):
        parse_message(text)


@given(st.text(max_size=600))
def test_any_text_is_a_message_or_a_protocol_error(text: str) -> None:
    try:
        parse_message(text)
    except ProtocolError as error:
        assert "\n" not in str(error)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4)))
def test_any_json_is_a_message_or_a_protocol_error(value: object) -> None:
    try:
        parse_message(json.dumps(value))
    except ProtocolError:
        pass


@given(st.floats(0, 1), st.floats(0, 1))
def test_every_point_of_the_scene_is_a_mark(x: float, y: float) -> None:
    assert parse_message(json.dumps({"type": "mark", "x": x, "y": y})) == MarkAt(x, y)
