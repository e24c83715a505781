"""The journal: every event of every game, on disk in SQLite, as it happens.

Each event is committed on its own (WAL mode, synchronous FULL), so a power
cut loses at most what was not yet an event (the stroke in progress). A game
is resumed by replaying its events (see rules.game.Game.replay). The commits
are made by a writer thread (JournalWriter), so a slow SD card never holds up
a frame; events reach the journal in the order they happened.
"""

from __future__ import annotations

import logging
import math
import os
import sqlite3
import stat
import threading
import time
import urllib.parse
from collections import deque
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

from lastmessage.journal.codec import decode_event, decode_rules, encode_event, encode_rules
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import shorten
from lastmessage.rules.events import (
    Accused, CellsErased, EndReason, Event, EventError, GameAbandoned, GameOver, GameStarted, IdleWarning, Passed,
    Rejected, SecretChosen, StrokeAdded, TimerStarted, TimeUp, Undone, Winner, WordAdded,
)
from lastmessage.journal.scene_copy import SceneCopy, pack
from lastmessage.scenes.model import Scene

log = logging.getLogger(__name__)

LOCK_WAIT = 1.0      # seconds a write waits for another process's lock (off the frame loop)
RETRY_AFTER = 1.0    # seconds between attempts while the journal refuses writes
CLOSE_WAIT = 10.0    # seconds `close` waits for the writer to write what is queued
MAX_WAITING = 1000   # events kept in memory while the journal refuses writes (about ten games)

BASE_SCHEMA = """
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
"""Schema version 0: the journals written before the schema carried a version."""

MIGRATIONS = (
    # 0 -> 1: the games of a day are counted without reading every game (status).
    "CREATE INDEX IF NOT EXISTS games_by_created ON games(created);",
    # 1 -> 2: each game keeps the scene it is played in (scene_copy.py), one copy per picture.
    """CREATE TABLE IF NOT EXISTS scenes (
        digest TEXT PRIMARY KEY,   -- SHA-256 of the scene's JSON
        data BLOB NOT NULL         -- that JSON, zlib-compressed
    );""",
)
"""Each step is SQL that may run again (IF NOT EXISTS); the columns a step adds are in
ADDED_COLUMNS, added only when the table lacks them. A journal repaired with
`sqlite3 old .dump | sqlite3 new` has the newest schema and user_version 0, so a step
never trusts the version alone."""
ADDED_COLUMNS: dict[int, tuple[str, str, str]] = {
    2: ("games", "scene", "TEXT"),   # the digest of its scene; NULL: a game of before
}
"""The schema version reached -> (table, column, type) that step adds."""
SCHEMA_VERSION = len(MIGRATIONS)
COLUMNS = {"games": {"id", "created", "rules", "finished"}, "events": {"game_id", "seq", "event"}}

DAMAGE = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
SET_ASIDE = "unusable"   # the word in the name of a journal that was set aside


class StoreError(RuntimeError):
    """The database cannot be used (unreadable, not ours, or damaged)."""


class JournalUnusable(StoreError):
    """Damaged, not SQLite, or another program's database: set it aside, start anew."""


class JournalRefused(StoreError):
    """The journal cannot be written now (disk full, read-only, locked by another
    program): the table plays on from memory and the writer tries again."""


def _is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite says the file itself is bad (not busy, full or read-only)."""
    return str(getattr(error, "sqlite_errorname", "")).startswith(DAMAGE)


def _refusal(path: Path, doing: str, error: sqlite3.Error) -> StoreError:
    kind = JournalUnusable if _is_damage(error) else JournalRefused
    return kind(f"{path}: {doing}: {error}")


def _uri(path: Path, option: str) -> str:
    """A file: URI SQLite opens with `option`; any file name, UTF-8 or not."""
    return f"file:{urllib.parse.quote(os.fsencode(path.resolve()))}?{option}"


def _check_kind(path: Path) -> None:
    """A FIFO would hang SQLite's first read and a device is not a journal: refuse
    them, as StoreError, before SQLite sees them."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except (OSError, ValueError) as error:   # ValueError: a NUL in the name
        raise StoreError(f"{str(path)!r}: cannot use this path for the game journal: {error}") from error
    if not stat.S_ISREG(mode):
        raise StoreError(f"{path}: not a file; the game journal is a SQLite file (give a file path)")


