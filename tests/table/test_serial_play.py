"""A whole scripted game over the serial link, against the real firmware in module-sim."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastmessage.scripting.play import play_script
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir

SCRIPT = [
    {"action": "scene", "id": "harbour"},
    {"action": "pick", "character": "harbour-p050"},
    {"action": "flip"},
    {"action": "word", "cell": 4, "text": "fangs"},
    {"action": "wait", "seconds": 16},
    {"action": "erase", "cells": [0, 1, 2, 3, 5]},
    {"action": "accuse", "character": "harbour-p050"},
]
ONE_ROUND = Rules(timer_seconds=15, erase_schedule=(5,))


@pytest.fixture
def module(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    link = tmp_path / "ttyLM"
    process = subprocess.Popen(
        [sys.executable, "-m", "lastmessage", "module-sim", "--link", str(link)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    first = process.stdout.readline().strip()
    assert first.startswith("/dev/"), first
    deadline = time.monotonic() + 5
    while not link.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield process, link
    finally:
        process.terminate()
        process.wait(timeout=5)


def play_over_serial(tmp_path: Path, link: Path) -> list[dict]:
    script = tmp_path / "game.jsonl"
    script.write_text("\n".join(json.dumps(action) for action in SCRIPT))
    out = io.StringIO()
    play_script(script, "game.jsonl", load_scenes(shipped_scenes_dir()), ONE_ROUND, out,
                hal_kind="serial", serial_port=str(link))
    return [json.loads(line) for line in out.getvalue().splitlines()]


def check_game(events: list[dict]) -> None:
    kinds = [e["type"] for e in events]
    assert kinds == ["game_started", "secret_chosen", "timer_started", "word_added", "time_up",
                     "cells_erased", "accused", "game_over"]
    started, time_up = events[2], events[4]
    assert time_up["t"] == pytest.approx(started["t"] + 15)   # the Pi's clock decides time-up
    accused, erased = events[6], events[5]
    # ACCUSE was held on the module's own button long enough, and no longer than it takes.
    assert 0.8 <= accused["t"] - erased["t"] < 2.0
    assert events[-1]["winner"] == "detectives"


def test_a_whole_game_runs_over_the_link(module: tuple[subprocess.Popen[str], Path], tmp_path: Path) -> None:
    _process, link = module
    check_game(play_over_serial(tmp_path, link))


def test_pulling_the_link_mid_game_loses_nothing(module: tuple[subprocess.Popen[str], Path],
                                                  tmp_path: Path) -> None:
    process, link = module
    assert process.stdin is not None
    stdin = process.stdin

    def unplug_then_plug() -> None:
        time.sleep(3)
        stdin.write("unplug\n")
        stdin.flush()
        time.sleep(3)
        stdin.write("plug\n")
        stdin.flush()

    pulling = threading.Thread(target=unplug_then_plug)
    pulling.start()
    events = play_over_serial(tmp_path, link)
    pulling.join()
    check_game(events)
