"""A broker that goes away, refuses the table, or speaks only TLS: the table plays on."""

from __future__ import annotations

import json
from pathlib import Path

from tests.venue.broker import PASSWORD, Broker, Watcher, events_file, play, wait_for


def _phase(watcher: Watcher, table: str, phase: str) -> bool:
    return any(json.loads(p).get("phase") == phase for p in watcher.on(f"lastmessage/{table}/status"))


def test_a_broker_stopped_and_restarted_mid_game_loses_no_event(broker: Broker, watcher: Watcher,
                                                                tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t1"), "t1", hold=12)
    wait_for(lambda: _phase(watcher, "t1", "clues"), 20, "the game on")
    broker.stop()
    watcher.messages.clear()
    broker.start()   # without its store (persistence false): the table must tell it all again
    wait_for(lambda: watcher.on("lastmessage/t1/online")[-1:] == [b"true"], 30, "the table back online")
    wait_for(lambda: _phase(watcher, "t1", "clues"), 15, "the status published again")
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr   # 3 would say events were not journalled
    assert "lost the broker" in stderr and "connected to" in stderr
    types = [event["type"] for event in events_file(tmp_path, "t1")]
    assert types[:2] == ["game_started", "secret_chosen"] and "timer_started" in types


def test_wrong_credentials_are_one_clear_line_and_the_game_is_played(broker: Broker, tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t1", "wrong"), "t1")
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr
    refused = [line for line in stderr.splitlines() if "refused table t1" in line]
    assert len(refused) == 1, stderr
    assert "check the user and password" in refused[0]
    assert events_file(tmp_path, "t1")[-1]["type"] == "game_over"


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
