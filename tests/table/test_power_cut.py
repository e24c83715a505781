"""A power cut, harder than kill -9: the journal's files copied at random instants
while another process commits, then resumed from each copy.

kill -9 keeps the operating system's page cache, so every write made before it
reaches the disk. A power cut keeps only what reached the card: here the bytes of
the database, its -wal and its -shm are copied while the writer keeps writing, so
a copy can hold a half-written WAL frame or a commit without its fsync, as the
card would after the power went. The bar: the copy passes SQLite's integrity
check, the game resumed from it is the game its events replay to, and at most the
event in flight is lost.
"""

from __future__ import annotations

import json
import os
import random
import select
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lastmessage.kiosk.device import _open_journal
from lastmessage.journal.codec import decode_event
from lastmessage.rules.events import Event
from lastmessage.rules.game import Game
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CATALOG = load_scenes(shipped_scenes_dir())
INSTANTS = 60

WRITER = """
import sys, time
from pathlib import Path
from lastmessage.journal.codec import decode_event
from lastmessage.rules.config import Rules
from lastmessage.journal.store import Journal

events = [decode_event(line) for line in Path(sys.argv[2]).read_text().splitlines()]
journal = Journal(Path(sys.argv[1]))
while True:
    game = journal.new_game(Rules())
    for event in events:
        journal.append(game, event)
        print(game, flush=True)   # after the commit: this event is durable
        time.sleep(0.005)   # a busy table's pace: the journal stays small enough to check whole
"""


@pytest.fixture(scope="module")
def demo_events(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "events.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    subprocess.run([sys.executable, "-m", "lastmessage", "play", "--script", str(EXAMPLES / "demo.jsonl"),
                    "--events", str(out)], check=True, env=env, capture_output=True, timeout=120)
    lines = out.read_text(encoding="utf-8").splitlines()
    out.write_text("".join(line + "\n" for line in lines if json.loads(line)["type"] != "rejected"),
                   encoding="utf-8")
    return out


def _checkpoint_marks(db: Path) -> bytes:
    """What a checkpoint or a WAL restart changes: the -wal header and the -shm's
    count of frames copied back (nBackfill, at byte 96)."""
    marks = b""
    for tail, start, end in (("-wal", 0, 32), ("-shm", 96, 100)):
        try:
            with open(f"{db}{tail}", "rb") as file:
                marks += file.read(end)[start:end]
        except FileNotFoundError:
            marks += b"-"
    return marks


def _snapshot(db: Path, into: Path) -> bool:
    """Copy the files as a power cut at this instant could leave them: the -wal
    before the database, so every page the copied database has from a checkpoint
    is also in the copied -wal. False if a checkpoint moved pages while copying
    (a mix no power cut leaves, since a checkpoint first syncs the -wal)."""
    before = _checkpoint_marks(db)
    into.mkdir()
    for tail in ("-wal", "", "-shm"):
        try:
            shutil.copyfile(f"{db}{tail}", into / f"{db.name}{tail}")
        except FileNotFoundError:
            pass
    return _checkpoint_marks(db) == before


def _committed(progress: list[str], stream: int) -> int:
    """Events the writer reported committed so far (a line each)."""
    while select.select([stream], [], [], 0)[0]:
        chunk = os.read(stream, 65536)
        if not chunk:
            break
        progress.append(chunk.decode())
    return "".join(progress).count("\n")


def test_a_copy_taken_at_any_instant_of_writing_resumes_losing_at_most_the_event_in_flight(
        tmp_path: Path, demo_events: Path) -> None:
    per_game = [decode_event(line) for line in demo_events.read_text().splitlines()]
    db = tmp_path / "games.sqlite"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(demo_events)],
                              stdout=subprocess.PIPE, env=env)
    assert writer.stdout is not None
    stream = writer.stdout.fileno()
    progress: list[str] = []
    chooser = random.Random(20261130)
    taken = 0
    try:
        while _committed(progress, stream) < 5:
            time.sleep(0.01)
        for attempt in range(INSTANTS * 3):
            if taken == INSTANTS:
                break
            time.sleep(chooser.uniform(0, 0.03))
            durable = _committed(progress, stream)
            copy = tmp_path / f"cut-{attempt}"
            if not _snapshot(db, copy):
                continue
            taken += 1
            _resume(copy / db.name, durable, per_game)
    finally:
        writer.kill()
        writer.wait()
    assert taken == INSTANTS


def _resume(copy: Path, durable: int, per_game: list[Event]) -> None:
    opened = _open_journal(copy)   # as the device does at start
    record = opened.record
    assert opened.notice is None and opened.trouble is None and opened.journal is not None
    try:
        assert opened.journal.integrity_ok()
    finally:
        opened.journal.close()
    raw = sqlite3.connect(copy)
    try:
        rows = raw.execute("SELECT game_id, seq, event FROM events ORDER BY game_id, seq").fetchall()
    finally:
        raw.close()
    assert len(rows) >= durable, f"{copy}: {durable} events were committed, the copy holds {len(rows)}"
    games: dict[int, list[Event]] = {}
    for game_id, seq, text in rows:
        games.setdefault(game_id, []).append(decode_event(text))
        assert seq == len(games[game_id])
    for events in games.values():   # in order, nothing invented
        assert events == per_game[:len(events)]
    if record is not None and record.events:   # the game in flight comes back as its events replay
        assert record.events == games[record.id] and not record.finished
        assert Game.replay(CATALOG, record.events).events == record.events
