"""The device serves phones only when `[phones] listen` says so, and an address it cannot take stops nothing."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.ports import free_port

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def sim(tmp_path: Path, config: str, frames: str) -> subprocess.Popen[str]:
    path = tmp_path / "config.toml"
    path.write_text(config, encoding="utf-8")
    return subprocess.Popen([sys.executable, "-m", "lastmessage", "sim", "--config", str(path), "--db",
                             str(tmp_path / "games.sqlite"), "--frames", frames],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def test_the_simulator_serves_the_phone_page_where_the_config_says(tmp_path: Path) -> None:
    """... and tells staff what it refused: in its status (`phones_refused`) and in one line of its log."""
    port = free_port()
    status = tmp_path / "status.json"
    device = sim(tmp_path, f'[museum]\nstatus_interval = 0.5\nstatus_file = "{status}"\n'
                           f'[phones]\nlisten = "127.0.0.1:{port}"\n', "100000")
    try:
        end = time.monotonic() + 60
        while True:
            assert device.poll() is None, device.communicate()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    assert page.status == 200 and "<canvas" in page.read().decode()
                    break
            except OSError:
                assert time.monotonic() < end, "the phone page was never served"
                time.sleep(0.1)
        for _ in range(3):   # wrong codes: refused, counted
            with contextlib.suppress(urllib.error.HTTPError):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/j/WRONG2", timeout=2).close()
        while True:
            assert device.poll() is None, device.communicate()
            shown = json.loads(status.read_text(encoding="utf-8")) if status.exists() else {}
            if (shown.get("phones_refused") or {}).get("refused_code") == 3:
                break
            assert time.monotonic() < end, f"the status never said the refusals: {shown}"
            time.sleep(0.1)
        assert shown["phones"] == 0 and shown["phones_refused"]["malformed"] == 0
        assert shown["last_error"] is None   # a phone's doing is not the device's error
        device.send_signal(signal.SIGTERM)
        _, err = device.communicate(timeout=30)
        assert device.returncode == 0, err
        said = [line for line in err.splitlines() if "phones: refusals" in line]   # at once, and at the stop
        assert 1 <= len(said) <= 2 and said[-1].endswith("; in all: refused_code=3"), err
    finally:
        device.kill()
        device.wait()


def test_an_address_in_use_is_one_line_and_the_table_plays_on(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        device = sim(tmp_path, f'[phones]\nlisten = "127.0.0.1:{port}"\n', "30")
        out, err = device.communicate(timeout=120)
    assert device.returncode == 0, err
    said = [line for line in err.splitlines() if "phones" in line]
    assert len(said) == 1 and f"cannot listen on 127.0.0.1:{port}" in said[0]
    assert said[0].endswith("the table plays on without phones")