def _create_private(path: Path) -> None:
    """The journal holds who played what and when: only its owner may read it."""
    _check_kind(path)
    if not path.parent.is_dir():
        path.parent.mkdir(mode=0o700, parents=True)
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))


def _columns(db: sqlite3.Connection) -> dict[str, set[str]]:
    tables = [name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {name: {row[1] for row in db.execute(f'PRAGMA table_info("{name}")')} for name in tables}


def _check_ours(path: Path, db: sqlite3.Connection) -> int:
    """The schema version of our journal in `db` (-1: empty), or JournalUnusable."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    columns = _columns(db)
    if not columns:
        return -1
    for table, needed in COLUMNS.items():
        missing = needed - columns.get(table, set())
        if missing:
            raise JournalUnusable(f"{path}: not a game journal (no {table} table with "
                                  f"{', '.join(sorted(missing))}: another program's database)")
    if version > SCHEMA_VERSION:
        raise JournalUnusable(f"{path}: written by a newer lastmessage (journal schema {version}, "
                              f"this one knows up to {SCHEMA_VERSION})")
    return version


def _inspect(path: Path) -> int:
    """The schema version of the journal at `path` (-1: a new one), read what a
    start reads so that damage shows here. Read-only: a journal found unusable
    is left byte for byte as it was (a writer would checkpoint its -wal)."""
    try:
        db = sqlite3.connect(_uri(path, "mode=ro"), uri=True, timeout=LOCK_WAIT)
    except sqlite3.Error as error:
        raise _refusal(path, "cannot open the game journal", error) from error
    try:
        version = _check_ours(path, db)
        if version >= 0:
            db.execute("SELECT COUNT(*), MAX(id) FROM games WHERE finished = 0").fetchone()
            db.execute("SELECT MAX(game_id) FROM events").fetchone()
            db.execute("SELECT SUM(length(event)) FROM events WHERE game_id = "   # the game a start resumes
                       "(SELECT MAX(id) FROM games WHERE finished = 0)").fetchone()
        return version
    except sqlite3.Error as error:
        raise _refusal(path, "cannot open the game journal", error) from error
    finally:
        db.close()


def set_aside(path: Path) -> Path:
    """Rename the journal (and its -wal and -shm) out of the way, bytes untouched;
    returns its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    number = 0
    while True:
        aside = path.with_name(f"{path.stem}.{SET_ASIDE}-{stamp}{f'-{number}' if number else ''}{path.suffix}")
        if not any(Path(f"{aside}{tail}").exists() for tail in ("", "-wal", "-shm")):
            break
        number += 1
    try:
        for tail in ("-wal", "-shm", ""):   # the database last: its name is what a reader opens
            if Path(f"{path}{tail}").exists():
                os.replace(f"{path}{tail}", f"{aside}{tail}")
    except OSError as error:
        raise StoreError(f"{path}: cannot set the unusable journal aside: {error.strerror}") from error
    return aside


def set_aside_journals(path: Path) -> list[Path]:
    """Journals that were set aside beside `path`, oldest first (for the operator)."""
    return sorted(path.parent.glob(f"{path.stem}.{SET_ASIDE}-*{path.suffix}"))


@dataclass(frozen=True)
class JournalledGame:
    id: int
    events: list[Event]   # its `game_started` carries the rules it is played with
    finished: bool
    scene_digest: str | None = None   # the scene it is played in (None: journalled before scenes were kept)
    scene_data: bytes | None = None   # its copy (None with a digest: the copy is missing)


def _as_bytes(value: object) -> bytes:
    """A stored copy as the bytes it should be: SQLite gives a value of another type back as
    it was written (a copy damaged into text or a number is refused when unpacked)."""
    if isinstance(value, bytes):
        return value
    return str(value).encode("utf-8", "surrogatepass")


def _read_game(path: Path, db: sqlite3.Connection, game_id: int) -> JournalledGame:
    try:
        row = db.execute("SELECT games.rules, games.finished, games.scene, scenes.data FROM games "
                         "LEFT JOIN scenes ON scenes.digest = games.scene WHERE games.id = ?",
                         (game_id,)).fetchone()
        texts = [text for (text,) in db.execute(
            "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
    except sqlite3.Error as error:
        raise _refusal(path, f"cannot read game {game_id}", error) from error
    if row is None:
        raise StoreError(f"{path}: no game {game_id} in the journal")
    try:
        # Journals written before `game_started` carried the rules kept them beside the game.
        rules = decode_rules(row[0])
        events = [decode_event(text, rules=rules) for text in texts]
    except ValueError as error:   # a damaged record (not JSON, not an event)
        raise StoreError(f"{path}: game {game_id} has a damaged record: {error}") from error
    digest, data = row[2], row[3]
    return JournalledGame(game_id, events, bool(row[1]), None if digest is None else str(digest),
                          None if data is None else _as_bytes(data))


def _unfinished_game(path: Path, db: sqlite3.Connection) -> int | None:
    try:
        row = db.execute("SELECT id FROM games WHERE finished = 0 ORDER BY id DESC LIMIT 1").fetchone()
    except sqlite3.Error as error:
        raise _refusal(path, "cannot read the game journal", error) from error
    return int(row[0]) if row else None


class Journal:
    """The journal, open for writing. Safe to share between the app's thread and
    the writer thread: each call holds the connection alone."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        _check_kind(path)   # not a file: a wrong path, said at start (not a refusal to wait out)
        try:
            _create_private(path)
            version = _inspect(path)
            self._db = sqlite3.connect(os.fsencode(path), isolation_level=None, timeout=LOCK_WAIT,
                                       check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            raise JournalRefused(f"{path}: cannot open the game journal: {error}") from error
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._migrate(version)
        except sqlite3.Error as error:
            self._db.close()
            raise _refusal(path, "cannot open the game journal", error) from error
        self._seq: dict[int, int] = {}

    def _migrate(self, version: int) -> None:
        """Bring the schema to SCHEMA_VERSION, whatever parts of it the journal has already."""
        if version == SCHEMA_VERSION:
            return
        # A new journal is made in one transaction (a disk with little room left takes it
        # whole or not at all); an older one is brought up one step per transaction.
        todo = list(range(max(0, version) + 1, SCHEMA_VERSION + 1))
        for batch in [todo] if version < 0 else [[reached] for reached in todo]:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql in ([BASE_SCHEMA] if version < 0 else []) + [MIGRATIONS[step - 1] for step in batch]:
                    for statement in sql.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                for step in batch:
                    table, column, kind = ADDED_COLUMNS.get(step, ("", "", ""))
                    if table and column not in _columns(self._db).get(table, set()):
                        self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                reached = batch[-1]
                self._db.execute(f"PRAGMA user_version = {reached}")
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            if version >= 0:
                log.info("%s: journal schema brought to version %s", self.path, reached)

    @contextmanager
    def _alone(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._db

    def new_game(self, rules: Rules, scene: SceneCopy | None = None) -> int:
        """A game row, with the copy of its scene unless the journal has it already."""
        with self._alone() as db:
            try:
                db.execute("BEGIN")
                if scene is not None:
                    db.execute("INSERT OR IGNORE INTO scenes (digest, data) VALUES (?, ?)",
                               (scene.digest, scene.data))
                cursor = db.execute("INSERT INTO games (created, rules, scene) VALUES (?, ?, ?)",
                                    (time.time(), encode_rules(rules), scene.digest if scene else None))
                db.execute("COMMIT")
            except sqlite3.Error:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        game_id = cursor.lastrowid
        assert game_id is not None
        self._seq[game_id] = 0
        return game_id

    def append(self, game_id: int, event: Event) -> None:
        """One event, one durable commit."""
        text = encode_event(event)
        with self._alone() as db:
            seq = self._seq.get(game_id)
            if seq is None:
                row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?",
                                 (game_id,)).fetchone()
                seq = int(row[0])
            seq += 1
            try:
                db.execute("BEGIN")
                db.execute("INSERT INTO events (game_id, seq, event) VALUES (?, ?, ?)", (game_id, seq, text))
                if isinstance(event, GameOver):
                    db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))
                db.execute("COMMIT")
            except sqlite3.Error:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            self._seq[game_id] = seq

    def game(self, game_id: int) -> JournalledGame:
        with self._alone() as db:
            return _read_game(self.path, db, game_id)

    def abandon(self, game_id: int) -> None:
        """A game put away unfinished (idle, service): never resumed, counted as not finished."""
        with self._alone() as db:
            db.execute("UPDATE games SET finished = 2 WHERE id = ?", (game_id,))

    def unfinished_game(self) -> int | None:
        """The newest game that did not reach its end (to resume after a power cut)."""
        with self._alone() as db:
            return _unfinished_game(self.path, db)

    def integrity_ok(self) -> bool:
        with self._alone() as db:
            return bool(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    def close(self) -> None:
        with self._alone() as db:
            db.close()


@dataclass
class _Entry:
    event: Event | None          # None: put the current game away (abandon), or set the journal aside
    rules: Rules | None = None   # the rules of the game this event starts
    scene: Scene | None = None   # and the scene it is played in (packed on the writer thread)
    set_aside: str | None = None   # why the journal is set aside for a fresh one (with event None)


class JournalWriter:
    """An app event sink: each game that starts gets a journal entry of its own,
    with the rules its `game_started` carries (kept beside the game too, so
    `stats` can read them without decoding events). An event that comes with no
    game started is not journalled (counted as dropped): no game could resume it.

    The app's thread only queues; a thread of its own commits, in order, one
    event per commit. A journal that cannot be written (disk full, database
    locked, a read-only filesystem) does not stop the game: the events wait in
    the queue and are retried every RETRY_AFTER seconds; `close` says how many
    never got in. Given a path instead of an open journal (it could not be
    opened at start, `trouble` says why), the writer opens it at the first try
    that succeeds.
    Memory has a ceiling: past `max_waiting` events, the rest of that game and
    the games after it are not kept until the queue has room for a new game
    (a game is journalled from its start or not at all).

    `scenes`: where the scene a `game_started` names is found (the app's catalog),
    so that the game keeps a copy of it (scene_copy.py); without it, or for a scene
    it does not know, the game is journalled without one.
    """

    def __init__(self, journal: Journal | Path, *, game_id: int | None = None,
                 max_waiting: int = MAX_WAITING, scenes: Mapping[str, Scene] | None = None,
                 trouble: str | None = None, notice: str | None = None) -> None:
        self._journal = journal if isinstance(journal, Journal) else None   # the writer thread's
        self.path = journal.path if isinstance(journal, Journal) else journal
        self._scenes = scenes
        self.trouble = trouble             # why the journal refuses writes now (None: it does not)
        self.notice = notice               # for the operator: this journal replaced one set aside
        self.telling = notice is not None  # the monitor says so (until the next game starts)
        self._game_id = game_id            # the writer thread's
        self._in_game = game_id is not None   # the app thread's
        self._queue: deque[_Entry] = deque()
        self._max_waiting = max_waiting
        self._dropping = False             # the app thread's: events are not kept until a game starts
        self.dropped = 0                   # events not kept (the queue was full)
        self._changed = threading.Condition()
        self._closing = False
        self._thread = threading.Thread(target=self._work, name="journal-writer", daemon=True)
        self._thread.start()

    @property
    def journal(self) -> Journal:
        """The journal it writes (StoreError while it could not be opened yet)."""
        journal = self._journal
        if journal is None:
            raise StoreError(f"{self.path}: the game journal is not open ({self.trouble})")
        return journal

    def __call__(self, event: Event) -> None:
        match event:
            case Rejected() | IdleWarning():
                return   # not a change of the game
            case GameAbandoned():
                self.abandon()
            case GameStarted(rules=rules, scene=scene_id):
                self._in_game = True
                self.telling = False
                scene = self._scenes.get(scene_id) if self._scenes is not None else None
                if scene is None and self._scenes is not None:
                    log.warning("%s: scene %r is not in the catalog; its game is journalled without "
                                "a copy of it", self.path, scene_id)
                self._put(_Entry(event, rules, scene))
            case _ if self._in_game:
                self._put(_Entry(event))
            case _:
                if not self.dropped:
                    log.error("%s: an event came with no game started; it is not journalled",
                              self.path)
                self.dropped += 1

    def abandon(self) -> None:
        """The current game was put away unfinished (`game_abandoned`): do not resume it."""
        self._in_game = False
        self._put(_Entry(None))

    def set_aside(self, reason: str) -> None:
        """The journal cannot be played from (`reason`): once what is queued is written,
        set it aside (bytes kept, set_aside) and go on in a fresh one. The current game
        is not journalled further (the app starts a new one)."""
        self._in_game = False
        self.telling = True
        with self._changed:   # never dropped for a full queue: it is what lets the queue go
            self._queue.append(_Entry(None, set_aside=reason))
            self._changed.notify_all()

    def _put(self, entry: _Entry) -> None:
        with self._changed:
            full = len(self._queue) >= self._max_waiting
            if full or (self._dropping and entry.rules is None):
                if not self._dropping:
                    log.error("%s: %s events wait for the journal; the rest of this game is not kept",
                              self.path, len(self._queue))
                self._dropping = True
                if entry.event is not None:
                    self.dropped += 1
                return
            self._dropping = False
            self._queue.append(entry)
            self._changed.notify_all()

    @property
    def waiting(self) -> int:
        """Events queued and not yet committed."""
        with self._changed:
            return sum(1 for entry in self._queue if entry.event is not None)

    def wait_written(self, timeout: float | None = None) -> bool:
        """Block until the queue is empty (False if `timeout` passed first)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._queue, timeout)

    def close(self, timeout: float = CLOSE_WAIT) -> int:
        """Write what is queued (one more try if the journal refuses it), close the
        journal, and return how many events were not journalled."""
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        self._thread.join(timeout)
        lost = self.waiting + self.dropped
        if not self._thread.is_alive() and self._journal is not None:
            self._journal.close()
        return lost

    def _work(self) -> None:
        while True:
            with self._changed:
                # A journal refused at start is retried with nothing queued too, so the
                # trouble ends when it can be written, not at the next event.
                self._changed.wait_for(lambda: self._queue or self._closing or self._reopening())
                if not self._queue and self._closing:
                    return
                entry, closing = (self._queue[0] if self._queue else None), self._closing
            try:
                if entry is None:
                    self._journal = self._open()
                else:
                    self._write(entry)
            except (sqlite3.Error, StoreError) as error:
                self._refused(error)
                if closing:
                    return
                with self._changed:
                    self._changed.wait_for(lambda: self._closing, RETRY_AFTER)
                continue
            if self.trouble is not None:
                log.warning("%s: the game journal is written again", self.path)
                self.trouble = None
            if entry is None:
                continue
            with self._changed:
                self._queue.popleft()
                self._changed.notify_all()

    def _open(self) -> Journal:
        """The journal, opened again; a damaged one found here (it could not be set aside at
        start: a read-only folder) is set aside now, bytes kept, for a fresh one. While the
        folder still refuses the rename, StoreError: tried again later."""
        try:
            return Journal(self.path)
        except JournalUnusable as unusable:
            aside = set_aside(self.path)
            self.notice = f"{unusable}; set aside as {aside.name} (bytes kept), a new journal was started"
            self.telling = True
            log.error("%s", self.notice)
            return Journal(self.path)

    def _reopening(self) -> bool:
        """The journal could not be opened (at start, or after a set-aside) and is tried again."""
        return self._journal is None and self.trouble is not None

    def _write(self, entry: _Entry) -> None:
        if entry.set_aside is not None:
            self._set_aside(entry.set_aside)
            return
        journal = self._journal
        if journal is None:   # not open yet (it could not be at start): every try opens it
            journal = self._journal = self._open()
        if entry.event is None:
            if self._game_id is not None:
                journal.abandon(self._game_id)
            self._game_id = None
            return
        if entry.rules is not None:
            self._game_id = journal.new_game(entry.rules, pack(entry.scene) if entry.scene else None)
            entry.rules = None   # a retry appends to this game, it does not start another
        assert self._game_id is not None
        journal.append(self._game_id, entry.event)

    def _set_aside(self, reason: str) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None   # the next entry opens a fresh one
        self._game_id = None
        if not self.path.exists():
            return
        try:
            aside = set_aside(self.path)
        except StoreError as error:   # it cannot be renamed: it is written on, as it is
            log.error("%s; %s", reason, error)
            return
        self.notice = f"{reason}; set aside as {aside.name} (bytes kept), a new journal was started"
        log.error("%s", self.notice)

    def _refused(self, error: sqlite3.Error | StoreError) -> None:
        if self.trouble is None:
            log.error("%s: cannot write the game journal (%s); the game goes on, "
                      "its events wait to be written", self.path, error)
        self.trouble = str(error)


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


class JournalReader:
    """The journal opened read-only, for `stats` and `status`: it never writes,
    so it works on a read-only file or folder, beside a running device."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.skipped: list[str] = []   # what could not be read, one line each
        self._db: sqlite3.Connection | None = None
        _check_kind(path)
        try:
            try:
                self._db = self._connect("mode=ro")
            except sqlite3.OperationalError as error:
                if _is_damage(error):
                    raise
                # A read-only folder: SQLite cannot make the -shm file a WAL reader needs.
                self._db = self._connect("immutable=1")
                wal = Path(f"{path}-wal")
                if wal.exists() and wal.stat().st_size:
                    self.skipped.append(f"{wal}: the newest events, not yet moved into the journal "
                                        f"(the folder is read-only: {error})")
            _check_ours(path, self._db)
        except sqlite3.Error as error:
            self.close()
            raise _refusal(path, "cannot read the game journal", error) from error
        except StoreError:
            self.close()
            raise

    def _connect(self, option: str) -> sqlite3.Connection:
        if self._db is not None:
            self._db.close()
        db = sqlite3.connect(_uri(self.path, option), uri=True, timeout=LOCK_WAIT)
        db.row_factory = sqlite3.Row
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _rows(self, what: str, query: str, *args: object) -> Iterator[sqlite3.Row]:
        """The rows of `query` up to the first it cannot read (that one is noted)."""
        assert self._db is not None
        try:
            yield from self._db.execute(query, args)
        except sqlite3.Error as error:
            self.skipped.append(f"{what}: {error}")

    def summaries(self) -> list[GameSummary]:
        """Every game in a few facts, without reading its ink (for `lastmessage stats`)."""
        before = len(self.skipped)
        games = []
        for game_id, created in self._rows("games", "SELECT id, created FROM games ORDER BY id"):
            # A value of another type comes back as it was written ("created" damaged into text).
            if isinstance(created, bool) or not isinstance(created, (int, float)) or not math.isfinite(created):
                self.skipped.append(f"game {game_id}: its time is not a time ({shorten(repr(created))})")
                before += 1
                continue
            games.append(GameSummary(int(game_id), float(created)))
        if len(self.skipped) > before:
            self.skipped[-1] += f" (after game {games[-1].id})" if games else " (no game could be read)"
        for summary in games:
            self._summarise(summary)
        return games

    def _summarise(self, summary: GameSummary) -> None:
        damaged = 0
        for (text,) in self._rows(f"game {summary.id}", "SELECT event FROM events WHERE game_id = ? AND "
                                  "(NOT json_valid(event) OR json_extract(event, '$.type') IN "
                                  "('game_started', 'accused', 'passed', 'game_over')) ORDER BY seq",
                                  summary.id):
            try:
                event = decode_event(text, rules=Rules())   # the rules do not change a summary
            except EventError:
                damaged += 1
                continue
            match event:
                case GameStarted(scene=scene):
                    summary.scene = scene
                case Accused() | Passed():
                    summary.decisions += 1
                case GameOver(t=t, winner=winner, reason=reason, round=played):
                    summary.winner, summary.reason, summary.rounds, summary.seconds = winner, reason, played, t
                case (SecretChosen() | TimerStarted() | StrokeAdded() | WordAdded() | Undone() | TimeUp()
                      | CellsErased() | Rejected() | GameAbandoned() | IdleWarning()):
                    pass   # not part of a summary (the query leaves them out)
                case _:
                    assert_never(event)
        if damaged:
            self.skipped.append(f"game {summary.id}: {damaged} damaged record(s)")

    def unfinished(self) -> JournalledGame | None:
        """The newest game that did not reach its end, read-only (to resume it while
        the journal cannot be written: a full disk, a read-only filesystem)."""
        assert self._db is not None
        game_id = _unfinished_game(self.path, self._db)
        return _read_game(self.path, self._db, game_id) if game_id is not None else None

    def games_since(self, since: float) -> int:
        """Games set up at or after wall-clock time `since` (games today, for status)."""
        rows = list(self._rows("games", "SELECT COUNT(*) FROM games WHERE created >= ? AND typeof(created) IN ('integer', 'real')", since))
        return int(rows[0][0]) if rows else 0

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
