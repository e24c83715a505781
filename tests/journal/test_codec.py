"""The codec: every command and event type becomes JSON and back unchanged; bad JSON is named in one line."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastmessage.journal.codec import (
    MAX_WAIT, CodecError, decode_action, decode_command, decode_event, encode_command, encode_event,
)
from lastmessage.commands import (
    Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, NewGame, Pass, Pick, Screenshot, SetLanguage, ShowBoard,
    SetVolume, Undo, Wait,
)
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RejectionReason
from lastmessage.rules.events import (
    AbandonReason, Accused, CellsErased, EndReason, Event, EventError, GameAbandoned, GameOver, GameStarted,
    IdleWarning, Passed, Rejected, SecretChosen, StrokeAdded, TimerStarted, TimeUp, Undone, Winner, WordAdded,
)

texts = st.text(min_size=1)
ids = st.text(st.characters(codec="utf-8"), min_size=1, max_size=30)
# What a person can type (commands): no control characters, no line breaks, no unassigned code points.
typed = st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S"), include_characters=" ")
typed_ids = st.text(typed, min_size=1, max_size=30)
numbers = st.floats(allow_nan=False, allow_infinity=False) | st.integers(-10**15, 10**15)
times = st.floats(0, 10**6, allow_nan=False)
rounds = st.integers(1, 8)
cells = st.lists(st.integers(-3, 12), max_size=9).map(tuple)
points = st.lists(st.tuples(numbers.map(float), numbers.map(float)), min_size=1, max_size=20).map(tuple)
rules = st.builds(
    Rules,
    timer_seconds=st.integers(15, 120) | st.floats(15, 120),
    erase_schedule=st.lists(st.integers(0, 8), min_size=1, max_size=4).map(tuple),
    fatal_from_round=st.integers(1, 5),
    allow_pass=st.booleans(), allow_text=st.booleans())
actions = st.sampled_from([kind.action for kind in get_args(Command)])

EVENTS: dict[type, st.SearchStrategy[Any]] = {
    GameStarted: st.builds(GameStarted, times, ids, rules),
    SecretChosen: st.builds(SecretChosen, times, ids),
    TimerStarted: st.builds(TimerStarted, times, rounds, st.integers(15, 120) | st.floats(15, 120)),
    StrokeAdded: st.builds(StrokeAdded, times, rounds, cells, points, numbers),
    WordAdded: st.builds(WordAdded, times, rounds, st.integers(-3, 12), st.text(), st.none() | cells),
    Undone: st.builds(Undone, times, rounds),
    TimeUp: st.builds(TimeUp, times, rounds),
    CellsErased: st.builds(CellsErased, times, rounds, cells),
    Accused: st.builds(Accused, times, rounds, ids, st.booleans()),
    Passed: st.builds(Passed, times, rounds),
    GameOver: st.builds(GameOver, times, st.sampled_from(Winner), st.sampled_from(EndReason), rounds),
    Rejected: st.builds(Rejected, times, actions, st.sampled_from(RejectionReason), st.text(),
                        st.none() | rounds),
    GameAbandoned: st.builds(GameAbandoned, times, st.sampled_from(AbandonReason), st.integers(0, 8)),
    IdleWarning: st.builds(IdleWarning, times, st.integers(1, 30), st.integers(0, 8)),
}
COMMANDS: dict[type, st.SearchStrategy[Any]] = {
    ChooseScene: st.builds(ChooseScene, typed_ids, st.none() | typed_ids),
    Pick: st.builds(Pick, typed_ids),
    Flip: st.just(Flip()),
    AddStroke: st.builds(AddStroke, points, st.none() | numbers),
    AddWord: st.builds(AddWord, st.integers(-10, 20), st.text(typed)),
    Undo: st.just(Undo()),
    Erase: st.builds(Erase, cells),
    Accuse: st.builds(Accuse, typed_ids),
    Pass: st.just(Pass()),
    NewGame: st.just(NewGame()),
    SetLanguage: st.builds(SetLanguage, typed_ids),
    SetVolume: st.builds(SetVolume, st.integers(0, 100)),
    Wait: st.builds(Wait, st.floats(0, MAX_WAIT) | st.integers(0, MAX_WAIT)),
    ShowBoard: st.builds(ShowBoard, st.none() | st.integers(1, 8)),
    Screenshot: st.builds(Screenshot, st.from_regex(r"\A[A-Za-z0-9][A-Za-z0-9._-]{0,80}\Z"),
                          st.none() | st.floats(0, 60)),
}


def test_every_type_has_a_generator() -> None:
    assert set(EVENTS) == set(get_args(Event))
    assert set(COMMANDS) == set(get_args(Command)) | {Wait, Screenshot, ShowBoard}


@given(st.one_of(*EVENTS.values()))
def test_every_event_round_trips(event: Event) -> None:
    line = encode_event(event)
    assert "\n" not in line
    assert decode_event(line) == event
    assert encode_event(decode_event(line)) == line


@given(st.one_of(*COMMANDS.values()))
def test_every_command_round_trips(command: Command | Wait | Screenshot) -> None:
    line = encode_command(command)
    assert decode_command(line) == command
    assert encode_command(decode_command(line)) == line


@given(st.one_of(*(strategy for kind, strategy in COMMANDS.items() if kind not in (NewGame, SetLanguage))))
def test_every_script_action_reads_back_as_it_was_written(command: Command | Wait | Screenshot) -> None:
    expected = ChooseScene(command.id) if isinstance(command, ChooseScene) else command   # scripts set no preset
    assert decode_action(encode_command(command)) == expected


@pytest.mark.parametrize("line", ['{"action": "volume", "level": 101}', '{"action": "volume", "level": -1}',
                                  '{"action": "volume", "level": 50.5}', '{"action": "volume"}',
                                  '{"action": "volume", "level": true}'])
def test_a_volume_outside_0_to_100_is_a_malformed_line(line: str) -> None:
    with pytest.raises(CodecError, match="volume"):
        decode_action(line)


def test_the_contract_shape_of_events_is_kept_field_for_field() -> None:
    assert encode_event(GameStarted(0, "park", Rules())) == (
        '{"type": "game_started", "t": 0.0, "scene": "park", "rules": {"timer_seconds": 30, '
        '"erase_schedule": [5, 4, 3, 2], "fatal_from_round": 3, "allow_pass": true, "allow_text": true}}')
    assert encode_event(StrokeAdded(2.5, 1, (3, 4, 5), ((0.1, 0.5), (0.9, 0.5)), 0.024)) == (
        '{"type": "stroke_added", "t": 2.5, "round": 1, "cells": [3, 4, 5], '
        '"points": [[0.1, 0.5], [0.9, 0.5]], "width": 0.024}')
    assert encode_event(Rejected(0, "flip", RejectionReason.WRONG_PHASE, "Not now.")) == (
        '{"type": "rejected", "t": 0.0, "action": "flip", "reason": "wrong_phase", "message": "Not now."}')
    assert encode_event(WordAdded(1, 1, 4, "Pâine", (4,))) == (
        '{"type": "word_added", "t": 1.0, "round": 1, "cell": 4, "text": "Pâine", "cells": [4]}')
    # A journal written before words ran on has no "cells": it reads, and writes back, as it was.
    old = '{"type": "word_added", "t": 1.0, "round": 1, "cell": 4, "text": "Pâine"}'
    assert decode_event(old) == WordAdded(1, 1, 4, "Pâine") and encode_event(decode_event(old)) == old


def test_a_game_started_of_the_old_journal_takes_the_rules_given_beside_it() -> None:
    old = '{"type": "game_started", "t": 0.0, "scene": "park"}'
    kept = Rules(timer_seconds=60)
    assert decode_event(old, rules=kept) == GameStarted(0, "park", kept)
    with pytest.raises(EventError, match='game_started: "rules" must be an object'):
        decode_event(old)
    newer = json.dumps({"type": "game_started", "t": 0.0, "scene": "park", "rules": Rules().to_mapping()})
    assert decode_event(newer, rules=kept).rules == Rules()   # its own rules win


@pytest.mark.parametrize("line, problem", [
    ("{", "event line: not valid JSON"),
    ("[1]", "an event must be a JSON object"),
    ('{"type": "fell_over", "t": 1}', 'unknown event type "fell_over"'),
    ('{"type": "passed", "t": "soon", "round": 1}', 'passed: "t" must be a number of seconds, not "soon"'),
    ('{"type": "passed", "t": 1}', 'passed: "round" must be a whole number, not null'),
    ('{"type": "accused", "t": 1, "round": 1, "character": "x", "correct": "yes"}',
     'accused: "correct" must be true or false'),
    ('{"type": "game_over", "t": 1, "winner": "nobody", "reason": "found", "round": 1}',
     'game_over: "winner" must be one of detectives, criminal, not "nobody"'),
    ('{"type": "stroke_added", "t": 1, "round": 1, "cells": [4], "points": [[0.5]], "width": 0.01}',
     'stroke_added: "points"[0] must be [x, y] with two numbers'),
    ('{"type": "rejected", "t": 1, "action": "dance", "reason": "time_up", "message": ""}',
     'rejected: "action" must be one of'),
    ('{"type": "game_started", "t": 0, "scene": "park", "rules": {"timer_seconds": 5}}',
     'game_started: "rules": rules.timer_seconds = 5; give a number of seconds from 15 to 120'),
])
def test_a_bad_event_is_named_in_one_line(line: str, problem: str) -> None:
    with pytest.raises(EventError) as caught:
        decode_event(line)
    assert str(caught.value).startswith(problem) and "\n" not in str(caught.value)


def test_a_script_chooses_no_preset_and_no_new_game() -> None:
    assert decode_action('{"action": "scene", "id": "park", "preset": 3}') == ChooseScene("park")
    assert decode_command('{"action": "scene", "id": "park", "preset": "classic"}') == ChooseScene("park", "classic")
    with pytest.raises(CodecError, match='^scene: "preset" must be non-empty text$'):
        decode_command('{"action": "scene", "id": "park", "preset": 3}')


def test_a_screenshot_may_name_a_moment_of_the_animation() -> None:
    """`at` extends the contract: without it a screenshot is what it always was."""
    assert decode_action('{"action": "screenshot", "name": "x"}') == Screenshot("x")
    assert decode_action('{"action": "screenshot", "name": "x", "at": 1.5}') == Screenshot("x", 1.5)


@pytest.mark.parametrize("line, problem", [
    ('{"action": "new_game"}', 'unknown action "new_game"'),
    ('{"action": "wait", "seconds": 1e999}', 'wait: "seconds" must be a number, not Infinity'),
    ('{"action": "erase", "cells": [1, 2.5]}', "erase: each cell must be a whole number, not 2.5"),
    ('{"action": "screenshot", "name": "x", "at": -0.5}',
     'screenshot: "at" must be from 0 to 60.0 seconds after the last event, not -0.5'),
    ('{"action": "screenshot", "name": "x", "at": "soon"}', 'screenshot: "at" must be a number, not "soon"'),
])
def test_a_bad_script_action_is_named_in_one_line(line: str, problem: str) -> None:
    with pytest.raises(CodecError, match=f"^{problem}$"):
        decode_action(line)
