"""The journal in trouble: damaged, foreign or locked, at start or mid-game.

The device must start and the game must go on; nothing already recorded is lost.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pygame
import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.commands import AddStroke, AddWord
from lastmessage.journal.codec import encode_event
from lastmessage.kiosk.device import _journal
from lastmessage.rules.events import AbandonReason
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import tablet_view
from lastmessage.journal.store import Journal, set_aside_journals
from tables import assert_fresh_journal_has, make_app, start_clues


def played(db: Path) -> None:
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    start_clues(app)
    assert writer.close() == 0


def damaged_pages(db: Path) -> None:
    """Every page after the first overwritten with 0xFF (a dying SD card)."""
    played(db)
    size = db.stat().st_size
    with db.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xff" * (size - 4096))


def damaged_unfinished_game(db: Path) -> None:
    """The last pages, a long stroke of the game a start would resume, overwritten."""
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    start_clues(app)
    app.execute(AddStroke(tuple((0.1 + 0.8 * i / 3000, 0.5) for i in range(3000))), "tablet")
    assert writer.close() == 0
    with db.open("r+b") as file:
        file.seek(-4096 * 3, 2)
        file.write(b"\xff" * 4096 * 3)


def not_sqlite(db: Path) -> None:
    db.write_bytes(b"Last Message notes\n" * 500)


def foreign(db: Path) -> None:
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE games (name TEXT, score INTEGER)")
    raw.execute("INSERT INTO games VALUES ('chess', 3)")
    raw.commit()
    raw.close()


def newer(db: Path) -> None:
    played(db)
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA user_version = 99")
    raw.close()


UNUSABLE: dict[str, Callable[[Path], None]] = {
    "damaged pages": damaged_pages, "damaged unfinished game": damaged_unfinished_game, "not SQLite": not_sqlite, "foreign schema": foreign, "newer schema": newer}


@pytest.mark.parametrize("spoil", UNUSABLE.values(), ids=UNUSABLE.keys())
def test_an_unusable_journal_is_set_aside_and_a_fresh_one_started(tmp_path: Path,
                                                                   spoil: Callable[[Path], None]) -> None:
    db = tmp_path / "games.sqlite"
    spoil(db)
    spoilt = db.read_bytes()
    app = make_app(SimulatedClock())
    writer = _journal(app, db)   # must not raise
    start_clues(app)
    assert writer.close() == 0
    (aside,) = set_aside_journals(db)
    assert aside.read_bytes() == spoilt   # kept, byte for byte
    assert writer.notice is not None and aside.name in writer.notice
    assert_fresh_journal_has(db, app)


def test_the_operator_sees_on_the_tablet_that_the_journal_was_set_aside(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    not_sqlite(db)
    shown, plain = pygame.Surface((1280, 800)), pygame.Surface((1280, 800))
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    app.draw(shown, pygame.Surface((1920, 1080)))
    other = make_app(SimulatedClock())
    _journal(other, tmp_path / "sound.sqlite").close()
    other.draw(plain, pygame.Surface((1920, 1080)))
    writer.close()
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(plain, "RGB")


def test_run_sets_a_damaged_journal_aside_with_its_wal_and_starts(tmp_path: Path) -> None:
    """Reproduction: `run --db g.sqlite` on a journal overwritten with 0xFF from byte 4096
    failed at every boot with `database disk image is malformed`."""
    db = tmp_path / "g.sqlite"
    damaged_pages(db)
    wal = Path(f"{db}-wal")
    wal.write_bytes(b"\x00" * 100)   # whatever the -wal holds is kept beside it
    spoilt = db.read_bytes()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    # `sim` opens the journal as `run` does; `run` here (one display) would wait for the monitor first.
    result = subprocess.run([sys.executable, "-m", "lastmessage", "sim", "--db", str(db), "--frames", "5",
                             "--status", str(tmp_path / "status.json")],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    (aside,) = set_aside_journals(db)
    assert "malformed" in result.stderr and aside.name in result.stderr
    assert aside.read_bytes() == spoilt and Path(f"{aside}-wal").read_bytes() == b"\x00" * 100
    fresh = Journal(db)
    try:
        assert fresh.integrity_ok() and fresh.unfinished_game() is None
    finally:
        fresh.close()


def test_a_damaged_event_in_the_journal_does_not_stop_the_device(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    app = make_app(SimulatedClock())
    journal = _journal(app, db)
    start_clues(app)
    journal.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE events SET event = '{bad' WHERE seq = 3")
    raw.commit()
    raw.close()

    fresh = make_app(SimulatedClock())
    journal = _journal(fresh, db)   # must not raise
    assert fresh.game.phase is Phase.SCENE
    start_clues(fresh)
    journal.close()
    raw = sqlite3.connect(db)
    try:   # the damaged game is kept as it was, the new one is journalled beside it
        assert raw.execute("SELECT event FROM events WHERE game_id = 1 AND seq = 3").fetchone() == ("{bad",)
        assert raw.execute("SELECT COUNT(*) FROM events WHERE game_id = 2").fetchone() == (3,)
        assert raw.execute("SELECT finished FROM games WHERE id = 1").fetchone() == (2,), \
            "put away, or every start would try to resume it again"
    finally:
        raw.close()
    assert set_aside_journals(db) == []   # one bad record is no reason to set the journal aside


def test_a_locked_journal_never_holds_up_a_frame_and_loses_nothing(tmp_path: Path) -> None:
    """Another process holds the journal (as a slow SD card holds a commit): the app's
    calls return while no commit can happen, and the events go in, in order, after."""
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock()
    app = make_app(clock)
    writer = _journal(app, db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start_clues(app)
        big = [[0.1 + 0.8 * i / 3000, 0.5] for i in range(3000)]
        assert app.execute(AddStroke(tuple(big)), "tablet")
        assert app.execute(AddWord(4, "cape"), "tablet")
        clock.advance(31)
        app.step()
        assert app.game.phase is Phase.ERASE
        # Every call above came back while the lock made any commit impossible.
        assert writer.waiting == len(app.game.events) == 6
        assert holder.execute("SELECT COUNT(*) FROM events").fetchone() == (0,)
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert writer.wait_written(timeout=60)
    assert writer.trouble is None
    journal = writer.journal
    assert journal.game(1).events == app.game.events
    assert writer.close() == 0


def test_the_tablet_says_when_the_journal_refuses_writes(tmp_path: Path) -> None:
    """Beside the same game on a sound journal, the tablet of the one whose journal
    is held by another process shows a notice once the writer meets the lock."""
    locked_db, sound_db = tmp_path / "locked.sqlite", tmp_path / "sound.sqlite"
    locked, sound = make_app(SimulatedClock()), make_app(SimulatedClock())
    writers = [_journal(locked, locked_db), _journal(sound, sound_db)]
    holder = sqlite3.connect(locked_db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start_clues(locked)
        start_clues(sound)
        deadline = time.monotonic() + 60
        while writers[0].trouble is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert "locked" in writers[0].trouble
        screens = []
        for app in (locked, sound):   # the next event brings the notice
            app.execute(AddWord(4, "cape"), "tablet")
            surface = pygame.Surface((1280, 800))
            app.draw(surface, pygame.Surface((1920, 1080)))
            screens.append(surface.subsurface(app.tablet.screen(tablet_view(app.game), 0).notice_area()))
        assert pygame.image.tobytes(screens[0], "RGB") != pygame.image.tobytes(screens[1], "RGB")
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert [writer.close() for writer in writers] == [0, 0]


# ---- a journal that cannot be written at start: play on from memory, write when it can ----

def _mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here ({done.stderr.strip()}): run as root")


@contextmanager
def read_only(folder: Path) -> Iterator[Callable[[], None]]:
    """`folder` read-only for root too (a bind mount remounted ro); the callable lifts it."""
    _mount("--bind", str(folder), str(folder))
    mounted = [True]

    def lift() -> None:
        if mounted[0]:
            subprocess.run(["umount", str(folder)], check=True)
            mounted[0] = False

    try:
        _mount("-o", "remount,bind,ro", str(folder))
        yield lift
    finally:
        lift()


@contextmanager
def full_disk(folder: Path) -> Iterator[Callable[[], None]]:
    """A 2 MB tmpfs at `folder`, the journal played into it, then filled to under 32 KB free;
    the callable frees the space."""
    _mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder))
    try:
        played(folder / "games.sqlite")
        filler = folder / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        assert os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize < 32 * 1024
        yield lambda: filler.unlink()
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


@contextmanager
def locked(folder: Path) -> Iterator[Callable[[], None]]:
    """Another process holds an EXCLUSIVE lock on the journal (locking_mode EXCLUSIVE: not even
    readers get in); the callable ends that process."""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
         "db.execute('PRAGMA locking_mode=EXCLUSIVE'); db.execute('BEGIN EXCLUSIVE'); "
         "db.execute('SELECT COUNT(*) FROM games').fetchone(); print('held', flush=True); sys.stdin.read()",
         str(folder / "games.sqlite")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield lambda: (holder.kill(), holder.wait())[1] and None
    finally:
        holder.kill()
        holder.wait()


def _events_in(db: Path, *, frozen: bool = False) -> list[tuple[int, int, str]]:
    """`frozen`: the file as it is, without its -wal (a read-only folder allows no other reading)."""
    raw = sqlite3.connect(f"{db.as_uri()}?immutable=1", uri=True) if frozen else sqlite3.connect(db)
    try:
        return list(raw.execute("SELECT game_id, seq, event FROM events ORDER BY game_id, seq"))
    finally:
        raw.close()


UNWRITABLE: dict[str, Callable[[Path], AbstractContextManager[Callable[[], None]]]] = {
    "read-only filesystem": read_only, "under 32 KB free": full_disk, "locked by another process": locked}


@pytest.mark.parametrize("trouble", UNWRITABLE.values(), ids=UNWRITABLE.keys())
def test_a_journal_that_cannot_be_written_at_start_plays_on_and_writes_when_it_can(
        tmp_path: Path, trouble: Callable[[Path], AbstractContextManager[Callable[[], None]]]) -> None:
    """Reproduction: the device refused to start (exit 2) on a read-only filesystem, a full
    disk or a journal another process locked. Now it plays on from memory, says so on the
    monitor's service line, and writes the events, in order, once it can; the games
    journalled before are kept as they were."""
    folder = tmp_path / "journal"
    folder.mkdir()
    db = folder / "games.sqlite"
    if trouble is not full_disk:
        played(db)
    with trouble(folder) as lift:
        before = _events_in(db, frozen=True) if trouble is not locked else None   # (locked: not even read)
        clock = SimulatedClock()
        app = make_app(clock)
        writer = _journal(app, db)   # raised StoreError: cannot open the game journal
        assert writer.trouble is not None
        assert app.status().service == "The game journal cannot be written just now. Play on."
        if trouble is not locked:   # what can be read is: the game cut off is resumed
            assert app.game.phase is Phase.CLUES and writer.notice is None
        app.put_away(AbandonReason.SERVICE)   # a game in progress (resumed or not) put away ...
        start_clues(app)                      # ... and a new one played, from memory
        assert app.execute(AddWord(4, "cape"), "tablet")
        played_now = list(app.game.events)
        assert writer.waiting >= len(played_now)
        lift()
        assert writer.wait_written(timeout=60)
        assert writer.trouble is None and app.status().service is None
        after = _events_in(db)
        if before is not None:
            assert after[:len(before)] == before   # nothing journalled before is lost
        newest = max(game_id for game_id, _, _ in after)
        assert [text for game_id, _, text in after if game_id == newest] == [encode_event(e) for e in played_now]
        assert writer.close() == 0


def test_sim_on_a_read_only_journal_plays_says_so_in_status_and_writes_when_it_can(tmp_path: Path) -> None:
    """Reproduction: `sim --db` on a read-only filesystem exited 2 (`unable to open database
    file`). It runs, `status` says `state` "warning" with the reason, and "ok" once the
    filesystem is writable again; the journal keeps what it had."""
    folder = tmp_path / "journal"
    folder.mkdir()
    db = folder / "games.sqlite"
    played(db)
    before = _events_in(db)
    stderr = _sim_through_a_read_only_spell(tmp_path, folder, db, phase="clues",   # its game resumed
                                            healed=lambda state: state.get("state") == "ok")
    assert "the game journal is written again" in stderr
    assert _events_in(db)[:len(before)] == before


@pytest.mark.parametrize("damage", [damaged_pages, not_sqlite], ids=["damaged pages", "not SQLite"])
def test_a_damaged_journal_on_a_read_only_card_plays_on_and_is_set_aside_when_it_can(
        tmp_path: Path, damage: Callable[[Path], None]) -> None:
    """Reproduction (a failing SD card turns read-only): a damaged journal that could not be renamed
    exited 2 (`cannot set the unusable journal aside: Read-only file system`), and systemd restarted
    it in a loop. It plays from memory; once the folder is writable the journal is set aside, bytes
    kept, and a fresh one records."""
    folder = tmp_path / "journal"
    folder.mkdir()
    db = folder / "games.sqlite"
    damage(db)
    damaged = db.read_bytes()
    stderr = _sim_through_a_read_only_spell(   # the monitor tells of the set-aside until a game starts
        tmp_path, folder, db, phase="idle", healed=lambda state: "set aside as" in str(state.get("warning")))
    assert "set aside as" in stderr
    assert [aside.read_bytes() for aside in set_aside_journals(db)] == [damaged]
    Journal(db).close()   # a fresh journal of ours in its place


def _sim_through_a_read_only_spell(tmp_path: Path, folder: Path, db: Path, phase: str,
                                   healed: Callable[[dict[str, object]], bool]) -> str:
    """`sim` started with `folder` read-only: `status` says "warning" (in `phase`) while it is, and what
    `healed` looks for once it is writable again; what the device wrote to stderr, after a clean SIGTERM."""
    status = tmp_path / "status.json"
    config = tmp_path / "config.toml"
    config.write_text("[museum]\nstatus_interval = 0.5\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def state() -> dict[str, object]:
        try:
            values = json.loads(status.read_text())
        except (OSError, ValueError):
            return {}
        return values if isinstance(values, dict) else {}

    def until(condition: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 90
        while not condition():
            assert device.poll() is None, device.communicate()[1]
            assert time.monotonic() < deadline, state()
            time.sleep(0.1)

    with read_only(folder) as lift:
        device = subprocess.Popen([sys.executable, "-m", "lastmessage", "sim", "--db", str(db), "--status",
                                   str(status), "--config", str(config)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            until(lambda: state().get("state") == "warning" and state().get("phase") == phase)
            assert "cannot be written" in str(state()["warning"]) and state()["last_error"] is not None
            lift()
            until(lambda: healed(state()))
            device.terminate()
            _, stderr = device.communicate(timeout=60)
        finally:
            if device.poll() is None:
                device.kill()
                device.wait()
    assert device.returncode == 0, stderr
    assert "Traceback" not in stderr
    return stderr
