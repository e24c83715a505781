"""JSON an operator hands the device (scene files, status files, operator.json, play
scripts, journal rows) is read by one bounded reader (config/jsonfile.py): nested
too deep, a number of thousands of digits, NaN or Infinity where a file of ours
never has one; each is one line naming the file and where, never a traceback.

Entry points are driven in-process on a thread with a deadline, as in
test_command_line_paths.py, so a hang fails the test instead of the suite.
"""

from __future__ import annotations

import json
import math
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.cli import main
from lastmessage.config.jsonfile import MAX_DEPTH, MAX_DIGITS, JsonRefused, loads
from lastmessage.journal.stats import todays_games
from lastmessage.journal.store import Journal
from lastmessage.rules.config import Rules

REPO = Path(__file__).resolve().parents[2]
SCENES = REPO / "tests" / "fixtures" / "scenes"
DEADLINE = 30.0

finite_json = st.recursive(
    st.none() | st.booleans() | st.integers(-10**MAX_DIGITS + 1, 10**MAX_DIGITS - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(finite_json)
def test_what_json_writes_within_the_bounds_reads_back_as_the_standard_reader_reads_it(value: object) -> None:
    text = json.dumps(value)
    assert loads(text) == json.loads(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(MAX_DEPTH + 1, 200_000), st.sampled_from(["[", '{"a":']), st.integers(0, 3))
def test_nesting_past_the_bound_is_refused_with_its_line(depth: int, opening: str, blank_lines: int) -> None:
    closing = "]" if opening == "[" else "}"
    text = "\n" * blank_lines + opening * depth + "1" + closing * depth
    with pytest.raises(JsonRefused) as refused:
        loads(text)
    assert f"nested more than {MAX_DEPTH} deep" in str(refused.value)
    assert f"line {blank_lines + 1}" in str(refused.value) and "\n" not in str(refused.value)


@settings(max_examples=40, deadline=None)
@given(st.integers(MAX_DIGITS + 1, 20_000), st.sampled_from(["", "-"]))
def test_a_whole_number_of_too_many_digits_is_refused(digits: int, sign: str) -> None:
    with pytest.raises(JsonRefused) as refused:
        loads('{"seed": ' + sign + "7" * digits + "}")
    assert f"more than {MAX_DIGITS} digits" in str(refused.value)


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"x": -Infinity}', "1e999", "[-1e400]"])
def test_a_number_that_is_not_finite_is_refused(text: str) -> None:
    with pytest.raises(JsonRefused, match="not a finite number"):
        loads(text)
    assert math.isnan(loads("NaN", finite=False))   # the codec names such a value at its field


# ---- every entry point that reads an operator's JSON ---------------------------------


def deep(depth: int = 100_000) -> str:
    return '{"format": 2, "id": "x", "background": ' + "[" * depth + "]" * depth + "}"


HOSTILE_SCENES = {
    "nested 100,000 deep": deep(),
    "a 5,000-digit number": '{"format": 2, "id": "x", "aspect": ' + "9" * 5000 + "}",
}


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    worker.join(DEADLINE)
    assert not worker.is_alive(), f"{argv} did not finish within {DEADLINE:g} s"
    assert result, f"{argv} raised (see the traceback above)"
    return result[0], capsys.readouterr().err


def scene_folder(tmp_path: Path, content: str) -> Path:
    folder = tmp_path / "scenes"
    folder.mkdir()
    (folder / "park.json").write_bytes((SCENES / "park.json").read_bytes())
    (folder / "hostile.json").write_text(content, encoding="utf-8")
    return folder


SCENE_COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "scenes list": lambda folder, script: ["scenes", "list", "--scenes", str(folder)],
    "scenes check": lambda folder, script: ["scenes", "check", "--scenes", str(folder)],
    "play --scenes": lambda folder, script: ["play", "--scenes", str(folder), "--script", str(script)],
}


@pytest.mark.parametrize("content", HOSTILE_SCENES.values(), ids=list(HOSTILE_SCENES))
@pytest.mark.parametrize("command", SCENE_COMMANDS)
def test_a_hostile_scene_file_is_one_line_naming_it(command: str, content: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = scene_folder(tmp_path, content)
    script = tmp_path / "game.jsonl"
    script.write_text('{"action": "scene", "id": "park"}\n', encoding="utf-8")
    code, err = run_cli(SCENE_COMMANDS[command](folder, script), capsys)
    lines = [line for line in err.splitlines() if "hostile.json" in line]
    assert code != 0 and len(lines) == 1, err
    assert "Traceback" not in err and ("deep" in lines[0] or "digits" in lines[0]), err


@pytest.mark.parametrize("content", [deep(), '{"written": 1' + "0" * 5000 + ', "interval_s": 2}',
                                     '{"written": 1e999, "interval_s": 2}'])
def test_a_hostile_status_file_is_one_line_naming_it(content: str, tmp_path: Path) -> None:
    status = tmp_path / "status.json"
    status.write_text(content, encoding="utf-8")
    answer = subprocess.run([sys.executable, "-m", "lastmessage", "status", "--file", str(status)],
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 1 and answer.stdout.count("\n") == 1 and str(status) in answer.stdout
    assert answer.stderr == ""


def journal_with_text_created(tmp_path: Path) -> Path:
    db = tmp_path / "games.sqlite"
    journal = Journal(db)
    journal.new_game(Rules())
    journal.new_game(Rules())
    journal.close()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE games SET created = 'yesterday, about noon' WHERE id = 1")
    raw.close()
    return db


def test_stats_on_a_journal_whose_created_is_text_skips_that_game_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = journal_with_text_created(tmp_path)
    code, err = run_cli(["stats", "--db", str(db), "--json"], capsys)
    assert code == 0 and "Traceback" not in err
    assert [line for line in err.splitlines() if "game 1" in line], err


def test_todays_games_on_a_journal_whose_created_is_text_counts_the_rest(tmp_path: Path) -> None:
    today = todays_games(journal_with_text_created(tmp_path))
    assert today is not None and today.games == 1 and today.skipped == 1


def test_set_pin_given_bytes_that_are_not_utf8_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "lastmessage", "set-pin", "--pin-path",
                           str(tmp_path / "operator-pin"), "--pin-file", "-"],
                          input=b"12\xff\xfe34\n", capture_output=True, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "UTF-8" in err, err
    assert not (tmp_path / "operator-pin").exists()
