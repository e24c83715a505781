"""The device itself (`lastmessage sim`, as `run` but windowed) joined to a venue by its
config: its status file's fields on the broker, commands carried out as the operator
menu's (`restart` too: the simulator says it restarts nothing, and the reply says so)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.appliance.device_process import running_device, terminate
from tests.venue.broker import Broker, Watcher, wait_for


def test_the_device_reports_and_obeys_its_venue(broker: Broker, watcher: Watcher, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[museum]\nstatus_interval = 60\n\n[venue]\nmqtt = "{broker.url("t4")}"\ntable = "t4"\n')

    def status() -> dict[str, object]:
        found = watcher.json_on("lastmessage/t4/status")
        return found[-1] if found and isinstance(found[-1], dict) else {}

    # The status file is rewritten only every minute: what the venue hears must be measured
    # as it is published, not read from the file's last copy (a close would lag a minute).
    with running_device("sim", tmp_path, extra=("--config", str(config))) as device:
        wait_for(lambda: status().get("phase") == "idle" and "fps" in status(), 90, "the device's status")
        assert status()["state"] == "ok" and "disk_free_mb" in status() and status()["open"] is True
        watcher.send("t4", '{"command": "close", "id": "c"}')
        wait_for(lambda: status().get("phase") == "closed", 20, "closed by the venue")
        watcher.send("t4", '{"command": "restart", "id": "r"}')
        wait_for(lambda: len(watcher.on("lastmessage/t4/reply")) == 2, 20, "both replies")
        returncode, stderr = terminate(device)
        assert returncode == 0, stderr
    replies = [r for r in watcher.json_on("lastmessage/t4/reply") if isinstance(r, dict)]
    assert [(r["id"], r["ok"]) for r in replies] == [("c", True), ("r", False)]
    assert "simulator" in str(replies[1]["message"])
    assert "mqtt: close done" in stderr and "mqtt: restart refused" in stderr   # in the device's log
    wait_for(lambda: watcher.on("lastmessage/t4/online")[-1:] == [b"false"], 10, "online false")
    assert json.loads(watcher.on("lastmessage/t4/online")[0]) is True
