"""A venue's command payloads: whatever the bytes, a Request or a Refusal, never an exception."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from lastmessage.operator.commands import ChooseLanguage, ChooseVolume, Opening, PowerCommand, PutAway
from lastmessage.operator.power import PowerAction
from lastmessage.venue.requests import PAYLOAD_LIMIT, Refusal, Request, read_request

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4), max_leaves=12)


@settings(deadline=None)   # a shared machine's pauses are not the parser's
@given(st.binary(max_size=600))
def test_any_bytes_are_answered(payload: bytes) -> None:
    assert isinstance(read_request(payload, "t1"), (Request, Refusal))


@settings(deadline=None)
@given(st.dictionaries(st.sampled_from(["command", "id", "table", "code", "level", "x"]), JSON, max_size=5))
def test_any_object_is_answered_and_a_request_is_well_formed(value: dict[str, object]) -> None:
    answer = read_request(json.dumps(value).encode(), "t1")
    if isinstance(answer, Request):
        assert value["command"] in ("put_away", "language", "volume", "open", "close", "restart")
        assert value.get("table", "t1") == "t1"
    else:
        assert answer.message


def test_each_command() -> None:
    def read(text: str) -> object:
        answer = read_request(text.encode(), "t1")
        assert isinstance(answer, Request), answer
        return answer.command

    assert read('{"command": "put_away"}') == PutAway()
    assert read('{"command": "restart"}') == PowerCommand(PowerAction.RESTART)
    assert read('{"command": "open"}') == Opening(True)
    assert read('{"command": "close", "table": "t1"}') == Opening(False)
    assert read('{"command": "language", "code": "ro"}') == ChooseLanguage("ro")
    assert read('{"command": "volume", "level": 0}') == ChooseVolume(0)


def test_what_is_refused_says_why() -> None:
    def why(payload: bytes, size: int | None = None) -> str:
        answer = read_request(payload, "t1", size)
        assert isinstance(answer, Refusal)
        return answer.message

    assert "at most" in why(b"", PAYLOAD_LIMIT + 1)
    assert "not JSON" in why(b"\xff\xfe")
    assert "not JSON" in why(b"[" * 5000 + b"]" * 5000, 100)
    assert "another table" in why(b'{"command": "open", "table": "t2"}')
    assert "level" in why(b'{"command": "volume", "level": true}')
    assert "unknown command" in why(b'{"command": {"a": 1}}')
