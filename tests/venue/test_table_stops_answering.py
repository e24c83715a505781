"""A table frozen mid-game (SIGSTOP) while its courier keeps the connection: the venue hears it stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tests.venue.broker import LASTMESSAGE, PASSWORD, Broker, Watcher, play, wait_for


def _last_status(watcher: Watcher, table: str) -> dict[str, object]:
    statuses = watcher.json_on(f"lastmessage/{table}/status")
    last = statuses[-1] if statuses else {}
    assert isinstance(last, dict)
    return last


def test_a_frozen_table_is_said_stopped_and_back_when_it_answers(broker: Broker, watcher: Watcher,
                                                                   tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t9"), "t9", hold=25)
    try:
        wait_for(lambda: _last_status(watcher, "t9").get("phase") == "clues", 20, "the game on")
        wait_for(lambda: watcher.on("lastmessage/t9/online")[-1:] == [b"true"], 5, "online")
        os.kill(process.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        wait_for(lambda: watcher.on("lastmessage/t9/online")[-1:] == [b"false"], 15, "online false")
        wait_for(lambda: _last_status(watcher, "t9").get("state") == "fault", 5, "a fault status")
        assert time.monotonic() - stopped < 10   # SILENT (5 s) after its last heartbeat, give or take a poll
        status = _last_status(watcher, "t9")
        assert "stopped answering" in str(status["reason"]) and status["phase"] == "clues"
        listed = subprocess.run([LASTMESSAGE, "venue", "--mqtt", broker.url("venue"), "--json"],
                                capture_output=True, text=True, timeout=30)
        row = json.loads(listed.stdout)[0]
        assert row["online"] is False and row["state"] == "fault", listed.stdout
        assert "stopped answering" in row["reason"], "staff are told the table froze, not that the network failed"
        heard = len(watcher.messages)
        os.kill(process.pid, signal.SIGCONT)
        wait_for(lambda: watcher.on("lastmessage/t9/online")[-1:] == [b"true"], 10, "online again")
        # The table's own status, fresh (written after it answered again), with its state ok.
        wait_for(lambda: any(name == "lastmessage/t9/status" and json.loads(payload).get("state") == "ok"
                             and json.loads(payload).get("written", 0) > time.time() - 3
                             for name, payload, _ in watcher.messages[heard:]), 10, "a fresh status")
        _, stderr = process.communicate(timeout=60)
    finally:
        os.kill(process.pid, signal.SIGCONT) if process.poll() is None else None
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)
    assert process.returncode == 0, stderr
    assert "the table did not answer for" in stderr, stderr


def test_venue_calls_an_old_status_stale(broker: Broker) -> None:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    client.username_pw_set("t5", PASSWORD)
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    try:
        client.publish("lastmessage/t5/online", "true", qos=1, retain=True).wait_for_publish(5)
        old = {"phase": "clues", "games_today": 2, "state": "ok", "reason": "", "written": time.time() - 120}
        client.publish("lastmessage/t5/status", json.dumps(old), qos=1, retain=True).wait_for_publish(5)
    finally:
        client.disconnect()
        client.loop_stop()
    listed = subprocess.run([LASTMESSAGE, "venue", "--mqtt", broker.url("venue"), "--json"],
                            capture_output=True, text=True, timeout=30)
    [row] = json.loads(listed.stdout)
    assert row["online"] is True and row["state"] == "stale", row
    assert "no status for 12" in row["reason"]
