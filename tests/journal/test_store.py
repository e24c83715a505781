"""The SQLite journal: every event kept in order, games told apart, resume by replay."""

from __future__ import annotations

import json
import sqlite3
import shutil
import stat
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.rules.config import Rules
from lastmessage.journal.codec import decode_event
from lastmessage.rules.events import EndReason, GameOver, GameStarted, Passed, SecretChosen, Winner
from lastmessage.rules.game import Game
from lastmessage.scenegen.generate import GENERATOR
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.journal.store import SCHEMA_VERSION, Journal, JournalReader, JournalUnusable, JournalWriter, StoreError

SCENES = load_scenes(Path(__file__).resolve().parents[1] / "fixtures" / "scenes")
CATALOG = load_scenes(shipped_scenes_dir(), GENERATOR)


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


V0_JOURNAL = Path(__file__).resolve().parents[1] / "fixtures" / "journal"
"""demo-v0.sqlite: examples/demo.jsonl played with `--db` by the code before the schema
carried a version (commit 8f200fb); demo-v0-events.jsonl: its `--events` output. Its character
ids were then renamed to the people of scene format 2 (harbour-vampire -> harbour-p050,
harbour-ghost -> harbour-p120, as the demo now plays), so the games still replay."""


def test_a_journal_of_the_unversioned_schema_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    shutil.copyfile(V0_JOURNAL / "demo-v0.sqlite", path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (0,)
    played = [decode_event(line, rules=Rules())   # the demo is played under the default rules
              for line in (V0_JOURNAL / "demo-v0-events.jsonl").read_text().splitlines()]

    journal = Journal(path)
    try:
        assert journal.integrity_ok() and journal.unfinished_game() is None
        stored = journal.game(1)
        assert stored.finished and stored.events == played
        assert Game.replay(CATALOG, stored.events).events == stored.events
        game_id = journal.new_game(Rules())   # and it takes new games
        journal.append(game_id, stored.events[0])
    finally:
        journal.close()
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) and SCHEMA_VERSION >= 1
        assert raw.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'games_by_created'"
                           ).fetchone() == ("games_by_created",)
    finally:
        raw.close()
    reader = JournalReader(path)
    try:
        assert reader.games_since(0) == 2 and reader.games_since(time.time() + 60) == 0
    finally:
        reader.close()


def test_a_journal_of_a_newer_schema_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    Journal(path).close()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    with pytest.raises(JournalUnusable, match="newer"):
        Journal(path)


@pytest.mark.parametrize("foreign", [
    "CREATE TABLE games (name TEXT, score INTEGER)",
    "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)",
])
def test_another_programs_database_is_not_taken_for_a_journal(tmp_path: Path, foreign: str) -> None:
    path = tmp_path / "other.sqlite"
    raw = sqlite3.connect(path)
    raw.execute(foreign)
    raw.close()
    with pytest.raises(JournalUnusable, match="not a game journal"):
        Journal(path)
    raw = sqlite3.connect(path)
    try:   # untouched: none of our tables were added to it
        assert [name for (name,) in raw.execute("SELECT name FROM sqlite_master")] == [foreign.split()[2]]
    finally:
        raw.close()


