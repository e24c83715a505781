"""Start `lastmessage run`/`sim` as the service would: a real process, real signals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def running_device(command: str, tmp_path: Path, *, env: Mapping[str, str] | None = None,
                   extra: tuple[str, ...] = ()) -> Iterator[subprocess.Popen[str]]:
    """The device with its journal and status file in tmp_path; killed if a test leaves it running."""
    device = subprocess.Popen(
        [sys.executable, "-m", "lastmessage", command, "--db", str(tmp_path / "games.sqlite"),
         "--status", str(tmp_path / "status.json"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})})
    try:
        yield device
    finally:
        if device.poll() is None:
            device.kill()
            device.wait()


def wait_until(condition: Callable[[], bool], seconds: float = 90) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"not within {seconds} s: {condition}")
        time.sleep(0.2)


def terminate(device: subprocess.Popen[str]) -> tuple[int, str]:
    """SIGTERM as systemd sends it; the exit status and what the device wrote to stderr."""
    device.send_signal(signal.SIGTERM)
    _, stderr = device.communicate(timeout=30)
    return device.returncode, stderr
