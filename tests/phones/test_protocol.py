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
    ('{"type": "accuse", "character": "harbour-p050"}', 'unknown "type" "accuse"'),
    ('{"type": "mark", "x": 0.5, "y": 0.5, "character": "x"}',
     'mark: unknown field "character"; the mark message has only "type" and "x" and "y"'),
    ('{"type": "mark", "x": "a"}', "mark: x must be a number from 0 to 1"),
    ('{"type": "mark", "x": 0.5, "y": [1]}', "mark: y must be a number from 0 to 1"),
    ('{"type": "mark", "y": 0.5}', "mark: x is missing"),
    ('{"type": "mark", "x": 0.5}', "mark: y is missing"),
    ('{"type": "mark", "x": ' + "9" * 400 + ', "y": 0}', "mark: x must be a number from 0 to 1"),
    ('{"type": "hello"}', "hello: name is missing"),
    ('{"type": "hello", "name": null}', "hello: name must be text"),
    ('{"type": "unmark", "x": 1}', 'unmark: unknown field "x"; the unmark message has only "type"'),
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
    except ProtocolError as error:
        assert "\n" not in str(error) and len(str(error)) < 200


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.integers(-10**300, 10**300) | st.floats()
                    | st.text(max_size=20), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=6)


@given(st.sampled_from(["hello", "mark", "unmark"]),
       st.dictionaries(st.sampled_from(["name", "x", "y", "z", "type\n", ""]) | st.text(max_size=30), JSON,
                       max_size=4))
def test_a_message_of_ours_with_wrong_fields_is_told_which_field(kind: str, fields: dict[str, object]) -> None:
    """Any fields on one of our types: a message, or one line that starts with the type and names a field."""
    text = json.dumps({**fields, "type": kind})
    try:
        parse_message(text)
    except ProtocolError as error:
        line = str(error)
        assert "\n" not in line and len(line) < 200 and line.isascii()
        if len(text.encode()) <= MESSAGE_LIMIT and "NaN" not in text and "Infinity" not in text:
            assert line.startswith(f"{kind}: ")
            named = [name for name in ("name", "x", "y") if f"{kind}: {name} " in line]
            assert named or "unknown field" in line, line


@given(st.floats(0, 1), st.floats(0, 1))
def test_every_point_of_the_scene_is_a_mark(x: float, y: float) -> None:
    assert parse_message(json.dumps({"type": "mark", "x": x, "y": y})) == MarkAt(x, y)
