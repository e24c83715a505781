"""A power cut at any instant: the journal stays sound and the game comes back."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Erase, Flip, Pick
from lastmessage.kiosk.device import _journal
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.rules.events import Event
from lastmessage.rules.game import Game, Phase
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.journal.store import Journal
from tables import finish_game, make_app, start_clues

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_an_interrupted_game_resumes_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock(1000.0)
    app = make_app(clock)
    journal = _journal(app, db)
    app.execute(ChooseScene("harbour"), "test")
    app.execute(Pick("harbour-p050"), "test")
    app.execute(Flip(), "test")
    clock.advance(3)
    app.execute(AddStroke(((0.1, 0.1), (0.9, 0.9))), "test")
    app.execute(AddWord(4, "cape"), "test")
    clock.advance(2)
    before = app.game.state()
    journal.close()   # the power goes; nothing else is saved

    later = SimulatedClock(50.0)   # a new boot: another clock origin
    resumed = make_app(later)
    journal = _journal(resumed, db)
    assert resumed.game.state() == before
    assert resumed.game.phase is Phase.CLUES
    # The victim goes on with the time that was left at the last thing journalled
    # (the word at 3 s); the seconds between it and the cut cannot be known.
    assert resumed.game.time_left(resumed.game_time()) == pytest.approx(27, abs=0.01)
    later.advance(26.9)
    resumed.step()
    assert resumed.game.phase is Phase.CLUES
    later.advance(0.2)
    resumed.step()
    assert resumed.game.phase is Phase.ERASE
    # ... and the rest of the game goes on in the same journal entry.
    assert journal.wait_written(timeout=60)
    record = journal.journal.game(journal.journal.unfinished_game() or 0)
    assert [e.type for e in record.events][-1] == "time_up"
    assert record.events[-1].t == 30.0
    journal.close()


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock()
    app = make_app(clock)
    journal = _journal(app, db)
    finish_game(app, clock)
    journal.close()
    fresh = make_app(SimulatedClock())
    _journal(fresh, db).close()
    assert fresh.game.phase is Phase.SCENE


@pytest.mark.parametrize("delay", [0.4, 0.9, 1.6])
def test_killing_the_process_mid_game_leaves_a_sound_journal(tmp_path: Path, delay: float) -> None:
    """SIGKILL (as close to pulling the plug as a test gets) while a game is being journalled."""
    db = tmp_path / "games.sqlite"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen(
        [sys.executable, "-m", "lastmessage", "play", "--script", str(EXAMPLES / "demo.jsonl"),
         "--db", str(db), "--events", str(tmp_path / "events.jsonl")], env=env)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()
    if not db.exists():
        pytest.skip("killed before the journal was created")
    journal = Journal(db)
    try:
        assert journal.integrity_ok()
        game_id = journal.unfinished_game()
        if game_id is not None:
            record = journal.game(game_id)
            game = Game.replay(load_scenes(shipped_scenes_dir()), record.events)
            assert len(game.events) == len(record.events)
    finally:
        journal.close()


def test_a_finished_game_left_alone_returns_to_the_attract_loop() -> None:
    from lastmessage.config.museum import MuseumSettings

    clock = SimulatedClock()
    app = make_app(clock)
    heard: list[Event] = []
    app.sinks.append(heard.append)
    start_clues(app)
    clock.advance(31)
    app.step()
    app.execute(Erase((0, 1, 2, 3, 4)), "test")
    app.execute(Accuse("harbour-p050"), "test")
    clock.advance(MuseumSettings().idle_finished - 1)
    app.step()
    assert app.game.phase is Phase.OVER   # still showing the reveal
    clock.advance(1)
    app.step()
    assert app.game.phase is Phase.SCENE
    assert heard[-1].type == "game_over"  # finished, so not abandoned


def test_a_resumed_game_keeps_the_rules_it_was_started_with(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock()
    app = make_app(clock, rules=Rules(erase_schedule=(2, 2)))
    journal = _journal(app, db)
    start_clues(app)
    journal.close()
    # The operator changed the config (default rules: erase 5 in round 1) before the restart.
    resumed = make_app(SimulatedClock())
    _journal(resumed, db).close()
    assert resumed.game.rules.erase_schedule == (2, 2)
    assert resumed.game.erase_count() == 2


def test_a_resumed_clue_timer_ticks_over_its_last_five_seconds(tmp_path: Path) -> None:
    from lastmessage.hal.base import Sound

    db = tmp_path / "games.sqlite"
    clock = SimulatedClock()
    app = make_app(clock)
    journal = _journal(app, db)
    start_clues(app)
    clock.advance(10)
    app.execute(AddWord(4, "cape"), "test")
    journal.close()   # the power goes at 10 s; 20 s are left

    later = SimulatedClock(7.0)
    resumed = make_app(later)
    journal = _journal(resumed, db)
    resumed.hal.buzzer.take_started()
    for _ in range(21 * 60):
        later.advance(1 / 60)
        resumed.step()
    journal.close()
    assert resumed.hal.buzzer.take_started().count(Sound.TICK) == 5


def test_the_service_button_pressed_twice_puts_a_game_away_for_good(tmp_path: Path) -> None:
    from lastmessage.hal.base import Control

    db = tmp_path / "games.sqlite"
    clock = SimulatedClock()
    app = make_app(clock)
    hal = app.hal
    assert isinstance(hal, SimHal)
    journal = _journal(app, db)

    def press_service() -> None:
        hal.key(Control.ADMIN, True, clock.now())
        app.step()
        clock.advance(0.1)
        hal.key(Control.ADMIN, False, clock.now())
        app.step()

    for command in (ChooseScene("harbour"), Pick("harbour-p050")):
        app.execute(command, "test")
    press_service()                       # once: only a warning
    assert app.game.phase is Phase.READY
    clock.advance(5)
    press_service()                       # too late for a second press: a warning again
    assert app.game.phase is Phase.READY
    clock.advance(1)
    press_service()                       # twice within 3 s: the game is put away
    assert app.game.phase is Phase.SCENE
    journal.close()
    fresh = make_app(SimulatedClock())
    _journal(fresh, db).close()
    assert fresh.game.phase is Phase.SCENE   # not resumed at the next start


def test_a_game_journalled_with_an_older_scene_file_is_refused_cleanly(tmp_path: Path) -> None:
    """Scene format 2 renamed every person (harbour-vampire became harbour-pNNN): an unfinished
    game from before is not resumed with the wrong character, the device starts afresh."""
    db = tmp_path / "games.sqlite"
    app = make_app(SimulatedClock(1000.0))
    journal = _journal(app, db)
    start_clues(app)   # picks harbour-p050
    journal.close()
    raw = sqlite3.connect(db)   # the same game as an older version would have written it
    with raw:
        raw.execute("UPDATE events SET event = replace(event, 'harbour-p050', 'harbour-vampire')")
    raw.close()
    resumed = make_app(SimulatedClock(50.0))
    _journal(resumed, db).close()
    assert resumed.game.phase is Phase.SCENE and resumed.game.secret is None
