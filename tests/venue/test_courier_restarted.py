"""A courier killed mid-game (kill -9) is started again by the table, which tells the broker all again."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from tests.venue.broker import Broker, Watcher, play, wait_for


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as found:
        return [int(child) for child in found.read().split()]


def _courier(pid: int) -> int | None:
    for child in _children(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                if b"lastmessage.venue.courier" in cmdline.read():
                    return child
        except OSError:
            continue
    return None


def test_a_killed_courier_is_started_again_and_the_venue_hears_the_table(broker: Broker, watcher: Watcher,
                                                                         tmp_path: Path) -> None:
    process = play(tmp_path, broker.url("t4"), "t4", hold=20)
    try:
        wait_for(lambda: any(json.loads(p).get("phase") == "clues" for p in watcher.on("lastmessage/t4/status")),
                 20, "the game on")
        first = _courier(process.pid)
        assert first is not None
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: watcher.on("lastmessage/t4/online")[-1:] == [b"false"], 10, "the last will")
        heard = len(watcher.messages)
        wait_for(lambda: watcher.on("lastmessage/t4/online")[-1:] == [b"true"], 15, "online again")
        again = _courier(process.pid)
        assert again is not None and again != first
        # The new courier was told the retained messages again: discovery and the status.
        wait_for(lambda: {name for name, _, _ in watcher.messages[heard:]} >= {
            "lastmessage/t4/status", "homeassistant/binary_sensor/t4/online/config"}, 10, "told all again")
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)
    assert process.returncode == 0, stderr
    ended = [line for line in stderr.splitlines() if "venue link's process ended" in line]
    assert len(ended) == 1 and "exit code -9" in ended[0] and "starting it again in 1 s" in ended[0], stderr
    assert "the venue link's process was started again" in stderr
    # The goodbye went through the new courier: the closing status, then `online` false.
    wait_for(lambda: watcher.on("lastmessage/t4/online")[-1:] == [b"false"], 10, "the goodbye")
    assert [name for name, _, _ in watcher.messages if name.endswith(("/status", "/online"))][-2:] == [
        "lastmessage/t4/status", "lastmessage/t4/online"]
