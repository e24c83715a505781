"""`lastmessage stats` sums up the journal: games, winners, reasons, scenes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from lastmessage.cli import main
from lastmessage.rules.config import Rules
from lastmessage.rules.events import EndReason, GameOver, GameStarted, Passed, StrokeAdded, Winner
from lastmessage.journal.store import Journal


def record(journal: Journal, scene: str, over: tuple[str, str, int] | None, decisions: int) -> None:
    game = journal.new_game(Rules())
    journal.append(game, GameStarted(0, scene, Rules()))
    for number in range(decisions):
        journal.append(game, Passed(30.0 * (number + 1), number + 1))
    if over is not None:
        winner, reason, round_number = over
        journal.append(game, GameOver(120.0, Winner(winner), EndReason(reason), round_number))


def test_stats_counts_winners_reasons_and_scenes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.sqlite"
    journal = Journal(db)
    record(journal, "harbour", ("detectives", "found", 2), 1)
    record(journal, "harbour", ("criminal", "not_found", 4), 4)
    record(journal, "ski", None, 0)
    journal.close()
    assert main(["stats", "--db", str(db), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["games"], figures["finished"], figures["unfinished"]) == (3, 2, 1)
    assert figures["winners"] == {"detectives": 1, "criminal": 1}
    assert figures["reasons"] == {"found": 1, "not_found": 1}
    assert figures["scenes"] == {"harbour": 2, "ski": 1}
    assert figures["average_rounds"] == 3.0 and figures["average_minutes"] == 2.0


def test_stats_without_a_journal_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(tmp_path / "none.sqlite")]) == 2
    assert "no journal yet" in capsys.readouterr().err


def a_journal_whose_last_game_is_damaged(db: Path) -> None:
    """Three sound games, then a fourth whose big stroke fills the last pages of the
    file; those pages are overwritten with 0xFF (a dying SD card)."""
    journal = Journal(db)
    record(journal, "harbour", ("detectives", "found", 2), 1)
    record(journal, "ski", ("criminal", "not_found", 4), 4)
    record(journal, "harbour", None, 0)
    game = journal.new_game(Rules())
    journal.append(game, GameStarted(0, "beach", Rules()))
    journal.append(game, StrokeAdded(5, 1, (4,), ((0.5, 0.5),) * 20000, 0.012))
    journal.close()
    with db.open("r+b") as file:
        file.seek(-4096 * 3, 2)
        file.write(b"\xff" * 4096 * 3)


def test_stats_reads_what_it_can_of_a_damaged_journal_and_says_what_it_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.sqlite"
    a_journal_whose_last_game_is_damaged(db)
    assert main(["stats", "--db", str(db), "--json"]) == 0
    captured = capsys.readouterr()
    figures = json.loads(captured.out)
    assert (figures["games"], figures["finished"]) == (4, 2)
    assert figures["scenes"] == {"harbour": 2, "ski": 1}
    assert figures["skipped"] == ["game 4: database disk image is malformed"]
    assert captured.err == f"lastmessage: {db}: skipped game 4: database disk image is malformed\n"


def test_stats_on_a_journal_damaged_from_its_second_page_says_nothing_could_be_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Reproduction: 0xFF from byte 4096 on gave a `DatabaseError` traceback."""
    db = tmp_path / "games.sqlite"
    a_journal_whose_last_game_is_damaged(db)
    with db.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xff" * (db.stat().st_size - 4096))
    assert main(["stats", "--db", str(db)]) == 0
    captured = capsys.readouterr()
    assert "no games yet" not in captured.out
    assert captured.err.splitlines() == [
        f"lastmessage: {db}: skipped games: database disk image is malformed (no game could be read)"]


@pytest.mark.parametrize("content", [b"not a database at all\n" * 300, None], ids=["not SQLite", "foreign"])
def test_stats_refuses_a_file_that_is_not_a_journal_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None) -> None:
    db = tmp_path / "games.sqlite"
    if content is None:
        other = sqlite3.connect(db)
        other.execute("CREATE TABLE games (name TEXT, score INTEGER)")
        other.close()
    else:
        db.write_bytes(content)
    assert main(["stats", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(db) in err and "Traceback" not in err


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """`path` (a file or a folder) made read-only for this process: by its mode, or,
    for root (whom modes do not stop), by a read-only bind mount over it."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~0o222)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    mounted = subprocess.run(["mount", "--bind", str(path), str(path)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot make {path} read-only as root: {mounted.stderr!r}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(path)], check=True, capture_output=True)
        yield
    finally:
        subprocess.run(["umount", "--lazy", str(path)], check=True)   # detached even if a file is still open


@pytest.mark.parametrize("what", ["file", "folder"])
def test_stats_reads_a_read_only_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str) -> None:
    """Reproduction: `stats` refused a read-only journal."""
    folder = tmp_path / "journal"
    db = folder / "games.sqlite"
    journal = Journal(db)
    record(journal, "harbour", ("detectives", "found", 2), 1)
    record(journal, "ski", None, 0)
    journal.close()
    with read_only(db if what == "file" else folder):
        assert main(["stats", "--db", str(db), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2 and captured.err == ""