def test_the_journal_and_the_folder_it_makes_are_private(tmp_path: Path) -> None:
    path = tmp_path / "new" / "games.sqlite"
    Journal(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_the_writer_journals_in_order_and_puts_an_abandoned_game_away(tmp_path: Path) -> None:
    game = a_game(Rules())
    journal = Journal(tmp_path / "j.sqlite")
    writer = JournalWriter(journal)
    for event in game.events:
        writer(event)
    writer.abandon()
    for event in game.events[:2]:
        writer(event)
    assert writer.close() == 0
    reopened = Journal(tmp_path / "j.sqlite")
    try:
        assert reopened.game(1).events == game.events
        assert reopened.game(2).events == game.events[:2]
        assert reopened.unfinished_game() == 2   # game 1 was put away
    finally:
        reopened.close()


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["start", "event", "abandon"]), max_size=16))
def test_whatever_the_app_hands_the_writer_reaches_the_journal_in_order(steps: list[str]) -> None:
    expected: list[tuple[list[float], int]] = []   # each game: the times of its events, finished flag
    in_game = False
    dropped = 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "j.sqlite"
        writer = JournalWriter(Journal(path))
        for t, step in enumerate(steps):
            if step == "abandon":
                writer.abandon()
                if in_game:
                    expected[-1] = (expected[-1][0], 2)
                in_game = False
                continue
            writer(GameStarted(t, "park", Rules()) if step == "start" else Passed(t, 1))
            if step == "start":
                expected.append(([], 0))
                in_game = True
            if in_game:
                expected[-1][0].append(float(t))
            else:
                dropped += 1   # no game started: nothing could resume it
        assert writer.close() == dropped
        raw = sqlite3.connect(path)
        try:
            games = raw.execute("SELECT id, finished FROM games ORDER BY id").fetchall()
            stored = [([float(json.loads(text)["t"]) for (text,) in raw.execute(
                "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,))], finished)
                for game_id, finished in games]
        finally:
            raw.close()
    assert stored == expected


def test_a_journal_path_with_a_nul_is_refused_not_raised(tmp_path: Path) -> None:
    """`[store] db` with a NUL gave `ValueError: embedded null byte` from `run`."""
    with pytest.raises(StoreError, match="cannot use this path"):
        Journal(tmp_path / "games\0.sqlite")
    with pytest.raises(StoreError, match="cannot use this path"):
        JournalReader(tmp_path / "games\0.sqlite")


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


def test_while_the_journal_refuses_writes_memory_holds_a_bounded_queue_of_whole_games(tmp_path: Path) -> None:
    """Past its ceiling the writer keeps no more of the game in progress nor of the
    games after it, until there is room for a game from its start."""
    path = tmp_path / "j.sqlite"
    game = a_game(Rules())                    # 7 events
    journal = Journal(path)
    writer = JournalWriter(journal, max_waiting=4)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")         # nothing can be written
    try:
        for event in game.events:             # 4 kept, 3 not
            writer(event)
        for event in game.events[:2]:         # a second game while the queue is full: not kept
            writer(event)
        assert writer.waiting == 4 and writer.dropped == 5
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert writer.wait_written(timeout=60)
    writer(game.events[1])                    # the rest of that second game: still not kept
    for event in game.events[:3]:             # a third game, from its start: kept
        writer(event)
    assert writer.close() == 6
    reopened = Journal(path)
    try:
        assert reopened.game(1).events == game.events[:4] and reopened.game(2).events == game.events[:3]
    finally:
        reopened.close()


def test_games_in_the_same_picture_share_one_kept_copy_of_their_scene(tmp_path: Path) -> None:
    """A museum plays the six shipped scenes all day: their copies are kept once each; a new
    crowd is a picture of its own. An id the catalog does not know is journalled without one."""
    from lastmessage.journal.scene_copy import unpack
    from lastmessage.scenegen.generate import scene_id_for

    fresh = scene_id_for("beach", 7)
    assert CATALOG.make(fresh) is not None   # as the app has a new crowd made before its game starts
    played = ["harbour", "beach", "harbour", fresh, "harbour", "nowhere"]
    writer = JournalWriter(Journal(tmp_path / "j.sqlite"), scenes=CATALOG)
    for scene_id in played:
        writer(GameStarted(0, scene_id, Rules()))
        writer(GameOver(1, Winner.CRIMINAL, EndReason.NOT_FOUND, 4))
    assert writer.wait_written(timeout=60)
    journal = writer.journal
    kept = [journal.game(game_id) for game_id in range(1, len(played) + 1)]
    assert journal._db.execute("SELECT COUNT(*) FROM scenes").fetchone() == (3,)
    for scene_id, record in zip(played[:-1], kept):
        assert record.scene_digest is not None and record.scene_data is not None
        assert unpack(record.scene_data, record.scene_digest, "test") == CATALOG[scene_id]
    assert kept[0].scene_digest == kept[2].scene_digest == kept[4].scene_digest != kept[1].scene_digest
    assert kept[-1].scene_digest is None and kept[-1].scene_data is None
    assert writer.close() == 0


@pytest.mark.parametrize("version", [0, 1])
def test_a_journal_repaired_with_dump_keeps_working_whatever_its_user_version_says(tmp_path: Path,
                                                                                  version: int) -> None:
    """Reproduction: `sqlite3 old .dump | sqlite3 new` loses user_version; the schema
    steps ran again and stopped run, sim and play with `duplicate column name: scene`."""
    old, new = tmp_path / "old.sqlite", tmp_path / "new.sqlite"
    journal = Journal(old)
    game_id = journal.new_game(Rules())
    journal.append(game_id, GameStarted(0.0, "park", Rules()))
    journal.close()
    dump = subprocess.run(["sqlite3", str(old), ".dump"], capture_output=True, check=True).stdout
    subprocess.run(["sqlite3", str(new)], input=dump + f"PRAGMA user_version = {version};".encode(),
                   check=True)
    journal = Journal(new)   # raised StoreError: duplicate column name: scene
    try:
        assert journal.integrity_ok()
        assert [e.type for e in journal.game(game_id).events] == ["game_started"]
        journal.append(journal.new_game(Rules()), GameStarted(0.0, "park", Rules()))
    finally:
        journal.close()
    raw = sqlite3.connect(new)
    try:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    finally:
        raw.close()
