"""Commands from the venue over a real Mosquitto: each one, and what is not one."""

from __future__ import annotations

import json
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from lastmessage.venue.refused import LINES
from tests.venue.broker import Broker, Watcher, events_file, play, wait_for


def _replies(watcher: Watcher, table: str) -> list[dict[str, object]]:
    return [reply for reply in watcher.json_on(f"lastmessage/{table}/reply") if isinstance(reply, dict)]


def test_every_command_and_every_malformed_one_gets_its_answer(broker: Broker, watcher: Watcher,
                                                               tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t1"), "t1", hold=30)
    wait_for(lambda: any(json.loads(p)["phase"] == "clues" for p in watcher.on("lastmessage/t1/status")), 20,
             "the game on")
    sent = [
        ('{"command": "volume", "level": 30, "id": "v"}', True),
        ('{"command": "language", "code": "ro", "id": "l"}', True),
        ('{"command": "language", "code": "xx", "id": "l2"}', False),
        ('{"command": "close", "id": "c"}', True),
        ('{"command": "open", "id": "o"}', True),
        ('{"command": "put_away", "id": "p"}', True),
        ('{"command": "put_away", "id": "p2"}', False),   # no game is in progress any more
        ('{"command": "restart", "id": "r"}', False),   # play restarts nothing, and says so
        ("not json {", False),
        ('{"command": "dance", "id": "d"}', False),
        ('{"command": "volume", "level": 101, "id": "v2"}', False),
        ('{"command": "put_away", "table": "t2", "id": "other"}', False),
        ('["put_away"]', False),
        ('{"command": "open", "extra": 1}', False),
        ('{"command": "open", "id": 5}', False),
    ]
    for payload, _ in sent:
        watcher.send("t1", payload)
    watcher.send("t1", b"{" * 100_000)   # huge
    wait_for(lambda: len(_replies(watcher, "t1")) == len(sent) + 1, 20, "every reply")
    process.kill()
    process.communicate(timeout=10)
    replies = _replies(watcher, "t1")
    assert [reply["ok"] for reply in replies] == [ok for _, ok in sent] + [False]
    by_id = {reply["id"]: reply for reply in replies if reply["id"] is not None}
    assert by_id["p2"]["message"] == "no game is in progress"
    assert "another table" in str(by_id["other"]["message"])
    assert "unknown command" in str(by_id["d"]["message"])
    assert "simulator" in str(by_id["r"]["message"])
    assert "at most 4096" in str(replies[-1]["message"])
    assert "not JSON" in str(replies[len(sent) - 7]["message"])
    # Journalled as the operator's, with their source, beside the game's events.
    events = events_file(tmp_path, "t1")
    remote = [event for event in events if event["type"] == "operator_remote"]
    assert [(event["command"], event["done"]) for event in remote] == [
        ("volume", True), ("language", True), ("language", False), ("close", True), ("open", True),
        ("put_away", True), ("put_away", False), ("restart", False)]
    assert all(event["source"] == "mqtt" for event in remote)
    assert {"type": "game_abandoned"}.items() <= next(e for e in events if e["type"] == "game_abandoned").items()
    assert any(event["type"] == "operator_changed" and event["value"] == "ro" for event in events)
    heard = [event["type"] for event in watcher.json_on("lastmessage/t1/event") if isinstance(event, dict)]
    assert "game_abandoned" in heard


def test_a_table_writes_only_under_its_own_id(broker: Broker, watcher: Watcher, tmp_path: Path) -> None:
    """t2's password cannot put t1's game away: the broker's ACL drops it, t1 never hears it."""
    process = play(tmp_path, broker.url("t1"), "t1", hold=8)
    wait_for(lambda: any(json.loads(p)["phase"] == "clues" for p in watcher.on("lastmessage/t1/status")), 20,
             "the game on")
    other = mqtt.Client(CallbackAPIVersion.VERSION2)
    other.username_pw_set("t2", "secret")
    other.connect("127.0.0.1", broker.port)
    other.loop_start()
    other.publish("lastmessage/t1/command", '{"command": "put_away"}', qos=1).wait_for_publish(5)
    other.publish("lastmessage/t1/status", '{"phase": "forged"}', qos=1, retain=True).wait_for_publish(5)
    _, stderr = process.communicate(timeout=60)
    other.disconnect()
    other.loop_stop()
    assert process.returncode == 0, stderr
    assert _replies(watcher, "t1") == []
    assert not any(e["type"] == "game_abandoned" for e in events_file(tmp_path, "t1"))
    assert b'{"phase": "forged"}' not in watcher.on("lastmessage/t1/status")
    assert [e["type"] for e in events_file(tmp_path, "t1")][-2:] == ["timer_started", "rejected"]   # played on


def test_refused_commands_are_a_line_each_in_the_table_log_and_a_flood_is_not(broker: Broker, watcher: Watcher,
                                                                             tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t1"), "t1", hold=30)
    wait_for(lambda: any(json.loads(p)["phase"] == "clues" for p in watcher.on("lastmessage/t1/status")), 20,
             "the game on")
    for payload in ("not json {", '{"command": "dance"}', '{"command": "put_away", "table": "t2"}',
                    "{" * 100_000, '{"command": "a\\nfake log line"}'):
        watcher.send("t1", payload)
    for _ in range(200):   # a flood
        watcher.send("t1", '{"command": "flood"}')
    wait_for(lambda: len(_replies(watcher, "t1")) == 205, 30, "every reply")
    process.kill()
    _, stderr = process.communicate(timeout=10)
    refused = [line for line in stderr.splitlines() if "refused a command over" in line]
    assert len(refused) == LINES, stderr   # the flood past LINES is counted, not written
    assert "not JSON" in refused[0] and 'unknown command "dance"' in refused[1]
    assert "another table" in refused[2] and "at most 4096" in refused[3]
    assert 'unknown command "a?fake log line"' in refused[4] and "\nfake log line" not in stderr
    assert all("venue: refused a command over mqtt: " in line for line in refused)
