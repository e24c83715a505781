"""`play --db`: a journal that cannot be written makes play exit 3, naming how
many events were not journalled; the events themselves are all written out."""

from __future__ import annotations

import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lastmessage.journal.codec import encode_event
from lastmessage.journal.store import Journal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DEMO_EVENTS = 30   # the events of examples/demo.jsonl, none refused


def play(db: Path, out: Path, preexec: Callable[[], None] | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "lastmessage", "play", "--script", str(EXAMPLES / "demo.jsonl"),
                           "--db", str(db), "--events", str(out)],
                          capture_output=True, text=True, env=env, timeout=120, preexec_fn=preexec)


def journalled(db: Path) -> int:
    journal = Journal(db)
    try:
        assert journal.integrity_ok()
        return len(journal.game(1).events)
    finally:
        journal.close()


def test_a_disk_that_fills_mid_game_makes_play_exit_3_naming_the_events_lost(tmp_path: Path) -> None:
    """Reproduction: 4 of 24 events written, a log line that they "wait to be
    written", and exit 0. The file size limit is a disk that is full at 110 kB: the game's first
    commit carries the copy of its scene (about 32 kB: scene_copy.py), and a generator's new
    harbour 0.3 kB bigger left it no room at 90 kB; at 110 kB three of the game's commits fit."""
    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails, as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (110_000, 110_000))

    db, out = tmp_path / "games.sqlite", tmp_path / "events.jsonl"
    result = play(db, out, small_disk)
    assert result.returncode == 3, result.stderr
    assert "Traceback" not in result.stderr
    kept = journalled(db)
    assert 0 < kept < DEMO_EVENTS
    assert result.stderr.splitlines()[-1] == (f"lastmessage: {db}: {DEMO_EVENTS - kept} event(s) were not "
                                              "journalled (disk I/O error)")
    assert len(out.read_text(encoding="utf-8").splitlines()) == DEMO_EVENTS   # the events file has them all


def test_a_journal_another_process_holds_makes_play_exit_3(tmp_path: Path) -> None:
    """Reproduction: 0 of 7 events written and exit 0."""
    db, out = tmp_path / "games.sqlite", tmp_path / "events.jsonl"
    Journal(db).close()
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = play(db, out)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.returncode == 3, result.stderr
    assert result.stderr.splitlines()[-1] == (f"lastmessage: {db}: {DEMO_EVENTS} event(s) were not "
                                              "journalled (database is locked)")
    assert [json.loads(line)["type"] for line in out.read_text(encoding="utf-8").splitlines()][-1] == "game_over"
    raw = sqlite3.connect(db)
    try:
        assert raw.execute("SELECT COUNT(*) FROM events").fetchone() == (0,)
    finally:
        raw.close()


def test_a_journal_that_takes_every_event_exits_0(tmp_path: Path) -> None:
    db, out = tmp_path / "games.sqlite", tmp_path / "events.jsonl"
    result = play(db, out)
    assert result.returncode == 0, result.stderr
    assert journalled(db) == DEMO_EVENTS


def test_sigterm_mid_game_writes_what_is_queued_before_play_goes(tmp_path: Path) -> None:
    """systemd and `kill` stop with SIGTERM: the queue is written first, so the
    journal holds every event written out (but the one being handed over)."""
    db, out = tmp_path / "games.sqlite", tmp_path / "events.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "lastmessage", "play", "--script",
                                str(EXAMPLES / "demo.jsonl"), "--db", str(db), "--events", str(out)],
                               env=env, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while (not out.exists() or len(out.read_text(encoding="utf-8").splitlines()) < 8) and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert "Traceback" not in stderr
    written = [event for event in map(json.loads, out.read_text(encoding="utf-8").splitlines())
               if event["type"] != "rejected"]
    if process.returncode == 0:
        pytest.skip("the game ended before the signal came")
    assert process.returncode == 128 + signal.SIGTERM
    journal = Journal(db)
    try:
        kept = [json.loads(encode_event(event)) for event in journal.game(1).events]
    finally:
        journal.close()
    assert kept == written[:len(kept)] and len(kept) >= len(written) - 1


def _path_of(kind: str, tmp_path: Path) -> Path:
    if kind == "FIFO":
        fifo = tmp_path / "games.sqlite"
        os.mkfifo(fifo)
        return fifo
    return tmp_path if kind == "folder" else Path("/dev/full")


@pytest.mark.parametrize("kind", ["FIFO", "folder", "/dev/full"])
@pytest.mark.parametrize("command", ["play", "stats"])
def test_a_db_path_that_is_not_a_file_is_refused_in_one_line(tmp_path: Path, kind: str, command: str) -> None:
    """A FIFO hung SQLite's first read (and `play` with it)."""
    db = _path_of(kind, tmp_path)
    args = ["--script", str(EXAMPLES / "demo.jsonl"), "--events", os.devnull] if command == "play" else []
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "lastmessage", command, "--db", str(db), *args],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].endswith(f"{db}: not a file; the game journal is a SQLite file "
                                                   "(give a file path)")


def test_a_journal_name_that_is_not_utf8_is_used_as_it_is(tmp_path: Path) -> None:
    db = Path(os.fsdecode(bytes(tmp_path) + b"/jurnal-\xff.sqlite"))
    out = tmp_path / "events.jsonl"
    result = play(db, out)
    assert result.returncode == 0, result.stderr
    assert journalled(db) == DEMO_EVENTS
