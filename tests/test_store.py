"""The SQLite journal: every event kept in order, games told apart, resume by replay."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from lastmessage.rules.config import Rules
from lastmessage.rules.events import EndReason, GameOver, GameStarted, SecretChosen, Winner
from lastmessage.rules.game import Game
from lastmessage.scenes.model import load_scenes
from lastmessage.store import Journal, StoreError

SCENES = load_scenes(Path(__file__).resolve().parent / "fixtures" / "scenes")


def a_game(rules: Rules) -> Game:
    game = Game(rules, SCENES)
    game.start("park", 0)
    game.pick("park-baker", 0.5)
    game.flip(1)
    game.stroke([(0.1, 0.1), (0.9, 0.9)], 2.25)
    game.word(4, "Câine", 3)
    game.advance(40)
    game.erase([0, 1, 2, 3, 4], 41)
    return game


def test_a_journalled_game_replays_to_the_same_state(tmp_path: Path) -> None:
    rules = Rules(timer_seconds=25, fatal_from_round=4)
    game = a_game(rules)
    journal = Journal(tmp_path / "deep" / "journal.sqlite")
    game_id = journal.new_game(rules)
    for event in game.events:
        journal.append(game_id, event)
    journal.close()

    reopened = Journal(tmp_path / "deep" / "journal.sqlite")
    try:
        assert reopened.integrity_ok()
        stored = reopened.game(game_id)
        assert stored.events == game.events and not stored.finished
        assert reopened.unfinished_game() == game_id
        resumed = Game.replay(SCENES, stored.events)
        assert resumed.state() == game.state() and resumed.rules == rules
        # the resumed game goes on and is journalled after what was there
        for event in resumed.accuse("park-baker", 50):
            reopened.append(game_id, event)
        finished = reopened.game(game_id)
        assert finished.finished and finished.events[-1].type == "game_over"
        assert reopened.unfinished_game() is None
    finally:
        reopened.close()


def test_games_are_kept_apart_and_the_newest_unfinished_is_resumed(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite")
    try:
        first = journal.new_game(Rules())
        second = journal.new_game(Rules())
        journal.append(first, GameStarted(0, "park", Rules()))
        journal.append(second, GameStarted(0, "park", Rules()))
        journal.append(first, SecretChosen(1, "park-robot"))
        assert [e.type for e in journal.game(first).events] == ["game_started", "secret_chosen"]
        assert [e.type for e in journal.game(second).events] == ["game_started"]
        assert journal.unfinished_game() == second
        journal.append(second, GameOver(2, Winner.CRIMINAL, EndReason.NOT_FOUND, 4))
        assert journal.unfinished_game() == first
        with pytest.raises(StoreError):
            journal.game(99)
    finally:
        journal.close()


def test_a_second_connection_continues_the_sequence(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    one = Journal(path)
    game_id = one.new_game(Rules())
    one.append(game_id, GameStarted(0, "park", Rules()))
    one.close()
    two = Journal(path)
    two.append(game_id, SecretChosen(1, "park-robot"))
    assert [e.type for e in two.game(game_id).events] == ["game_started", "secret_chosen"]
    two.close()


def test_a_file_that_is_not_a_database_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="notes.sqlite"):
        Journal(path)


def test_events_are_committed_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    journal = Journal(path)
    game_id = journal.new_game(Rules())
    journal.append(game_id, GameStarted(0, "park", Rules()))
    # another connection sees it at once: nothing waits for a later commit
    other = sqlite3.connect(str(path))
    assert other.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1
    other.close()
    journal.close()


def test_a_journal_of_the_old_code_resumes_under_the_rules_kept_beside_its_game(tmp_path: Path) -> None:
    # Before game_started carried the rules, the journal kept them in the games row only.
    path = tmp_path / "old.sqlite"
    Journal(path).close()
    rules = Rules(timer_seconds=60, fatal_from_round=4)
    old = sqlite3.connect(str(path))
    with old:
        old.execute("INSERT INTO games (id, created, rules) VALUES (1, 0, ?)", (json.dumps(rules.to_mapping()),))
        for seq, line in enumerate(['{"type": "game_started", "t": 0.0, "scene": "park"}',
                                    '{"type": "secret_chosen", "t": 1.5, "character": "park-robot"}',
                                    '{"type": "timer_started", "t": 2.0, "round": 1, "seconds": 60}'], start=1):
            old.execute("INSERT INTO events (game_id, seq, event) VALUES (1, ?, ?)", (seq, line))
    old.close()
    journal = Journal(path)
    try:
        resumed = Game.replay(SCENES, journal.game(1).events)
    finally:
        journal.close()
    assert resumed.rules == rules and resumed.deadline == 62.0 and resumed.secret == "park-robot"


def test_a_damaged_event_is_refused_naming_the_game(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    journal = Journal(path)
    game_id = journal.new_game(Rules())
    journal.append(game_id, GameStarted(0, "park", Rules()))
    journal._db.execute("INSERT INTO events (game_id, seq, event) VALUES (?, 2, ?)",
                        (game_id, '{"type": "passed", "t": 3.0, "round": "two"}'))
    with pytest.raises(StoreError, match=f'game {game_id} has a damaged record: passed: "round" must be a whole number'):
        journal.game(game_id)
    journal.close()
