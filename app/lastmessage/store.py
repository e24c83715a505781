"""The journal: every event of every game, on disk in SQLite, as it happens.

Each event is committed on its own (WAL mode, synchronous FULL), so a power
cut loses at most what was not yet an event (the stroke in progress). A game
is resumed by replaying its events (see rules.game.Game.replay).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

from lastmessage.codec import decode_event, decode_rules, encode_event, encode_rules
from lastmessage.rules.config import Rules
from lastmessage.rules.events import (
    Accused, CellsErased, EndReason, Event, EventError, GameOver, GameStarted, Passed, Rejected,
    SecretChosen, StrokeAdded, TimerStarted, TimeUp, Undone, Winner, WordAdded,
)

log = logging.getLogger(__name__)

LOCK_WAIT = 0.2   # seconds

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,             -- wall-clock time, for history only
    rules TEXT NOT NULL,               -- the rules variant as JSON
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StoreError(RuntimeError):
    """The database cannot be used (unreadable, not ours, or damaged)."""


@dataclass(frozen=True)
class JournalledGame:
    id: int
    events: list[Event]   # its `game_started` carries the rules it is played with
    finished: bool


@dataclass
class GameSummary:
    id: int
    created: float                  # wall-clock time the game was set up
    scene: str | None = None
    winner: Winner | None = None    # None: not finished (abandoned or still on)
    reason: EndReason | None = None
    rounds: int = 0
    seconds: float = 0.0            # game time at the end
    decisions: int = 0              # accusations and passes


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # A short wait for a lock: the game loop must not stall; a write that
            # cannot be made now is kept and made with the next event.
            self._db = sqlite3.connect(str(path), isolation_level=None, timeout=LOCK_WAIT)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"{path}: cannot open the game journal: {error}") from error
        self._seq: dict[int, int] = {}

    def new_game(self, rules: Rules) -> int:
        cursor = self._db.execute(
            "INSERT INTO games (created, rules) VALUES (?, ?)", (time.time(), encode_rules(rules)))
        game_id = cursor.lastrowid
        assert game_id is not None
        self._seq[game_id] = 0
        return game_id

    def append(self, game_id: int, event: Event) -> None:
        seq = self._seq.get(game_id)
        if seq is None:
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()
            seq = int(row[0])
        seq += 1
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO events (game_id, seq, event) VALUES (?, ?, ?)",
                             (game_id, seq, encode_event(event)))
            if isinstance(event, GameOver):
                self._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))
        self._seq[game_id] = seq

    def game(self, game_id: int) -> JournalledGame:
        row = self._db.execute("SELECT rules, finished FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"{self.path}: no game {game_id} in the journal")
        try:
            # Journals written before `game_started` carried the rules kept them beside the game.
            rules = decode_rules(row[0])
            events = [decode_event(text, rules=rules) for (text,) in self._db.execute(
                "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
            return JournalledGame(game_id, events, bool(row[1]))
        except ValueError as error:   # a damaged record (not JSON, not an event)
            raise StoreError(f"{self.path}: game {game_id} has a damaged record: {error}") from error

    def abandon(self, game_id: int) -> None:
        """A game ended by the service button: never resumed, counted as not finished."""
        self._db.execute("UPDATE games SET finished = 2 WHERE id = ?", (game_id,))

    def summaries(self) -> list[GameSummary]:
        """Every game in a few facts, without reading its ink (for `lastmessage stats`)."""
        games: dict[int, GameSummary] = {}
        for game_id, created in self._db.execute("SELECT id, created FROM games ORDER BY id"):
            games[game_id] = GameSummary(game_id, float(created))
        rows = self._db.execute(
            "SELECT game_id, event FROM events WHERE json_valid(event) AND "
            "json_extract(event, '$.type') IN ('game_started', 'accused', 'passed', 'game_over') "
            "ORDER BY game_id, seq")
        for game_id, text in rows:
            summary = games.get(game_id)
            if summary is None:
                continue
            try:
                event = decode_event(text, rules=Rules())   # the rules do not change a summary
            except EventError:
                continue   # a damaged record says nothing of its game
            match event:
                case GameStarted(scene=scene):
                    summary.scene = scene
                case Accused() | Passed():
                    summary.decisions += 1
                case GameOver(t=t, winner=winner, reason=reason, round=played):
                    summary.winner, summary.reason, summary.rounds, summary.seconds = winner, reason, played, t
                case (SecretChosen() | TimerStarted() | StrokeAdded() | WordAdded() | Undone() | TimeUp()
                      | CellsErased() | Rejected()):
                    pass   # not part of a summary (the query leaves them out)
                case _:
                    assert_never(event)
        return list(games.values())

    def unfinished_game(self) -> int | None:
        """The newest game that did not reach its end (to resume after a power cut)."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished = 0 ORDER BY id DESC LIMIT 1").fetchone()
        return int(row[0]) if row else None

    def integrity_ok(self) -> bool:
        return bool(self._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    def close(self) -> None:
        self._db.close()


class GameRecorder:
    """An app event sink: each game that starts gets a journal entry of its own,
    with the rules it is played with (`rules_of` asks the app at that moment).

    A journal that cannot be written (disk full, database locked) does not stop
    the game: the events wait here, in order, and go in with the next event
    once the journal takes them again.
    """

    def __init__(self, journal: Journal, rules_of: Callable[[], Rules]) -> None:
        self.journal = journal
        self.rules_of = rules_of
        self.game_id: int | None = None
        # Events not yet written, oldest first, each with the rules of the game
        # it starts (None: it belongs to the game before it).
        self.pending: list[tuple[Rules | None, Event]] = []
        self._failing = False

    def __call__(self, event: Event) -> None:
        if isinstance(event, Rejected):
            return
        starts = isinstance(event, GameStarted) or (self.game_id is None and not self.pending)
        self.pending.append((self.rules_of() if starts else None, event))
        self.flush()

    def flush(self) -> bool:
        """Write what waits; False (logged once) while the journal refuses it."""
        try:
            while self.pending:
                rules, event = self.pending[0]
                if rules is not None:
                    self.game_id = self.journal.new_game(rules)
                    self.pending[0] = (None, event)
                assert self.game_id is not None
                self.journal.append(self.game_id, event)
                self.pending.pop(0)
        except sqlite3.Error as error:
            if not self._failing:
                log.error("%s: cannot write the game journal (%s); the game goes on, "
                          "its events wait to be written", self.journal.path, error)
            self._failing = True
            return False
        if self._failing:
            log.warning("%s: the game journal is written again", self.journal.path)
        self._failing = False
        return True

    def abandon(self) -> None:
        """The current game was put away unfinished (service button): do not resume it."""
        if self.flush() and self.game_id is not None:
            try:
                self.journal.abandon(self.game_id)
            except sqlite3.Error as error:
                log.error("%s: cannot mark game %s as abandoned (%s)", self.journal.path, self.game_id, error)
        self.game_id = None
