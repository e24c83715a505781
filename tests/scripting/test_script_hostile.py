"""Hostile scripts: whatever a line holds, `play` exits 0 or 2 with one short line naming it.

A script is typed by anyone; the bar is no traceback, no hang, no event that
cannot be written back as UTF-8 JSON, and no message that echoes a megabyte.
The reproductions each failed before the fix; the hypothesis suites feed every
field of every action a value of every wrong type, and random JSON and bytes.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastmessage.cli import main
from lastmessage.journal.codec import MAX_DEPTH, MAX_DIGITS, MAX_WAIT, encode_command
from lastmessage.rules.board import MAX_POINTS
from lastmessage.scripting.script import ScriptError, parse_line, read_actions
from test_play_cli import SCENES, START, Played, play

LONGEST_MESSAGE = 300   # one short line: the file, the line, what is wrong, 60 characters of what was given
STROKE_START = [*START, {"action": "flip"}]
KEPT = ["game_started", "secret_chosen", "timer_started"]


def refusal(played: Played, line: int) -> str:
    """The one line of a malformed script's exit 2, checked for what every refusal must be."""
    assert played.code == 2, played.stderr
    message = played.stderr.removesuffix("\n")
    assert len(message.splitlines()) == 1 and "Traceback" not in message, message[:500]
    assert message.startswith(f"{played.script}:{line}: ")
    assert len(message) - len(str(played.script)) <= LONGEST_MESSAGE, message[:500]
    return message


# ---- reproductions: exit 2, one line naming the line ------------------------------

NESTED = "[" * 2000 + "]" * 2000
HUGE = "1" + "0" * 5000


@pytest.mark.parametrize("bad_line, problem", [
    ('{"action": "stroke", "points": ' + NESTED + "}", f"nested more than {MAX_DEPTH} deep"),
    ('{"action": "flip", "note": ' + '{"a": ' * 2000 + "1" + "}" * 2000 + "}", "nested more than"),
    ('{"action": "flip", "note": ' + "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH + "}", "nested more than"),
    ('{"action": "word", "cell": 1, "text": "\\ud800"}', "\\ud800 is half of a character pair"),
    ('{"action": "accuse", "character": "park-\\udfff"}', "\\udfff is half of a character pair"),
    ('{"action": "flip", "note": ["\\udbff"]}', "\\udbff is half"),
    ('{"action": "word", "cell": 1, "text": "a\\u0000b"}', '"text" must be printable text, not "a\\u0000b"'),
    ('{"action": "accuse", "character": "park-\\u0000"}', '"character" must be printable text'),
    ('{"action": "word", "cell": 1, "text": "two\\nlines"}', '"text" must be printable text'),
    ('{"action": "word", "cell": ' + HUGE + ', "text": "a"}', f"too large (more than {MAX_DIGITS} digits)"),
    ('{"action": "wait", "seconds": -' + HUGE + "}", "too large"),
    ('{"action": "stroke", "points": [[NaN, 0.5]]}', '"points"[0] must be [x, y] with two numbers'),
    ('{"action": "stroke", "points": [[0.5, Infinity]]}', '"points"[0]'),
    ('{"action": "stroke", "points": [[0.5, -1e999]]}', '"points"[0]'),
    ('{"action": "stroke", "points": [[0.5, 0.5]], "width": NaN}', '"width" must be a number, not NaN'),
    ('{"action": "wait", "seconds": -Infinity}', '"seconds" must be a number'),
    ('{"action": "wait", "seconds": 1e300}', f'"seconds" must be from 0 to {MAX_WAIT}'),
    ('{"action": "wait", "seconds": -0.5}', f'"seconds" must be from 0 to {MAX_WAIT}'),
    ('{"action": "erase", "cells": ' + json.dumps([0] * 10**6 + ["x"]) + "}", 'each cell must be a whole number, not "x"'),
    ('{"action": "erase", "cells": [' + json.dumps(["x" * 10**6]) + "]}", 'each cell must be a whole number, not ["xxx'),
    ('{"action": "wait", "seconds": "' + "9" * 300_000 + '"}', '"seconds" must be a number, not "999'),
    ('{"action": "' + "a" * 300_000 + '"}', 'unknown action "aaa'),
    ('{"action": ' + json.dumps(["pick"] * 10**5) + "}", '"action" must be text, not ["pick"'),
    ('{"action": "scene", "id": "' + "p" * 300_000 + '"}', 'unknown scene "ppp'),
    ('{"action": "screenshot", "name": "x\\n"}', '"name" must be a plain file name'),
])
def test_a_hostile_line_exits_2_in_one_short_line_keeping_earlier_events(
        bad_line: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = play(tmp_path, capsys, [*STROKE_START, bad_line, {"action": "pass"}])
    assert problem in refusal(played, 4)
    assert [e["type"] for e in played.events] == KEPT


def test_a_byte_that_is_not_utf8_is_named_on_its_line_after_the_lines_before_it_were_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "script.jsonl"
    good = "".join(json.dumps(line) + "\n" for line in STROKE_START).encode()
    script.write_bytes(good + b'{"action": "word", "cell": 1, "text": "caf\xe9"}\n{"action": "pass"}\n')
    out = tmp_path / "events.jsonl"
    code = main(["play", "--script", str(script), "--scenes", str(SCENES), "--events", str(out)])
    played = Played(code, out.read_text(encoding="utf-8").splitlines(), capsys.readouterr().err, script)
    assert "not UTF-8 text (byte 0xe9 at column 43)" in refusal(played, 4)
    assert [e["type"] for e in played.events] == KEPT


def test_lines_end_as_in_a_text_file_whatever_the_newline() -> None:
    lines = [json.dumps(line).encode() for line in STROKE_START]
    raw = lines[0] + b"\r\n" + lines[1] + b"\r" + lines[2] + b"\n\r\n# four\r" + b'{"action": "acuse"}'
    with pytest.raises(ScriptError, match=r'^s:6: unknown action "acuse"$'):
        for _ in read_actions(io.BytesIO(raw), "s"):
            pass


def test_events_are_utf8_json_whatever_the_locale_of_standard_output(tmp_path: Path) -> None:
    script = tmp_path / "script.jsonl"
    lines = [*STROKE_START, {"action": "word", "cell": 1, "text": "ţară🙂"}]
    script.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "lastmessage", "play", "--script", str(script), "--scenes", str(SCENES)],
        capture_output=True, timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONIOENCODING": "latin-1"})
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    events = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert events[-1]["text"] == "ţară🙂"


