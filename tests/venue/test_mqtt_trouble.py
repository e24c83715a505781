"""A broker that goes away, refuses the table, or speaks only TLS: the table plays on."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.venue.test_mqtt_game import SECRET_TYPES
from tests.venue.broker import PASSWORD, Broker, Watcher, events_file, play, wait_for


def _phase(watcher: Watcher, table: str, phase: str) -> bool:
    return any(json.loads(p).get("phase") == phase for p in watcher.on(f"lastmessage/{table}/status"))


OUTAGE_GAME = ('{"action": "scene", "id": "harbour"}\n{"action": "pick", "character": "harbour-p200"}\n'
               '{"action": "flip"}\n{"action": "wait", "seconds": 16}\n'
               '{"action": "erase", "cells": [0, 2, 3, 6, 8]}\n{"action": "accuse", "character": "harbour-p200"}\n'
               '{"action": "wait", "seconds": 20}\n')


def test_a_broker_stopped_and_restarted_mid_game_loses_no_event(broker: Broker, watcher: Watcher,
                                                                tmp_path: Path) -> None:
    """The broker is away from late in round 1 to after the game's end (the round's end,
    the erasing, the accusation and the end all happen while it is away): every public
    event the table journalled is heard once the courier is back, in order."""
    config = tmp_path / "rules.toml"
    config.write_text("[rules]\ntimer_seconds = 15\n")
    process = play(tmp_path, broker.url("t1"), "t1", game=OUTAGE_GAME, extra=("--config", str(config)))
    wait_for(lambda: _phase(watcher, "t1", "clues"), 20, "the game on")
    on = time.monotonic()
    # Late in the round (its clock, nothing to see): the courier's back-off is short when the broker is back.
    wait_for(lambda: time.monotonic() - on > 10, 11, "late in round 1")
    started = [e for e in events_file(tmp_path, "t1") if e["type"] == "timer_started"]
    assert started, "the journal has the round's timer"
    before = [json.loads(p) for p in watcher.on("lastmessage/t1/event")]
    broker.stop()
    wait_for(lambda: any(e["type"] == "game_over" for e in events_file(tmp_path, "t1")), 30,
             "the game's end journalled while the broker was away")
    broker.start()   # without its store (persistence false): the table must tell it all again
    after = Watcher(broker, ("lastmessage/#",))
    try:
        wait_for(lambda: after.on("lastmessage/t1/online")[-1:] == [b"true"], 40, "the table back online")
        played = [e for e in events_file(tmp_path, "t1") if e["type"] not in SECRET_TYPES and "action" not in e
                  and not str(e["type"]).startswith("operator")]
        missing = played[len(before):]
        assert {"time_up", "cells_erased", "accused", "game_over"} <= {str(e["type"]) for e in missing}, missing
        wait_for(lambda: [json.loads(p) for p in after.on("lastmessage/t1/event")][-len(missing):] == missing,
                 15, "every event journalled while the broker was away, heard after it came back")
        heard = [json.loads(p) for p in after.on("lastmessage/t1/event")]
        # QoS 1 may say again what was not acknowledged before the stop; nothing else, nothing lost.
        assert before + [e for e in heard if e not in before] == played
        _, stderr = process.communicate(timeout=60)
    finally:
        after.close()
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)
    assert process.returncode == 0, stderr   # 3 would say events were not journalled
    assert "lost the broker" in stderr and "connected to" in stderr


def test_wrong_credentials_are_one_clear_line_and_the_game_is_played(broker: Broker, tmp_path: Path) -> None:
    # A game of some real seconds: the link's own process must have tried the broker before the
    # table ends (a scripted game played at once ended before it, on a loaded machine).
    process = play(tmp_path, broker.url("t1", "wrong"), "t1", hold=5)
    _, stderr = process.communicate(timeout=90)
    assert process.returncode == 0, stderr
    refused = [line for line in stderr.splitlines() if "refused table t1" in line]
    assert len(refused) == 1, stderr
    assert "check the user and password" in refused[0]
    assert "timer_started" in [event["type"] for event in events_file(tmp_path, "t1")], "the table played on"


def test_tls_with_the_venue_ca_and_a_password_file(tls_broker: Broker, tmp_path: Path) -> None:
    assert tls_broker.ca is not None
    secret = tmp_path / "broker-password"
    secret.write_text(PASSWORD + "\n")
    secret.chmod(0o600)
    config = tmp_path / "config.toml"
    config.write_text(f'[venue]\nmqtt = "mqtts://t3@127.0.0.1:{tls_broker.port}"\ntable = "t3"\n'
                      f'ca_file = "{tls_broker.ca}"\npassword_file = "{secret}"\n')
    watcher = Watcher(tls_broker, ("lastmessage/#",))
    try:
        process = play(tmp_path, None, "t3", extra=("--config", str(config)))
        _, stderr = process.communicate(timeout=60)
        assert process.returncode == 0, stderr
        wait_for(lambda: watcher.on("lastmessage/t3/online")[-1:] == [b"false"], 10, "the goodbye")
        assert [json.loads(p)["type"] for p in watcher.on("lastmessage/t3/event")][-1] == "game_over"
    finally:
        watcher.close()
