"""The journal in trouble: a damaged record at start, a full disk mid-game.

The device must start and the game must go on; nothing already recorded is lost.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from lastmessage.clock import SimulatedClock
from lastmessage.commands import AddStroke, AddWord
from lastmessage.device import _journal
from lastmessage.rules.game import Game, Phase
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from tables import make_app, start_clues

CATALOG = load_scenes(shipped_scenes_dir())


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
    finally:
        raw.close()


def test_a_full_disk_mid_game_neither_stops_the_game_nor_loses_events(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock()
    app = make_app(clock)
    journal = _journal(app, db)
    start_clues(app)
    # The disk fills up: SQLite answers "database or disk is full".
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages}")
    big = [[0.1 + 0.8 * i / 3000, 0.5] for i in range(3000)]
    assert app.execute(AddStroke(tuple(big)), "tablet")
    assert app.execute(AddWord(4, "cape"), "tablet")
    assert app.game.phase is Phase.CLUES
    # Room again (the operator freed space): the next event brings the journal up to date.
    journal._db.execute("PRAGMA max_page_count = 1073741823")
    clock.advance(31)
    app.step()
    record = journal.game(journal.unfinished_game() or 0)
    assert [e.type for e in record.events] == [e.type for e in app.game.events]
    assert Game.replay(CATALOG, record.events).state() == app.game.state()
    journal.close()
