"""Journal rows that decode but cannot be played on: the device starts all the same.

Each row below passes `integrity_check` and the codec; before these tests one of
them made every start raise (the timer bar's drain of a past deadline) or every
frame fail (the reveal's replay of a game heard ending "long ago"), so systemd
never saw READY=1 and restarted the device in a loop. The resumed game must draw;
whatever still fails while resuming or drawing it sets the journal aside (bytes
kept) and the device starts afresh, once.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.kiosk import device
from lastmessage.commands import AddWord
from lastmessage.kiosk.device import _journal
from lastmessage.journal.store import Journal, JournalWriter, set_aside_journals
from lastmessage.rules.game import Phase
from lastmessage.table.app import App
from lastmessage.table.loop import run_frames
from lastmessage.ui.detective import replay
from lastmessage.ui.display import HeadlessDisplay
from tables import assert_fresh_journal_has, finish_game, make_app, start_clues


def _sql(db: Path, *statements: str) -> None:
    raw = sqlite3.connect(db)
    with raw:
        for statement in statements:
            raw.execute(statement)
    raw.close()


def in_the_clues(db: Path) -> None:
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    start_clues(app)
    app.execute(AddWord(4, "cape"), "tablet")   # seq 4, t 0
    assert writer.close() == 0


def finished(db: Path) -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    writer = _journal(app, db)
    finish_game(app, clock)
    assert writer.close() == 0


def after_the_deadline(db: Path) -> None:
    """The last event 80 s into a 30 s clue timer (a clock that jumped, a hand-edited row)."""
    in_the_clues(db)
    _sql(db, """UPDATE events SET event = json_set(event, '$.t', 80.0) WHERE seq = 4""")


def centuries_late(db: Path) -> None:
    in_the_clues(db)
    _sql(db, """UPDATE events SET event = json_set(event, '$.t', 1e300) WHERE seq = 4""")


def finished_marked_unfinished(db: Path) -> None:
    """`game_over` is in the journal, the game's row says it is not finished."""
    finished(db)
    _sql(db, "UPDATE games SET finished = 0")


HOSTILE: dict[str, Callable[[Path], None]] = {
    "last event after its timer's deadline": after_the_deadline,
    "last event 1e300 s into the game": centuries_late,
    "finished game marked unfinished": finished_marked_unfinished,
}


def frames(app: App, count: int, faulted: Callable[[Exception], None] | None = None) -> int:
    """How many of `count` frames were drawn without a fault (each one a watchdog ping)."""
    pinged = []
    run_frames(app, HeadlessDisplay(app.tablet.size, app.detective.size), frames=count,
               presented=[lambda: pinged.append(1)], **({"faulted": faulted} if faulted else {}))
    return len(pinged)


@pytest.mark.parametrize("spoil", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_row_is_resumed_and_every_frame_draws(tmp_path: Path, spoil: Callable[[Path], None]) -> None:
    db = tmp_path / "games.sqlite"
    spoil(db)
    app = make_app(SimulatedClock())
    writer = _journal(app, db)   # raised ValueError (a drain of -50 s) for a row after its deadline
    assert frames(app, 8) == 8   # every frame failed with OverflowError for a finished game marked unfinished
    assert writer.close() == 0


def test_a_drain_of_a_deadline_already_past_is_time_up_at_once(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    after_the_deadline(db)
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    assert app.game.phase is Phase.CLUES
    assert app.hal.timer_bar.levels() == [0.0] * len(app.hal.timer_bar.levels())
    app.step()
    assert app.game.phase is Phase.ERASE and app.game.events[-1].type == "time_up"
    assert writer.close() == 0
    journal = Journal(db)
    try:
        assert journal.game(1).events[-1].type == "time_up"   # the resumed game goes on in its journal
        assert set_aside_journals(db) == []
    finally:
        journal.close()


def test_a_replay_with_times_that_are_not_finite_draws_nothing_odd() -> None:
    for begin in (float("-inf"), float("inf"), float("nan")):
        turn = replay.Turn(1, begin, 2.0)
        for t in (0.0, 1e300, float("inf"), float("-inf"), float("nan")):
            assert 0 <= turn.due(t) <= turn.steps + 1
    for seconds in (float("inf"), float("nan"), -1.0):
        assert replay.Turn(1, 0.0, seconds).steps >= 1


def _set_aside_once(db: Path, app: App, writer: JournalWriter, spoilt: bytes) -> None:
    """The journal was set aside byte for byte, a fresh one took its place, the
    device is at its attract loop and says so; a new game goes to the fresh journal."""
    assert writer.wait_written(timeout=30)
    (aside,) = set_aside_journals(db)
    assert aside.read_bytes() == spoilt
    assert writer.notice is not None and aside.name in writer.notice
    assert app.game.phase is Phase.SCENE and app.origin is None
    assert app.status().service is not None   # the monitor's service line
    start_clues(app)
    assert writer.close() == 0
    assert_fresh_journal_has(db, app)


def test_a_game_that_fails_to_resume_sets_the_journal_aside(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a resume raises (a fault not found yet), the device starts afresh, once."""
    db = tmp_path / "games.sqlite"
    in_the_clues(db)
    spoilt = db.read_bytes()

    def broken(*args: object) -> None:
        raise OverflowError("a fault nobody has met yet")

    monkeypatch.setattr(App, "resume", broken)
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    _set_aside_once(db, app, writer, spoilt)


def test_a_resumed_game_that_fails_to_draw_sets_the_journal_aside_once(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every frame of the resumed game fails: the first fault sets the journal aside
    and starts afresh; the frames after it draw (the watchdog hears them)."""
    db = tmp_path / "games.sqlite"
    finished(db)
    _sql(db, "UPDATE games SET finished = 0")
    spoilt = db.read_bytes()

    def broken(self: replay.Turn, t: float) -> int:
        raise OverflowError("cannot convert float infinity to integer")

    monkeypatch.setattr(replay.Turn, "due", broken)
    app = make_app(SimulatedClock())
    writer = _journal(app, db)
    assert app.game.phase is Phase.OVER
    assert frames(app, 6, device._resume_guard(app, writer)) == 5   # one fault, then the attract loop
    _set_aside_once(db, app, writer, spoilt)


@pytest.mark.parametrize("spoil", HOSTILE.values(), ids=HOSTILE.keys())
def test_sim_starts_on_a_hostile_journal(tmp_path: Path, spoil: Callable[[Path], None]) -> None:
    db = tmp_path / "g.sqlite"
    spoil(db)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "lastmessage", "sim", "--db", str(db), "--frames", "5",
                             "--status", str(tmp_path / "status.json")],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "a frame failed" not in result.stderr