# ---- strokes the game refuses rather than draws as something else --------------------

def stroke_events(tmp_path: Path, capsys: pytest.CaptureFixture[str], stroke: dict[str, Any]) -> list[dict[str, Any]]:
    played = play(tmp_path, capsys, [*STROKE_START, {"action": "stroke", **stroke}])
    assert played.code == 0, played.stderr
    assert [e["type"] for e in played.events[:3]] == KEPT
    return played.events[3:]


@pytest.mark.parametrize("width", [-1, 0, 0.0, -0.012, 0.0801, 1, 1e308])
def test_a_pen_width_no_pen_can_have_is_refused_not_drawn_with_the_fine_pen(
        width: float, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = stroke_events(tmp_path, capsys, {"points": [[0.1, 0.5], [0.5, 0.5]], "width": width})
    assert [(e["type"], e["reason"]) for e in events] == [("rejected", "invalid_stroke")]
    assert events[0]["message"].startswith(f"Pen width {width:g} must be above 0 and at most 0.08")


@pytest.mark.parametrize("width", [0.05, 0.08, 0.001])
def test_a_width_between_the_pens_is_drawn_as_asked_not_with_the_nearest_pen(
        width: float, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = stroke_events(tmp_path, capsys, {"points": [[0.1, 0.5], [0.5, 0.5]], "width": width})
    assert [(e["type"], e["width"]) for e in events] == [("stroke_added", width)]


@pytest.mark.parametrize("points, problem", [
    ([[0.5, 0.5]] * 100_000, f"A stroke may have at most {MAX_POINTS} points (got 100000)."),
    ([[0.5, 0.5]] * (MAX_POINTS + 1), f"at most {MAX_POINTS} points"),
    ([[0.5, 0.5], [1.2, 0.5]], "Point 1 (1.2, 0.5) is off the board; x and y go from 0 to 1."),
    ([[-0.5, 1.5], [0.5, 0.5]], "Point 0 (-0.5, 1.5) is off the board"),
    ([[1e308, 0.5]], "Point 0 (1e+308, 0.5) is off the board"),
])
def test_a_stroke_off_the_board_or_too_long_is_refused_saying_the_limit(
        points: list[list[float]], problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = stroke_events(tmp_path, capsys, {"points": points})
    assert [(e["type"], e["reason"]) for e in events] == [("rejected", "invalid_stroke")]
    assert problem in events[0]["message"]


@pytest.mark.parametrize("points", [[[0.5, 0.5]], [[0.0, 0.0], [1.0, 1.0]], [[0.25, 0.75]] * MAX_POINTS])
def test_a_stroke_on_the_board_within_the_limit_is_drawn(
        points: list[list[float]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = stroke_events(tmp_path, capsys, {"points": points})
    assert [e["type"] for e in events] == ["stroke_added"]


def test_an_id_of_300000_characters_is_refused_as_unknown_in_a_short_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = play(tmp_path, capsys, [START[0], {"action": "pick", "character": "x" * 300_000}])
    assert played.code == 0
    assert [e["reason"] for e in played.events[1:]] == ["unknown_character"]
    assert played.events[1]["message"] == 'There is no "' + "x" * 59 + '…" in this scene.'


# ---- hypothesis: every field of every action, any value --------------------------------

FIELDS = {
    "scene": ("id",), "pick": ("character",), "flip": (), "stroke": ("points", "width"),
    "word": ("cell", "text"), "undo": (), "wait": ("seconds",), "erase": ("cells",),
    "accuse": ("character",), "pass": (), "screenshot": ("name",),
    "new_game": (), "language": ("code",),   # the app's own commands: no script actions
}
scalars = (st.none() | st.booleans() | st.integers() | st.floats() | st.text()
           | st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", HUGE, "\\ud800", "\\u0000", "x" * 70_000]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
literals = {"NaN", "Infinity", "-Infinity", "1e999", HUGE}


def as_json(value: Any) -> str:
    """A value as a script line would hold it; some strings stand for JSON that Python
    writes in no other way (NaN, huge numbers, escapes of lone surrogates)."""
    if isinstance(value, str) and (value in literals or value.startswith("\\u")):
        return value if value in literals else f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(as_json(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(key)}: {as_json(item)}" for key, item in value.items()) + "}"
    return json.dumps(value)


@st.composite
def hostile_objects(draw: st.DrawFn, key: str, fields_of: Mapping[str, Sequence[str]]) -> str:
    """A line as `key` names its kind (`action`, `type`): mostly a known kind with each of
    its fields present or not and any value, else any JSON or any text."""
    kind = draw(st.sampled_from(["fields", "fields", "fields", "json", "text"]))
    if kind == "json":
        return as_json(draw(json_values))
    if kind == "text":
        return draw(st.text(max_size=40))
    name = draw(st.sampled_from(sorted(fields_of)) | json_values)
    known = fields_of.get(name, ()) if isinstance(name, str) else ()
    fields = {field: draw(json_values) for field in known if draw(st.booleans())}
    return "{" + ", ".join([f'"{key}": {as_json(name)}',
                            *(f'"{field}": {as_json(value)}' for field, value in fields.items())]) + "}"


def hostile_lines() -> st.SearchStrategy[str]:
    return hostile_objects("action", FIELDS)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_lines())
def test_any_line_is_an_action_that_writes_back_as_utf8_or_one_short_line_naming_it(line: str) -> None:
    try:
        read = parse_line(line, "script.jsonl", 7)
    except ScriptError as error:
        message = str(error)
        assert message.startswith("script.jsonl:7: ") and len(message) <= LONGEST_MESSAGE, message[:500]
        assert message.isprintable()
        return
    if read is not None:
        encode_command(read.action).encode("utf-8")   # nothing that reaches an event is unwritable


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(lines=st.lists(hostile_lines() | st.binary(max_size=30), min_size=1, max_size=4))
def test_play_of_any_script_exits_0_or_2_in_one_line_and_writes_only_utf8_json(
        lines: list[str | bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "hostile.jsonl"
    body = [json.dumps(line).encode() for line in STROKE_START]
    body += [line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass") for line in lines]
    script.write_bytes(b"\n".join(body) + b"\n")
    out = tmp_path / "events.jsonl"
    code = main(["play", "--script", str(script), "--scenes", str(SCENES), "--events", str(out)])
    err = capsys.readouterr().err
    events = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [e["type"] for e in events[:3]] == KEPT
    *notes, last = err.splitlines() or [""]
    assert all(note.startswith("lastmessage: screenshot actions are skipped") for note in notes), err[:2000]
    if code == 2:
        assert last.startswith(f"{script}:") and len(last) - len(str(script)) <= LONGEST_MESSAGE, err[:500]
    else:
        assert code == 0 and "Traceback" not in err, err[:2000]
