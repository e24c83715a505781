"""The operator menu's script actions and events as JSON: round trips, one-line refusals, no PIN in events."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.journal.codec import CodecError, decode_action, decode_command, encode_command, encode_operator_event
from lastmessage.operator.commands import (
    CheckOutput, ChooseHouseRules, ChooseLanguage, ChoosePhones, ChooseRotation, ChooseVolume, CloseOperator, EnterPin,
    OpenOperator,
    OperatorCommand, Page, PowerCommand, PutAway, ShowPage,
)
from lastmessage.operator.events import (
    OperatorChanged, OperatorClosed, OperatorDone, OperatorEvent, OperatorOpened, OperatorRefused,
    OperatorRemote, OperatorUnlocked,
)
from lastmessage.operator.power import PowerAction

typed = st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S"), include_characters=" ")
typed_ids = st.text(typed, min_size=1, max_size=30)
times = st.floats(0, 10**6, allow_nan=False)

COMMANDS: dict[type, st.SearchStrategy[Any]] = {
    OpenOperator: st.builds(OpenOperator, st.sampled_from(["button", "corner"])),
    EnterPin: st.builds(EnterPin, st.text(typed, max_size=64)),
    CloseOperator: st.just(CloseOperator()),
    ShowPage: st.builds(ShowPage, st.sampled_from(Page)),
    ChooseLanguage: st.builds(ChooseLanguage, typed_ids),
    ChooseVolume: st.builds(ChooseVolume, st.integers(0, 100)),
    ChooseHouseRules: st.builds(ChooseHouseRules, typed_ids),
    ChooseRotation: st.builds(ChooseRotation, st.lists(typed_ids, max_size=10).map(tuple)),
    ChoosePhones: st.builds(ChoosePhones, st.sampled_from(["phones", "audience"]), st.booleans()),
    PutAway: st.just(PutAway()),
    PowerCommand: st.builds(PowerCommand, st.sampled_from(PowerAction)),
    CheckOutput: st.builds(CheckOutput, typed_ids),
}
EVENTS: dict[type, st.SearchStrategy[Any]] = {
    OperatorOpened: st.builds(OperatorOpened, times, st.sampled_from(["button", "corner"])),
    OperatorRefused: st.builds(OperatorRefused, times, st.sampled_from(["wrong_pin", "locked", "no_pin", "pin_file"]),
                               st.none() | st.integers(0, 5), st.none() | st.integers(0, 60)),
    OperatorUnlocked: st.builds(OperatorUnlocked, times),
    OperatorClosed: st.builds(OperatorClosed, times, st.sampled_from(["done", "idle"])),
    OperatorChanged: st.builds(OperatorChanged, times,
                               st.sampled_from(["language", "volume", "house_rules", "rotation", "phones", "audience"]),
                               typed_ids | st.integers(0, 100) | st.booleans()
                               | st.lists(typed_ids, max_size=5).map(tuple)),
    OperatorDone: st.builds(OperatorDone, times, st.sampled_from(["put_away", "restart", "reboot", "shutdown"]),
                            st.booleans(), st.text(typed, max_size=80)),
    OperatorRemote: st.builds(OperatorRemote, times, st.sampled_from(["mqtt", "osc"]),
                              st.sampled_from(["put_away", "language", "volume", "open", "close", "restart"]),
                              st.booleans(), st.text(typed, max_size=80)),
}


def test_every_operator_command_and_event_has_a_strategy() -> None:
    assert set(COMMANDS) == set(get_args(OperatorCommand))
    assert set(EVENTS) == set(get_args(OperatorEvent))


@given(st.one_of(*COMMANDS.values()))
def test_every_operator_action_round_trips_through_a_script_line(command: OperatorCommand) -> None:
    line = encode_command(command)
    assert decode_command(line) == command and decode_action(line) == command


@given(st.one_of(*EVENTS.values()))
def test_every_operator_event_is_one_json_line_with_its_type(event: OperatorEvent) -> None:
    line = encode_operator_event(event)
    assert "\n" not in line
    obj = json.loads(line)
    assert obj["type"] == event.type and obj["t"] == event.t
    assert "pin" not in obj


def test_the_pin_is_not_in_a_commands_repr() -> None:
    assert "4321" not in repr(EnterPin("4321"))


@pytest.mark.parametrize("line", [
    '{"action": "operator_open", "via": "window"}',
    '{"action": "operator_pin"}',
    '{"action": "operator_pin", "pin": "' + "1" * 65 + '"}',
    '{"action": "operator_pin", "pin": "12\\n34"}',
    '{"action": "operator_page", "page": "secret"}',
    '{"action": "rotation", "scenes": "beach"}',
    '{"action": "rotation", "scenes": [' + ", ".join(['"s"'] * 65) + "]}",
    '{"action": "power", "what": "format"}',
    '{"action": "house_rules", "preset": 5}',
    '{"action": "operator_volume", "level": 101}',
    '{"action": "operator_volume", "level": true}',
    '{"action": "operator_volume", "level": "40"}',
])
def test_a_malformed_operator_action_is_one_short_line(line: str) -> None:
    with pytest.raises(CodecError) as refused:
        decode_action(line)
    message = str(refused.value)
    assert "\n" not in message and len(message) < 200


@settings(max_examples=300)
@given(st.sampled_from([kind.action for kind in get_args(OperatorCommand)]),
       st.dictionaries(st.sampled_from(["via", "pin", "page", "code", "level", "preset", "scenes", "what"]),
                       st.none() | st.booleans() | st.integers() | st.text(max_size=20)
                       | st.lists(st.text(max_size=10), max_size=5), max_size=4))
def test_any_operator_line_is_an_action_or_one_line(action: str, fields: dict[str, Any]) -> None:
    line = json.dumps({"action": action, **fields})
    try:
        command = decode_action(line)
    except CodecError as refused:
        assert "\n" not in str(refused)
        return
    encode_command(command).encode("utf-8")
