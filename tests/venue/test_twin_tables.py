"""Two processes with the same table id: each knocks the other off the broker (MQTT 5's
"session taken over"). Both say so in one line, their status says it, and so does the
venue's listing; both play on."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.venue.broker import LASTMESSAGE, PASSWORD, Broker, Watcher, events_file, play, wait_for


def test_two_processes_with_one_table_id_say_so(broker: Broker, watcher: Watcher, tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()

    def twin_said() -> bool:
        statuses = [json.loads(p) for p in watcher.on("lastmessage/t1/status")]
        return any("two tables have the id t1" in str(s.get("reason")) and s.get("state") == "warning"
                   for s in statuses)

    processes = [play(first, broker.url("t1"), "t1", hold=15)]
    wait_for(lambda: watcher.on("lastmessage/t1/online")[-1:] == [b"true"], 20, "the first table online")
    processes.append(play(second, broker.url("t1"), "t1", hold=15))
    wait_for(twin_said, 30, "the twin in the status")
    listing = subprocess.run([LASTMESSAGE, "venue", "--mqtt", f"mqtt://venue:{PASSWORD}@127.0.0.1:{broker.port}"],
                             capture_output=True, text=True, timeout=30)
    assert listing.returncode == 0, listing.stderr
    row = [line for line in listing.stdout.splitlines() if line.startswith("t1 ")]
    assert len(row) == 1 and "warning: another process connected" in row[0] and "two tables have the id t1" in row[0]
    for process, folder in zip(processes, (first, second)):
        _, stderr = process.communicate(timeout=60)
        assert process.returncode == 0, stderr
        said = [line for line in stderr.splitlines() if "took its place" in line]
        assert 1 <= len(said) <= 2 and "give each its own [venue] table" in said[0], stderr
        types = [event["type"] for event in events_file(folder, "t1")]
        assert types[:2] == ["game_started", "secret_chosen"] and "timer_started" in types
