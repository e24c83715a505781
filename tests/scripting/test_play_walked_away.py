"""`play` of a game people walked away from: a `wait` on the script's clock outlasts
the `[museum]` idle time, the game is put away (`game_abandoned`, reason "idle"),
the journal marks it abandoned, and the next game starts clean."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def play(tmp_path: Path, script: Path, config: str | None = None) -> tuple[list[dict[str, object]], Path]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    db, out = tmp_path / "games.sqlite", tmp_path / "events.jsonl"
    command = [sys.executable, "-m", "lastmessage", "play", "--script", str(script), "--db", str(db),
               "--events", str(out)]
    if config is not None:
        (tmp_path / "config.toml").write_text(config)
        command += ["--config", str(tmp_path / "config.toml")]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in out.read_text().splitlines()], db


def test_the_walked_away_example_puts_its_game_away_and_the_next_starts_clean(tmp_path: Path) -> None:
    events, db = play(tmp_path, EXAMPLES / "walked-away.jsonl")
    assert [event["type"] for event in events] == [
        "game_started", "secret_chosen", "timer_started", "word_added", "time_up", "idle_warning",
        "game_abandoned", "game_started"]
    assert events[5] == {"type": "idle_warning", "t": 570.0, "seconds": 30, "round": 1}
    assert events[6] == {"type": "game_abandoned", "t": 600.0, "reason": "idle", "round": 1}
    assert events[7]["scene"] == "station" and events[7]["t"] == 0.0
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT id, finished FROM games ORDER BY id").fetchall() == [(1, 2), (2, 0)]


def test_the_idle_time_of_the_config_applies_on_the_script_clock(tmp_path: Path) -> None:
    script = tmp_path / "left.jsonl"
    script.write_text('{"action": "scene", "id": "harbour"}\n{"action": "wait", "seconds": 44}\n'
                      '{"action": "wait", "seconds": 2}\n')
    events, _ = play(tmp_path, script, "[museum]\nidle_game = 45\n")
    assert events[-2:] == [{"type": "idle_warning", "t": 23.0, "seconds": 22, "round": 0},
                           {"type": "game_abandoned", "t": 45.0, "reason": "idle", "round": 0}]


def test_opening_hours_do_not_apply_to_scripted_play(tmp_path: Path) -> None:
    """The same script plays the same at any time of day."""
    closed = "\n".join(f'{day} = "closed"' for day in ("mon", "tue", "wed", "thu", "fri", "sat", "sun"))
    events, _ = play(tmp_path, EXAMPLES / "walked-away.jsonl", f"[museum.hours]\n{closed}\n")
    assert events[0]["type"] == "game_started"
