"""`lastmessage play`: scripts to exactly the events of PLAY_SCRIPT.md, exit codes and messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lastmessage.cli import main
from lastmessage.rules.config import Rules
from lastmessage.journal.codec import decode_event, encode_event
from lastmessage.rules.game import Game
from lastmessage.scenes.model import load_scenes
from lastmessage.journal.store import Journal

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "tests" / "fixtures" / "scenes"
HOLD = 0.8   # play presses ACCUSE as a person does: held this long before it counts

START = [{"action": "scene", "id": "park"}, {"action": "pick", "character": "park-baker"}]
ROUND_1 = [*START, {"action": "flip"}, {"action": "wait", "seconds": 30}]
SUSPECT_1 = [*ROUND_1, {"action": "erase", "cells": [0, 1, 2, 3, 8]}]
STARTED = [
    {"type": "game_started", "t": 0.0, "scene": "park"},
    {"type": "secret_chosen", "t": 0.0, "character": "park-baker"},
]
TIMED = [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
         {"type": "time_up", "t": 30.0, "round": 1}]
ERASED = [*TIMED, {"type": "cells_erased", "t": 30.0, "round": 1, "cells": [0, 1, 2, 3, 8]}]


class Played:
    """What a play wrote. `events` are in the contract's shape; the rules each
    `game_started` carries (an extension of the contract) are kept in `rules`."""

    def __init__(self, code: int, lines: list[str], stderr: str, script: Path) -> None:
        self.code, self.stderr, self.script = code, stderr, script
        self.lines = lines
        self.events: list[dict[str, Any]] = [json.loads(line) for line in lines]
        self.rules = [e.pop("rules") for e in self.events if e["type"] == "game_started"]

    def without_messages(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if k != "message"} for e in self.events]


def play(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[Any], *extra: str,
         name: str = "script.jsonl") -> Played:
    script = tmp_path / name
    script.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n",
                      encoding="utf-8")
    out = tmp_path / "events.jsonl"
    code = main(["play", "--script", str(script), "--scenes", str(SCENES), "--events", str(out), *extra])
    captured = capsys.readouterr()
    lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
    return Played(code, lines, captured.err, script)


def rejected(action: str, reason: str, t: float = 0.0, round_number: int | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "rejected", "t": t, "action": action, "reason": reason}
    if round_number is not None:
        event["round"] = round_number
    return event


# ---- whole games ------------------------------------------------------------------

def test_bundled_example_plays_to_a_detectives_win(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "--script", str(ROOT / "examples" / "detectives-win.jsonl")])   # shipped scenes
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert events[-1]["type"] == "game_over"
    assert (events[-1]["winner"], events[-1]["reason"]) == ("detectives", "found")
    assert all(set(e) >= {"type", "t"} for e in events)


def test_every_event_type_of_a_full_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = play(tmp_path, capsys, [
        "# a comment", "", *START,
        {"action": "flip"}, {"action": "wait", "seconds": 2.5},
        {"action": "stroke", "points": [[0.1, 0.5], [0.9, 0.5]], "width": 0.024},
        {"action": "word", "cell": 4, "text": "  Pâine "}, {"action": "undo"},
        {"action": "screenshot", "name": "clues"},
        {"action": "wait", "seconds": 40}, {"action": "erase", "cells": [8, 0, 1, 2, 3]},
        {"action": "accuse", "character": "park-robot"},
        {"action": "flip"}, {"action": "wait", "seconds": 30}, {"action": "erase", "cells": [0, 1, 2, 3]},
        {"action": "pass"},
        {"action": "flip"}, {"action": "wait", "seconds": 30}, {"action": "erase", "cells": [0, 1, 2]},
        {"action": "accuse", "character": "park-ghost"},
    ])
    assert played.code == 0
    assert played.events == [
        *STARTED,
        {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
        {"type": "stroke_added", "t": 2.5, "round": 1, "cells": [3, 4, 5],
         "points": [[0.1, 0.5], [0.9, 0.5]], "width": 0.024},
        {"type": "word_added", "t": 2.5, "round": 1, "cell": 4, "text": "Pâine", "cells": [4]},
        {"type": "undone", "t": 2.5, "round": 1},
        {"type": "time_up", "t": 30.0, "round": 1},
        {"type": "cells_erased", "t": 42.5, "round": 1, "cells": [0, 1, 2, 3, 8]},
        {"type": "accused", "t": 42.5 + HOLD, "round": 1, "character": "park-robot", "correct": False},
        {"type": "timer_started", "t": 42.5 + HOLD, "round": 2, "seconds": 30},
        {"type": "time_up", "t": 72.5 + HOLD, "round": 2},
        {"type": "cells_erased", "t": 72.5 + HOLD, "round": 2, "cells": [0, 1, 2, 3]},
        {"type": "passed", "t": 72.5 + HOLD, "round": 2},
        {"type": "timer_started", "t": 72.5 + HOLD, "round": 3, "seconds": 30},
        {"type": "time_up", "t": 102.5 + HOLD, "round": 3},
        {"type": "cells_erased", "t": 102.5 + HOLD, "round": 3, "cells": [0, 1, 2]},
        {"type": "accused", "t": 102.5 + 2 * HOLD, "round": 3, "character": "park-ghost", "correct": False},
        {"type": "game_over", "t": 102.5 + 2 * HOLD, "winner": "criminal", "reason": "wrong_accusation",
         "round": 3},
    ]
    assert played.stderr.count("screenshot actions are skipped") == 1


def test_passing_every_round_ends_not_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[Any] = list(START)
    for count in (5, 4, 3, 2):
        lines += [{"action": "flip"}, {"action": "wait", "seconds": 30},
                  {"action": "erase", "cells": list(range(count))}, {"action": "pass"}]
    played = play(tmp_path, capsys, lines)
    assert played.code == 0
    assert [e["type"] for e in played.events].count("passed") == 4
    assert played.events[-1] == {"type": "game_over", "t": 120.0, "winner": "criminal",
                                 "reason": "not_found", "round": 4}


# ---- every reason code, through the command ---------------------------------------

REASON_CASES: dict[str, tuple[list[Any], list[dict[str, Any]], tuple[str, ...]]] = {
    "wrong_phase": ([*START, {"action": "accuse", "character": "park-robot"}],
                    [*STARTED, rejected("accuse", "wrong_phase", HOLD, round_number=1)], ()),
    "wrong_phase_before_scene": ([{"action": "flip"}, *START],
                                 [rejected("flip", "wrong_phase"), *STARTED], ()),
    "time_up": ([*ROUND_1, {"action": "stroke", "points": [[0.5, 0.5]]}],
                [*TIMED, rejected("stroke", "time_up", 30.0, 1)], ()),
    "time_up_dated_at_deadline": (
        [*START, {"action": "flip"}, {"action": "wait", "seconds": 29.5}, {"action": "wait", "seconds": 5},
         {"action": "word", "cell": 0, "text": "late"}],
        [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
         {"type": "time_up", "t": 30.0, "round": 1}, rejected("word", "time_up", 34.5, 1)], ()),
    "time_up_at_exactly_the_deadline": (
        [*START, {"action": "flip"}, {"action": "wait", "seconds": 29.999999},
         {"action": "stroke", "points": [[0.5, 0.5]]}, {"action": "wait", "seconds": 0.000001},
         {"action": "stroke", "points": [[0.5, 0.5]]}],
        [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
         {"type": "stroke_added", "t": 29.999999, "round": 1, "cells": [4], "points": [[0.5, 0.5]],
          "width": 0.012},
         {"type": "time_up", "t": 30.0, "round": 1}, rejected("stroke", "time_up", 30.0, 1)], ()),
    "repeated_word": ([*START, {"action": "flip"}, {"action": "word", "cell": 0, "text": "Câine"},
                       {"action": "word", "cell": 1, "text": "CAINE"}],
                      [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
                       {"type": "word_added", "t": 0.0, "round": 1, "cell": 0, "text": "Câine", "cells": [0]},
                       rejected("word", "repeated_word", round_number=1)], ()),
    "not_sentient": ([START[0], {"action": "pick", "character": "park-dog"}],
                     [STARTED[0], rejected("pick", "not_sentient")], ()),
    "unknown_character": ([*SUSPECT_1, {"action": "accuse", "character": "park-mayor"}],
                          [*ERASED, rejected("accuse", "unknown_character", 30.0, 1)], ()),
    "wrong_erase_count": ([*ROUND_1, {"action": "erase", "cells": [0, 1]}],
                          [*TIMED, rejected("erase", "wrong_erase_count", 30.0, 1)], ()),
    "invalid_cell": ([*ROUND_1, {"action": "erase", "cells": [0, 1, 2, 3, 9]}],
                     [*TIMED, rejected("erase", "invalid_cell", 30.0, 1)], ()),
    "text_disabled": ([*START, {"action": "flip"}, {"action": "word", "cell": 0, "text": "bread"}],
                      [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
                       rejected("word", "text_disabled", round_number=1)], ("allow_text = false",)),
    "nothing_to_undo": ([*START, {"action": "flip"}, {"action": "undo"}],
                        [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
                         rejected("undo", "nothing_to_undo", round_number=1)], ()),
    "pass_disabled": ([*SUSPECT_1, {"action": "pass"}],
                      [*ERASED, rejected("pass", "pass_disabled", 30.0, 1)], ("allow_pass = false",)),
    "invalid_word": ([*START, {"action": "flip"}, {"action": "word", "cell": 0, "text": "🍞"}],
                     [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
                      rejected("word", "invalid_word", round_number=1)], ()),
    "invalid_stroke": ([*START, {"action": "flip"}, {"action": "stroke", "points": [[0.5, 1.5]]}],
                       [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
                        rejected("stroke", "invalid_stroke", round_number=1)], ()),
    "invalid_cell_for_word": ([*START, {"action": "flip"}, {"action": "word", "cell": 9, "text": "bread"}],
                              [*STARTED, {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 30},
                               rejected("word", "invalid_cell", round_number=1)], ()),
}


@pytest.mark.parametrize("case", sorted(REASON_CASES))
def test_each_refusal_reason_through_play(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, expected, config_lines = REASON_CASES[case]
    extra: list[str] = []
    if config_lines:
        config = tmp_path / "rules.toml"
        config.write_text("[rules]\n" + "\n".join(config_lines) + "\n", encoding="utf-8")
        extra = ["--config", str(config)]
    played = play(tmp_path, capsys, lines, *extra)
    assert played.code == 0, played.stderr
    assert played.without_messages() == expected
    for event in played.events:
        if event["type"] == "rejected":
            assert isinstance(event["message"], str) and event["message"]


def test_every_reason_of_the_contract_is_exercised() -> None:
    reasons = {e["reason"] for _, expected, _ in REASON_CASES.values() for e in expected if e["type"] == "rejected"}
    assert reasons == {"wrong_phase", "time_up", "repeated_word", "not_sentient", "unknown_character",
                       "wrong_erase_count", "invalid_cell", "text_disabled", "nothing_to_undo",
                       "pass_disabled", "invalid_word", "invalid_stroke"}


# ---- malformed scripts: exit 2, one line naming the line, earlier events kept -------

@pytest.mark.parametrize("bad_line, problem", [
    ('{"action": "acuse", "character": "park-robot"}', 'unknown action "acuse"'),
    ('{"action": "accuse"', "not valid JSON"),
    ('[1, 2]', "must be a JSON object"),
    ('{"character": "park-robot"}', 'missing "action"'),
    ('{"action": "accuse"}', '"character"'),
    ('{"action": "stroke", "points": []}', '"points"'),
    ('{"action": "stroke", "points": [[0.5, "a"]]}', '"points"[0]'),
    ('{"action": "word", "cell": 1.5, "text": "x"}', '"cell"'),
    ('{"action": "word", "cell": 1}', '"text"'),
    ('{"action": "wait", "seconds": -1}', '"seconds"'),
    ('{"action": "wait", "seconds": NaN}', '"seconds"'),
    ('{"action": "wait", "seconds": 1e999}', '"seconds"'),
    ('{"action": "erase", "cells": "01234"}', '"cells"'),
    ('{"action": "screenshot", "name": "../x"}', '"name"'),
    ('{"action": "scene", "id": "moon"}', 'unknown scene "moon"'),
    ('{"action": "wait", "seconds": 1' + "0" * 400 + "}", "too large"),
    ('{"action": "stroke", "points": [[1' + "0" * 400 + ", 0]]}", "too large"),
])
def test_malformed_line_exits_2_naming_the_line_and_keeps_earlier_events(
        bad_line: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[Any] = ["# line 1", *START, {"action": "flip"}, {"action": "wait", "seconds": 1},
                        {"action": "stroke", "points": [[0.2, 0.2]]}, bad_line,
                        {"action": "word", "cell": 0, "text": "never"}]
    played = play(tmp_path, capsys, lines)
    assert played.code == 2
    message = played.stderr.strip()
    assert "\n" not in message
    assert message.startswith(f"{played.script}:7: ")
    assert problem in message
    assert [e["type"] for e in played.events] == ["game_started", "secret_chosen", "timer_started", "stroke_added"]


def test_the_contract_message_for_an_unknown_action(tmp_path: Path) -> None:
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join([json.dumps(a) for a in START] + ["{}"] * 4 +
                                ['{"action": "acuse", "character": "park-robot"}']).replace("{}", "") + "\n",
                      encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "lastmessage", "play", "--script", "script.jsonl", "--scenes", str(SCENES)],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        timeout=60)
    assert result.returncode == 2
    assert result.stderr == 'script.jsonl:7: unknown action "acuse"\n'
    assert [json.loads(line)["type"] for line in result.stdout.splitlines()] == ["game_started", "secret_chosen"]


def test_unknown_scene_is_malformed_even_when_a_game_is_running(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = play(tmp_path, capsys, [*START, {"action": "scene", "id": "moon"}])
    assert played.code == 2 and 'script.jsonl:3: unknown scene "moon"' in played.stderr
    assert played.events == STARTED


def test_unreadable_script_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "journal.sqlite"
    code = main(["play", "--script", str(tmp_path / "missing.jsonl"), "--scenes", str(SCENES), "--db", str(db)])
    err = capsys.readouterr().err
    assert code == 2 and "missing.jsonl" in err and err.count("\n") == 1
    journal = Journal(db)
    assert journal.unfinished_game() is None      # no empty game left to "resume"
    journal.close()
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b'{"action": "scene", "id": "park"}\n\xff\xfe\n')
    code = main(["play", "--script", str(binary), "--scenes", str(SCENES)])
    captured = capsys.readouterr()
    assert code == 2 and "binary.jsonl" in captured.err and "UTF-8" in captured.err
    code = main(["play", "--script", str(tmp_path), "--scenes", str(SCENES)])
    assert code == 2 and str(tmp_path) in capsys.readouterr().err


def test_bad_scenes_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps(START[0]) + "\n", encoding="utf-8")
    assert main(["play", "--script", str(script), "--scenes", str(tmp_path / "none")]) == 2
    assert "none" in capsys.readouterr().err


# ---- config ---------------------------------------------------------------------------

@pytest.mark.parametrize("toml, key", [
    ("[rules]\ntimer_seconds = 14\n", "rules.timer_seconds"),
    ("[rules]\ntimer_seconds = 121\n", "rules.timer_seconds"),
    ("[rules]\ntimer_seconds = true\n", "rules.timer_seconds"),
    ('[rules]\ntimer_seconds = "30"\n', "rules.timer_seconds"),
    ("[rules]\nerase_schedule = []\n", "rules.erase_schedule"),
    ("[rules]\nerase_schedule = [1, 1, 1, 1, 1, 1, 1, 1, 1]\n", "rules.erase_schedule"),
    ("[rules]\nerase_schedule = [5, -4, 3, 2]\n", "rules.erase_schedule[1]"),
    ("[rules]\nerase_schedule = [5, 4, 3, 9]\n", "rules.erase_schedule[3]"),
    ("[rules]\nfatal_from_round = 0\n", "rules.fatal_from_round"),
    ("[rules]\nfatal_from_round = 6\n", "rules.fatal_from_round"),
    ("[rules]\nrandom_key = 1\n", "rules.random_key"),
    ("[rules\n", "not valid TOML"),
    # play refuses every [hal] value run refuses, though it plays on simulated buttons
    ("[hal.discipline]\nhold_time = -1\n", "hal.discipline.hold_time"),
    ("[hal.discipline]\nhold_time = nan\n", "hal.discipline.hold_time"),
    ("[hal]\nleds = 0\n", "hal.leds"),
    ('[hal]\nserial_port = ""\n', "hal.serial_port"),
    ('[display]\nlanguage = ["en"]\n', "display.language"),
    ('[store]\ndb = "games\\u0000.sqlite"\n', "store.db"),
])
def test_bad_config_exits_2_naming_the_key(toml: str, key: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "bad.toml"
    config.write_text(toml, encoding="utf-8")
    played = play(tmp_path, capsys, START, "--config", str(config))
    assert played.code == 2
    assert key in played.stderr and "bad.toml" in played.stderr
    assert played.stderr.count("\n") == 1
    assert played.events == []


def test_config_variants_change_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "rules.toml"
    config.write_text("[rules]\ntimer_seconds = 15\nerase_schedule = [0]\nfatal_from_round = 2\n",
                      encoding="utf-8")
    played = play(tmp_path, capsys, [*START, {"action": "flip"}, {"action": "wait", "seconds": 100},
                                     {"action": "erase", "cells": []},
                                     {"action": "accuse", "character": "park-robot"}],
                  "--config", str(config))
    assert played.code == 0
    assert played.rules == [{"timer_seconds": 15, "erase_schedule": [0], "fatal_from_round": 2,
                             "allow_pass": True, "allow_text": True}]
    assert played.events[2:] == [
        {"type": "timer_started", "t": 0.0, "round": 1, "seconds": 15},
        {"type": "time_up", "t": 15.0, "round": 1},
        {"type": "cells_erased", "t": 100.0, "round": 1, "cells": []},
        {"type": "accused", "t": 100.0 + HOLD, "round": 1, "character": "park-robot", "correct": False},
        {"type": "game_over", "t": 100.0 + HOLD, "winner": "criminal", "reason": "not_found", "round": 1},
    ]


def test_the_configured_hold_time_times_the_scripted_accusation(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "slow.toml"
    config.write_text("[hal.discipline]\nhold_time = 1.5\n", encoding="utf-8")
    played = play(tmp_path, capsys, [*SUSPECT_1, {"action": "accuse", "character": "park-robot"}],
                  "--config", str(config))
    assert played.code == 0, played.stderr
    accused = [e for e in played.events if e["type"] == "accused"]
    assert [e["t"] for e in accused] == [30.0 + 1.5]   # held as long as the config asks, and counted


# ---- events replay; the journal -------------------------------------------------------

def test_events_output_replays_to_the_same_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = play(tmp_path, capsys, REASON_CASES["repeated_word"][0] + [
        {"action": "stroke", "points": [[0.0, 0.0], [1.0, 1.0]]}, {"action": "wait", "seconds": 40},
        {"action": "erase", "cells": [4, 5, 6, 7, 8]}, {"action": "pass"}])
    events = [decode_event(line) for line in played.lines]
    game = Game.replay(load_scenes(SCENES), events)   # rejected events are skipped
    assert game.round == 2 and [len(b.items) for b in game.boards] == [2]
    assert [encode_event(e) for e in game.events] == [line for line in played.lines if '"rejected"' not in line]


def test_db_journals_the_game_and_replays_to_the_same_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "journal.sqlite"
    config = tmp_path / "rules.toml"
    config.write_text("[rules]\ntimer_seconds = 20\n", encoding="utf-8")
    lines: list[Any] = [*START, {"action": "flip"}, {"action": "word", "cell": 0, "text": "x"},
                        {"action": "word", "cell": 1, "text": "X"}, {"action": "wait", "seconds": 25},
                        {"action": "erase", "cells": [0, 1, 2, 3, 4]}]
    first = play(tmp_path, capsys, lines, "--db", str(db), "--config", str(config))
    second = play(tmp_path, capsys, [*lines, {"action": "accuse", "character": "park-baker"}],
                  "--db", str(db), "--config", str(config))
    assert first.code == second.code == 0
    journal = Journal(db)
    try:
        assert journal.integrity_ok()
        assert journal.unfinished_game() == 1
        unfinished, finished = journal.game(1), journal.game(2)
        assert not unfinished.finished and finished.finished
        assert all(e.type != "rejected" for e in unfinished.events)
        assert [encode_event(e) for e in unfinished.events] == [
            line for line in first.lines if '"rejected"' not in line]
        rules = Rules(timer_seconds=20)
        assert first.rules == [rules.to_mapping()]
        live = Game(rules, load_scenes(SCENES))
        live.start("park", 0)
        live.pick("park-baker", 0)
        live.flip(0)
        live.word(0, "x", 0)
        live.advance(25)
        live.erase([0, 1, 2, 3, 4], 25)
        assert Game.replay(load_scenes(SCENES), unfinished.events).state() == live.state()
    finally:
        journal.close()


def test_a_line_longer_than_the_cap_stops_play_at_that_line(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A script line is read up to MAX_LINE_CHARS only: an endless line (/dev/zero
    copied into a file) cannot fill memory. A line of exactly the cap is read."""
    from lastmessage.scripting.script import MAX_LINE_CHARS
    at_cap = "#" + "x" * (MAX_LINE_CHARS - 1)
    played = play(tmp_path, capsys, [START[0], at_cap, START[1], at_cap + "x", {"action": "flip"}])
    assert played.code == 2
    assert played.stderr == (f"{played.script}:4: the line is longer than {MAX_LINE_CHARS:,} "
                             f"characters\n")
    assert played.events == STARTED


# ---- screenshots ------------------------------------------------------------------

def test_a_screenshot_shows_the_settled_monitor_or_the_moment_it_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without `at` the board in place with every square struck; with `at` the
    frame that long after the erasure (the first square being struck at 1.0 s);
    the same script gives the same pictures again."""
    shots = [{"action": "screenshot", "name": "settled"}, {"action": "screenshot", "name": "early", "at": 0.3},
             {"action": "screenshot", "name": "striking", "at": 1.0},
             {"action": "screenshot", "name": "again", "at": 0.3}]
    pictures = []
    for run in ("one", "two"):
        folder = tmp_path / run
        played = play(tmp_path, capsys, [*SUSPECT_1, *shots], "--screenshots", str(folder))
        assert played.code == 0
        pictures.append({shot["name"]: (folder / f"{shot['name']}-detective.png").read_bytes() for shot in shots})
    first, second = pictures
    assert first == second                                        # deterministic
    assert first["early"] == first["again"]                       # a moment, not the order of the shots
    assert len({first["settled"], first["early"], first["striking"]}) == 3
