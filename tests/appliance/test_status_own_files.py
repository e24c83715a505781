"""The status file is the device's own: whatever else is at its path (a journal,
a character device, a link, a folder, a FIFO, someone's notes) is never written
over nor removed; a refusal is one line naming the path and what to do. On exit
the file is removed only if it is still the one the device wrote.

Reading a status file never blocks or reads without end (a FIFO, /dev/zero), and
a file whose times are not finite is not taken for a running device."""

from __future__ import annotations

import json
import logging
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lastmessage.journal.store import Journal
from lastmessage.kiosk.status import StatusBoard, StatusPublisher, StatusUnavailable, read_status
from lastmessage.kiosk.status_sources import games_today
from lastmessage.rules.config import Rules

DEADLINE = 20.0


def journal(path: Path) -> None:
    Journal(path).close()


def char_device(path: Path) -> None:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))   # what /dev/null is


def link_to_notes(path: Path) -> None:
    (path.parent / "notes.txt").write_text("the staff's notes\n")
    path.symlink_to(path.parent / "notes.txt")


FOREIGN: dict[str, Callable[[Path], None]] = {
    "a journal": journal,
    "a character device": char_device,
    "a link to another file": link_to_notes,
    "a folder": lambda path: path.mkdir(),
    "a FIFO": lambda path: os.mkfifo(path),
    "someone's notes": lambda path: path.write_text("the staff's notes\n"),
    "other JSON": lambda path: path.write_text('{"phase": "not ours"}\n'),
}


def fingerprint(path: Path) -> tuple[int, int, int, bytes]:
    status = path.lstat()
    content = path.read_bytes() if stat.S_ISREG(status.st_mode) else b""
    return status.st_mode, status.st_ino, status.st_size, content


def publisher(path: Path) -> StatusPublisher:
    board = StatusBoard()
    board.add("phase", lambda: "idle")
    return StatusPublisher(board, path, interval=1.0)


@pytest.mark.parametrize("kind", FOREIGN)
def test_what_is_not_our_status_file_is_never_written_nor_removed(
        kind: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "status.json"
    FOREIGN[kind](path)
    before = fingerprint(path)
    status = publisher(path)
    status.publish()
    status.publish()
    status.remove()
    assert fingerprint(path) == before
    refusals = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(refusals) == 1 and str(path) in refusals[0] and "\n" not in refusals[0], refusals
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no temporary left


def test_our_own_status_file_is_replaced_and_removed_on_exit(tmp_path: Path) -> None:
    path = tmp_path / "status.json"
    first = publisher(path)
    first.publish()
    first.publish()
    assert read_status(path).values["phase"] == "idle"
    again = publisher(path)   # a restart finds the file the last run left (killed, no clean exit)
    again.publish()
    again.remove()
    assert not path.exists()


def test_a_status_file_replaced_by_someone_else_is_not_removed_on_exit(tmp_path: Path) -> None:
    path = tmp_path / "status.json"
    status = publisher(path)
    status.publish()
    path.unlink()
    path.write_text(json.dumps({"written": time.time(), "interval_s": 2, "pid": 1}))   # another device's
    before = fingerprint(path)
    status.remove()
    assert fingerprint(path) == before


def run_with_deadline(call: Callable[[], object], free: Path | None = None) -> object:
    result: list[object] = []

    def work() -> None:
        try:
            result.append(call())
        except Exception as error:   # noqa: BLE001 - the test looks at it
            result.append(error)
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(DEADLINE)
    if worker.is_alive():
        if free is not None:
            os.close(os.open(free, os.O_RDWR | os.O_NONBLOCK))   # let the stuck open go
        worker.join(DEADLINE)
        pytest.fail(f"did not finish within {DEADLINE:g} s")
    return result[0]


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "folder"])
def test_reading_a_status_file_that_is_not_a_file_is_refused_at_once(kind: str, tmp_path: Path) -> None:
    path = {"fifo": tmp_path / "fifo", "/dev/zero": Path("/dev/zero"), "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    answer = run_with_deadline(lambda: read_status(path), free=path if kind == "fifo" else None)
    assert isinstance(answer, StatusUnavailable) and str(path) in str(answer), answer


def test_status_on_a_fifo_is_one_line(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    answer = subprocess.run([sys.executable, "-m", "lastmessage", "status", "--file", str(tmp_path / "fifo")],
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 1 and answer.stdout.count("\n") == 1 and "not a regular file" in answer.stdout


def test_games_today_on_a_journal_path_that_is_a_fifo_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "games.sqlite"
    os.mkfifo(fifo)
    answer = run_with_deadline(lambda: games_today(fifo), free=fifo)
    assert isinstance(answer, Exception) and str(fifo) in str(answer), answer


def test_games_today_still_counts_a_real_journal(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    writer = Journal(db)
    writer.new_game(Rules())
    assert games_today(db) == 1
    writer.close()


@pytest.mark.parametrize("written, interval", [("Infinity", "2"), ("NaN", "2"), ("1e999", "2"),
                                               ("TIME", "NaN"), ("TIME", "Infinity"), ("TIME", "-2"),
                                               ("TIME", "0")])
def test_a_status_file_whose_times_are_not_finite_is_not_a_running_device(
        written: str, interval: str, tmp_path: Path) -> None:
    path = tmp_path / "status.json"
    path.write_text('{"phase": "idle", "written": ' + written.replace("TIME", repr(time.time()))
                    + ', "interval_s": ' + interval + "}")
    with pytest.raises(StatusUnavailable, match="status.json"):
        read_status(path)
