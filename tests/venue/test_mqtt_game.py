"""A whole scripted game over a real Mosquitto: what the venue hears of it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.venue.broker import LASTMESSAGE, Broker, Watcher, events_file, play, wait_for

SECRET_TYPES = {"secret_chosen", "stroke_added", "word_added", "undone"}


def test_a_game_publishes_its_public_events_status_and_discovery(broker: Broker, watcher: Watcher,
                                                                  tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t1"), "t1")
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr
    played = events_file(tmp_path, "t1")
    wait_for(lambda: watcher.on("lastmessage/t1/online")[-1:] == [b"false"], 10, "online false at the end")
    heard = watcher.json_on("lastmessage/t1/event")
    # Every public event, in order, as the events JSON; never the secret or the live board.
    assert heard == [event for event in played if event["type"] not in SECRET_TYPES and "action" not in event
                     and not str(event["type"]).startswith("operator")]
    assert {event["type"] for event in heard} >= {"game_started", "timer_started", "accused", "game_over"}
    assert not any(event["type"] in SECRET_TYPES for event in heard)
    assert all(b"harbour-p200" not in payload for payload in watcher.on("lastmessage/t1/event")[:-2])
    status = watcher.json_on("lastmessage/t1/status")[-1]
    assert isinstance(status, dict)
    assert status["table"] == "t1" and status["phase"] == "over" and status["state"] == "ok"
    assert status["games_today"] == 1 and status["reason"] == ""
    assert watcher.on("lastmessage/t1/online")[0] == b"true"
    for name in ("sensor/t1/phase", "sensor/t1/games_today", "sensor/t1/last_error", "sensor/t1/temperature",
                 "binary_sensor/t1/online", "button/t1/put_away", "button/t1/restart"):
        config = watcher.json_on(f"homeassistant/{name}/config")
        assert len(config) == 1, name
        assert isinstance(config[0], dict) and config[0]["device"]["identifiers"] == ["lastmessage_t1"]


def test_retained_status_and_last_will_are_kept_for_those_who_come_later(broker: Broker, tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t2"), "t2", hold=30)
    late = Watcher(broker, ("lastmessage/t2/#",))
    try:
        wait_for(lambda: late.on("lastmessage/t2/online")[-1:] == [b"true"], 15, "online true")
        wait_for(lambda: any(json.loads(p)["phase"] == "clues" for p in late.on("lastmessage/t2/status")), 15,
                 "the game on")
        process.kill()   # no goodbye: the broker says it, with the last will
        process.communicate(timeout=10)
        wait_for(lambda: late.on("lastmessage/t2/online")[-1:] == [b"false"], 40, "the last will")
    finally:
        late.close()
    later = Watcher(broker, ("lastmessage/t2/#",))
    try:
        wait_for(lambda: later.on("lastmessage/t2/online") == [b"false"], 5, "online retained")
        wait_for(lambda: len(later.on("lastmessage/t2/status")) == 1, 5, "status retained")
        assert json.loads(later.on("lastmessage/t2/status")[0])["phase"] == "clues"
    finally:
        later.close()
    listed = subprocess.run([LASTMESSAGE, "venue", "--mqtt", broker.url("venue"), "--json"],
                            capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0, listed.stdout
    assert json.loads(listed.stdout) == [{"table": "t2", "online": False, "phase": "clues", "games_today": 1,
                                          "state": "offline",
                                          "reason": "not connected to the broker (the phase is its last)"}]

